import { describe, expect, it } from 'vitest';
import type { FrameBatch } from '../protocol/view';
import { FrameSizer, SIZE_EVERY_MS } from './frame-size';

const frame = (): FrameBatch => ({ type: 'frame', clock: { time: 0, playing: true, speed: 1 } }) as unknown as FrameBatch;

describe('FrameSizer', () => {
  // Issue 11: measuring frames on the page's thread was one of its long tasks at 50 workers.
  it('measures a frame for the dev overlay at most once every SIZE_EVERY_MS, and the first frame always', () => {
    let clock = 0;
    const sizer = new FrameSizer(() => clock);
    const sizes: (number | undefined)[] = [];
    for (const t of [0, 16, 500, SIZE_EVERY_MS - 1, SIZE_EVERY_MS, SIZE_EVERY_MS + 16, 2 * SIZE_EVERY_MS + 5]) {
      clock = t;
      const f = frame();
      sizer.measure(f);
      sizes.push(f.bytes);
    }
    const size = JSON.stringify(frame()).length;
    expect(sizes).toEqual([size, undefined, undefined, undefined, size, undefined, size]);
  });
});
