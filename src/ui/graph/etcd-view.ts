// What the graph says about etcd: each member's Raft role and term as the worker reports them (the
// etcd component's detail: `role`, `term`, `leader`), and the cluster's state as a whole: how many
// members, the quorum a write needs (floor(N/2)+1, etcd's and Raft's rule), how many are up, who
// leads. Pure, so the tests check it without a DOM.

import type { ComponentView, HostView } from '../../protocol/view';
import type { GraphStrings } from './strings';

export type EtcdRole = 'leader' | 'follower' | 'candidate' | 'pre-candidate' | 'dead' | 'unknown';

/** A member's role as drawn: a stopped member (or one on a powered-off host) has none. */
export function etcdRole(c: ComponentView, hostUp: boolean): EtcdRole {
  if (!c.alive || !hostUp) return 'dead';
  const r = c.detail.role;
  return r === 'leader' || r === 'follower' || r === 'candidate' || r === 'pre-candidate' ? r : 'unknown';
}

export interface EtcdSummary {
  members: number;
  /** Members a write needs: floor(N/2)+1. */
  quorum: number;
  /** Members running on a running host. */
  up: number;
  /** The running member that says it leads (the one with the highest term, should two say so). */
  leader?: string;
  /** The highest term any running member is in. */
  term?: number;
}

/** `etcd/etcd-2` -> `etcd-2`. */
export const memberName = (id: string): string => (id.startsWith('etcd/') ? id.slice(5) : id);

export function etcdSummary(components: Record<string, ComponentView>, hosts: Record<string, HostView>): EtcdSummary | undefined {
  const members = Object.values(components).filter((c) => c.kind === 'etcd');
  if (!members.length) return undefined;
  const out: EtcdSummary = { members: members.length, quorum: Math.floor(members.length / 2) + 1, up: 0 };
  let leaderTerm = -1;
  for (const c of members) {
    const role = etcdRole(c, hosts[c.host]?.up ?? true);
    if (role === 'dead') continue;
    out.up++;
    const term = typeof c.detail.term === 'number' ? c.detail.term : undefined;
    if (term !== undefined) out.term = Math.max(out.term ?? 0, term);
    if (role === 'leader' && (term ?? 0) > leaderTerm) {
      leaderTerm = term ?? 0;
      out.leader = memberName(c.id);
    }
  }
  return out;
}

/** The line under the etcd cluster's title: who leads, or why nobody can. */
export function etcdStatusLine(s: EtcdSummary, t: GraphStrings['etcdStatus']): string {
  const up = t.up(s.up, s.members);
  if (s.up < s.quorum) return t.quorumLost(up, s.quorum);
  if (!s.leader) return `${t.noLeader} · ${up}${s.term !== undefined ? ` · ${t.term(String(s.term))}` : ''}`;
  return `${t.leader(s.leader)} · ${t.term(String(s.term ?? '?'))} · ${up}`;
}

/** The status line's tooltip: with quorum lost, what it costs (the line itself is one short line, issue 11). */
export function etcdStatusHint(s: EtcdSummary, t: GraphStrings['etcdStatus']): string | undefined {
  return s.up < s.quorum ? t.quorumLostHint(t.up(s.up, s.members), s.quorum) : undefined;
}
