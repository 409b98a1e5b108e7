// metrics-server (kubernetes-sigs/metrics-server v0.7), the program of the kube-system
// `metrics-server` Deployment's container, as its components.yaml installs it: it lists and watches
// Nodes and Pods through kube-apiserver, and every --metric-resolution (15 s) scrapes each node's
// kubelet at /metrics/resource over the network (pkg/server/server.go runScrape/tick, one tick at
// start), keeping the last two points per node and container (pkg/storage: `last` and `prev`). Usage
// is the CPU counter's increase between the two points over their interval, and the last working set;
// /readyz fails (`metric-storage-ready`) until a second scrape has given some node two points. It
// serves the Metrics API on its --secure-port (metrics-api.ts), which kube-apiserver's aggregation
// layer proxies to through the metrics-server Service.
//
// Like CoreDNS (node/coredns/coredns.ts), the program runs inside the node's containerd, which
// speaks for its containers on the network; Kubeplay hands the process its ServiceAccount's identity
// as a static token. Simplified: TLS is not modelled (the docs' --kubelet-insecure-tls is accepted
// as written, and nothing fails without it); the kubelet does not ask the apiserver to authorize
// the scrape (nodes/metrics).

import type { Credentials, HttpRequest, HttpResponse } from '../../api/http';
import type { Effects, Message, Timer } from '../../kernel/component';
import type { MessageId, ProcessId } from '../../kernel/units';
import { kubeletId } from '../../names';
import { CLIENT_HEALTH_TIMER, CLIENT_TIMEOUT_TIMER, clientOwnsMessage, closeClient, createClient, type ClientState } from '../../client/apiclient';
import { createInformer } from '../../client/informer';
import { createInformerSet, informerSetOnMessage, informerSetOnTimer, informerSetStart, type InformerSet } from '../../client/informer-set';
import type { Container, ContainerdState } from '../runtime/state';
import { parseResourceMetrics, type ScrapePoint } from './scrape';

export const METRICS_SCRAPE_TIMER = 'metrics-server.tick';
/** metrics-server's own default --metric-resolution, which components.yaml sets explicitly too. */
const DEFAULT_RESOLUTION_MS = 60_000;
const USER_AGENT = 'metrics-server/v0.7.2 (linux/amd64) kubernetes/$Format';
const REFLECTOR = 'pkg/mod/k8s.io/client-go@v0.30.2/tools/cache/reflector.go:232';

export interface MetricsServerClientConfig {
  apiserver: ProcessId;
  credentials: Credentials;
  timeoutMs: number;
}

type InformerName = 'nodes' | 'pods';

/** What one node's kubelet last answered, and the answer before it. */
export interface NodeStore {
  last: ScrapePoint;
  prev?: ScrapePoint;
}

export interface MetricsServer {
  containerId: string;
  client: ClientState;
  informers: InformerSet<InformerName>;
  resolutionMs: number;
  /** Scrape requests in flight: message id -> node. */
  scrapes: Map<MessageId, string>;
  nodes: Map<string, NodeStore>;
}

export function isMetricsServer(image: string): boolean {
  return /^registry\.k8s\.io\/metrics-server\/metrics-server[:@]/.test(image);
}

/** `--metric-resolution=15s` (a Go duration: s or m). */
export function resolutionOf(args: readonly string[]): number {
  for (const a of args) {
    const m = /^--metric-resolution=(\d+)(s|m)$/.exec(a);
    if (m) return Number(m[1]) * (m[2] === 'm' ? 60_000 : 1000);
  }
  return DEFAULT_RESOLUTION_MS;
}

function serversOf(s: ContainerdState): Map<string, MetricsServer> {
  return (s.metricsServers ??= new Map());
}

/** The container's process started: list and watch, and the first tick at once. */
export function startMetricsServer(s: ContainerdState, ctx: Effects, c: Container): void {
  const cfg = s.config.metricsServerClient;
  if (!cfg || !isMetricsServer(c.image)) return;
  const client = createClient({ apiserver: cfg.apiserver, credentials: cfg.credentials, userAgent: USER_AGENT, timeoutMs: cfg.timeoutMs });
  const tag = c.id.slice(0, 12);
  const informers = createInformerSet<InformerName>(
    {
      nodes: createInformer({ name: `metrics-server/${tag}/nodes`, path: '/api/v1/nodes', phase: 'networking' }),
      pods: createInformer({ name: `metrics-server/${tag}/pods`, path: '/api/v1/pods', phase: 'networking' }),
    },
    { pid: 1, reflector: REFLECTOR },
  );
  const srv: MetricsServer = { containerId: c.id, client, informers, resolutionMs: resolutionOf(c.args ?? []), scrapes: new Map(), nodes: new Map() };
  serversOf(s).set(c.id, srv);
  informerSetStart(ctx, client, informers);
  ctx.setTimer(0, METRICS_SCRAPE_TIMER, c.id);
}

/** The container's process ended: its watches close and what it stored is gone. */
export function stopMetricsServer(s: ContainerdState, ctx: Effects, containerId: string): void {
  const srv = s.metricsServers?.get(containerId);
  if (!srv) return;
  closeClient(srv.client, ctx);
  s.metricsServers!.delete(containerId);
}

/** One tick: a GET /metrics/resource to every node's kubelet the informer knows; the next tick set. */
function tick(s: ContainerdState, ctx: Effects, srv: MetricsServer): void {
  ctx.setTimer(srv.resolutionMs, METRICS_SCRAPE_TIMER, srv.containerId);
  const cfg = s.config.metricsServerClient!;
  for (const node of srv.informers.byName.nodes.items.keys()) {
    const req: HttpRequest = { type: 'http.request', method: 'GET', path: '/metrics/resource', credentials: cfg.credentials, userAgent: USER_AGENT };
    const id = ctx.send(kubeletId(node), req, { summary: `GET https://${node}:10250/metrics/resource (metrics-server scrape)`, phase: 'networking', object: { kind: 'Node', name: node } });
    srv.scrapes.set(id, node);
  }
}

/** A kubelet answered a scrape: its point becomes `last`, the one before `prev` (storage/node.go Store). */
function onScrapeAnswer(srv: MetricsServer, node: string, r: HttpResponse): void {
  if (r.status !== 200 || typeof r.body !== 'string') return;
  const point = parseResourceMetrics(r.body);
  if (!point) return;
  const stored = srv.nodes.get(node);
  if (stored && stored.last.timestampMs >= point.timestampMs) return;
  srv.nodes.set(node, { last: point, prev: stored?.last });
}

/** A message for one of the metrics-server programs on this node; false when it is none of theirs. */
export function metricsServerOnMessage(s: ContainerdState, ctx: Effects, msg: Message): boolean {
  if (!s.metricsServers?.size) return false;
  const b = msg.body as { type: string; requestId?: MessageId; inReplyTo?: MessageId };
  for (const srv of s.metricsServers.values()) {
    if (b.type === 'http.response' && b.requestId !== undefined && srv.scrapes.has(b.requestId)) {
      const node = srv.scrapes.get(b.requestId)!;
      srv.scrapes.delete(b.requestId);
      return onScrapeAnswer(srv, node, msg.body as HttpResponse), true;
    }
    if (b.type === 'conn.refused' && b.inReplyTo !== undefined && srv.scrapes.delete(b.inReplyTo)) return true;
    if (clientOwnsMessage(srv.client, msg)) {
      informerSetOnMessage(ctx, srv.client, srv.informers, msg);
      return true;
    }
  }
  return false;
}

/** A timer of one of the metrics-server programs; false when it is none of theirs. */
export function metricsServerOnTimer(s: ContainerdState, ctx: Effects, t: Timer): boolean {
  if (t.name === METRICS_SCRAPE_TIMER) {
    const srv = s.metricsServers?.get(t.payload as string);
    if (srv) tick(s, ctx, srv);
    return true;
  }
  for (const srv of s.metricsServers?.values() ?? []) {
    if (t.name === CLIENT_TIMEOUT_TIMER && !srv.client.pending.has(t.payload as MessageId)) continue;
    if (t.name === CLIENT_HEALTH_TIMER && srv.client.health?.timer !== t.id) continue;
    const p = t.payload as { informer?: string } | undefined;
    if (t.name !== CLIENT_TIMEOUT_TIMER && t.name !== CLIENT_HEALTH_TIMER && !Object.values(srv.informers.byName).some((i) => i.name === p?.informer)) continue;
    if (informerSetOnTimer(ctx, srv.client, srv.informers, t) !== undefined) return true;
  }
  return false;
}

/** storage.go Ready: some node or pod has two points. */
export function storageReady(srv: MetricsServer): boolean {
  return [...srv.nodes.values()].some((n) => n.prev !== undefined);
}

/** containerd restarted: running metrics-server containers start over (their connections died with it). */
export function restartMetricsServers(s: ContainerdState, ctx: Effects): void {
  s.metricsServers = new Map();
  for (const c of s.containers.values()) if (c.state === 'CONTAINER_RUNNING') startMetricsServer(s, ctx, c);
}
