// Small builders for scheduler tests: nodes and pods as the apiserver would serve them.

import type { Container, Node, Pod, PodSpec, Taint } from '../api/types';

export function makeNode(
  name: string,
  opts: { cpu?: string; memory?: string; pods?: string; labels?: Record<string, string>; taints?: Taint[]; unschedulable?: boolean; images?: { names: string[]; sizeBytes: number }[] } = {},
): Node {
  const alloc = { cpu: opts.cpu ?? '2', memory: opts.memory ?? '4Gi', pods: opts.pods ?? '110', 'ephemeral-storage': '20Gi' };
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name, resourceVersion: '1', labels: { 'kubernetes.io/hostname': name, ...(opts.labels ?? {}) } },
    spec: { taints: opts.taints, unschedulable: opts.unschedulable },
    status: { capacity: alloc, allocatable: alloc, images: opts.images ?? [] },
  };
}

export function makePod(
  name: string,
  opts: { cpu?: string; memory?: string; nodeName?: string; labels?: Record<string, string>; spec?: Partial<PodSpec>; image?: string; namespace?: string } = {},
): Pod {
  const requests: Record<string, string> = {};
  if (opts.cpu) requests.cpu = opts.cpu;
  if (opts.memory) requests.memory = opts.memory;
  const c: Container = { name: 'app', image: opts.image ?? 'nginx:1.25', resources: Object.keys(requests).length ? { requests } : {} };
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: opts.namespace ?? 'default', uid: `uid-${name}`, resourceVersion: '1', labels: opts.labels },
    spec: { containers: [c], schedulerName: 'default-scheduler', ...(opts.nodeName ? { nodeName: opts.nodeName } : {}), ...(opts.spec ?? {}) },
    status: { phase: 'Pending' },
  };
}
