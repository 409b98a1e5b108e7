// CoreDNS, the program of the kube-system `coredns` Deployment's container: while the container
// runs it keeps its own view of the cluster and answers the DNS queries the pod network delivers
// to its pod's address on port 53.
//
// Design: the container is an ordinary container (containerd runs it in its pod sandbox with its
// own pod IP from the CNI, the kubelet probes it, the EndpointSlice controller puts it behind the
// kube-dns Service), and its program is this module, run by the node's containerd as the shim runs
// the real process. Its kubernetes plugin lists and watches Services, EndpointSlices and
// Namespaces through kube-apiserver with the shared client and informer machinery
// (client/informer-set.ts), as CoreDNS's plugin/kubernetes does with client-go's informers, under
// the coredns ServiceAccount (kubeadm's `system:coredns` ClusterRole allows list and watch). The
// view starts when the container starts and dies with it: a stopped container, a deleted pod or a
// dead node answers nothing, and a new pod lists everything again. Kubeplay hands the process the
// ServiceAccount's identity as a static token (as it does for the controllers, tokens.ts) instead
// of a projected token from its volume. The informers' requests and watch events travel between
// the apiserver and the node's containerd process, which speaks for its containers.

import type { Credentials } from '../../api/http';
import type { KubeObject } from '../../api/types';
import type { Effects, Message, Timer } from '../../kernel/component';
import type { MessageId, ProcessId } from '../../kernel/units';
import { CLIENT_HEALTH_TIMER, CLIENT_TIMEOUT_TIMER, clientOwnsMessage, closeClient, createClient, type ClientState } from '../../client/apiclient';
import { createInformer } from '../../client/informer';
import { createInformerSet, informerSetOnMessage, informerSetOnTimer, informerSetStart, informerSetSynced, type InformerSet } from '../../client/informer-set';
import type { Container, ContainerdState } from '../runtime/state';
import { replySummary, type DnsAnswerPacket, type DnsQueryPacket } from './dns-message';
import { answerQuery, corefileZone, type ClusterView, type DnsReply } from './kubernetes-plugin';

/** The coredns container's identity towards kube-apiserver, and where that is. */
export interface CorednsClientConfig {
  apiserver: ProcessId;
  credentials: Credentials;
  timeoutMs: number;
}

type InformerName = 'services' | 'endpointslices' | 'namespaces';

export interface CorednsServer {
  containerId: string;
  client: ClientState;
  informers: InformerSet<InformerName>;
  zone: string;
}

/** CoreDNS's images: kubeadm's (registry.k8s.io/coredns/coredns) and Docker Hub's. */
export function isCoreDns(image: string): boolean {
  return /^(registry\.k8s\.io|k8s\.gcr\.io|docker\.io)\/coredns\/coredns[:@]/.test(image);
}

/** client-go's default User-Agent for a binary built without version stamps, as CoreDNS is. */
const USER_AGENT = 'coredns/v0.0.0 (linux/amd64) kubernetes/$Format';
/** CoreDNS's kubernetes plugin builds its informers in plugin/kubernetes/controller.go. */
const REFLECTOR = 'pkg/mod/k8s.io/client-go@v0.29.3/tools/cache/reflector.go:229';

function serversOf(s: ContainerdState): Map<string, CorednsServer> {
  return (s.coredns ??= new Map());
}

/** The container's process started: the kubernetes plugin lists and watches. */
export function startCoreDns(s: ContainerdState, ctx: Effects, c: Container): void {
  const cfg = s.config.corednsClient;
  if (!cfg || !isCoreDns(c.image)) return;
  const client = createClient({ apiserver: cfg.apiserver, credentials: cfg.credentials, userAgent: USER_AGENT, timeoutMs: cfg.timeoutMs });
  // Informer names carry the container id: two CoreDNS containers on one node keep their timers apart.
  const tag = c.id.slice(0, 12);
  const informers = createInformerSet<InformerName>(
    {
      services: createInformer({ name: `coredns/${tag}/services`, path: '/api/v1/services', phase: 'networking' }),
      endpointslices: createInformer({ name: `coredns/${tag}/endpointslices`, path: '/apis/discovery.k8s.io/v1/endpointslices', phase: 'networking' }),
      namespaces: createInformer({ name: `coredns/${tag}/namespaces`, path: '/api/v1/namespaces', phase: 'networking' }),
    },
    { pid: 1, reflector: REFLECTOR },
  );
  const srv: CorednsServer = { containerId: c.id, client, informers, zone: corefileZone(c.mounted?.['/etc/coredns/Corefile']) };
  serversOf(s).set(c.id, srv);
  informerSetStart(ctx, client, informers);
}

/** The container's process ended: its watches close and its view is gone. */
export function stopCoreDns(s: ContainerdState, ctx: Effects, containerId: string): void {
  const srv = s.coredns?.get(containerId);
  if (!srv) return;
  closeClient(srv.client, ctx);
  s.coredns!.delete(containerId);
}

/** The server a message from kube-apiserver is for: the one whose client has the call it answers. */
function serverForMessage(s: ContainerdState, msg: Message): CorednsServer | undefined {
  for (const srv of s.coredns?.values() ?? []) if (clientOwnsMessage(srv.client, msg)) return srv;
  return undefined;
}

/** A message for one of the CoreDNS containers' clients; false when it is none of theirs. */
export function corednsOnMessage(s: ContainerdState, ctx: Effects, msg: Message): boolean {
  if (msg.body.type === 'dns.query') return serveQuery(s, ctx, msg), true;
  if (!s.coredns?.size) return false;
  const srv = serverForMessage(s, msg);
  if (!srv) return false;
  // The informers keep their caches; the server reads them when a query comes.
  informerSetOnMessage(ctx, srv.client, srv.informers, msg);
  return true;
}

/** A timer of one of the CoreDNS containers' clients or informers; false when it is none of theirs. */
export function corednsOnTimer(s: ContainerdState, ctx: Effects, t: Timer): boolean {
  for (const srv of s.coredns?.values() ?? []) {
    if (t.name === CLIENT_TIMEOUT_TIMER && !srv.client.pending.has(t.payload as MessageId)) continue;
    if (t.name === CLIENT_HEALTH_TIMER && srv.client.health?.timer !== t.id) continue;
    const p = t.payload as { informer?: string } | undefined;
    if (t.name !== CLIENT_TIMEOUT_TIMER && t.name !== CLIENT_HEALTH_TIMER && !Object.values(srv.informers.byName).some((i) => i.name === p?.informer)) continue;
    if (informerSetOnTimer(ctx, srv.client, srv.informers, t) !== undefined) return true;
  }
  return false;
}

function viewOf(srv: CorednsServer): ClusterView {
  const items = (n: InformerName): ReadonlyMap<string, KubeObject> => srv.informers.byName[n].items as ReadonlyMap<string, KubeObject>;
  return { services: items('services'), endpointslices: items('endpointslices'), namespaces: items('namespaces'), zone: srv.zone };
}

/** The running CoreDNS container of the pod at this address, if its program serves. */
function serverAt(s: ContainerdState, ip: string): CorednsServer | undefined {
  for (const srv of s.coredns?.values() ?? []) {
    const c = s.containers.get(srv.containerId);
    if (c?.state === 'CONTAINER_RUNNING' && s.sandboxes.get(c.podSandboxId)?.ip === ip) return srv;
  }
  return undefined;
}

/**
 * A query arrived at a pod address on this node. A CoreDNS container whose caches have synced
 * answers it; anything else (no CoreDNS there, or one still listing) leaves it unanswered and the
 * client's resolver times out.
 */
function serveQuery(s: ContainerdState, ctx: Effects, msg: Message): void {
  const q = msg.body as unknown as DnsQueryPacket;
  const srv = serverAt(s, q.ip);
  if (!srv || q.port !== 53 || !informerSetSynced(srv.informers)) return;
  const reply = loadbalance(answerQuery(viewOf(srv), q.qname, q.qtype), ctx);
  const body: DnsAnswerPacket = { type: 'dns.answer', requestId: msg.id, reply };
  ctx.reply(msg, body, { summary: `${q.ip}:53 -> ${q.src}:${q.sport} ${replySummary(q.qname, q.qtype, reply)}`, phase: 'networking' });
}

/** The Corefile's `loadbalance` plugin: A records in a random order (round_robin shuffles them). */
function loadbalance(r: DnsReply, ctx: Effects): DnsReply {
  if (r.answers.length < 2) return r;
  const a = [...r.answers];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(ctx.rand() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return { ...r, answers: a };
}

/** containerd restarted: its running CoreDNS containers list and watch again (their connections died with it). */
export function restartCoreDns(s: ContainerdState, ctx: Effects): void {
  s.coredns = new Map();
  for (const c of s.containers.values()) if (c.state === 'CONTAINER_RUNNING') startCoreDns(s, ctx, c);
}
