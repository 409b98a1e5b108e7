// A cluster's projection (what the worker sends the page: hosts and object views) made without a
// simulation, for the scale view's draw-only measurement at Kubernetes' own limit of 5,000 nodes
// (issue 14), which the simulation cannot boot in a browser tab today (README, "The scale view").
// The objects are stored Node and Pod objects of the shape the kubelet and the apiserver write,
// passed through the worker's own projection (observe/objects.ts objectView, observe/hosts.ts
// hostRole), so their views, kubectl's STATUS and READY included, are the ones a real run would
// send. Some nodes are NotReady and some pods crash-looping, so the view has problems to show.

import type { HostView, ObjectView } from '../protocol/view';
import { hostRole } from './observe/hosts';
import { objectView } from './observe/objects';

export interface ScaleProjectionOptions {
  nodes: number;
  podsPerNode: number;
  /** Every n-th node's Ready condition is False (0: none). */
  notReadyEvery?: number;
  /** Every n-th pod is in CrashLoopBackOff (0: none). */
  crashLoopEvery?: number;
}

const CREATED = '2026-12-03T00:00:00Z';

function storedNode(name: string, ready: boolean): Record<string, unknown> {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name, uid: `uid-${name}`, creationTimestamp: CREATED, labels: { 'kubernetes.io/hostname': name, 'kubernetes.io/os': 'linux' } },
    spec: {},
    status: {
      capacity: { cpu: '8', memory: '32Gi', pods: '110' },
      allocatable: { cpu: '8', memory: '32Gi', pods: '110' },
      conditions: [
        ready
          ? { type: 'Ready', status: 'True', reason: 'KubeletReady', message: 'kubelet is posting ready status' }
          : { type: 'Ready', status: 'False', reason: 'KubeletNotReady', message: 'container runtime network not ready: NetworkReady=false' },
      ],
      nodeInfo: { kubeletVersion: 'v1.31.9', containerRuntimeVersion: 'containerd://1.7.22' },
    },
  };
}

function storedPod(name: string, node: string, crashLoop: boolean): Record<string, unknown> {
  const state = crashLoop ? { waiting: { reason: 'CrashLoopBackOff', message: 'back-off 40s restarting failed container=web' } } : { running: { startedAt: CREATED } };
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default', uid: `uid-${name}`, creationTimestamp: CREATED, labels: { app: 'web' } },
    spec: { nodeName: node, containers: [{ name: 'web', image: 'nginx:1.25' }] },
    status: {
      phase: 'Running',
      conditions: [{ type: 'Ready', status: crashLoop ? 'False' : 'True' }],
      containerStatuses: [{ name: 'web', image: 'nginx:1.25', ready: !crashLoop, restartCount: crashLoop ? 3 : 0, started: !crashLoop, state }],
    },
  };
}

/** The hosts and object views of a cluster of `nodes` workers with `podsPerNode` pods each. */
export function scaleProjection(o: ScaleProjectionOptions): { hosts: Record<string, HostView>; objects: Record<string, ObjectView> } {
  const hosts: Record<string, HostView> = {};
  const objects: Record<string, ObjectView> = {};
  let revision = 1;
  const add = (key: string, value: Record<string, unknown>) => {
    const v = objectView({ key, createRevision: revision, modRevision: revision, version: 1, value, valueSize: 0 });
    revision++;
    if (v) objects[v.id] = v;
  };
  let pod = 0;
  for (let i = 1; i <= o.nodes; i++) {
    const name = `worker-${i}`;
    hosts[name] = { id: name, address: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, role: hostRole(name, new Set()), up: true };
    add(`/registry/minions/${name}`, storedNode(name, !(o.notReadyEvery && i % o.notReadyEvery === 0)));
    for (let j = 0; j < o.podsPerNode; j++) {
      pod++;
      const podName = `web-${pod.toString(36).padStart(5, '0')}`;
      add(`/registry/pods/default/${podName}`, storedPod(podName, name, !!(o.crashLoopEvery && pod % o.crashLoopEvery === 0)));
    }
  }
  return { hosts, objects };
}
