// How a Deployment moves its ReplicaSets (pkg/controller/deployment/rolling.go, recreate.go and
// util/deployment_util.go), as pure functions: the fenceposts maxSurge and maxUnavailable, the new
// ReplicaSet's next size, how far the old ones may be scaled down, and Recreate's order.

import type { Deployment, ReplicaSet } from '../replicaset/types';

export const REVISION = 'deployment.kubernetes.io/revision';
export const DESIRED_REPLICAS = 'deployment.kubernetes.io/desired-replicas';
export const MAX_REPLICAS = 'deployment.kubernetes.io/max-replicas';
export const POD_TEMPLATE_HASH = 'pod-template-hash';

/** intstr.GetScaledValueFromIntOrPercent: `25%` of total, rounded up or down. */
export function scaledValue(v: number | string | undefined, total: number, roundUp: boolean): number {
  if (v === undefined) return 0;
  if (typeof v === 'number') return v;
  const pct = Number(v.replace('%', ''));
  const x = (pct * total) / 100;
  return roundUp ? Math.ceil(x) : Math.floor(x);
}

/** ResolveFenceposts: surge rounds up, unavailability down; both zero would deadlock, so unavailability becomes 1. */
export function fenceposts(d: Deployment): { maxSurge: number; maxUnavailable: number } {
  const replicas = d.spec.replicas ?? 1;
  if (d.spec.strategy?.type === 'Recreate') return { maxSurge: 0, maxUnavailable: 0 };
  const ru = d.spec.strategy?.rollingUpdate ?? {};
  const maxSurge = scaledValue(ru.maxSurge ?? '25%', replicas, true);
  let maxUnavailable = scaledValue(ru.maxUnavailable ?? '25%', replicas, false);
  if (maxSurge === 0 && maxUnavailable === 0) maxUnavailable = 1;
  return { maxSurge, maxUnavailable: Math.min(maxUnavailable, replicas) };
}

export const specReplicas = (rs: ReplicaSet): number => rs.spec.replicas ?? 0;
export const available = (rs: ReplicaSet): number => rs.status?.availableReplicas ?? 0;
const sum = (xs: ReplicaSet[], f: (rs: ReplicaSet) => number): number => xs.reduce((n, rs) => n + f(rs), 0);

/** NewRSNewReplicas for RollingUpdate: grow the new ReplicaSet as far as maxSurge allows. */
export function newRSReplicas(d: Deployment, all: ReplicaSet[], newRS: ReplicaSet | undefined): number {
  const replicas = d.spec.replicas ?? 1;
  const current = newRS ? specReplicas(newRS) : 0;
  if (d.spec.strategy?.type === 'Recreate') return replicas;
  const maxTotal = replicas + fenceposts(d).maxSurge;
  const total = sum(all, specReplicas);
  if (total >= maxTotal) return current;
  return current + Math.min(maxTotal - total, Math.max(0, replicas - current));
}

/**
 * reconcileOldReplicaSets in one pass: how many old replicas may go now without the available
 * pods falling under replicas - maxUnavailable. Unavailable old replicas go first
 * (cleanupUnhealthyReplicas), then available ones, oldest ReplicaSet first. Returns new sizes.
 */
export function scaleDownOld(d: Deployment, old: ReplicaSet[], newRS: ReplicaSet | undefined): Map<ReplicaSet, number> {
  const out = new Map<ReplicaSet, number>();
  const replicas = d.spec.replicas ?? 1;
  const minAvailable = replicas - fenceposts(d).maxUnavailable;
  const all = newRS ? [...old, newRS] : old;
  const newUnavailable = newRS ? Math.max(0, specReplicas(newRS) - available(newRS)) : 0;
  let budget = sum(all, specReplicas) - minAvailable - newUnavailable;
  if (sum(old, specReplicas) === 0 || budget <= 0) return out;
  const sized = new Map(old.map((rs) => [rs, specReplicas(rs)]));
  for (const rs of old) {
    const unhealthy = Math.min(budget, Math.max(0, specReplicas(rs) - available(rs)));
    if (unhealthy > 0) {
      sized.set(rs, specReplicas(rs) - unhealthy);
      budget -= unhealthy;
    }
  }
  let availableBudget = sum(all, available) - minAvailable;
  for (const rs of old) {
    const size = sized.get(rs)!;
    const down = Math.min(size, availableBudget);
    if (down > 0) {
      sized.set(rs, size - down);
      availableBudget -= down;
    }
  }
  for (const [rs, size] of sized) if (size !== specReplicas(rs)) out.set(rs, size);
  return out;
}

/** The revision a ReplicaSet carries (0 if none). */
export function revisionOf(rs: ReplicaSet): number {
  return Number(rs.metadata.annotations?.[REVISION] ?? 0) || 0;
}

/** EqualIgnoreHash: same template once the pod-template-hash label is taken out. */
export function sameTemplate(rs: ReplicaSet, d: Deployment): boolean {
  const strip = (t: ReplicaSet['spec']['template']): unknown => {
    const labels = { ...(t.metadata?.labels ?? {}) };
    delete labels[POD_TEMPLATE_HASH];
    return canonicalJson({ ...t, metadata: { ...(t.metadata ?? {}), labels } });
  };
  return strip(rs.spec.template) === strip(d.spec.template);
}

function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`).join(',')}}`;
  }
  return JSON.stringify(v);
}
