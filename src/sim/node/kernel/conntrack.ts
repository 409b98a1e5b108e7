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
  state: 'ESTABLISHED' | 'TIME_WAIT' | 'SYN_SENT';
  /** When it expires (sim ms). */
  expiresAt: number;
}

export interface Conntrack {
  entries: ConntrackEntry[];
}

/** nf_conntrack_tcp_timeout_established (5 days) and _time_wait (120 s), in ms. */
export const TCP_TIMEOUT_ESTABLISHED_MS = 432_000_000;
export const TCP_TIMEOUT_TIME_WAIT_MS = 120_000;
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

/** The connection closed: the entry lingers in TIME_WAIT. */
export function close(e: ConntrackEntry, now: number): void {
  e.state = 'TIME_WAIT';
  e.expiresAt = now + TCP_TIMEOUT_TIME_WAIT_MS;
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
    return `${e.proto.padEnd(8)} ${PROTO_NUMBER[e.proto]} ${secs} ${e.state} ${orig} ${reply} [ASSURED] mark=0 use=1`;
  });
  return {
    stdout: lines.map((l) => l + '\n').join(''),
    stderr: `conntrack v1.4.7 (conntrack-tools): ${live.length} flow entries have been shown.\n`,
  };
}
