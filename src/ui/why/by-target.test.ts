import { describe, expect, it } from 'vitest';
import type { WhyCallout } from '../../protocol/why';
import { calloutsFor } from './by-target';

const callout = (id: string, kind: 'object' | 'host', target: string): WhyCallout => ({ id, severity: 'warning', target: { kind, id: target } }) as unknown as WhyCallout;

describe('calloutsFor', () => {
  const a = callout('pending', 'object', 'pods/default/web');
  const b = callout('stale', 'object', 'pods/default/web');
  const c = callout('not-ready', 'host', 'worker-1');
  const why = [a, c, b];

  it('finds the callouts of one target in the order the worker sent them', () => {
    expect(calloutsFor(why, 'object', 'pods/default/web')).toEqual([a, b]);
    expect(calloutsFor(why, 'host', 'worker-1')).toEqual([c]);
  });

  it('keeps the same arrays while the list is the same, so a card does not re-render on every frame', () => {
    const first = calloutsFor(why, 'object', 'pods/default/web');
    expect(calloutsFor(why, 'host', 'worker-1')).toBe(calloutsFor(why, 'host', 'worker-1'));
    expect(calloutsFor(why, 'object', 'pods/default/web')).toBe(first);
    // A target with no callouts gets one shared empty array, whatever the list.
    expect(calloutsFor(why, 'host', 'worker-2')).toBe(calloutsFor([c], 'object', 'pods/default/other'));
    expect(calloutsFor(why, 'host', 'worker-2')).toEqual([]);
  });

  it('reads a new list when the store holds one', () => {
    expect(calloutsFor([c], 'object', 'pods/default/web')).toEqual([]);
    expect(calloutsFor([b], 'object', 'pods/default/web')).toEqual([b]);
  });
});
