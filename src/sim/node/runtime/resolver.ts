// A container's DNS client: the questions a lookup asks, each a UDP datagram from the pod's address
// to the nameserver of its /etc/resolv.conf (the kube-dns Service, 10.96.0.10:53). The datagram
// takes the sending node's kernel path exactly as a TCP connection does (kube-proxy's rules for
// kube-dns's `dns` UDP port, DNAT to a CoreDNS pod, a conntrack entry) and goes over the pod network
// to that pod's node, whose CoreDNS answers (node/coredns/coredns.ts). No answer in time (no
// CoreDNS endpoint: kube-proxy's REJECT; a dead node; a CoreDNS still listing) is a timeout.
//
// Two ways of asking, as the programs in the images do:
// - `serial`: the C library's resolver (glibc's res_search, uclibc's, musl's) and bind's nslookup:
//   resolv.conf's search list in order (a name with fewer dots than `ndots` is tried with each
//   search domain first, then as written; ndots or more: as written first), one name at a time,
//   stopping at the first answer. A name that gets no reply after `attempts` tries of `timeout`
//   seconds each (resolv.conf(5) defaults: 5 s, 2) ends the lookup: no servers could be reached.
// - `parallel`: busybox 1.36's nslookup (networking/nslookup.c send_queries): every question at
//   once from one socket, unanswered ones sent again after timeout/retry (5 s / 2), until all
//   are answered or 5 s have passed; each reply is reported as it comes.

import type { Effects, Message } from '../../kernel/component';
import type { MessageId, TimerId } from '../../kernel/units';
import { containerdId } from '../../names';
import type { DnsAnswerPacket, DnsQueryPacket } from '../coredns/dns-message';
import type { DnsReply, QType } from '../coredns/kubernetes-plugin';
import { ephemeralPort, routeConnection, type Connection } from '../kernel/packet-path';
import { hostRules, kernelOf, nodeFor, sandboxOf } from './pod-network';
import type { Container, ContainerdState } from './state';

export const RESOLVER_TIMER = 'resolver.timeout';
const DNS_PORT = 53;

/** resolv.conf as the kubelet wrote it for the pod (kubelet/etc-files.ts). */
export interface ResolvConf {
  nameservers: string[];
  search: string[];
  ndots: number;
  timeoutSec: number;
  attempts: number;
}

export function parseResolvConf(text: string | undefined): ResolvConf {
  const r: ResolvConf = { nameservers: [], search: [], ndots: 1, timeoutSec: 5, attempts: 2 };
  for (const line of (text ?? '').split('\n')) {
    const [key, ...args] = line.trim().split(/\s+/);
    if (key === 'nameserver' && args[0]) r.nameservers.push(args[0]);
    else if (key === 'search') r.search = args;
    else if (key === 'options') {
      for (const o of args) {
        const [k, v] = o.split(':');
        const n = Number(v);
        if (k === 'ndots' && Number.isFinite(n)) r.ndots = Math.min(15, n);
        if (k === 'timeout' && n > 0) r.timeoutSec = Math.min(30, n);
        if (k === 'attempts' && n > 0) r.attempts = Math.min(5, n);
      }
    }
  }
  return r;
}

/** The names the C library's res_search tries, in order. */
export function searchNames(host: string, conf: ResolvConf): string[] {
  if (host.endsWith('.')) return [host.slice(0, -1)];
  const dots = host.split('.').length - 1;
  const searched = conf.search.map((d) => `${host}.${d}`);
  return dots >= conf.ndots ? [host, ...searched] : [...searched, host];
}

export interface DnsQuestion {
  qname: string;
  qtype: QType;
  /** The message that carried the latest try. */
  sentAs?: MessageId;
  reply?: DnsReply;
}

/** Who is waiting for the lookup: an HTTP request (outgoing.ts) or an nslookup run (nslookup.ts). */
export type LookupOwner = { kind: 'outgoing'; id: number } | { kind: 'nslookup'; id: number };

export interface DnsLookup {
  id: number;
  containerId: string;
  owner: LookupOwner;
  mode: 'serial' | 'parallel';
  server: string;
  /** One socket for the whole lookup: one source port. */
  sport: number;
  questions: DnsQuestion[];
  /** serial: the question being asked. */
  current: number;
  /** Tries of the current question (serial) or of the whole set (parallel). */
  tries: number;
  maxTries: number;
  tryTimeoutMs: number;
  timer?: TimerId;
}

/** What the lookup's owner must handle. */
export type LookupEvent =
  /** parallel: one reply came. */
  | { kind: 'reply'; lookup: DnsLookup; question: DnsQuestion }
  /** serial: a name answered with records. */
  | { kind: 'answer'; lookup: DnsLookup; question: DnsQuestion }
  /** serial: every name was NXDOMAIN or empty. parallel: every question has its reply. */
  | { kind: 'done'; lookup: DnsLookup }
  /** No reply in time: the server could not be reached. */
  | { kind: 'timeout'; lookup: DnsLookup };

export interface LookupSpec {
  owner: LookupOwner;
  mode: 'serial' | 'parallel';
  questions: { qname: string; qtype: QType }[];
  /** A server named on the command line (`nslookup web 10.96.0.10`); else resolv.conf's first. */
  server?: string;
  /** busybox nslookup's own: 5 s in all, split over 2 sends. */
  totalTimeoutMs?: number;
}

export function resolvConfOf(c: Container): ResolvConf {
  return parseResolvConf(c.mounted?.['/etc/resolv.conf']);
}

/** Start a lookup; undefined when there is no nameserver to ask (the owner fails at once). */
export function startLookup(s: ContainerdState, ctx: Effects, c: Container, spec: LookupSpec): DnsLookup | undefined {
  const conf = resolvConfOf(c);
  const server = spec.server ?? conf.nameservers[0];
  if (!server || spec.questions.length === 0) return undefined;
  s.counters.lookups = (s.counters.lookups ?? 0) + 1;
  const parallel = spec.mode === 'parallel';
  const l: DnsLookup = {
    id: s.counters.lookups,
    containerId: c.id,
    owner: spec.owner,
    mode: spec.mode,
    server,
    sport: ephemeralPort(() => ctx.rand()),
    questions: spec.questions.map((q) => ({ ...q })),
    current: 0,
    tries: 0,
    maxTries: parallel ? 2 : conf.attempts,
    tryTimeoutMs: parallel ? (spec.totalTimeoutMs ?? 5000) / 2 : conf.timeoutSec * 1000,
  };
  (s.lookups ??= new Map()).set(l.id, l);
  sendTry(s, ctx, l);
  return l;
}

function sendTry(s: ContainerdState, ctx: Effects, l: DnsLookup): void {
  l.tries++;
  const pending = l.mode === 'parallel' ? l.questions.filter((q) => !q.reply) : [l.questions[l.current]!];
  for (const q of pending) sendQuestion(s, ctx, l, q);
  l.timer = ctx.setTimer(l.tryTimeoutMs, RESOLVER_TIMER, l.id);
}

/** One datagram through the node's kernel and over the pod network. */
function sendQuestion(s: ContainerdState, ctx: Effects, l: DnsLookup, q: DnsQuestion): void {
  const c = s.containers.get(l.containerId);
  const sb = c ? sandboxOf(s, c) : undefined;
  if (!c || !sb?.ip) return;
  const rules = hostRules(ctx);
  const conn: Connection = { src: sb.ip, sport: l.sport, dst: l.server, dport: DNS_PORT, proto: 'udp' };
  const route = routeConnection(kernelOf(s), rules, conn, ctx.now, () => ctx.rand());
  const cost = rules?.mode === 'ipvs' ? `ipvs: ${route.rulesEvaluated} hash lookup` : `${rules?.mode ?? 'iptables'}: ${route.rulesEvaluated} rules evaluated`;
  const object = { kind: 'Pod', name: sb.metadata.name, namespace: sb.metadata.namespace };
  const head = `DNS ${q.qtype}? ${q.qname} ${conn.src}:${conn.sport} -> ${l.server}:${DNS_PORT}/udp`;
  const node = route.kind === 'deliver' ? nodeFor(s, rules, route.ip, route.port) : undefined;
  if (route.kind !== 'deliver' || !node) {
    // REJECT (kube-dns has no endpoint) or an address no node routes: nothing will answer.
    const why = route.kind === 'refused' ? `REJECT (${cost})` : `no route to ${route.ip}`;
    q.sentAs = ctx.send(containerdId(s.config.nodeName), { type: 'pod.packet.dropped' }, { summary: `${head} ${why}`, phase: 'networking', object });
    return;
  }
  const via = route.fromConntrack ? 'conntrack' : route.dnat ? `DNAT ${route.ip}:${route.port}` : 'routed';
  const body: DnsQueryPacket = { type: 'dns.query', qname: q.qname, qtype: q.qtype, ip: route.ip, port: route.port, src: conn.src, sport: conn.sport };
  q.sentAs = ctx.send(containerdId(node), body, { summary: `${head} ${via} (${cost})`, phase: 'networking', object });
}

function finish(s: ContainerdState, ctx: Effects, l: DnsLookup): void {
  if (l.timer !== undefined) ctx.cancelTimer(l.timer);
  l.timer = undefined;
  s.lookups?.delete(l.id);
}

/** A reply arrived; undefined when it answers no lookup of this node's containers. */
export function resolverOnMessage(s: ContainerdState, ctx: Effects, msg: Message): LookupEvent[] | undefined {
  if (msg.body.type !== 'dns.answer') return undefined;
  const a = msg.body as unknown as DnsAnswerPacket;
  for (const l of s.lookups?.values() ?? []) {
    const q = l.questions.find((x) => x.sentAs === a.requestId && !x.reply);
    if (!q) continue;
    q.reply = a.reply;
    if (l.mode === 'parallel') {
      const out: LookupEvent[] = [{ kind: 'reply', lookup: l, question: q }];
      if (l.questions.every((x) => x.reply)) {
        finish(s, ctx, l);
        out.push({ kind: 'done', lookup: l });
      }
      return out;
    }
    if (q.reply.rcode === 'NOERROR' && q.reply.answers.length > 0) {
      finish(s, ctx, l);
      return [{ kind: 'answer', lookup: l, question: q }];
    }
    // NXDOMAIN or no records: the next name of the search list, if any.
    if (l.timer !== undefined) ctx.cancelTimer(l.timer);
    l.current++;
    l.tries = 0;
    if (l.current >= l.questions.length) {
      finish(s, ctx, l);
      return [{ kind: 'done', lookup: l }];
    }
    sendTry(s, ctx, l);
    return [];
  }
  return [];
}

/** A try timed out: send again, or give up. */
export function resolverOnTimer(s: ContainerdState, ctx: Effects, id: number): LookupEvent[] {
  const l = s.lookups?.get(id);
  if (!l) return [];
  l.timer = undefined;
  if (l.tries < l.maxTries) {
    sendTry(s, ctx, l);
    return [];
  }
  finish(s, ctx, l);
  // parallel: some replies came; the rest are "No answer" (the owner tells them apart).
  return [{ kind: 'timeout', lookup: l }];
}

/** The lookup's owner went away (the container stopped): forget it. */
export function cancelLookup(s: ContainerdState, ctx: Effects, l: DnsLookup): void {
  finish(s, ctx, l);
}
