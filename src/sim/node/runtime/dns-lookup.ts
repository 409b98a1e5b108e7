// `nslookup` inside a container, for the `until nslookup myservice...; do ...; done` loops of the
// init-containers docs page. The query goes to the cluster DNS; until Kubeplay has CoreDNS
// (issue 13) the apiserver answers it from its Services, as CoreDNS's kubernetes plugin would. The
// output is busybox 1.28's nslookup applet: the server, a blank line, then the name and address, or
// `nslookup: can't resolve '<name>'` on stderr.

import type { Effects } from '../../kernel/component';
import type { Step } from '../registry/program';
import type { Container, ContainerdState } from './state';

/** The cluster DNS Service's address (kube-dns, the service CIDR's tenth address). */
const DNS_SERVER = '10.96.0.10';
const DNS_NAME = 'kube-dns.kube-system.svc.cluster.local';

/** container -> cluster DNS */
export interface DnsQuery {
  type: 'dns.query';
  host: string;
  /** The pod's namespace: the first search domain of its resolv.conf (<ns>.svc.cluster.local). */
  namespace: string;
}

/** cluster DNS -> container: the A record's address, or none (NXDOMAIN). */
export interface DnsAnswer {
  type: 'dns.answer';
  requestId: number;
  /** The name that resolved (the search domain applied), and its address. */
  name?: string;
  address?: string;
}

/** Ask for `host`; the container waits for the answer. */
export function startLookup(s: ContainerdState, c: Container, step: Extract<Step, { op: 'untilResolves' }>, ctx: Effects): void {
  const namespace = s.sandboxes.get(c.podSandboxId)?.metadata.namespace ?? 'default';
  if (!s.config.dns) return void (c.dnsLookup = { requestId: -1, host: step.host, body: step.body });
  const q: DnsQuery = { type: 'dns.query', host: step.host, namespace };
  const id = ctx.send(s.config.dns, q, { summary: `DNS A? ${step.host} (${c.metadata.name})`, phase: 'networking' });
  c.dnsLookup = { requestId: id, host: step.host, body: step.body };
}

/**
 * The answer arrived: print what busybox prints and go on after the loop, or run the loop's body
 * and then ask again. Returns the container to advance, if any.
 */
export function onDnsAnswer(s: ContainerdState, a: DnsAnswer, write: (c: Container, stream: 'stdout' | 'stderr', text: string) => void): Container | undefined {
  for (const c of s.containers.values()) {
    const l = c.dnsLookup;
    if (!l || l.requestId !== a.requestId || c.state !== 'CONTAINER_RUNNING') continue;
    c.dnsLookup = undefined;
    write(c, 'stdout', `Server:    ${DNS_SERVER}`);
    write(c, 'stdout', `Address 1: ${DNS_SERVER} ${DNS_NAME}`);
    write(c, 'stdout', '');
    if (a.address) {
      write(c, 'stdout', `Name:      ${a.name ?? l.host}`);
      write(c, 'stdout', `Address 1: ${a.address} ${a.name ?? l.host}`);
    } else {
      write(c, 'stderr', `nslookup: can't resolve '${l.host}'`);
      c.frames.push({ steps: [...l.body, { op: 'untilResolves', host: l.host, body: l.body }], pc: 0, loop: false });
    }
    return c;
  }
  return undefined;
}
