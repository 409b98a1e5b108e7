// The page's one store (DESIGN.md: store/ as zustand slices): what the worker reports (sim-store),
// the screen's own state (ui-store), sharing and opening runs (run-store), the worker's health
// (worker-store) and the requests the sequence diagram follows (sequence-store), each a slice of
// one zustand store with immer. The hooks keep their slice's name so a component says which part it
// reads; all five are the same store.

import { create } from 'zustand';
import { immer } from 'zustand/middleware/immer';
import { runSlice, type RunState } from './run-store';
import { sequenceSlice, type SequenceState } from './sequence-store';
import { simSlice, type SimState } from './sim-store';
import { uiSlice, type UiState } from './ui-store';
import { workerSlice, type WorkerState } from './worker-store';

export type AppState = SimState & UiState & RunState & WorkerState & SequenceState;

export const useAppStore = create<AppState>()(
  immer((...a) => ({
    ...simSlice(...a),
    ...uiSlice(...a),
    ...runSlice(...a),
    ...workerSlice(...a),
    ...sequenceSlice(...a),
  })),
);

/** What the worker reports. */
export const useSimStore = useAppStore;
/** The screen's own state: selection, dock, theme, language. */
export const useUiStore = useAppStore;
/** Share, export and the run being opened. */
export const useRunStore = useAppStore;
/** The worker's health. */
export const useWorkerStore = useAppStore;
/** The requests the Request tab can follow (sequence/collect.ts feeds it). */
export const useSequenceStore = useAppStore;
