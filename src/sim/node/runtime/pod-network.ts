// What a container's packets need from the node they leave: the node kernel's own state
// (conntrack, the IPVS scheduler), the rules kube-proxy last wrote to it, and where the pod network
// delivers an address. Shared by the TCP requests (outgoing.ts) and the DNS queries (resolver.ts).

import type { Effects } from '../../kernel/component';
import { createNodeKernel, type NodeKernel } from '../kernel/packet-path';
import type { KernelRules } from '../kube-proxy/kube-proxy';
import type { ProxyRules } from '../kube-proxy/rules';
import type { Container, ContainerdState } from './state';

export function kernelOf(s: ContainerdState): NodeKernel {
  return (s.kernel ??= createNodeKernel());
}

/** The rules kube-proxy last wrote to this node's kernel. */
export function hostRules(ctx: Effects): ProxyRules | undefined {
  return (ctx.hostData('kube-proxy') as KernelRules | undefined)?.rules;
}

export function sandboxOf(s: ContainerdState, c: Container) {
  return s.sandboxes.get(c.podSandboxId);
}

/** Where the pod network delivers an address: the node of the endpoint, or this node for its own pods. */
export function nodeFor(s: ContainerdState, rules: ProxyRules | undefined, ip: string, port: number): string | undefined {
  for (const sb of s.sandboxes.values()) if (sb.ip === ip && sb.state === 'SANDBOX_READY') return s.config.nodeName;
  for (const svc of rules?.services ?? []) for (const e of svc.endpoints) if (e.ip === ip && e.port === port && e.nodeName) return e.nodeName;
  return undefined;
}
