// The CNI plugin chain of a node (bridge + host-local), as one process. containerd execs it with
// ADD when it creates a pod sandbox and DEL when it stops one; the plugin creates the veth pair,
// plugs it into the cni0 bridge and answers the pod's IP. The allocations are persisted, as
// host-local keeps them on disk.

import type { ComponentType, Effects, Message, Timer } from '../../kernel/component';
import { allocate, createIpam, gatewayOf, release, type IpamState } from './ipam';

export interface CniConfig {
  nodeName: string;
  podCIDR: string;
}

/** containerd -> cni: CNI ADD / DEL for a sandbox's network namespace. */
export interface CniRequest {
  type: 'cni.add' | 'cni.del';
  containerId: string;
  /** K8S_POD_NAMESPACE / K8S_POD_NAME from CNI_ARGS, for logs and summaries. */
  podNamespace: string;
  podName: string;
}

export interface CniResponse {
  type: 'cni.response';
  requestId: number;
  op: 'ADD' | 'DEL';
  ok: boolean;
  ip?: string;
  gateway?: string;
  error?: string;
}

export interface CniState {
  nodeName: string;
  ipam: IpamState;
}

interface Persisted {
  allocated: [string, string][];
  lastReserved?: string;
}

function persist(s: CniState, ctx: Effects): void {
  const p: Persisted = { allocated: [...s.ipam.allocated] };
  if (s.ipam.lastReserved) p.lastReserved = s.ipam.lastReserved;
  ctx.persist(p);
}

function onMessage(s: CniState, msg: Message, ctx: Effects): void {
  const b = msg.body as CniRequest;
  if (b.type !== 'cni.add' && b.type !== 'cni.del') return;
  const pod = b.podName;
  if (b.type === 'cni.add') {
    const ip = allocate(s.ipam, b.containerId);
    persist(s, ctx);
    const r: CniResponse = ip
      ? { type: 'cni.response', requestId: msg.id, op: 'ADD', ok: true, ip, gateway: gatewayOf(s.ipam) }
      : { type: 'cni.response', requestId: msg.id, op: 'ADD', ok: false, error: `failed to allocate for range 0: no IP addresses available in range set: ${s.ipam.allocated.size} addresses` };
    if (ip) ctx.log(`bridge: ADD ${b.podNamespace}/${pod} netns for ${b.containerId.slice(0, 13)}: ${ip}/${s.ipam.prefix} via cni0, gateway ${r.gateway}`);
    ctx.reply(msg, r, { summary: ip ? `CNI ADD ${pod} -> ${ip}` : `CNI ADD ${pod} failed: no IP addresses available`, phase: 'networking' });
    return;
  }
  const ip = release(s.ipam, b.containerId);
  persist(s, ctx);
  ctx.reply(msg, { type: 'cni.response', requestId: msg.id, op: 'DEL', ok: true, ip } satisfies CniResponse, {
    summary: `CNI DEL ${pod}${ip ? ` (released ${ip})` : ''}`,
    phase: 'networking',
  });
}

export const cniPlugin: ComponentType<CniState, CniConfig> = {
  kind: 'cni',
  start(_ctx, input) {
    const ipam = createIpam(input.config.podCIDR);
    const p = input.persisted as Persisted | undefined;
    if (p) {
      ipam.allocated = new Map(p.allocated);
      if (p.lastReserved) ipam.lastReserved = p.lastReserved;
    }
    return { nodeName: input.config.nodeName, ipam };
  },
  onMessage,
  onTimer(_s: CniState, _t: Timer) {},
};
