// The trace: every message sent, every drop and every timer firing is one record, with the id of the
// record that caused it. Following `cause` backwards from a kubelet's `Started` event reaches the
// `kubectl apply` that began it. The hash covers every record ever made, so two runs of the same
// scenario and seed can be compared by one string.

import type { ObjectRef, Phase } from './component';
import type { Millis, ProcessId, RecordId } from './units';

export type RecordKind = 'message' | 'timer' | 'drop' | 'control';

export type DropReason =
  | 'host-down'
  | 'partition'
  | 'loss'
  | 'no-such-process'
  | 'process-dead'
  | 'stale-incarnation'
  /** Sent on a connection after it lost a message: TCP hands nothing past a hole to the application. */
  | 'stream-broken';

export interface TraceRecord {
  id: RecordId;
  /** Send time for messages, firing time for timers, the moment of the drop or the control action. */
  time: Millis;
  kind: RecordKind;
  /** The message body's type (`http.request`, `cri.request`, ...), the timer's name, or the control action. */
  type: string;
  from: ProcessId;
  to: ProcessId;
  summary: string;
  phase: Phase;
  object?: ObjectRef;
  cause: RecordId | null;
  /** Messages only: when it arrives (or would have). */
  deliverAt?: Millis;
  /** Set when the message never arrived, and why. */
  dropped?: DropReason;
  /** Replies only: the record id of the message this answers (Effects.reply sets it). */
  inReplyTo?: RecordId;
  /**
   * What the sender did with the request this answers, step by step, when it says (kube-apiserver:
   * its pipeline's stages, as its audit log records them). Not part of the hash: it explains the
   * summary, it adds nothing the summary's run did not already decide.
   */
  steps?: TraceStep[];
}

/** One step of handling a request: `{ stage: 'Admission', result: 'changed', text: 'DefaultTolerationSeconds: spec.tolerations' }`. */
export interface TraceStep {
  stage: string;
  /** `passed`: went on; `changed`: went on with the object changed; `failed`: answered here. */
  result: 'passed' | 'changed' | 'failed';
  text: string;
}

export interface TraceHash {
  a: number;
  b: number;
}

export function createTraceHash(): TraceHash {
  return { a: 0x811c9dc5, b: 0x01000193 ^ 0x5bd1e995 };
}

/** Canonical one-line form of a record: what the hash covers and what `--trace` prints. */
export function formatRecord(r: TraceRecord): string {
  const obj = r.object ? `${r.object.kind.toLowerCase()}/${r.object.namespace ? r.object.namespace + '/' : ''}${r.object.name}` : '-';
  const at = r.deliverAt !== undefined ? ` ->${r.deliverAt.toFixed(3)}` : '';
  const drop = r.dropped ? ` DROPPED(${r.dropped})` : '';
  return `#${r.id} ${r.time.toFixed(3)}${at} ${r.kind}:${r.type} ${r.from} -> ${r.to} [${r.phase}] ${obj} cause=${r.cause ?? '-'} ${r.summary}${drop}`;
}

/**
 * The second lane's multiplier. It must be odd: an even one shifts a bit out of the state at every
 * character, so the lane ends up depending on the last few characters only (it did: the low half
 * of every hash was the same for runs that ended alike).
 */
const B_PRIME = 0x5bd1e995;

/**
 * Two FNV-1a lanes with different offsets, fed the canonical line of each record (formatRecord)
 * and a newline. The line is fed piece by piece, in formatRecord's order, instead of being built:
 * every message, timer and drop is hashed, and building a 150-character string for each of them
 * only to read it once was most of the kernel's allocation per record. trace.test.ts holds the two
 * to the same characters.
 */
export function hashRecord(h: TraceHash, r: TraceRecord): void {
  const f = FEED;
  f.a = h.a;
  f.b = h.b;
  feedChar(f, 0x23); // '#'
  feedInt(f, r.id);
  feedChar(f, 0x20);
  feedFixed3(f, r.time);
  if (r.deliverAt !== undefined) {
    feedStr(f, ' ->');
    feedFixed3(f, r.deliverAt);
  }
  feedChar(f, 0x20);
  feedStr(f, r.kind);
  feedChar(f, 0x3a); // ':'
  feedStr(f, r.type);
  feedChar(f, 0x20);
  feedStr(f, r.from);
  feedStr(f, ' -> ');
  feedStr(f, r.to);
  feedStr(f, ' [');
  feedStr(f, r.phase);
  feedStr(f, '] ');
  const o = r.object;
  if (o) {
    feedStr(f, o.kind.toLowerCase());
    feedChar(f, 0x2f); // '/'
    if (o.namespace) {
      feedStr(f, o.namespace);
      feedChar(f, 0x2f);
    }
    feedStr(f, o.name);
  } else feedChar(f, 0x2d); // '-'
  feedStr(f, ' cause=');
  if (r.cause === null) feedChar(f, 0x2d);
  else feedInt(f, r.cause);
  feedChar(f, 0x20);
  feedStr(f, r.summary);
  if (r.dropped) {
    feedStr(f, ' DROPPED(');
    feedStr(f, r.dropped);
    feedChar(f, 0x29); // ')'
  }
  feedChar(f, 0x0a);
  h.a = f.a;
  h.b = f.b;
}

/** The lanes while one record is fed (one object for every record: nothing is allocated per record). */
const FEED: TraceHash = { a: 0, b: 0 };

function feedChar(f: TraceHash, c: number): void {
  f.a = Math.imul(f.a ^ c, 0x01000193) >>> 0;
  f.b = Math.imul(f.b ^ c, B_PRIME) >>> 0;
}

function feedStr(f: TraceHash, str: string): void {
  // formatRecord's template would print a missing field as "undefined": feed the same.
  const s = typeof str === 'string' ? str : String(str);
  let a = f.a;
  let b = f.b;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, B_PRIME) >>> 0;
  }
  f.a = a;
  f.b = b;
}

/** The digits of `String(n)`, without making the string, for the whole numbers ids are. */
function feedInt(f: TraceHash, n: number): void {
  if (!(Number.isSafeInteger(n) && n >= 0)) return feedStr(f, String(n));
  if (n >= 10) feedInt(f, Math.floor(n / 10));
  feedChar(f, 0x30 + (n % 10));
}

/** `n.toFixed(3)`: whole milliseconds are fed as digits and `.000`; others through toFixed. */
function feedFixed3(f: TraceHash, n: number): void {
  if (!(Number.isSafeInteger(n) && n >= 0)) return feedStr(f, n.toFixed(3));
  feedInt(f, n);
  feedStr(f, '.000');
}

export function hashHex(h: TraceHash): string {
  return h.a.toString(16).padStart(8, '0') + h.b.toString(16).padStart(8, '0');
}

/** Follow cause links from a record back to the root; returns the chain, newest first. */
export function causeChain(records: ReadonlyMap<RecordId, TraceRecord> | TraceRecord[], from: RecordId): TraceRecord[] {
  const byId = Array.isArray(records) ? new Map(records.map((r) => [r.id, r])) : records;
  const chain: TraceRecord[] = [];
  let cur = byId.get(from);
  const seen = new Set<RecordId>();
  while (cur && !seen.has(cur.id)) {
    chain.push(cur);
    seen.add(cur.id);
    cur = cur.cause === null ? undefined : byId.get(cur.cause);
  }
  return chain;
}
