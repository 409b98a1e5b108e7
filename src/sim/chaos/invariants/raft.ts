// Raft's safety properties, watched over a whole cluster run (the Raft paper, section 5.2 Election
// Safety, 5.3 Log Matching, 5.4 Leader Completeness and State Machine Safety): at most one leader
// per term; an entry, once committed at an index, is the entry every member commits there and is
// never lost; what a member has applied is a prefix of the committed log; a client's proposal is
// in the log once. Looked at after every event, from the members' state and data dirs.

import type { EntryData, EtcdMemberState } from '../../etcd/member-core';
import type { Entry } from '../../etcd/raft/types';
import type { Simulation } from '../../kernel/simulation';
import { dataDirOf, processesOfKind } from '../observe';
import type { Violation } from './settled';

function entryKey(e: Entry<EntryData>): string {
  const d = e.data;
  return d ? `${e.term}:${d.origin}#${d.rid}` : `${e.term}:empty`;
}

export interface RaftMonitor {
  leaders: Map<number, string>;
  /** index -> the entry committed there, as first seen committed by any member. */
  committed: Map<number, string>;
  /** Per member: the highest commit index checked, and the highest seen (commit never goes back). */
  checkedCommit: Map<string, number>;
  violations: Violation[];
}

export function createRaftMonitor(): RaftMonitor {
  return { leaders: new Map(), committed: new Map(), checkedCommit: new Map(), violations: [] };
}

function add(m: RaftMonitor, invariant: string, detail: string): void {
  if (m.violations.length < 20) m.violations.push({ invariant, detail });
}

/** Look at every member now. Cheap: only what changed since the last look is compared. */
export function observeRaft(m: RaftMonitor, sim: Simulation): void {
  for (const p of processesOfKind(sim, 'etcd')) {
    const st = p.alive ? (p.state as EtcdMemberState | undefined) : undefined;
    const node = st?.raft?.node;
    if (node && node.state === 'StateLeader') {
      const other = m.leaders.get(node.term);
      if (other === undefined) m.leaders.set(node.term, node.id);
      else if (other !== node.id) add(m, 'one leader per term', `${other} and ${node.id} both led term ${node.term}`);
    }
    const dd = dataDirOf(p);
    const raft = dd?.raft;
    if (!raft) continue;
    const commit = raft.hardState.commit;
    const checked = m.checkedCommit.get(p.id) ?? 0;
    if (commit < checked) add(m, 'commit index never goes back', `${p.id} commit ${commit} after ${checked}`);
    for (let i = checked + 1; i <= commit; i++) {
      const e = raft.entries[i - 1];
      if (!e || e.index !== i) {
        add(m, 'committed entries kept', `${p.id} has no entry ${i} though it committed up to ${commit}`);
        break;
      }
      const k = entryKey(e);
      const seen = m.committed.get(i);
      if (seen === undefined) m.committed.set(i, k);
      else if (seen !== k) add(m, 'committed entries never change', `index ${i}: ${p.id} committed ${k}, another member ${seen}`);
    }
    if (commit > checked) m.checkedCommit.set(p.id, commit);
  }
}

/** At the end: every member's committed prefix still matches, applied <= committed, no proposal twice. */
export function finishRaft(m: RaftMonitor, sim: Simulation): Violation[] {
  observeRaft(m, sim);
  for (const p of processesOfKind(sim, 'etcd')) {
    const dd = dataDirOf(p);
    const raft = dd?.raft;
    if (!raft) continue;
    const applied = dd.applied ?? 0;
    if (applied > raft.hardState.commit) add(m, 'applied is a prefix of committed', `${p.id} applied ${applied} > commit ${raft.hardState.commit}`);
    for (let i = 1; i <= raft.hardState.commit; i++) {
      const e = raft.entries[i - 1];
      if (e && m.committed.get(i) !== entryKey(e)) {
        add(m, 'committed entries kept', `${p.id} index ${i} is ${entryKey(e)}, committed was ${m.committed.get(i)}`);
        break;
      }
    }
  }
  const proposals = new Map<string, number>();
  for (const [i, k] of m.committed) {
    if (k.endsWith(':empty')) continue;
    const id = k.slice(k.indexOf(':') + 1);
    const before = proposals.get(id);
    if (before !== undefined) add(m, 'every write present once', `proposal ${id} committed at ${before} and ${i}`);
    proposals.set(id, i);
  }
  return m.violations;
}
