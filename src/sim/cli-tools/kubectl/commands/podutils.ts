// The pod orders kubectl picks "the first pod" of a workload by (kubectl v1.31 pkg/util/podutils/podutils.go):
// `logs TYPE/NAME` takes the first by ByLogging, `exec` and `attach` TYPE/NAME the first by
// sort.Reverse(ActivePods) (polymorphichelpers/attachablepodforobject.go). Both share the same
// tests on the Ready condition's time, the restart counts and the creation time.

import type { Pod } from '../../../api/types';
import { isPodReady } from '../../../controllers/replicaset/types';

const maxRestarts = (p: Pod): number => Math.max(0, ...(p.status?.containerStatuses ?? []).map((c) => c.restartCount ?? 0));

/** podutils.podReadyTime: when the Ready condition turned True ('' for none). */
function readyTime(p: Pod): string {
  const c = (p.status?.conditions ?? []).find((x) => x.type === 'Ready' && x.status === 'True');
  return (c as { lastTransitionTime?: string } | undefined)?.lastTransitionTime ?? '';
}

/** podutils.afterOrZero(t1, t2): a zero time sorts last; otherwise t1 after t2. RFC 3339 UTC strings compare as times. */
function afterOrZero(t1: string, t2: string): boolean {
  if (!t1 || !t2) return !t1;
  return t1 > t2;
}

const assigned = (p: Pod): string => p.spec.nodeName ?? '';
const created = (p: Pod): string => p.metadata.creationTimestamp ?? '';
const deletion = (p: Pod): string => (p.metadata as { deletionTimestamp?: string }).deletionTimestamp ?? '';

const LOGGING_PHASE: Record<string, number> = { Running: 0, Unknown: 1, Pending: 2 };

/**
 * podutils.ByLogging: assigned before unassigned, Running (and any phase not named) before Unknown
 * before Pending, ready before not, ready longer before ready shorter (no ready time last), more
 * restarts before fewer, older before newer (no timestamp last). GetFirstPod takes the first.
 */
export function byLogging(a: Pod, b: Pod): number {
  if (assigned(a) !== assigned(b) && (!assigned(a) || !assigned(b))) return assigned(a) ? -1 : 1;
  const pa = LOGGING_PHASE[a.status?.phase ?? ''] ?? 0;
  const pb = LOGGING_PHASE[b.status?.phase ?? ''] ?? 0;
  if (pa !== pb) return pa - pb;
  const ra = isPodReady(a);
  const rb = isPodReady(b);
  if (ra !== rb) return ra ? -1 : 1;
  if (ra && rb && readyTime(a) !== readyTime(b)) return afterOrZero(readyTime(b), readyTime(a)) ? -1 : 1;
  if (maxRestarts(a) !== maxRestarts(b)) return maxRestarts(b) - maxRestarts(a);
  if (created(a) !== created(b)) return afterOrZero(created(b), created(a)) ? -1 : 1;
  return 0;
}

/** ActivePods' phase rank: Pending (and any phase not named) < Unknown < Running. */
const ACTIVE_PHASE: Record<string, number> = { Pending: 0, Unknown: 1, Running: 2 };

/** ActivePods.Less(a, b): the pod a controller would rather delete comes first. */
function activeLess(a: Pod, b: Pod): boolean {
  if (assigned(a) !== assigned(b) && (!assigned(a) || !assigned(b))) return !assigned(a);
  const pa = ACTIVE_PHASE[a.status?.phase ?? ''] ?? 0;
  const pb = ACTIVE_PHASE[b.status?.phase ?? ''] ?? 0;
  if (pa !== pb) return pa < pb;
  if (isPodReady(a) !== isPodReady(b)) return !isPodReady(a);
  if (!!deletion(a) !== !!deletion(b)) return !!deletion(a);
  if (deletion(a) && deletion(b) && deletion(a) !== deletion(b)) return deletion(a) < deletion(b);
  if (isPodReady(a) && isPodReady(b) && readyTime(a) !== readyTime(b)) return afterOrZero(readyTime(a), readyTime(b));
  if (maxRestarts(a) !== maxRestarts(b)) return maxRestarts(a) > maxRestarts(b);
  if (created(a) !== created(b)) return afterOrZero(created(a), created(b));
  return false;
}

/**
 * sort.Reverse(podutils.ActivePods), the order exec and attach pick by: assigned first, Running
 * before Unknown before Pending, ready first, not deleting first (a later deletion first among
 * deleting pods), ready longer first (no ready time last), fewer restarts first, older first.
 */
export function byReverseActivePods(a: Pod, b: Pod): number {
  if (activeLess(b, a)) return -1;
  return activeLess(a, b) ? 1 : 0;
}
