// The request a person is following: the latest command line they (or a scenario step) ran. Its
// root is the `cli.exec` record the kernel made when the line entered kubectl; every record whose
// cause chain reaches the root descends from it. The toolbar shows the furthest of the seed's four
// phases its descendants have reached, and "step to the next phase" stops when that changes.
// Furthest, not newest: the answer to kubectl (phase 1) is still on the wire while the watch
// (phase 2) fans out, and a phase that flickered back and forth would teach the wrong order.

import type { FollowedRequest } from '../../protocol/view';
import type { Phase } from '../../sim/kernel/component';
import { OUTSIDE } from '../../sim/kernel/simulation';
import type { TraceRecord } from '../../sim/kernel/trace';
import type { RecordId } from '../../sim/kernel/units';

/** The seed's four phases of a request (chapter 4): 1 validation and persistence, 2 watch, 3 scheduling, 4 execution. */
export const REQUEST_PHASES: readonly Phase[] = ['persistence', 'watch', 'scheduling', 'execution'];

/** Descendant ids kept; the oldest are forgotten first (a kubelet's pod loop can descend forever). */
export const MAX_DESCENDANTS = 50_000;
/** Pods a request's outcome looks at, at most (a Deployment of thousands settles on its first ones). */
export const MAX_PODS = 1_000;

export interface FollowState {
  rootId: RecordId;
  summary: string;
  /** The furthest of the four phases reached; 'user' until a descendant in one of them appears. */
  phase: Phase;
  descendants: Set<RecordId>;
  /** `namespace/name` of every pod a record of the chain names (what the request made or changed). */
  pods: Set<string>;
  /** The command's exit, once it has one (the session tells). */
  exit?: { code: number | null; stderr: string };
  /** Finished or not (outcome.ts decides); `>` stops at the end and the badge says how it ended. */
  state: 'running' | 'done' | 'failed';
  outcome?: string;
}

/**
 * A command line that entered the cluster from outside (`$ kubectl apply -f -`), or a real client's
 * request that `kubeplay serve` let in at the API gateway (`POST /apis/apps/v1/... (kubectl.1.31/v1.31.9)`):
 * what real kubectl does is followed as what the in-page kubectl does.
 */
export function isCommandRoot(r: TraceRecord): boolean {
  return r.kind === 'message' && (r.type === 'cli.exec' || r.type === 'gateway.request') && r.from === OUTSIDE;
}

export function startFollow(root: TraceRecord): FollowState {
  return { rootId: root.id, summary: root.summary, phase: root.phase, descendants: new Set([root.id]), pods: new Set(), state: 'running' };
}

/** Notes a new record; true when it moved the followed request into another of the four phases. */
export function observeRecord(f: FollowState, r: TraceRecord): boolean {
  if (r.cause === null || !f.descendants.has(r.cause)) return false;
  f.descendants.add(r.id);
  if (r.object?.kind === 'Pod' && f.pods.size < MAX_PODS) f.pods.add(`${r.object.namespace ?? 'default'}/${r.object.name}`);
  if (f.descendants.size > MAX_DESCENDANTS) {
    const oldest = f.descendants.values().next().value;
    // The root stays: it names the request.
    if (oldest !== undefined && oldest !== f.rootId) f.descendants.delete(oldest);
  }
  if (REQUEST_PHASES.indexOf(r.phase) <= REQUEST_PHASES.indexOf(f.phase)) return false;
  f.phase = r.phase;
  return true;
}

export function followedView(f: FollowState): FollowedRequest {
  const v: FollowedRequest = { rootId: f.rootId, summary: f.summary, phase: f.phase, state: f.state };
  if (f.outcome !== undefined) v.outcome = f.outcome;
  return v;
}
