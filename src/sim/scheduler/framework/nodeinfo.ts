// Requests and per-node aggregates, as framework.NodeInfo and resource helpers compute them
// (pkg/scheduler/framework/types.go, pkg/api/v1/resource). The scheduler keeps one NodeAggregate per
// node and updates it when a pod is bound, assumed or deleted, so a cycle costs what it reads.

import type { Container, Node, Pod } from '../../api/types';
import { parseBytes, parseCpuMillis } from '../../api/quantity';
import type { NodeInfo, PodInfo, Resources } from './types';

/** schedutil.DefaultMilliCPURequest and DefaultMemoryRequest: what a pod that asks nothing counts as when scoring. */
export const DEFAULT_MILLI_CPU_REQUEST = 100;
export const DEFAULT_MEMORY_REQUEST = 200 * 1024 * 1024;

function safe(parse: (s: string) => number, s: string | undefined): number {
  if (s === undefined) return 0;
  try {
    return parse(s);
  } catch {
    return 0;
  }
}

function containerRequests(c: Container): Resources {
  const r = c.resources?.requests ?? {};
  return {
    milliCPU: safe(parseCpuMillis, r.cpu),
    memory: safe(parseBytes, r.memory),
    ephemeralStorage: safe(parseBytes, r['ephemeral-storage']),
    pods: 0,
  };
}

/** The pod's effective request: the sum over containers, raised to any single init container's request. */
export function podRequests(pod: Pod): Resources {
  const sum: Resources = { milliCPU: 0, memory: 0, ephemeralStorage: 0, pods: 1 };
  for (const c of pod.spec.containers ?? []) {
    const r = containerRequests(c);
    sum.milliCPU += r.milliCPU;
    sum.memory += r.memory;
    sum.ephemeralStorage += r.ephemeralStorage;
  }
  for (const c of pod.spec.initContainers ?? []) {
    const r = containerRequests(c);
    sum.milliCPU = Math.max(sum.milliCPU, r.milliCPU);
    sum.memory = Math.max(sum.memory, r.memory);
    sum.ephemeralStorage = Math.max(sum.ephemeralStorage, r.ephemeralStorage);
  }
  return sum;
}

/** Requests for scoring: a container that asks no CPU (memory) counts 100m (200Mi). */
export function nonZeroRequests(pod: Pod): { milliCPU: number; memory: number } {
  let milliCPU = 0;
  let memory = 0;
  for (const c of pod.spec.containers ?? []) {
    const r = containerRequests(c);
    milliCPU += c.resources?.requests?.cpu === undefined ? DEFAULT_MILLI_CPU_REQUEST : r.milliCPU;
    memory += c.resources?.requests?.memory === undefined ? DEFAULT_MEMORY_REQUEST : r.memory;
  }
  return { milliCPU, memory };
}

/** Host ports a pod asks for, as `protocol/hostIP/port` (0.0.0.0 when no hostIP). */
export function hostPorts(pod: Pod): string[] {
  const out: string[] = [];
  for (const c of pod.spec.containers ?? []) {
    for (const p of c.ports ?? []) {
      const hp = p as { hostPort?: number; hostIP?: string; protocol?: string };
      if (hp.hostPort && hp.hostPort > 0) out.push(`${hp.protocol ?? 'TCP'}/${hp.hostIP || '0.0.0.0'}/${hp.hostPort}`);
    }
  }
  return out;
}

export function podKey(pod: Pod): string {
  return `${pod.metadata.namespace ?? 'default'}/${pod.metadata.name ?? ''}`;
}

export function makePodInfo(pod: Pod): PodInfo {
  return { pod, key: podKey(pod), requests: podRequests(pod), nonZeroRequests: nonZeroRequests(pod) };
}

/** The incrementally kept sums for one node. */
export interface NodeAggregate {
  requested: Resources;
  nonZeroRequested: { milliCPU: number; memory: number };
  usedPorts: string[];
  /** Keys of the pods counted, in the order they arrived. */
  pods: string[];
  /**
   * Raised by every change to the sums or to a counted pod's object (NodeInfo.Generation): a cached
   * NodeInfo built at the same generation is still true (the scheduler's snapshot, scheduler.ts).
   */
  generation: number;
}

export function emptyAggregate(): NodeAggregate {
  return { requested: { milliCPU: 0, memory: 0, ephemeralStorage: 0, pods: 0 }, nonZeroRequested: { milliCPU: 0, memory: 0 }, usedPorts: [], pods: [], generation: 0 };
}

export function addPodToAggregate(agg: NodeAggregate, pod: Pod): void {
  const r = podRequests(pod);
  const nz = nonZeroRequests(pod);
  agg.requested.milliCPU += r.milliCPU;
  agg.requested.memory += r.memory;
  agg.requested.ephemeralStorage += r.ephemeralStorage;
  agg.requested.pods += 1;
  agg.nonZeroRequested.milliCPU += nz.milliCPU;
  agg.nonZeroRequested.memory += nz.memory;
  agg.usedPorts.push(...hostPorts(pod));
  agg.pods.push(podKey(pod));
  agg.generation++;
}

export function removePodFromAggregate(agg: NodeAggregate, pod: Pod): void {
  const key = podKey(pod);
  const i = agg.pods.indexOf(key);
  if (i < 0) return;
  agg.pods.splice(i, 1);
  agg.generation++;
  const r = podRequests(pod);
  const nz = nonZeroRequests(pod);
  agg.requested.milliCPU -= r.milliCPU;
  agg.requested.memory -= r.memory;
  agg.requested.ephemeralStorage -= r.ephemeralStorage;
  agg.requested.pods -= 1;
  agg.nonZeroRequested.milliCPU -= nz.milliCPU;
  agg.nonZeroRequested.memory -= nz.memory;
  for (const p of hostPorts(pod)) {
    const j = agg.usedPorts.indexOf(p);
    if (j >= 0) agg.usedPorts.splice(j, 1);
  }
}

export function nodeAllocatable(node: Node): Resources {
  const a = node.status?.allocatable ?? node.status?.capacity ?? {};
  return {
    milliCPU: safe(parseCpuMillis, a.cpu),
    memory: safe(parseBytes, a.memory),
    ephemeralStorage: safe(parseBytes, a['ephemeral-storage']),
    pods: safe(parseBytes, a.pods),
  };
}

/** types.go: a pod with pod affinity or anti-affinity terms (NodeInfo.PodsWithAffinity). */
export function hasPodAffinity(pod: Pod): boolean {
  const a = pod.spec.affinity;
  return !!a && (!!a.podAffinity || !!a.podAntiAffinity);
}

/** types.go: a pod with required anti-affinity terms (NodeInfo.PodsWithRequiredAntiAffinity). */
export function hasRequiredAntiAffinity(pod: Pod): boolean {
  return (pod.spec.affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.length ?? 0) > 0;
}

/** A node's NodeInfo in the scheduler's snapshot (snapshot.ts), built again whenever the node or its pods change. */
export function buildNodeInfo(node: Node, agg: NodeAggregate, pods: (key: string) => Pod | undefined): NodeInfo {
  const list = agg.pods.map(pods).filter((p): p is Pod => p !== undefined);
  return {
    node,
    name: node.metadata.name ?? '',
    pods: list,
    podsWithAffinity: list.filter(hasPodAffinity),
    podsWithRequiredAntiAffinity: list.filter(hasRequiredAntiAffinity),
    allocatable: nodeAllocatable(node),
    requested: { ...agg.requested },
    nonZeroRequested: { ...agg.nonZeroRequested },
    usedPorts: [...agg.usedPorts],
  };
}

/** A NodeInfo built straight from a node and its pods (tests, small clusters). */
export function nodeInfoOf(node: Node, pods: Pod[] = []): NodeInfo {
  const agg = emptyAggregate();
  const byKey = new Map<string, Pod>();
  for (const p of pods) {
    addPodToAggregate(agg, p);
    byKey.set(podKey(p), p);
  }
  return buildNodeInfo(node, agg, (k) => byKey.get(k));
}
