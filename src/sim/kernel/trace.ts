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

/** Two FNV-1a lanes with different offsets, fed the canonical line of each record. */
/**
 * The second lane's multiplier. It must be odd: an even one shifts a bit out of the state at every
 * character, so the lane ends up depending on the last few characters only (it did: the low half
 * of every hash was the same for runs that ended alike).
 */
const B_PRIME = 0x5bd1e995;

export function hashRecord(h: TraceHash, r: TraceRecord): void {
  const s = formatRecord(r);
  let a = h.a;
  let b = h.b;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, B_PRIME) >>> 0;
  }
  a = Math.imul(a ^ 0x0a, 0x01000193) >>> 0;
  b = Math.imul(b ^ 0x0a, B_PRIME) >>> 0;
  h.a = a;
  h.b = b;
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
