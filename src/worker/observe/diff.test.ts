import { describe, expect, it } from 'vitest';
import { diffViews, type SentViews } from './diff';

describe('diffViews', () => {
  it('adds new views, updates changed ones, removes missing ids and leaves the rest out', () => {
    const sent: SentViews = new Map();
    expect(diffViews(sent, [{ id: 'a', up: true }, { id: 'b', up: true }])).toEqual({ added: [{ id: 'a', up: true }, { id: 'b', up: true }], updated: [], removed: [] });
    expect(diffViews(sent, [{ id: 'a', up: false }, { id: 'c', up: true }])).toEqual({ added: [{ id: 'c', up: true }], updated: [{ id: 'a', up: false }], removed: ['b'] });
    expect(diffViews(sent, [{ id: 'a', up: false }, { id: 'c', up: true }])).toEqual({ added: [], updated: [], removed: [] });
  });
});
