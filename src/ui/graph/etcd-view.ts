// What the graph says about etcd: each member's Raft role and term as the worker reports them (the
// etcd component's detail: `role`, `term`, `leader`), and the cluster's state as a whole: how many
// members, the quorum a write needs (floor(N/2)+1, etcd's and Raft's rule), how many are up, who
// leads. Pure, so the tests check it without a DOM.

import type { ComponentView, HostView } from '../../protocol/view';

export type EtcdRole = 'leader' | 'follower' | 'candidate' | 'pre-candidate' | 'dead' | 'unknown';

/** A member's role as drawn: a stopped member (or one on a powered-off host) has none. */
export function etcdRole(c: ComponentView, hostUp: boolean): EtcdRole {
  if (!c.alive || !hostUp) return 'dead';
  const r = c.detail.role;
  return r === 'leader' || r === 'follower' || r === 'candidate' || r === 'pre-candidate' ? r : 'unknown';
}

/** The words under a member's name: its role, and the glyph that says it without colour. */
export function etcdRoleText(role: EtcdRole): string {
  switch (role) {
    case 'leader':
      return '★ leader';
    case 'candidate':
      return '? candidate';
    case 'pre-candidate':
      return 'pre-candidate';
    case 'follower':
      return 'follower';
    case 'dead':
      return '✕ down';
    default:
      return '';
  }
}

/** What each role means, for the member's tooltip. */
export function etcdRoleHint(role: EtcdRole): string {
  switch (role) {
    case 'leader':
      return 'the Raft leader: every write goes through it, it appends the write to its log and sends it to the followers (MsgApp); the write commits once a quorum has it';
    case 'follower':
      return 'a follower: it stores the entries the leader sends and answers its heartbeats; without a heartbeat for an election timeout (1 s) it starts an election';
    case 'candidate':
      return 'a candidate: it heard no leader for an election timeout, raised its term and asks the others for their votes (MsgVote); a majority makes it leader';
    case 'pre-candidate':
      return 'a pre-candidate: before raising its term it asks whether the others would vote for it (MsgPreVote), so a member cut off from the rest cannot disrupt the cluster';
    case 'dead':
      return 'not running: it takes no part in Raft until it starts again and catches up from the leader';
    default:
      return '';
  }
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
export function etcdStatusLine(s: EtcdSummary): string {
  const up = `${s.up}/${s.members} up`;
  if (s.up < s.quorum) return `⚠ quorum lost: ${up}, a write needs ${s.quorum} - writes time out`;
  if (!s.leader) return `no leader yet (election) · ${up}${s.term !== undefined ? ` · term ${s.term}` : ''}`;
  return `leader ${s.leader} · term ${s.term ?? '?'} · ${up}`;
}
