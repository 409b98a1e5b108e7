// Whether the start screen shows: on a first visit (nothing kept in the browser yet) unless the page
// was opened by a link, and whenever the toolbar's "Start screen" asks; dismissing it is remembered.

import { create } from 'zustand';
import { readStored, writeStored } from '../app/preferences';

export const START_SEEN_KEY = 'kubeplay.start.seen';

/** A first visit opened without a link: the start screen greets it. */
export function firstVisit(stored: string | null, hash: string): boolean {
  return stored === null && !/(^#?|&)(run|scenario)=/.test(hash);
}

interface StartState {
  open: boolean;
  show(): void;
  dismiss(): void;
}

export const useStartStore = create<StartState>()((set) => ({
  open: typeof window !== 'undefined' && firstVisit(readStored(START_SEEN_KEY), window.location.hash),
  show: () => set({ open: true }),
  dismiss: () => {
    writeStored(START_SEEN_KEY, '1');
    set({ open: false });
  },
}));
