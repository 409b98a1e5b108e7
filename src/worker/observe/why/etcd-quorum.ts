// Seed chapter 2: etcd replicates with Raft and a write needs a quorum Q = floor(N/2) + 1: 3 members
// -> Q=2 and one failure survived; 4 -> Q=3, still only one. Raft paper section 5.2/5.3 and
// etcd-io/raft quorum/majority.go. Below a quorum no leader can be elected and no write commits.

import type { WhyCallout } from '../../../protocol/why';
import type { EtcdMemberState } from '../../../sim/etcd/member';
import { roleOf } from '../../../sim/etcd/member-raft';
import { processesOfKind, running, type WhyInput } from './facts';

/** floor(N/2)+1: the members a Raft decision needs. */
export const quorumOf = (members: number): number => Math.floor(members / 2) + 1;

export function etcdQuorumCallouts(input: WhyInput): WhyCallout[] {
  const members = processesOfKind(input.sim, 'etcd');
  if (members.length === 0) return [];
  let leader: string | undefined;
  const nameOf = (id: string) => (id.startsWith('etcd/') ? id.slice(5) : id);
  const aliveNames: string[] = [];
  for (const p of members) {
    if (!running(input.sim, p)) continue;
    aliveNames.push(nameOf(p.id));
    const s = p.state as EtcdMemberState | undefined;
    // A lone member is its own quorum and leads from the start (worker/observe/components.ts).
    const role = s?.raft ? roleOf(s.raft) : 'leader';
    if (role === 'leader') leader = nameOf(p.id);
  }
  const quorum = quorumOf(members.length);
  const alive = aliveNames.length;
  const names = members.map((p) => nameOf(p.id));
  const facts = { kind: 'etcd-quorum' as const, members: members.length, quorum, alive, names, aliveNames, ...(leader ? { leader } : {}) };
  return [{ id: 'etcd-quorum:etcd', target: { kind: 'etcd', id: 'etcd' }, severity: alive < quorum || !leader ? 'warning' : 'info', facts }];
}
