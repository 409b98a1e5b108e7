import { describe, expect, it } from 'vitest';
import { plainBytes } from './plain-bytes';

// The estimate time travel bounds its snapshots by (scenario/time-machine.ts). bench/seek.bench.ts
// checks it against node:v8 serialize() on whole snapshots (within 1% in December 2026).

describe('plainBytes', () => {
  it.each([
    ['a string: a header and its characters', 'kubelet', 2 + 7],
    ['a number: a header and eight bytes', 42, 9],
    ['null and booleans: one byte', [null, true], 2 + 1 + 1],
    ['an object: its keys and values', { a: 1, bb: 'x' }, 2 + (2 + 1 + 9) + (2 + 2 + 2 + 1)],
    ['a Map and a Set: their entries', [new Map([['k', 1]]), new Set([2])], 2 + (2 + 3 + 9) + (2 + 9)],
  ])('counts %s', (_, value, bytes) => {
    expect(plainBytes(value)).toBe(bytes);
  });

  it('counts an object reached twice once, as a back-reference (structuredClone keeps sharing)', () => {
    const pod = { name: 'web-1234567890' };
    expect(plainBytes([pod, pod])).toBe(2 + plainBytes(pod) + 2);
  });

  it('walks state nested 100,000 levels deep without overflowing the stack (a client body)', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = { d: deep };
    expect(plainBytes(deep)).toBe(100_000 * (2 + 2 + 1) + 2 + 4);
  });
});
