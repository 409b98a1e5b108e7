// The lesson open now: what the worker sent with `loaded` (the scenario's spec.lesson), the step
// shown, and the learner's progress (progress.ts). Its own small store, so the lesson's state does
// not grow the app's.

import { create } from 'zustand';
import type { LessonView } from '../../protocol/lesson';
import { readProgress, writeProgress, type LessonProgress, type ProgressBook } from './progress';

export interface LessonState {
  /** The scenario's metadata.name, which is also its file's name in public/scenarios/lessons/. */
  name: string | null;
  lesson: LessonView | null;
  /** Index into the lesson's steps in order (all sections). */
  index: number;
  book: ProgressBook;
  /** A step a link named (`&step=`), applied when its lesson arrives. */
  wantedStep: string | null;
  /** The panel is folded away (the lesson stays loaded). */
  hidden: boolean;
}

export interface LessonActions {
  onLoaded(name: string, lesson: LessonView | undefined): void;
  go(index: number): void;
  markDone(stepId: string): void;
  /** Finish: the last step is done and the lesson complete. */
  finish(stepId: string): void;
  answer(sectionId: string, choice: number): void;
  wantStep(id: string | null): void;
  setHidden(hidden: boolean): void;
  reset(): void;
}

export function stepIds(lesson: LessonView): string[] {
  return lesson.sections.flatMap((s) => s.steps.map((x) => x.id));
}

const empty = (): LessonProgress => ({ done: [], answers: {} });

export const useLessonStore = create<LessonState & LessonActions>()((set, get) => {
  const update = (f: (p: LessonProgress) => LessonProgress) => {
    const { name, book } = get();
    if (!name) return;
    const next = { ...book, [name]: f(book[name] ?? empty()) };
    writeProgress(next);
    set({ book: next });
  };
  return {
    name: null,
    lesson: null,
    index: 0,
    book: readProgress(),
    wantedStep: null,
    hidden: false,
    onLoaded(name, lesson) {
      if (!lesson) return set({ name: null, lesson: null, index: 0, wantedStep: null });
      const book = readProgress();
      const ids = stepIds(lesson);
      const wanted = get().wantedStep ?? book[name]?.current;
      const at = wanted ? ids.indexOf(wanted) : -1;
      set({ name, lesson, book, index: at >= 0 ? at : 0, wantedStep: null, hidden: false });
    },
    go(index) {
      const { lesson } = get();
      if (!lesson) return;
      const ids = stepIds(lesson);
      const i = Math.max(0, Math.min(ids.length - 1, index));
      set({ index: i });
      update((p) => ({ ...p, current: ids[i] }));
    },
    markDone(stepId) {
      update((p) => (p.done.includes(stepId) ? p : { ...p, done: [...p.done, stepId] }));
    },
    finish(stepId) {
      update((p) => ({ ...p, done: p.done.includes(stepId) ? p.done : [...p.done, stepId], finished: true }));
    },
    answer(sectionId, choice) {
      update((p) => ({ ...p, answers: { ...p.answers, [sectionId]: choice } }));
    },
    wantStep(id) {
      set({ wantedStep: id });
    },
    setHidden(hidden) {
      set({ hidden });
    },
    reset() {
      update(() => empty());
      set({ index: 0 });
    },
  };
});
