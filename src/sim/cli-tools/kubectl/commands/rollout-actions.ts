// `kubectl rollout pause|resume|restart` (kubectl/pkg/cmd/rollout/rollout_pause.go, rollout_resume.go,
// rollout_restart.go and polymorphichelpers objectpauser.go, objectresumer.go, objectrestarter.go,
// v1.31): each reads the object, computes a strategic merge patch and sends it, printing
// `deployment.apps/web paused`; pausing a paused Deployment is an error. Pause and resume are
// for Deployments; restart sets the pod template's `kubectl.kubernetes.io/restartedAt` annotation
// to now (RFC 3339) on Deployments, DaemonSets and StatefulSets, and refuses a paused Deployment.

import type { ResourceInfo } from '../../../api/resources';
import { rfc3339 } from '../../../api/time';
import type { KubeObject } from '../../../api/types';

export const RESTARTED_AT = 'kubectl.kubernetes.io/restartedAt';

export type RolloutAction = 'pause' | 'resume' | 'restart';

/** What the action does to the object: a patch and the word printed, the word for no change, or an error. */
export type ActionPlan = { patch: Record<string, unknown>; done: string } | { unchanged: string } | { error: string };

const PAST: Record<RolloutAction, string> = { pause: 'paused', resume: 'resumed', restart: 'restarted' };
const NOT_SUPPORTED: Record<RolloutAction, string> = { pause: 'pausing is not supported', resume: 'resuming is not supported', restart: 'restarting is not supported' };

function groupResource(info: ResourceInfo): string {
  return info.group ? `${info.resource}.${info.group}` : info.resource;
}

export function planRolloutAction(action: RolloutAction, info: ResourceInfo, obj: KubeObject, now: number): ActionPlan {
  const spec = (obj.spec ?? {}) as { paused?: boolean; updateStrategy?: { type?: string } };
  const fail = (why: string): ActionPlan => ({ error: `error: ${groupResource(info)} "${obj.metadata.name ?? ''}" ${why}` });
  if (action === 'pause' || action === 'resume') {
    if (info.kind !== 'Deployment') return fail(NOT_SUPPORTED[action]);
    const want = action === 'pause';
    // ObjectPauser / ObjectResumer refuse a no-op: `error: deployments.apps "web" is already paused`.
    if ((spec.paused ?? false) === want) return fail(want ? 'is already paused' : 'is not paused');
    return { patch: { spec: { paused: want } }, done: PAST[action] };
  }
  if (info.kind === 'Deployment' && spec.paused) return fail("can't restart paused deployment (run rollout resume first)");
  if ((info.kind === 'DaemonSet' || info.kind === 'StatefulSet') && spec.updateStrategy?.type === 'OnDelete') {
    return fail(`can't restart ${info.singular} (${obj.metadata.name ?? ''}) with OnDelete update strategy`);
  }
  if (!['Deployment', 'DaemonSet', 'StatefulSet'].includes(info.kind)) return fail(NOT_SUPPORTED.restart);
  return { patch: { spec: { template: { metadata: { annotations: { [RESTARTED_AT]: rfc3339(now) } } } } }, done: PAST.restart };
}
