// The node kernel's connection tracking table (nf_conntrack): the first packet of a connection is
// NATed by the rules and the translation is remembered, so every later packet of that connection
// goes to the same backend without walking the rules again, even after kube-proxy rewrites them.
// `conntrack -L` (conntrack-tools 1.4.7) prints each entry with the original and the reply tuple.

export interface ConntrackEntry {
  proto: 'tcp' | 'udp' | 'sctp';
  src: string;
  sport: number;
  /** The original destination (the ClusterIP and port). */
  dst: string;
  dport: number;
  /** Where it was DNATed to (the pod). */
  replySrc: string;
  replySport: number;
  state: 'ESTABLISHED' | 'TIME_WAIT' | 'SYN_SENT' | 'CLOSE';
  /** When it expires (sim ms). */
  expiresAt: number;
}

export interface Conntrack {
  entries: ConntrackEntry[];
}

/** nf_conntrack_tcp_timeout_established (5 days) and _time_wait (120 s), in ms. */
export const TCP_TIMEOUT_ESTABLISHED_MS = 432_000_000;
export const TCP_TIMEOUT_TIME_WAIT_MS = 120_000;
/** nf_conntrack_tcp_timeout_syn_sent (120 s): a connect that was never answered; _close (10 s): one a RST ended. */
export const TCP_TIMEOUT_SYN_SENT_MS = 120_000;
export const TCP_TIMEOUT_CLOSE_MS = 10_000;
/** nf_conntrack_udp_timeout: a UDP flow (a DNS query and its reply) is forgotten after 30 s. */
export const UDP_TIMEOUT_MS = 30_000;
/** At most this many entries are kept (a bounded table, as nf_conntrack_max bounds the real one). */
const MAX_ENTRIES = 4096;

export function createConntrack(): Conntrack {
  return { entries: [] };
}

export function expire(t: Conntrack, now: number): void {
  t.entries = t.entries.filter((e) => e.expiresAt > now);
}

/** The entry an established connection's packet belongs to, if any. */
export function lookup(t: Conntrack, proto: string, src: string, sport: number, dst: string, dport: number, now: number): ConntrackEntry | undefined {
  return t.entries.find((e) => e.expiresAt > now && e.proto === proto && e.src === src && e.sport === sport && e.dst === dst && e.dport === dport);
}

export function insert(t: Conntrack, e: ConntrackEntry, now: number): void {
  expire(t, now);
  t.entries.push(e);
  if (t.entries.length > MAX_ENTRIES) t.entries.splice(0, t.entries.length - MAX_ENTRIES);
}

/**
 * How a TCP connection ended, and so the state its entry lingers in: answered and closed (TIME_WAIT,
 * 120 s), reset by the peer or refused (CLOSE, 10 s), or never answered (SYN_SENT, 120 s from its
 * last SYN: the backend's node is down or the packets are lost).
 */
export type TcpEnd = 'closed' | 'reset' | 'unanswered';

export function close(e: ConntrackEntry, now: number, how: TcpEnd = 'closed'): void {
  if (e.proto !== 'tcp') return;
  if (how === 'closed') Object.assign(e, { state: 'TIME_WAIT', expiresAt: now + TCP_TIMEOUT_TIME_WAIT_MS });
  else if (how === 'reset') Object.assign(e, { state: 'CLOSE', expiresAt: now + TCP_TIMEOUT_CLOSE_MS });
  else Object.assign(e, { state: 'SYN_SENT', expiresAt: now + TCP_TIMEOUT_SYN_SENT_MS });
}

/**
 * A SYN that matches an entry of a finished connection reopens it: nf_conntrack_proto_tcp.c
 * (tcp_packet, "Attempt to reopen a closed/aborted connection. Delete this connection and look up
 * again") kills a TIME_WAIT or CLOSE entry, and the SYN is a new connection that walks the rules.
 */
export function reopens(e: ConntrackEntry): boolean {
  return e.proto === 'tcp' && (e.state === 'TIME_WAIT' || e.state === 'CLOSE');
}

export function remove(t: Conntrack, e: ConntrackEntry): void {
  t.entries = t.entries.filter((x) => x !== e);
}

/** A Service port as kube-proxy last programmed it, as far as the conntrack cleanup needs it. */
export interface ServiceFrontend {
  protocol: 'tcp' | 'udp' | 'sctp';
  clusterIP: string;
  port: number;
  nodePort?: number;
  endpoints: { ip: string }[];
}

/**
 * kube-proxy's conntrack cleanup after it writes its rules (pkg/proxy/conntrack/cleanup.go,
 * CleanStaleEntries, run by the iptables, IPVS and nftables proxiers): UDP has no connection to end,
 * so a flow DNATed to an endpoint that is gone would keep going there for as long as packets keep
 * coming (the 30 s timeout restarts with each one). For every UDP Service port that has serving
 * endpoints, the UDP entries to its cluster IP and port (or to its NodePort) whose reply source is
 * not one of them are deleted, as `conntrack -D -p udp --orig-dst <service IP> --dst-nat <endpoint
 * IP>` would. TCP entries are left alone: a connection to a dead backend times out or is reset, and
 * a new one does not reuse them (see `reopens` and the connect port choice in packet-path.ts).
 * Returns how many entries were deleted.
 */
export function cleanStaleEntries(t: Conntrack, services: readonly ServiceFrontend[]): number {
  const byFrontend = new Map<string, Set<string>>();
  const byNodePort = new Map<number, Set<string>>();
  for (const svc of services) {
    if (svc.protocol !== 'udp' || svc.endpoints.length === 0) continue;
    const ips = new Set(svc.endpoints.map((e) => e.ip));
    byFrontend.set(`${svc.clusterIP}:${svc.port}`, ips);
    if (svc.nodePort) byNodePort.set(svc.nodePort, ips);
  }
  if (byFrontend.size === 0) return 0;
  const before = t.entries.length;
  t.entries = t.entries.filter((e) => {
    if (e.proto !== 'udp') return true;
    const serving = byFrontend.get(`${e.dst}:${e.dport}`);
    if (serving && !serving.has(e.replySrc)) return false;
    const viaNodePort = byNodePort.get(e.dport);
    return !(viaNodePort && !viaNodePort.has(e.replySrc));
  });
  return before - t.entries.length;
}

const PROTO_NUMBER = { tcp: 6, udp: 17, sctp: 132 } as const;

/**
 * `conntrack -L`: one line per entry (protocol name and number, seconds left, state, the original
 * tuple, the reply tuple, flags), then on stderr `conntrack v1.4.7 (conntrack-tools): N flow
 * entries have been shown.`
 */
export function conntrackList(t: Conntrack, now: number): { stdout: string; stderr: string } {
  const live = t.entries.filter((e) => e.expiresAt > now);
  const lines = live.map((e) => {
    const secs = Math.max(0, Math.floor((e.expiresAt - now) / 1000));
    const orig = `src=${e.src} dst=${e.dst} sport=${e.sport} dport=${e.dport}`;
    const reply = `src=${e.replySrc} dst=${e.src} sport=${e.replySport} dport=${e.sport}`;
    // UDP has no connection state; a flow that saw one reply is not [ASSURED] (that takes traffic both ways twice).
    if (e.proto === 'udp') return `${e.proto.padEnd(8)} ${PROTO_NUMBER[e.proto]} ${secs} ${orig} ${reply} mark=0 use=1`;
    // A connect never answered is [UNREPLIED] (after the original tuple); one refused or reset saw a
    // reply but was never [ASSURED].
    if (e.state === 'SYN_SENT') return `${e.proto.padEnd(8)} ${PROTO_NUMBER[e.proto]} ${secs} ${e.state} ${orig} [UNREPLIED] ${reply} mark=0 use=1`;
    if (e.state === 'CLOSE') return `${e.proto.padEnd(8)} ${PROTO_NUMBER[e.proto]} ${secs} ${e.state} ${orig} ${reply} mark=0 use=1`;
    return `${e.proto.padEnd(8)} ${PROTO_NUMBER[e.proto]} ${secs} ${e.state} ${orig} ${reply} [ASSURED] mark=0 use=1`;
  });
  return {
    stdout: lines.map((l) => l + '\n').join(''),
    stderr: `conntrack v1.4.7 (conntrack-tools): ${live.length} flow entries have been shown.\n`,
  };
}
