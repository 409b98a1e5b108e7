// GNU diff's unified format (diffutils manual, "Detailed Description of Unified Format"): hunk
// headers with ranges, a one-line range without its count, an empty range naming the line before.
import { describe, expect, it } from 'vitest';
import { unifiedHunks } from './unified-diff';

const lines = (n: number, change?: [number, string]): string =>
  Array.from({ length: n }, (_, i) => (change && change[0] === i + 1 ? change[1] : `l${i + 1}`)).join('\n') + '\n';

describe('unifiedHunks (diff -u)', () => {
  it('prints nothing for equal texts', () => {
    expect(unifiedHunks('a\nb\n', 'a\nb\n')).toBe('');
  });

  it('shows a changed line with three lines of context each side', () => {
    expect(unifiedHunks(lines(10), lines(10, [5, 'X']))).toBe('@@ -2,7 +2,7 @@\n l2\n l3\n l4\n-l5\n+X\n l6\n l7\n l8\n');
  });

  it('writes a new file as one hunk from -0,0', () => {
    expect(unifiedHunks('', 'a\nb\n')).toBe('@@ -0,0 +1,2 @@\n+a\n+b\n');
  });

  it('writes a one-line range without its count', () => {
    expect(unifiedHunks('a\n', 'b\n')).toBe('@@ -1 +1 @@\n-a\n+b\n');
  });

  it('splits changes more than six lines apart into two hunks, and joins closer ones', () => {
    expect(unifiedHunks(lines(20), lines(20, [2, 'X']).replace('l18', 'Y')).match(/^@@/gm)).toHaveLength(2);
    expect(unifiedHunks(lines(20), lines(20, [2, 'X']).replace('l8\n', 'Y\n')).match(/^@@/gm)).toHaveLength(1);
  });
});
