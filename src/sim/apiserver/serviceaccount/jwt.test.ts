// HMAC-SHA256 as RFC 4231 section 4 tests it: a key shorter than the block and one longer (hashed first).
import { describe, expect, it } from 'vitest';
import { hmacSha256 } from './jwt';

const bytes = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));
const hex = (b: number[]): string => b.map((x) => x.toString(16).padStart(2, '0')).join('');

describe('hmacSha256', () => {
  it('matches RFC 4231 test case 1 (20-byte key)', () => {
    expect(hex(hmacSha256(new Array<number>(20).fill(0x0b), bytes('Hi There')))).toBe('b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7');
  });

  it('matches RFC 4231 test case 6 (131-byte key, hashed first)', () => {
    const mac = hmacSha256(new Array<number>(131).fill(0xaa), bytes('Test Using Larger Than Block-Size Key - Hash Key First'));
    expect(hex(mac)).toBe('60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54');
  });
});
