// The requests the sequence diagram can show, collected from every frame's trace records as they
// arrive (requests.ts), whether or not the Request tab is open: the command that started a request
// leaves the sim-store's 5,000-record window on a busy cluster, and the diagram must still show it.
// A seek back in time (a reset frame) replaces the run's past, so the collection starts again from
// the records the reset frame holds; so does a new run (record ids start again). The book lives in
// the one store (store/sequence-store.ts); this module keeps the working copy `feed` moves on.

import { emptyBook, feed, type RequestBook } from './requests';
import { useAppStore } from '../store/app-store';

let seenTrace: unknown = undefined;
let seenEpoch = -1;
/** The book as `feed` last returned it: its high-water mark moves even when nothing is published. */
let working: RequestBook = emptyBook();

function onSim(trace: Parameters<typeof feed>[1], epoch: number): void {
  if (trace === seenTrace && epoch === seenEpoch) return;
  // Ids going backwards mean a new run (another scenario, a restarted worker): start again too.
  const newest = trace[trace.length - 1];
  const reset = epoch !== seenEpoch || (newest !== undefined && newest.id < working.lastId);
  seenTrace = trace;
  seenEpoch = epoch;
  const before = reset ? emptyBook() : working;
  const book = feed(before, trace);
  working = book;
  if (book !== before || reset) useAppStore.getState().setRequestBook(book);
}

/** Starts collecting (once); the Dock mounts the Request tab's module, so this runs from page load. */
export function startCollecting(): void {
  if (seenEpoch !== -1) return;
  const s = useAppStore.getState();
  onSim(s.trace, s.resetEpoch);
  useAppStore.subscribe((st) => onSim(st.trace, st.resetEpoch));
}
