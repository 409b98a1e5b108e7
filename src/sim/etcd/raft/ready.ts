// Draining a member's outputs, after etcd-io/raft rawnode.go (HasReady, Ready, Advance) in its
// synchronous form: one call hands out everything and advances, as if the member persisted the
// entries and hard state, sent the messages and applied the committed entries right away.

import { hardState, softState, type Raft } from './core';
import { lastIndex, slice } from './log';
import type { HardState, RaftStorage, Ready, SoftState } from './types';

function sameSoft(a: SoftState, b: SoftState): boolean {
  return a.lead === b.lead && a.raftState === b.raftState;
}

function sameHard(a: HardState, b: HardState): boolean {
  return a.term === b.term && a.vote === b.vote && a.commit === b.commit;
}

export function hasReady(r: Raft): boolean {
  return (
    r.msgs.length > 0 ||
    r.readStates.length > 0 ||
    r.log.unstableFrom <= lastIndex(r.log) ||
    r.log.committed > r.log.applied ||
    !sameSoft(softState(r), r.prevSoft) ||
    !sameHard(hardState(r), r.prevHard)
  );
}

export function ready<D>(r: Raft<D>): Ready<D> {
  const soft = softState(r);
  const hard = hardState(r);
  const rd: Ready<D> = {
    entries: slice(r.log, r.log.unstableFrom, lastIndex(r.log) + 1),
    committedEntries: slice(r.log, r.log.applied + 1, r.log.committed + 1),
    messages: r.msgs,
    readStates: r.readStates,
  };
  if (!sameSoft(soft, r.prevSoft)) rd.softState = soft;
  if (!sameHard(hard, r.prevHard)) rd.hardState = hard;
  r.prevSoft = soft;
  r.prevHard = hard;
  r.log.unstableFrom = lastIndex(r.log) + 1;
  r.log.applied = r.log.committed;
  r.msgs = [];
  r.readStates = [];
  return rd;
}

/**
 * Persists a ready into the member's storage: appends rd.entries, first dropping any stored
 * suffix from rd.entries[0].index on (a new leader overwrote it), and records the hard state.
 */
export function applyToStorage<D>(storage: RaftStorage<D>, rd: Ready<D>): void {
  const first = rd.entries[0];
  if (first) {
    if (first.index > storage.entries.length + 1) {
      throw new Error(`raft: storage gap: last stored ${storage.entries.length}, appending ${first.index}`);
    }
    storage.entries.length = first.index - 1;
    for (const e of rd.entries) storage.entries.push(e);
  }
  if (rd.hardState) storage.hardState = { ...rd.hardState };
}
