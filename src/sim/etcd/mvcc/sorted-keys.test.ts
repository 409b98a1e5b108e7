import { describe, expect, it } from 'vitest';
import { createPrng, nextFloat } from '../../kernel/prng';
import { allKeys, BLOCK_MAX, countInRange, forEachInRange, insertKey, newSortedKeySet, removeKey } from './sorted-keys';

function collect(set: ReturnType<typeof newSortedKeySet>, start: string, end: string | undefined, limit = Infinity): string[] {
  const out: string[] = [];
  forEachInRange(set, start, end, (k) => {
    out.push(k);
    return out.length < limit;
  });
  return out;
}

describe('sorted key set', () => {
  it('keeps keys in byte order whatever order they were inserted in, across many blocks', () => {
    const seed = 42;
    const prng = createPrng(seed);
    const set = newSortedKeySet();
    const keys: string[] = [];
    for (let i = 0; i < BLOCK_MAX * 6; i++) {
      const k = `/registry/pods/ns-${Math.floor(nextFloat(prng) * 50)}/pod-${Math.floor(nextFloat(prng) * 1e6)}`;
      if (insertKey(set, k)) keys.push(k);
    }
    keys.sort();
    expect(allKeys(set), `seed ${seed}`).toEqual(keys);
    expect(set.size).toBe(keys.length);
    expect(set.blocks.length).toBeGreaterThan(1);
    for (const b of set.blocks) expect(b.length).toBeLessThanOrEqual(BLOCK_MAX);
  });

  it('answers ranges and counts the same as a filter over all keys', () => {
    const set = newSortedKeySet();
    const keys: string[] = [];
    for (let i = 0; i < 3000; i++) {
      const k = `/k/${String((i * 7919) % 3000).padStart(5, '0')}`;
      insertKey(set, k);
      keys.push(k);
    }
    keys.sort();
    const cases: [string, string | undefined][] = [
      ['/k/00100', '/k/02000'],
      ['/k/', '/k0'],
      ['/k/02999', '\0'],
      ['/a', '/b'],
      ['/k/00042', undefined],
      ['/k/00042x', undefined],
    ];
    for (const [start, end] of cases) {
      const want = keys.filter((k) => (end === undefined ? k === start : k >= start && (end === '\0' || k < end)));
      expect(collect(set, start, end)).toEqual(want);
      expect(countInRange(set, start, end)).toBe(want.length);
    }
    expect(collect(set, '/k/', '/k0', 5)).toEqual(keys.slice(0, 5));
  });

  it('removes keys and drops empty blocks', () => {
    const set = newSortedKeySet();
    for (let i = 0; i < 1200; i++) insertKey(set, `k${String(i).padStart(4, '0')}`);
    for (let i = 0; i < 1200; i += 2) expect(removeKey(set, `k${String(i).padStart(4, '0')}`)).toBe(true);
    expect(removeKey(set, 'k0000')).toBe(false);
    expect(set.size).toBe(600);
    expect(allKeys(set)[0]).toBe('k0001');
    for (let i = 1; i < 1200; i += 2) removeKey(set, `k${String(i).padStart(4, '0')}`);
    expect(set.blocks).toEqual([]);
    expect(set.size).toBe(0);
  });
});
