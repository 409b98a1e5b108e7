// `curl` and `wget` in a shell on a node (`ssh worker-1 -- curl -s http://10.96.0.10`): a process
// in the host's network namespace. Its first packet takes the node kernel's local output path as
// kube-proxy programmed it (iptables: nat OUTPUT -> KUBE-SERVICES -> KUBE-SVC -> KUBE-SEP, then
// filter OUTPUT; IPVS: the virtual server, ClusterIPs bound to kube-ipvs0 and node ports on the
// node's address; nftables: filter-output then nat-output), with conntrack, then goes over the pod
// network to the node of the pod it was DNATed to, whose container answers (serve-request.ts),
// exactly as a pod's request does (node/runtime/outgoing.ts).
// Names: the node's /etc/resolv.conf points at the machine's own upstream resolver, not at the
// cluster DNS, so `web.default.svc.cluster.local` does not resolve on a node (Kubernetes docs,
// "DNS for Services and Pods": the cluster domain is served to pods by the cluster DNS). Only
// `localhost` (/etc/hosts) and address literals are known here; the upstream resolver is not modelled.
// Conntrack entries of these connections live in the same host kernel as the pods' ones and
// `conntrack -L` lists both.

import type { Effects, Message } from '../../kernel/component';
import type { MessageId, TimerId } from '../../kernel/units';
import { containerdId } from '../../names';
import { closeConnection, createNodeKernel, type Connection, type NodeKernel, type Route } from '../../node/kernel/packet-path';
import { deliveringNode, dialFromHost } from '../../node/kernel/host-dial';
import type { KernelRules } from '../../node/kube-proxy/kube-proxy';
import type { PodHttpRequestBody, PodHttpResponseBody } from '../../node/runtime/outgoing';
import { TCP_CONNECT_TIMEOUT_MS } from '../../node/runtime/outgoing';
import { httpClientCommand, type HttpClientCommand, type HttpOutcome } from '../../node/runtime/traffic-client';
import { NODE_CURL_VERSION, NODE_WGET_VERSION, nodeCurlResult, nodeWgetResult } from './host-http-texts';
import { output } from './shell-output';

export const HOST_HTTP_TIMER = 'host-http.timeout';
export const HOST_HTTP_TOOLS = new Set(['curl', 'wget']);

interface HostRequest {
  jobId: number;
  cmd: HttpClientCommand;
  startedAt: number;
  ip: string;
  conn: Connection;
  route?: Route;
  netRequestId?: MessageId;
  timer?: TimerId;
}

export interface HostHttpState {
  /** The host kernel's conntrack and schedulers for connections the node's own processes open. */
  kernel: NodeKernel;
  requests: Map<number, HostRequest>;
}

export interface HostEnv {
  node: string;
  /** The node's InternalIP. */
  nodeIP: string;
}

export function newHostHttp(): HostHttpState {
  return { kernel: createNodeKernel(), requests: new Map() };
}

function finish(h: HostHttpState, ctx: Effects, r: HostRequest, o: HttpOutcome): void {
  h.requests.delete(r.jobId);
  if (r.timer !== undefined) ctx.cancelTimer(r.timer);
  closeConnection(h.kernel, r.conn, ctx.now, o.kind === 'response' ? 'closed' : o.kind === 'timeout' ? 'unanswered' : 'reset');
  const res = r.cmd.tool === 'wget' ? nodeWgetResult(r.cmd, o, r.startedAt, ctx.now) : nodeCurlResult(r.cmd, o);
  output(ctx, r.jobId, res.stdout, res.stderr, res.exitCode);
}

/** `curl ...` / `wget ...` typed in the node's shell. */
export function hostHttp(h: HostHttpState, env: HostEnv, ctx: Effects, jobId: number, argv: string[]): void {
  const parsed = httpClientCommand(argv, () => true);
  if (!parsed) return output(ctx, jobId, '', `bash: ${argv[0]}: command not found\n`, 127);
  if (!parsed.ok) return output(ctx, jobId, '', parsed.stderr, parsed.exitCode);
  const cmd = parsed.cmd;
  const ip = cmd.host === 'localhost' ? '127.0.0.1' : /^\d+\.\d+\.\d+\.\d+$/.test(cmd.host) ? cmd.host : undefined;
  const kr = ctx.hostData('kube-proxy') as KernelRules | undefined;
  const loopback = ip?.startsWith('127.') ?? false;
  const src = loopback ? '127.0.0.1' : env.nodeIP;
  const local = loopback ? [env.nodeIP, ip ?? ''] : [env.nodeIP];
  if (ip === undefined) {
    const none: Connection = { src, sport: 0, dst: '', dport: cmd.port, proto: 'tcp', local };
    return finish(h, ctx, { jobId, cmd, startedAt: ctx.now, ip: '', conn: none }, { kind: 'bad-address' });
  }
  const dst = ip;
  const { conn, route, cost } = dialFromHost(h.kernel, kr, ctx, src, local, dst, cmd.port);
  const r: HostRequest = { jobId, cmd, startedAt: ctx.now, ip: dst, conn, route };
  h.requests.set(jobId, r);
  const target = `${cmd.tool} GET http://${cmd.host}${cmd.port === 80 ? '' : `:${cmd.port}`}${cmd.path}`;
  const object = { kind: 'Node', name: env.node };
  const self = containerdId(env.node);
  if (route.kind === 'refused') {
    ctx.send(self, { type: 'pod.packet.dropped' }, { summary: `${target} ${src}:${conn.sport} -> ${dst}:${cmd.port} REJECT icmp-port-unreachable (${cost})`, phase: 'networking', object });
    return finish(h, ctx, r, { kind: 'refused', ip: dst, elapsedMs: 0 });
  }
  const walk = route.path?.length ? ` via ${route.path.join(' -> ')}` : '';
  const via = route.fromConntrack ? 'conntrack' : route.dnat ? `DNAT ${route.ip}:${route.port}${walk}` : 'routed';
  const summary = `${target} ${src}:${conn.sport} -> ${dst}:${cmd.port} ${via} (${cost})`;
  // An address of the node itself that no rule translated: nothing on the host listens there.
  if (!route.dnat && (route.ip === env.nodeIP || route.ip.startsWith('127.'))) {
    ctx.send(self, { type: 'pod.packet.dropped' }, { summary: `${summary}: RST, nothing listens on ${route.ip}:${route.port}`, phase: 'networking', object });
    return finish(h, ctx, r, { kind: 'refused', ip: dst, elapsedMs: 0 });
  }
  const timeoutMs = cmd.timeoutSec !== undefined && cmd.timeoutSec * 1000 < TCP_CONNECT_TIMEOUT_MS ? cmd.timeoutSec * 1000 : TCP_CONNECT_TIMEOUT_MS;
  r.timer = ctx.setTimer(timeoutMs, HOST_HTTP_TIMER, jobId);
  const node = deliveringNode(ctx, kr, route.ip, route.port, env.node);
  // An address no node routes: the SYN goes nowhere and the connect times out.
  if (!node) return void ctx.send(self, { type: 'pod.packet.dropped' }, { summary: `${summary}: no route to ${route.ip}`, phase: 'networking', object });
  const userAgent = cmd.tool === 'wget' ? `Wget/${NODE_WGET_VERSION}` : `curl/${NODE_CURL_VERSION}`;
  const body: PodHttpRequestBody = { type: 'pod.http.request', ip: route.ip, port: route.port, method: 'GET', path: cmd.path, src, srcNode: env.node, userAgent };
  r.netRequestId = ctx.send(containerdId(node), body, { summary, phase: 'networking', object });
}

/** The answer of the pod a request reached; false when it is not one of this shell's requests. */
export function hostHttpResponse(h: HostHttpState, ctx: Effects, msg: Message): boolean {
  const b = msg.body as PodHttpResponseBody;
  const r = [...h.requests.values()].find((x) => x.netRequestId === b.requestId);
  if (!r) return false;
  const sv = b.served;
  if (sv.kind === 'refused') finish(h, ctx, r, { kind: 'refused', ip: r.ip, elapsedMs: Math.round(ctx.now - r.startedAt) });
  else if (sv.kind === 'reset' || sv.kind === 'hang') finish(h, ctx, r, { kind: 'reset', ip: r.ip });
  else finish(h, ctx, r, { kind: 'response', status: sv.status, reason: sv.reason, body: sv.body, ip: r.ip });
  return true;
}

/** No answer in time: the kernel's SYN retries ran out, or the tool's own -m / -T. */
export function hostHttpTimeout(h: HostHttpState, ctx: Effects, jobId: number): void {
  const r = h.requests.get(jobId);
  if (!r) return;
  r.timer = undefined;
  const byTool = r.cmd.timeoutSec !== undefined && r.cmd.timeoutSec * 1000 < TCP_CONNECT_TIMEOUT_MS;
  finish(h, ctx, r, { kind: 'timeout', ip: r.ip, elapsedMs: Math.round(ctx.now - r.startedAt), byTool });
}

/** Ctrl-C on a request still waiting: it ends with 130 and nothing more is printed. */
export function cancelHostHttp(h: HostHttpState, ctx: Effects, jobId: number): boolean {
  const r = h.requests.get(jobId);
  if (!r) return false;
  h.requests.delete(jobId);
  if (r.timer !== undefined) ctx.cancelTimer(r.timer);
  closeConnection(h.kernel, r.conn, ctx.now, 'reset');
  output(ctx, jobId, '', '', 130);
  return true;
}
