// The requests the sequence diagram can follow (the Request tab's book, sequence/requests.ts), as a
// slice of the one store. The collector (sequence/collect.ts) feeds it from every frame's trace.
//
// The book's logs grow in place (copying thousands of records every frame would cost more than
// drawing them; each log counts its `version`), and immer freezes the whole state deeply after
// every change made through a draft. So the book goes in sealed (its root frozen, as sim-store's
// `sealed` does): immer stops at a frozen value, and the logs under it stay writable for the
// collector, which keeps its own working copy of the root.

import type { StateCreator } from 'zustand';
import type { AppState } from './app-store';
import { emptyBook, type RequestBook } from '../sequence/requests';
import { sealed } from './sim-store';

export interface SequenceState {
  /** The commands a person can follow and the records each one's cause chain reached. */
  requestBook: RequestBook;
  /** A new book from the collector (replaces the old one whole). */
  setRequestBook(book: RequestBook): void;
}

export const sequenceSlice: StateCreator<AppState, [['zustand/immer', never]], [], SequenceState> = (set) => ({
  requestBook: sealed(emptyBook()),
  setRequestBook: (book) => set({ requestBook: sealed({ ...book }) }),
});
