// How long a pod may stay on a node with NoExecute taints (pkg/controller/tainteviction):
// GetMatchingTolerations and getMinTolerationTime.

import { toleratesTaint } from '../../api/labels';
import type { Taint, Toleration } from '../../api/types';

/** Every taint tolerated, and the toleration that tolerated each (the first matching one). */
export function getMatchingTolerations(taints: Taint[], tolerations: Toleration[]): { allTolerated: boolean; used: Toleration[] } {
  if (taints.length === 0) return { allTolerated: true, used: [] };
  const used: Toleration[] = [];
  for (const taint of taints) {
    const t = tolerations.find((x) => toleratesTaint(x, taint));
    if (!t) return { allTolerated: false, used: [] };
    used.push(t);
  }
  return { allTolerated: true, used };
}

/**
 * The shortest tolerationSeconds among the used tolerations, in ms: 0 if any is <= 0, and -1
 * (tolerate forever) if none sets tolerationSeconds.
 */
export function getMinTolerationTimeMs(used: Toleration[]): number {
  if (used.length === 0) return 0;
  let min = Infinity;
  for (const t of used) {
    if (t.tolerationSeconds === undefined || t.tolerationSeconds === null) continue;
    if (t.tolerationSeconds <= 0) return 0;
    min = Math.min(min, t.tolerationSeconds);
  }
  return min === Infinity ? -1 : min * 1000;
}

export function noExecuteTaints(taints: Taint[] | undefined): Taint[] {
  return (taints ?? []).filter((t) => t.effect === 'NoExecute');
}
