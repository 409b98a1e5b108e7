// VolumeBinding (plugins/volumebinding/volume_binding.go). PreFilter: a pod without claims skips the
// plugin; a missing claim (`persistentvolumeclaim "x" not found`) or an unbound claim whose class binds
// Immediate (`pod has unbound immediate PersistentVolumeClaims`) makes the pod unschedulable on
// every node until the claim changes. Filter: a bound volume's node affinity must allow the node,
// and a claim of a WaitForFirstConsumer class must find a free volume there or a class that can
// provision one. The binding side (selected-node, waiting for the claims to be bound before the
// pod is) runs in the scheduler once a node is chosen: binder.ts bindPodVolumes.

import { PluginNames, skip, success, unresolvable, type CycleContext, type Plugin } from '../../framework/types';
import { findPodVolumes, missingClaim, podClaimNames, podVolumeClaims, ErrUnboundImmediate, type PodVolumeClaims } from './binder';

const STATE_KEY = PluginNames.VolumeBinding;

function claimsOf(ctx: CycleContext): PodVolumeClaims | undefined {
  return ctx.state[STATE_KEY] as PodVolumeClaims | undefined;
}

export const VolumeBinding: Plugin = {
  name: PluginNames.VolumeBinding,
  preFilter(ctx) {
    const pod = ctx.pod.pod;
    const l = ctx.volumes;
    if (!l || podClaimNames(pod).length === 0) return skip();
    const missing = missingClaim(pod, l);
    if (missing) return unresolvable(missing);
    const claims = podVolumeClaims(pod, l);
    if (claims.immediate.length) return unresolvable(ErrUnboundImmediate);
    ctx.state[STATE_KEY] = claims;
    return success();
  },
  filter(ctx, node) {
    const claims = claimsOf(ctx);
    if (!claims || !ctx.volumes) return success();
    const reasons = findPodVolumes(claims, node.node, ctx.volumes);
    return reasons.length ? unresolvable(...reasons) : success();
  },
};
