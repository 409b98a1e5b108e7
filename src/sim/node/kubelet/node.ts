// The kubelet's side of the Node: registration (POST /api/v1/nodes; 409 AlreadyExists means it is
// registered, so it patches the status instead), the Lease in kube-node-lease renewed every 10 s
// (pkg/kubelet/nodelease: renew interval = 0.25 x leaseDurationSeconds 40), and the node status
// posted every nodeStatusUpdateFrequency when it changed, or every nodeStatusReportFrequency anyway
// (kubelet_node_status.go). Both are the heartbeats the node lifecycle controller watches.

import { rfc3339, rfc3339Micro } from '../../api/time';
import type { Condition, Lease, Node, NodeStatus } from '../../api/types';
import { formatBytes, parseBytes } from '../../api/quantity';
import { apiRequest } from '../../client/apiclient';
import type { Effects } from '../../kernel/component';
import { CONTAINERD_VERSION } from '../runtime/state';
import { sha256Of } from '../registry/digest';
import { KERNEL_VERSION, KUBELET_VERSION, OS_IMAGE, T } from './texts';
import type { KubeletState } from './state';

export const LEASE_TIMER = 'kubelet.lease';
export const NODE_STATUS_TIMER = 'kubelet.nodeStatus';

/** Allocatable = capacity minus the default hard eviction thresholds (memory.available<100Mi, nodefs.available<10%). */
function allocatable(cap: KubeletState['config']['capacity']): Record<string, string> {
  const mem = parseBytes(cap.memory) - 100 * 1024 * 1024;
  const eph = Math.floor(parseBytes(cap['ephemeral-storage']) * 0.9);
  return { cpu: cap.cpu, 'ephemeral-storage': String(eph), memory: mem % 1024 === 0 ? `${mem / 1024}Ki` : formatBytes(mem), pods: cap.pods };
}

function nodeConditions(s: KubeletState, now: number): Condition[] {
  const at = rfc3339(now);
  const c = (type: string, status: 'True' | 'False', reason: string, message: string, since = s.startedAt): Condition => ({
    type, status, lastHeartbeatTime: at, lastTransitionTime: rfc3339(since), reason, message,
  });
  return [
    c('MemoryPressure', 'False', 'KubeletHasSufficientMemory', T.noMemoryPressure),
    c('DiskPressure', 'False', 'KubeletHasNoDiskPressure', T.noDiskPressure),
    c('PIDPressure', 'False', 'KubeletHasSufficientPID', T.noPidPressure),
    s.runtimeUp
      ? c('Ready', 'True', 'KubeletReady', T.kubeletReady, s.readySince)
      : c('Ready', 'False', 'KubeletNotReady', T.runtimeDown, s.readySince),
  ];
}

export function nodeStatus(s: KubeletState, now: number): NodeStatus {
  const cap = s.config.capacity;
  return {
    capacity: { cpu: cap.cpu, 'ephemeral-storage': cap['ephemeral-storage'], memory: cap.memory, pods: cap.pods },
    allocatable: allocatable(cap),
    conditions: nodeConditions(s, now),
    addresses: [
      { type: 'InternalIP', address: s.config.nodeIP },
      { type: 'Hostname', address: s.config.nodeName },
    ],
    daemonEndpoints: { kubeletEndpoint: { Port: 10250 } },
    nodeInfo: {
      machineID: sha256Of(`machine:${s.config.nodeName}`).slice(7, 39),
      systemUUID: uuidOf(`system:${s.config.nodeName}`),
      bootID: uuidOf(`boot:${s.config.nodeName}`),
      kernelVersion: KERNEL_VERSION,
      osImage: OS_IMAGE,
      containerRuntimeVersion: `containerd://${CONTAINERD_VERSION}`,
      kubeletVersion: KUBELET_VERSION,
      kubeProxyVersion: '',
      operatingSystem: 'linux',
      architecture: 'amd64',
    },
    images: [...s.images.values()].sort((a, b) => b.sizeBytes - a.sizeBytes),
  };
}

function uuidOf(seed: string): string {
  const h = sha256Of(seed).slice(7);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

export function nodeObject(s: KubeletState, now: number): Node {
  const name = s.config.nodeName;
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      name,
      labels: {
        'beta.kubernetes.io/arch': 'amd64',
        'beta.kubernetes.io/os': 'linux',
        'kubernetes.io/arch': 'amd64',
        'kubernetes.io/hostname': name,
        'kubernetes.io/os': 'linux',
        ...s.config.labels,
      },
      annotations: {
        'node.alpha.kubernetes.io/ttl': '0',
        'volumes.kubernetes.io/controller-managed-attach-detach': 'true',
      },
    },
    spec: { podCIDR: s.config.podCIDR, podCIDRs: [s.config.podCIDR], ...(s.config.taints.length ? { taints: s.config.taints } : {}) },
    status: nodeStatus(s, now),
  };
}

export function registerNode(s: KubeletState, ctx: Effects): void {
  apiRequest(ctx, s.client, { method: 'POST', path: '/api/v1/nodes', body: nodeObject(s, ctx.now) }, 'node.register', null, {
    phase: 'heartbeat',
    summary: `POST /api/v1/nodes (register ${s.config.nodeName})`,
    object: { kind: 'Node', name: s.config.nodeName },
  });
}

/** PATCH the status if it changed since the last post, or if the report frequency has passed. */
export interface NodeCondition {
  type: string;
  status: string;
}

/** A Node's conditions as `type=status` pairs, to compare what the kubelet would post with what the apiserver has. */
export function conditionKey(conditions: readonly NodeCondition[] | undefined): string {
  return (conditions ?? []).map((c) => `${c.type}=${c.status}`).join(',');
}

/**
 * tryUpdateNodeStatus (kubelet_node_status.go): post when forced, when nodeStatusReportFrequency has
 * passed, or when the status differs from the Node the apiserver has: the kubelet compares with
 * the Node it reads, so conditions the node lifecycle controller set to Unknown while the kubelet
 * could not reach the apiserver are put right at the next update once it can.
 */
export function postNodeStatus(s: KubeletState, ctx: Effects, force: boolean): void {
  const status = nodeStatus(s, ctx.now);
  const comparable = JSON.stringify({ ...status, conditions: status.conditions?.map((c) => ({ ...c, lastHeartbeatTime: '' })) });
  const due = ctx.now - s.lastStatusPostAt >= s.config.timings.nodeStatusReportFrequencyMs;
  const apiDiffers = s.apiNodeConditions !== undefined && s.apiNodeConditions !== conditionKey(status.conditions as NodeCondition[] | undefined);
  if (!force && !due && !apiDiffers && comparable === s.lastNodeStatusJson) return;
  s.lastNodeStatusJson = comparable;
  s.lastStatusPostAt = ctx.now;
  apiRequest(
    ctx,
    s.client,
    { method: 'PATCH', path: `/api/v1/nodes/${s.config.nodeName}/status`, contentType: 'application/strategic-merge-patch+json', body: { status } },
    'node.status',
    null,
    { phase: 'heartbeat', object: { kind: 'Node', name: s.config.nodeName } },
  );
}

export function leaseObject(s: KubeletState, now: number): Lease {
  const name = s.config.nodeName;
  const meta: Lease['metadata'] = { name, namespace: 'kube-node-lease' };
  if (s.lease?.resourceVersion) meta.resourceVersion = s.lease.resourceVersion;
  return {
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    metadata: s.nodeUid ? { ...meta, ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name, uid: s.nodeUid }] } : meta,
    spec: { holderIdentity: name, leaseDurationSeconds: s.config.timings.nodeLeaseDurationSeconds, renewTime: rfc3339Micro(now) },
  };
}

/** Create the Lease the first time, then renew it with PUT (nodelease controller). */
export function renewLease(s: KubeletState, ctx: Effects): void {
  const path = '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases';
  const name = s.config.nodeName;
  const exists = s.lease?.exists ?? false;
  apiRequest(
    ctx,
    s.client,
    exists ? { method: 'PUT', path: `${path}/${name}`, body: leaseObject(s, ctx.now) } : { method: 'POST', path, body: leaseObject(s, ctx.now) },
    'lease',
    null,
    { phase: 'heartbeat', summary: `${exists ? 'PUT' : 'POST'} lease ${name} (renewTime ${rfc3339Micro(ctx.now).slice(11, 19)})`, object: { kind: 'Lease', name, namespace: 'kube-node-lease' } },
  );
}
