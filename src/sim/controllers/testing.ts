// Fixtures for controller tests: nodes, leases and pods in the shape the apiserver stores them, and
// a ControllerEnv over a recording Effects with caches filled by hand.

import { rfc3339, rfc3339Micro } from '../api/time';
import type { Condition, Lease, Node, Pod, Taint } from '../api/types';
import { createClient } from '../client/apiclient';
import { objectKey } from '../client/informer';
import { DEFAULT_TIMINGS } from '../config';
import { RecordingEffects } from '../kernel/recording-effects';
import type { ControllerEnv } from './framework/env';
import { createSharedInformers, indexPodDelta } from './framework/informers';

export function testNode(name: string, opts: { conditions?: Partial<Record<string, Condition['status']>>; taints?: Taint[]; unschedulable?: boolean; heartbeat?: number; rv?: string } = {}): Node {
  const conditions: Condition[] = Object.entries(opts.conditions ?? { Ready: 'True' }).map(([type, status]): Condition => ({
    type,
    status: (status ?? 'Unknown') as Condition['status'],
    lastHeartbeatTime: rfc3339(opts.heartbeat ?? 0),
    lastTransitionTime: rfc3339(0),
    reason: type === 'Ready' ? 'KubeletReady' : `KubeletHasNo${type}`,
    message: 'kubelet is posting ready status',
  }));
  const node: Node = {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name, uid: `uid-${name}`, resourceVersion: opts.rv ?? '10', creationTimestamp: rfc3339(-10_000) },
    spec: {},
    status: { conditions },
  };
  if (opts.taints) node.spec.taints = opts.taints;
  if (opts.unschedulable) node.spec.unschedulable = true;
  return node;
}

export function testLease(node: string, renewMs: number): Lease {
  return {
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    metadata: { name: node, namespace: 'kube-node-lease', resourceVersion: String(100 + renewMs) },
    spec: { holderIdentity: node, leaseDurationSeconds: 40, renewTime: rfc3339Micro(renewMs) },
  };
}

/** A running pod as DefaultTolerationSeconds leaves it: it tolerates not-ready and unreachable for 300 s. */
export function testPod(name: string, node: string, opts: { tolerations?: Pod['spec']['tolerations'] } = {}): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default', uid: `uid-${name}`, resourceVersion: '20' },
    spec: {
      nodeName: node,
      containers: [{ name: 'nginx', image: 'nginx:1.25' }],
      tolerations: opts.tolerations ?? [
        { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
        { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
      ],
    },
    status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: rfc3339(0) }] },
  };
}

export function testEnv(now = 0): { env: ControllerEnv; ctx: RecordingEffects } {
  const ctx = new RecordingEffects({ self: 'kube-controller-manager', host: 'control-plane', now });
  const client = createClient({ apiserver: 'kube-apiserver', credentials: {}, userAgent: 'test', timeoutMs: 30_000 });
  const env: ControllerEnv = {
    ctx,
    client,
    informers: createSharedInformers(),
    timings: DEFAULT_TIMINGS,
    credentials: { bearerToken: 'kubeplay.serviceaccount.kube-system.node-controller' },
    events: { seq: 0 },
  };
  return { env, ctx };
}

export function putNode(env: ControllerEnv, node: Node): void {
  env.informers.byName.nodes.items.set(objectKey(node), node);
}

export function putLease(env: ControllerEnv, lease: Lease): void {
  env.informers.byName.leases.items.set(objectKey(lease), lease);
}

export function putPod(env: ControllerEnv, pod: Pod): void {
  const key = objectKey(pod);
  const old = env.informers.byName.pods.items.get(key);
  env.informers.byName.pods.items.set(key, pod);
  indexPodDelta(env.informers, { type: old ? 'MODIFIED' : 'ADDED', object: pod, old });
}
