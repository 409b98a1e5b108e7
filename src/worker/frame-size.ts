// The dev overlay shows a recent frame's size. Measuring it is a JSON.stringify of the whole frame:
// on the page's thread, even once a second, it was one of the page's long tasks at 50 workers
// (e2e/graph-scale.spec.ts, issue 11), so the worker measures before it posts and the frame carries
// the figure. `kubeplay serve` sends frames as text and the page reads their length for free.

import type { FrameBatch } from '../protocol/view';

/** How often a frame's size is measured, at most (real milliseconds). */
export const SIZE_EVERY_MS = 1000;

/** Sets `bytes` on a frame at most once every SIZE_EVERY_MS (the first frame always). */
export class FrameSizer {
  private sizedAt = -Infinity;

  constructor(private readonly now: () => number) {}

  measure(frame: FrameBatch): void {
    const now = this.now();
    if (now - this.sizedAt < SIZE_EVERY_MS) return;
    this.sizedAt = now;
    frame.bytes = JSON.stringify(frame).length;
  }
}
