// The scrubber's arithmetic, apart from React: where on the track a time is, which time a key
// press asks for, and the run's marks grouped so that marks closer than a pixel or two become one.

import type { TimelineMark } from '../../protocol/view';

/** Arrow keys step 1 s, Page Up / Page Down 10 s (WAI-ARIA slider pattern). */
export const STEP_MS = 1000;
export const PAGE_MS = 10_000;

export function clamp(time: number, end: number): number {
  return Math.min(Math.max(0, time), Math.max(0, end));
}

/** 0..100: where `time` sits on a track from 0 to `end`. */
export function percentOf(time: number, end: number): number {
  return end > 0 ? (clamp(time, end) / end) * 100 : 0;
}

/** The time under a pointer at `x` px on a track `width` px wide, in whole ms. */
export function timeAtX(x: number, width: number, end: number): number {
  if (width <= 0) return 0;
  return Math.round(clamp((x / width) * end, end));
}

/** The time a key asks for from `value`, or undefined when the key is not the slider's. */
export function timeForKey(key: string, value: number, end: number): number | undefined {
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return clamp(value - STEP_MS, end);
    case 'ArrowRight':
    case 'ArrowUp':
      return clamp(value + STEP_MS, end);
    case 'PageDown':
      return clamp(value - PAGE_MS, end);
    case 'PageUp':
      return clamp(value + PAGE_MS, end);
    case 'Home':
      return 0;
    case 'End':
      return Math.max(0, end);
    default:
      return undefined;
  }
}

export interface MarkGroup {
  /** Simulated ms of the first mark in the group (where it is drawn). */
  at: number;
  labels: string[];
  /** At least one of them was done in the app (drawn as the person's, not the scenario's). */
  recorded: boolean;
}

/**
 * Marks in `buckets` equal slices of the track become one group each, so a run with hundreds of
 * steps draws a readable number of marks; each group's tooltip lists what it holds.
 */
export function groupMarks(marks: readonly TimelineMark[], end: number, buckets = 240): MarkGroup[] {
  const groups = new Map<number, MarkGroup>();
  for (const m of marks) {
    if (m.at < 0 || m.at > end) continue;
    const b = end > 0 ? Math.min(buckets - 1, Math.floor((m.at / end) * buckets)) : 0;
    const g = groups.get(b);
    if (g) {
      g.labels.push(m.label);
      g.recorded ||= m.recorded;
    } else groups.set(b, { at: m.at, labels: [m.label], recorded: m.recorded });
  }
  return [...groups.values()].sort((a, b) => a.at - b.at);
}
