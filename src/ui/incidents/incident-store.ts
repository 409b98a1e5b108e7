// What the learner has done in each incident drill, by scenario name: hints opened, the cause
// picked and the one submitted, and the fix check. Kept outside the panel so that going to the
// terminal (the dock shows one tab at a time) and back does not lose it.

import { create } from 'zustand';

export type FixState = { kind: 'idle' } | { kind: 'checking'; ids: number[] } | { kind: 'passed' } | { kind: 'failed'; failing: string[] };

export interface IncidentProgress {
  hintsShown: number;
  picked?: string;
  answered?: string;
  fix: FixState;
}

export const NO_PROGRESS: IncidentProgress = { hintsShown: 0, fix: { kind: 'idle' } };

interface IncidentStore {
  byName: Record<string, IncidentProgress>;
  update(name: string, change: Partial<IncidentProgress>): void;
}

export const useIncidentStore = create<IncidentStore>((set) => ({
  byName: {},
  update: (name, change) => set((s) => ({ byName: { ...s.byName, [name]: { ...(s.byName[name] ?? NO_PROGRESS), ...change } } })),
}));

export function useIncidentProgress(name: string): IncidentProgress {
  return useIncidentStore((s) => s.byName[name] ?? NO_PROGRESS);
}
