// A learner's progress through the lessons, kept in the browser (localStorage) so a lesson can be
// left and taken up again: per lesson, the step shown last, the do-this steps the cluster confirmed
// and the answer picked for each section's question. Storage may be blocked: then progress lasts
// until the page closes, and nothing breaks.

import { readStored, writeStored } from '../app/preferences';

export const PROGRESS_KEY = 'kubeplay.lessons.v1';

export interface LessonProgress {
  /** The id of the step shown last. */
  current?: string;
  /** Steps whose do-this check passed (and narration-only steps that were read). */
  done: string[];
  /** Section id -> the index of the choice picked. */
  answers: Record<string, number>;
  /**
   * Finish was pressed. Not the same as the last step being done: a last step with a "do this"
   * (lessons 2 and 4) is done as soon as its check passes, before the learner answers the section's
   * question and presses Finish.
   */
  finished?: boolean;
}

export type ProgressBook = Record<string, LessonProgress>;

/** Reads what the browser kept; anything malformed counts as nothing kept. */
export function readProgress(): ProgressBook {
  const text = readStored(PROGRESS_KEY);
  if (!text) return {};
  try {
    const raw = JSON.parse(text) as unknown;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
    const out: ProgressBook = {};
    for (const [name, p] of Object.entries(raw as Record<string, unknown>)) {
      if (!p || typeof p !== 'object') continue;
      const q = p as Record<string, unknown>;
      const done = Array.isArray(q.done) ? q.done.filter((x): x is string => typeof x === 'string') : [];
      const answers: Record<string, number> = {};
      if (q.answers && typeof q.answers === 'object')
        for (const [k, v] of Object.entries(q.answers as Record<string, unknown>)) if (typeof v === 'number') answers[k] = v;
      out[name] = { done, answers, ...(typeof q.current === 'string' ? { current: q.current } : {}), ...(q.finished === true ? { finished: true } : {}) };
    }
    return out;
  } catch {
    return {};
  }
}

export function writeProgress(book: ProgressBook): void {
  writeStored(PROGRESS_KEY, JSON.stringify(book));
}

/** How far a lesson is: steps done out of all, for the start screen's list. */
export function completed(p: LessonProgress | undefined, stepIds: readonly string[]): number {
  if (!p) return 0;
  return stepIds.filter((id) => p.done.includes(id)).length;
}
