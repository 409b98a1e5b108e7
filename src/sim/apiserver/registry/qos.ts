// A pod's QoS class, as pkg/apis/core/helper/qos.GetPodQOS computes it at creation: BestEffort
// when no container sets any cpu/memory request or limit; Guaranteed when every container has cpu
// and memory limits and its requests (defaulted to the limits) equal them; Burstable otherwise.

import type { Container, Pod } from '../../api/types';

const SUFFIX: Record<string, number> = {
  m: 1e-3,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
  Ki: 1024,
  Mi: 1024 ** 2,
  Gi: 1024 ** 3,
  Ti: 1024 ** 4,
  Pi: 1024 ** 5,
  Ei: 1024 ** 6,
};

/** The numeric value of a resource.Quantity string (`500m`, `1Gi`, `2e3`); NaN if unreadable. */
export function quantityValue(q: string | number): number {
  if (typeof q === 'number') return q;
  const m = /^([+-]?[0-9.]+(?:[eE][+-]?[0-9]+)?)([a-zA-Z]*)$/.exec(q.trim());
  if (!m) return NaN;
  const mult = m[2] ? SUFFIX[m[2]] : 1;
  return mult === undefined ? NaN : Number(m[1]) * mult;
}

const COMPUTE = ['cpu', 'memory'];

function computeEntries(list: Record<string, string> | undefined): [string, string][] {
  return Object.entries(list ?? {}).filter(([k]) => COMPUTE.includes(k));
}

function isGuaranteed(c: Container): boolean {
  const limits = c.resources?.limits ?? {};
  const requests = c.resources?.requests ?? {};
  for (const r of COMPUTE) {
    const l = limits[r];
    if (l === undefined) return false;
    const req = requests[r];
    if (req !== undefined && quantityValue(req) !== quantityValue(l)) return false;
  }
  return true;
}

export function podQOSClass(pod: Pod): 'Guaranteed' | 'Burstable' | 'BestEffort' {
  const containers = [...(pod.spec?.initContainers ?? []), ...(pod.spec?.containers ?? [])];
  const anySet = containers.some(
    (c) => computeEntries(c.resources?.requests).length > 0 || computeEntries(c.resources?.limits).length > 0,
  );
  if (!anySet) return 'BestEffort';
  return containers.every(isGuaranteed) ? 'Guaranteed' : 'Burstable';
}
