// Whether the followed request is finished, and how it ended (issue 11: "the phase control stops
// when the followed request is finished; the badge shows done or failed"). A request is finished
// when its command has exited and every pod its cause chain touched has settled: Running and Ready,
// Succeeded, gone (a delete), or stuck where a learner must act (an image that cannot be pulled, a
// container crash-looping, no node that fits). A command that failed is finished at its exit.

import type { MvccStore } from '../../sim/etcd/mvcc/kvstore';
import { currentKv } from '../../sim/etcd/mvcc/kvstore';
import type { FollowState } from './followed';

/** Waiting reasons the kubelet keeps retrying but that a person must fix. ErrImagePull is not one: the
 * kubelet retries at once, and the pod settles on ImagePullBackOff (what kubectl then shows). */
const STUCK_REASONS = new Set(['ImagePullBackOff', 'InvalidImageName', 'ErrImageNeverPull', 'CrashLoopBackOff', 'CreateContainerConfigError', 'CreateContainerError', 'RunContainerError']);

interface PodLike {
  status?: {
    phase?: string;
    reason?: string;
    conditions?: { type: string; status: string; reason?: string; message?: string }[];
    containerStatuses?: { state?: { waiting?: { reason?: string } } }[];
    initContainerStatuses?: { state?: { waiting?: { reason?: string } } }[];
  };
}

type PodVerdict = { settled: false } | { settled: true; failed: boolean; text: string };

function podVerdict(name: string, pod: PodLike | undefined): PodVerdict {
  if (!pod) return { settled: true, failed: false, text: `pod/${name} deleted` };
  const st = pod.status ?? {};
  const cond = (t: string) => st.conditions?.find((c) => c.type === t);
  const scheduled = cond('PodScheduled');
  if (scheduled?.status === 'False' && scheduled.reason === 'Unschedulable') return { settled: true, failed: true, text: `kube-scheduler: no node fits pod/${name}: ${scheduled.message ?? ''}`.trimEnd() };
  for (const c of [...(st.initContainerStatuses ?? []), ...(st.containerStatuses ?? [])]) {
    const reason = c.state?.waiting?.reason;
    if (reason && STUCK_REASONS.has(reason)) return { settled: true, failed: true, text: `kubelet: pod/${name} ${reason}` };
  }
  if (st.phase === 'Succeeded') return { settled: true, failed: false, text: `pod/${name} Completed` };
  if (st.phase === 'Failed') return { settled: true, failed: true, text: `pod/${name} ${st.reason ?? 'Error'}` };
  if (st.phase === 'Running' && cond('Ready')?.status === 'True') return { settled: true, failed: false, text: `pod/${name} Running` };
  return { settled: false };
}

/**
 * Decides, once the command has exited, whether the request is finished; sets f.state and
 * f.outcome. Returns true when that changed.
 */
export function updateOutcome(f: FollowState, store: MvccStore | undefined): boolean {
  if (f.state !== 'running' || !f.exit) return false;
  if (f.exit.code !== 0) {
    const first = f.exit.stderr.split('\n').find((l) => l.trim() !== '') ?? `exit status ${f.exit.code ?? 'none'}`;
    return finish(f, 'failed', first);
  }
  const verdicts: PodVerdict[] = [];
  for (const key of f.pods) {
    const kv = store ? currentKv(store, `/registry/pods/${key}`) : undefined;
    const v = podVerdict(key.slice(key.indexOf('/') + 1), kv?.value as PodLike | undefined);
    if (!v.settled) return false;
    verdicts.push(v);
  }
  const failed = verdicts.find((v) => v.settled && v.failed);
  if (failed && failed.settled) return finish(f, 'failed', failed.text);
  if (verdicts.length === 0) return finish(f, 'done', 'exit 0');
  const texts = verdicts.map((v) => (v.settled ? v.text : ''));
  return finish(f, 'done', texts.length <= 3 ? texts.join(', ') : `${texts.length} pods settled: ${texts.slice(0, 2).join(', ')}, ...`);
}

function finish(f: FollowState, state: 'done' | 'failed', outcome: string): true {
  f.state = state;
  f.outcome = outcome;
  return true;
}
