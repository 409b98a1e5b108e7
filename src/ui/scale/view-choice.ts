// Which picture of the cluster the centre shows: the graph (React Flow, every component and pod) or
// the scale view (a tile a node). `auto` switches to the scale view past SCALE_AFTER workers, where
// the graph's boxes would be too small to read and too many to animate (issue 14); the person can
// pick either at any size.

import { create } from 'zustand';

export type GraphViewChoice = 'auto' | 'graph' | 'scale';

/** Past this many worker nodes `auto` shows the scale view (issue 14: "past ~50 workers"). */
export const SCALE_AFTER = 50;
/** From this many workers the switch is offered (below it the graph stays readable, and the screens the e2e specs measure with 1-10 workers stay as they were). */
export const SWITCH_FROM = 20;

interface ViewChoiceState {
  choice: GraphViewChoice;
  /** The node the scale view drilled into, shown in its side panel. */
  drilled: string | null;
  choose(c: GraphViewChoice): void;
  drill(node: string | null): void;
}

export const useViewChoice = create<ViewChoiceState>()((set) => ({
  choice: 'auto',
  drilled: null,
  choose: (choice) => set({ choice }),
  drill: (drilled) => set({ drilled }),
}));

/** Whether the scale view is shown for a cluster of `workers` worker nodes. */
export function scaleViewShown(choice: GraphViewChoice, workers: number): boolean {
  return choice === 'scale' || (choice === 'auto' && workers > SCALE_AFTER);
}
