// A request a container makes (wget, curl, the load generator) as it travels: the name resolved
// by asking CoreDNS over the pod network (resolveName, resolver.ts), the first packet
// through the sending node's kernel as kube-proxy programmed it (node/kernel/packet-path.ts: the
// rule walk or the IPVS lookup, DNAT, conntrack), then a message over the pod network to the node
// of the pod it was sent to, whose container answers (serve-request.ts). No answer in time (the
// node is down, the packet dropped) ends in the kernel's connect timeout or the tool's own.

import type { Effects, Message } from '../../kernel/component';
import type { MessageId, TimerId } from '../../kernel/units';
import { containerdId } from '../../names';
import { closeConnection, connectPort, routeConnection, routeCost, type Connection, type Route } from '../kernel/packet-path';
import { hostRules, kernelOf, nodeFor, sandboxOf } from './pod-network';
import { resolvConfOf, searchNames, startLookup, type LookupEvent } from './resolver';
import { phpApacheOf, serveRequest, timeLocal, type PodHttpRequest, type Served } from './serve-request';
import { apacheBytesSent, combinedLogLine } from '../registry/php-apache';
import { clientResult, userAgent, type HttpClientCommand, type HttpOutcome } from './traffic-client';
import type { Container, ContainerdState, Waiter } from './state';
import { answerNow } from './reply';
import type { ExecResult } from './cri';
import { writeLog } from './process';
import { onLoadRequestDone, recordLoadEnd } from './load-generator';
import { guestbookCall, guestbookPage, predisCommand, type GuestbookCall, type GuestbookFlavour } from './guestbook-frontend';
import { onReplicate, onSyncDone, propagateWrite, type RedisReplicate } from './redis-server';

/** Linux gives up a TCP connect after its SYN retries (net.ipv4.tcp_syn_retries = 6): about 127 s. */
export const TCP_CONNECT_TIMEOUT_MS = 127_000;
export const OUTGOING_TIMER = 'outgoing.timeout';
/** curl's version in images that do not say (Debian bookworm's). */
const CURL_VERSION = '7.88.1';

export interface OutgoingRequest {
  id: number;
  containerId: string;
  cmd: HttpClientCommand;
  /** Who gets the outcome: a `kubectl exec` (CRI Exec), a load generator, a request the container is answering, a replica's sync. */
  waiter?: Waiter;
  load?: number;
  upstream?: Upstream;
  replicaOf?: string;
  startedAt: number;
  /** The DNS lookup of the host's name in flight (resolver.ts). */
  lookupId?: number;
  netRequestId?: MessageId;
  /** The address connected to (a ClusterIP or a pod's). */
  ip?: string;
  conn?: Connection;
  route?: Route;
  timer?: TimerId;
}

/** pod network: sending node -> node of the pod the packet was DNATed to. */
export interface PodHttpRequestBody extends PodHttpRequest {
  type: 'pod.http.request';
  ip: string;
  port: number;
}

export interface PodHttpResponseBody {
  type: 'pod.http.response';
  requestId: MessageId;
  served: Served;
}

/** A request a container answers once its own request is done (the guestbook's PHP calling redis). */
export interface Upstream {
  msg: Message;
  body: PodHttpRequestBody;
  container: string;
  call: GuestbookCall;
}

export interface OutgoingDone {
  req: OutgoingRequest;
  outcome: HttpOutcome;
  /** The pod that answered (`ip:port`), when one did. */
  endpoint?: string;
}

/**
 * Resolve a name as the pod's C library does: resolv.conf's search list, one name at a time, each
 * a query to the cluster DNS over the network (resolver.ts). No answer in time, or none of the
 * names exists: the tool's "bad address" / "Could not resolve host".
 */
function resolveName(s: ContainerdState, ctx: Effects, c: Container, r: OutgoingRequest): void {
  const questions = searchNames(r.cmd.host, resolvConfOf(c)).map((qname) => ({ qname, qtype: 'A' as const }));
  const l = startLookup(s, ctx, c, { owner: { kind: 'outgoing', id: r.id }, mode: 'serial', questions });
  if (!l) return finish(s, ctx, r, { kind: 'bad-address' });
  r.lookupId = l.id;
}

/** The lookup of a request's host ended: connect to the first address, or fail. False when the lookup is not a request's. */
export function outgoingOnLookup(s: ContainerdState, ctx: Effects, ev: LookupEvent): boolean {
  if (ev.lookup.owner.kind !== 'outgoing') return false;
  const r = s.outgoing?.get(ev.lookup.owner.id);
  if (!r || ev.kind === 'reply') return true;
  r.lookupId = undefined;
  const ip = ev.kind === 'answer' ? ev.question.reply?.answers.find((a) => a.type === 'A')?.data : undefined;
  if (!ip) return finish(s, ctx, r, { kind: 'bad-address' }), true;
  return connect(s, ctx, r, ip), true;
}

type Sink = Pick<OutgoingRequest, 'waiter' | 'load' | 'upstream' | 'replicaOf'>;

const speaksRedis = (cmd: HttpClientCommand): boolean => cmd.tool === 'redis-cli' || cmd.tool === 'redis';

export function startOutgoing(s: ContainerdState, ctx: Effects, c: Container, cmd: HttpClientCommand, sink: Sink): void {
  s.counters.outgoing = (s.counters.outgoing ?? 0) + 1;
  const r: OutgoingRequest = { id: s.counters.outgoing, containerId: c.id, cmd, startedAt: ctx.now, ...sink };
  (s.outgoing ??= new Map()).set(r.id, r);
  // /etc/hosts names localhost; an address needs no lookup.
  if (cmd.host === 'localhost') return connect(s, ctx, r, '127.0.0.1');
  if (/^\d+\.\d+\.\d+\.\d+$/.test(cmd.host)) return connect(s, ctx, r, cmd.host);
  resolveName(s, ctx, c, r);
}

function connect(s: ContainerdState, ctx: Effects, r: OutgoingRequest, ip: string): void {
  const c = s.containers.get(r.containerId);
  const src = c ? sandboxOf(s, c)?.ip : undefined;
  if (!c || !src) return finish(s, ctx, r, { kind: 'refused', ip, elapsedMs: 0 });
  r.ip = ip;
  const rules = hostRules(ctx);
  // Loopback stays inside the pod's network namespace: its own address, no rules on the way.
  const dst = ip.startsWith('127.') ? src : ip;
  const conn: Connection = { src, sport: connectPort(kernelOf(s), src, dst, r.cmd.port, ctx.now, () => ctx.rand()), dst, dport: r.cmd.port, proto: 'tcp' };
  r.conn = conn;
  const route = routeConnection(kernelOf(s), rules, conn, ctx.now, () => ctx.rand());
  r.route = route;
  const mode = rules?.mode ?? 'iptables';
  const cost = routeCost(mode, route);
  if (route.kind === 'refused') return finish(s, ctx, r, { kind: 'refused', ip, elapsedMs: 0 }, `${conn.src} -> ${ip}:${conn.dport} REJECT (${cost})`);
  const node = nodeFor(s, rules, route.ip, route.port);
  const via = route.fromConntrack ? 'conntrack' : route.dnat ? `DNAT ${route.ip}:${route.port}` : 'routed';
  const target = speaksRedis(r.cmd) ? `${(r.cmd.redisArgs ?? [r.cmd.path]).join(' ')} redis://${r.cmd.host}:${r.cmd.port}` : `GET http://${r.cmd.host}${r.cmd.port === 80 ? '' : `:${r.cmd.port}`}${r.cmd.path}`;
  const summary = `${r.cmd.tool} ${target} ${conn.src}:${conn.sport} -> ${ip}:${conn.dport} ${via} (${cost})`;
  const timeoutMs = r.cmd.timeoutSec !== undefined && r.cmd.timeoutSec * 1000 < TCP_CONNECT_TIMEOUT_MS ? r.cmd.timeoutSec * 1000 : TCP_CONNECT_TIMEOUT_MS;
  if (r.timer !== undefined) ctx.cancelTimer(r.timer);
  r.timer = ctx.setTimer(timeoutMs, OUTGOING_TIMER, r.id);
  const sb = sandboxOf(s, c)!;
  const object = { kind: 'Pod', name: sb.metadata.name, namespace: sb.metadata.namespace };
  // An address no node routes (no pod there): the SYN goes nowhere and the connect times out.
  if (!node) return void ctx.send(containerdId(s.config.nodeName), { type: 'pod.packet.dropped' }, { summary: `${summary}: no route to ${route.ip}`, phase: 'networking', object });
  const body: PodHttpRequestBody = { type: 'pod.http.request', ip: route.ip, port: route.port, method: 'GET', path: r.cmd.path, src, srcNode: s.config.nodeName, userAgent: userAgent(r.cmd, curlVersion(c)) };
  if (speaksRedis(r.cmd)) {
    body.protocol = 'redis';
    body.redisArgs = r.cmd.redisArgs ?? [r.cmd.path];
  }
  r.netRequestId = ctx.send(containerdId(node), body, { summary, phase: 'networking', object });
}

function curlVersion(c: Container): string {
  const m = /curl:(\d+\.\d+\.\d+)$/.exec(c.image);
  return m ? m[1]! : c.image.includes('curlimages/curl') ? '8.9.1' : CURL_VERSION;
}

/** A load's request that a REJECT or its timeout ended: where, for the app's graph. */
function recordEnd(s: ContainerdState, ctx: Effects, r: OutgoingRequest, outcome: HttpOutcome): void {
  const c = s.containers.get(r.containerId);
  const sb = c ? sandboxOf(s, c) : undefined;
  if (r.load === undefined || !r.conn || !sb) return;
  const at = { load: r.load, client: `pods/${sb.metadata.namespace}/${sb.metadata.name}`, time: ctx.now, dst: r.conn.dst, dport: r.conn.dport };
  if (outcome.kind === 'refused' && r.route?.kind === 'refused') return recordLoadEnd(s, { ...at, kind: 'rejected' });
  if (outcome.kind !== 'timeout' || r.route?.kind !== 'deliver') return;
  const node = nodeFor(s, hostRules(ctx), r.route.ip, r.route.port);
  recordLoadEnd(s, { ...at, kind: 'timed out', backend: r.route.ip, ...(node && { node }) });
}

function finish(s: ContainerdState, ctx: Effects, r: OutgoingRequest, outcome: HttpOutcome, note?: string, endpoint?: string): void {
  s.outgoing?.delete(r.id);
  if (r.timer !== undefined) ctx.cancelTimer(r.timer);
  if (r.conn) closeConnection(kernelOf(s), r.conn, ctx.now, outcome.kind === 'response' ? 'closed' : outcome.kind === 'timeout' ? 'unanswered' : 'reset');
  const done: OutgoingDone = { req: r, outcome };
  if (endpoint) done.endpoint = endpoint;
  if (r.waiter) {
    const res = clientResult(r.cmd, outcome);
    const result: ExecResult = { exitCode: res.exitCode, stdout: res.stdout, stderr: res.stderr };
    answerNow(ctx, r.waiter, result, undefined, `Exec ${r.cmd.tool}: ${note ?? outcomeText(outcome)}: exit ${res.exitCode}`);
  }
  if (r.load !== undefined) {
    recordEnd(s, ctx, r, outcome);
    onLoadRequestDone(s, ctx, r.load, outcome, endpoint);
  }
  if (r.upstream) answerUpstream(s, ctx, r.upstream, outcome);
  if (r.replicaOf) onSyncDone(s, ctx, r.replicaOf, outcome);
}

/** The PHP script got Predis's outcome: the page goes back to whoever asked the frontend. */
function answerUpstream(s: ContainerdState, ctx: Effects, u: Upstream, o: HttpOutcome): void {
  const text = guestbookPage(u.call, o);
  const served: Served = { kind: 'response', status: 200, reason: 'OK', body: text, container: u.container };
  const c = [...s.containers.values()].find((x) => x.metadata.name === u.container && s.sandboxes.get(x.podSandboxId)?.ip === u.body.ip && x.state === 'CONTAINER_RUNNING');
  // Debian's combined format (php-apache.ts); PHP's page carries X-Powered-By, not a file's headers.
  const build = c ? phpApacheOf(c) : undefined;
  const sent = build ? apacheBytesSent({ status: 200, reason: 'OK', body: text, build, php: true, keepAlive: u.body.userAgent.startsWith('curl/'), now: ctx.now }) : text.length;
  if (c) writeLog(s, c, 'stdout', combinedLogLine(u.body.src, timeLocal(ctx.now), `${u.body.method} ${u.body.path} HTTP/1.1`, 200, sent, u.body.userAgent), ctx.now);
  const reply: PodHttpResponseBody = { type: 'pod.http.response', requestId: u.msg.id, served };
  ctx.reply(u.msg, reply, { summary: `${u.body.ip}:${u.body.port} -> ${u.body.src}: HTTP/1.1 200 OK (${text.length} bytes, ${u.container}: guestbook.php ${u.call.cmd})`, phase: 'networking' });
}

/** A request for guestbook.php with a cmd: the frontend's PHP calls redis before it answers. */
function startGuestbookCall(s: ContainerdState, ctx: Effects, msg: Message, b: PodHttpRequestBody): boolean {
  if (b.protocol === 'redis') return false;
  const app = (x: Container): GuestbookFlavour | undefined => x.listening.find((l) => l.port === b.port && l.http?.app)?.http?.app;
  const c = [...s.containers.values()].find((x) => x.state === 'CONTAINER_RUNNING' && s.sandboxes.get(x.podSandboxId)?.ip === b.ip && app(x) !== undefined);
  const call = c ? guestbookCall(b.path, c.processEnv ?? [], app(c)) : undefined;
  if (!c || !call) return false;
  startOutgoing(s, ctx, c, predisCommand(call), { upstream: { msg, body: b, container: c.metadata.name, call } });
  return true;
}

function outcomeText(o: HttpOutcome): string {
  if (o.kind === 'response') return `HTTP ${o.status}`;
  if (o.kind === 'bad-address') return 'bad address';
  return o.kind === 'refused' ? 'connection refused' : 'timed out';
}

/** containerd got a message this module handles; false otherwise. */
export function outgoingOnMessage(s: ContainerdState, ctx: Effects, msg: Message): boolean {
  const type = msg.body.type;
  if (type === 'pod.http.request') {
    const b = msg.body as PodHttpRequestBody;
    if (startGuestbookCall(s, ctx, msg, b)) return true;
    const served = serveRequest(s, b.ip, b.port, b, ctx.now);
    if (served.kind === 'hang') return true;
    if (served.kind === 'response' && served.propagate) propagateWrite(ctx, served.propagate);
    if (served.kind === 'response' && served.log) {
      const c = [...s.containers.values()].find((x) => x.metadata.name === served.container && s.sandboxes.get(x.podSandboxId)?.ip === b.ip && x.state === 'CONTAINER_RUNNING');
      if (c) writeLog(s, c, served.log.stream, served.log.text, ctx.now);
    }
    const reply: PodHttpResponseBody = { type: 'pod.http.response', requestId: msg.id, served };
    const what = served.kind === 'response' ? `HTTP/1.1 ${served.status} ${served.reason} (${served.body.length} bytes, ${served.container})` : served.kind === 'refused' ? 'RST: connection refused' : 'connection closed';
    ctx.reply(msg, reply, { summary: `${b.ip}:${b.port} -> ${b.src}: ${what}`, phase: 'networking' });
    return true;
  }
  if (type === 'pod.http.response') {
    const b = msg.body as PodHttpResponseBody;
    const r = [...(s.outgoing?.values() ?? [])].find((x) => x.netRequestId === b.requestId);
    if (!r) return true;
    const ip = r.ip ?? '';
    const endpoint = r.route?.kind === 'deliver' ? `${r.route.ip}:${r.route.port}` : undefined;
    const elapsedMs = Math.round(ctx.now - r.startedAt);
    const sv = b.served;
    if (sv.kind === 'refused') return finish(s, ctx, r, { kind: 'refused', ip, elapsedMs }, undefined, endpoint), true;
    if (sv.kind === 'reset' || sv.kind === 'hang') return finish(s, ctx, r, { kind: 'reset', ip }, undefined, endpoint), true;
    return finish(s, ctx, r, { kind: 'response', status: sv.status, reason: sv.reason, body: sv.body, ip }, undefined, endpoint), true;
  }
  if (type === 'redis.replicate') return onReplicate(s, msg.body as RedisReplicate), true;
  return type === 'pod.packet.dropped';
}

export function outgoingOnTimer(s: ContainerdState, ctx: Effects, id: number): void {
  const r = s.outgoing?.get(id);
  if (!r) return;
  r.timer = undefined;
  const elapsedMs = Math.round(ctx.now - r.startedAt);
  const byTool = r.cmd.timeoutSec !== undefined && r.cmd.timeoutSec * 1000 < TCP_CONNECT_TIMEOUT_MS;
  const endpoint = r.route?.kind === 'deliver' ? `${r.route.ip}:${r.route.port}` : undefined;
  finish(s, ctx, r, { kind: 'timeout', ip: r.ip ?? '', elapsedMs, byTool }, undefined, endpoint);
}
