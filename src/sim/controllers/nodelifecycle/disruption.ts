// Zone disruption (node_lifecycle_controller.go ComputeZoneState, handleDisruption): when many
// nodes of a zone go NotReady at once, the problem is more likely the network or the control plane
// than the nodes, so the controller slows or stops taint-based eviction instead of emptying the zone.

import type { Condition, Node } from '../../api/types';
import type { ZoneState } from './controller';

/** --unhealthy-zone-threshold */
export const UNHEALTHY_ZONE_THRESHOLD = 0.55;
/** --large-cluster-size-threshold: at or below it, a partially disrupted zone stops tainting. */
export const LARGE_CLUSTER_THRESHOLD = 50;

/** GetZoneKey: region and zone labels; nodes without them share the zone "". */
export function zoneKey(node: Node): string {
  const labels = node.metadata.labels ?? {};
  const region = labels['topology.kubernetes.io/region'] ?? '';
  const zone = labels['topology.kubernetes.io/zone'] ?? '';
  return region === '' && zone === '' ? '' : `${region}:\x00:${zone}`;
}

export function computeZoneState(ready: (Condition | undefined)[]): ZoneState {
  let readyNodes = 0;
  let notReadyNodes = 0;
  for (const c of ready) {
    if (c && c.status === 'True') readyNodes++;
    else notReadyNodes++;
  }
  if (readyNodes === 0 && notReadyNodes > 0) return 'FullDisruption';
  if (notReadyNodes > 2 && notReadyNodes / (notReadyNodes + readyNodes) >= UNHEALTHY_ZONE_THRESHOLD) return 'PartialDisruption';
  return 'Normal';
}

/**
 * Whether the zone's NoExecute tainter may add taints (its rate limiter's qps > 0). Normal and a
 * zone fully disrupted while others are not keep --node-eviction-rate; a partially disrupted zone of
 * a small cluster gets 0. Kubeplay does not model the rate itself (0.1 node per second): it taints
 * at once.
 */
export function zoneMayTaint(state: ZoneState | undefined, zoneSize: number): boolean {
  if (state === 'PartialDisruption') return zoneSize > LARGE_CLUSTER_THRESHOLD;
  return true;
}
