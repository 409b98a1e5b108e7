// A process in a machine's own network namespace opens a TCP connection: kube-apiserver calling an
// admission webhook, `curl` typed in a node's shell. Its first packet takes the kernel's local
// output path as kube-proxy programmed it (iptables: nat OUTPUT -> KUBE-SERVICES -> KUBE-SVC ->
// KUBE-SEP, then filter OUTPUT; IPVS: the virtual servers, ClusterIPs bound to kube-ipvs0;
// nftables: the output hooks), with conntrack, then leaves for the node that holds the pod it was
// DNATed to. Both callers share this one path so that they route, cost and name it alike.

import type { Effects } from '../../kernel/component';
import type { KernelRules } from '../kube-proxy/kube-proxy';
import type { Sandbox } from '../runtime/state';
import { connectPort, routeConnection, routeCost, type Connection, type NodeKernel, type Route } from './packet-path';

export interface HostDial {
  conn: Connection;
  route: Route;
  /** `nat OUTPUT, iptables: 17 rules evaluated`: what deciding the first packet cost. */
  cost: string;
}

/** The netfilter hook a host process's first packet meets, by kube-proxy's mode. */
function outputHook(mode: KernelRules['rules']['mode']): string {
  return mode === 'iptables' ? 'nat OUTPUT' : mode === 'nftables' ? 'hook output' : 'LOCAL_OUT';
}

/**
 * Open a connection from `src` (an address of this machine; `local` lists every address the machine
 * owns, so that a packet to one of them stays on the host) to `dst:dport` and route its first packet.
 */
export function dialFromHost(kernel: NodeKernel, kr: KernelRules | undefined, ctx: Effects, src: string, local: string[], dst: string, dport: number): HostDial {
  const conn: Connection = { src, sport: 0, dst, dport, proto: 'tcp', local };
  conn.sport = connectPort(kernel, src, dst, dport, ctx.now, () => ctx.rand());
  const route = routeConnection(kernel, kr?.rules, conn, ctx.now, () => ctx.rand(), 'host');
  const mode = kr?.rules.mode ?? 'iptables';
  return { conn, route, cost: `${outputHook(mode)}, ${routeCost(mode, route)}` };
}

/**
 * The node the pod network delivers a pod address to: `self` when one of this machine's own
 * sandboxes has it, else the node of the Service endpoint kube-proxy knows with that address.
 * Undefined: no node routes it (the SYN goes nowhere).
 */
export function deliveringNode(ctx: Effects, kr: KernelRules | undefined, ip: string, port: number, self?: string): string | undefined {
  if (self !== undefined) {
    const sandboxes = (ctx.hostData('containerd') as { sandboxes?: Map<string, Sandbox> } | undefined)?.sandboxes;
    for (const sb of sandboxes?.values() ?? []) if (sb.ip === ip && sb.state === 'SANDBOX_READY') return self;
  }
  for (const svc of kr?.rules.services ?? []) for (const e of svc.endpoints) if (e.ip === ip && e.port === port && e.nodeName) return e.nodeName;
  return undefined;
}
