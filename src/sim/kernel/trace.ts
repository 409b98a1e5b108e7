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

/**
 * Where a record's canonical line goes, piece by piece: into a string (formatRecord) or into the
 * hash's lanes (hashRecord). writeRecord is the one place the line's layout is written.
 */
interface LineSink {
  /** Text as a template literal prints it (a missing field as "undefined"). */
  text(s: string): void;
  /** A whole number as `String(n)` prints it. */
  int(n: number): void;
  /** `n.toFixed(3)`. */
  fixed3(n: number): void;
}

/** The canonical line of a record: what the hash covers and what `--trace` prints. */
function writeRecord(r: TraceRecord, out: LineSink): void {
  out.text('#');
  out.int(r.id);
  out.text(' ');
  out.fixed3(r.time);
  if (r.deliverAt !== undefined) {
    out.text(' ->');
    out.fixed3(r.deliverAt);
  }
  out.text(' ');
  out.text(r.kind);
  out.text(':');
  out.text(r.type);
  out.text(' ');
  out.text(r.from);
  out.text(' -> ');
  out.text(r.to);
  out.text(' [');
  out.text(r.phase);
  out.text('] ');
  const o = r.object;
  if (o) {
    out.text(o.kind.toLowerCase());
    out.text('/');
    if (o.namespace) {
      out.text(o.namespace);
      out.text('/');
    }
    out.text(o.name);
  } else out.text('-');
  out.text(' cause=');
  if (r.cause === null) out.text('-');
  else out.int(r.cause);
  out.text(' ');
  out.text(r.summary);
  if (r.dropped) {
    out.text(' DROPPED(');
    out.text(r.dropped);
    out.text(')');
  }
}

/** The line as a string. */
class LineText implements LineSink {
  line = '';
  text(s: string): void {
    this.line += s;
  }
  int(n: number): void {
    this.line += String(n);
  }
  fixed3(n: number): void {
    this.line += n.toFixed(3);
  }
}

/** Canonical one-line form of a record: what the hash covers and what `--trace` prints. */
export function formatRecord(r: TraceRecord): string {
  const out = new LineText();
  writeRecord(r, out);
  return out.line;
}

/**
 * The second lane's multiplier. It must be odd: an even one shifts a bit out of the state at every
 * character, so the lane ends up depending on the last few characters only (it did: the low half
 * of every hash was the same for runs that ended alike).
 */
const B_PRIME = 0x5bd1e995;

/**
 * Two FNV-1a lanes with different offsets, fed the canonical line of each record and a newline.
 * The line is fed piece by piece (writeRecord) instead of being built: every message, timer and
 * drop is hashed, and building a 150-character string for each of them only to read it once was
 * most of the kernel's allocation per record. trace.test.ts holds the hash to formatRecord's line.
 */
class HashLanes implements LineSink {
  a = 0;
  b = 0;

  char(c: number): void {
    this.a = Math.imul(this.a ^ c, 0x01000193) >>> 0;
    this.b = Math.imul(this.b ^ c, B_PRIME) >>> 0;
  }

  text(str: string): void {
    const s = typeof str === 'string' ? str : String(str);
    let a = this.a;
    let b = this.b;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193) >>> 0;
      b = Math.imul(b ^ c, B_PRIME) >>> 0;
    }
    this.a = a;
    this.b = b;
  }

  /** The digits of `String(n)`, without making the string, for the whole numbers ids are. */
  int(n: number): void {
    if (!(Number.isSafeInteger(n) && n >= 0)) return this.text(String(n));
    this.digits(n);
  }

  /** A safe, non-negative whole number's digits, most significant first (no recursion, no string). */
  private digits(n: number): void {
    let k = 0;
    do {
      DIGITS[k++] = 0x30 + (n % 10);
      n = Math.floor(n / 10);
    } while (n > 0);
    let a = this.a;
    let b = this.b;
    while (k > 0) {
      const c = DIGITS[--k]!;
      a = Math.imul(a ^ c, 0x01000193) >>> 0;
      b = Math.imul(b ^ c, B_PRIME) >>> 0;
    }
    this.a = a;
    this.b = b;
  }

  /**
   * `n.toFixed(3)`. Whole milliseconds are fed as digits and `.000`. A fractional time (a sampled
   * latency) below FIXED3_FAST_BELOW is rounded to thousandths in floating point: there n * 1000 is
   * within 2e-6 of its exact value, so it rounds as toFixed rounds the exact value unless it lies
   * within 1e-5 of a half, where toFixed itself decides. Others go through toFixed.
   */
  fixed3(n: number): void {
    if (!(Number.isSafeInteger(n) && n >= 0)) {
      const x = n * 1000;
      const frac = x - Math.floor(x);
      if (!(n >= 0 && n < FIXED3_FAST_BELOW) || Math.abs(frac - 0.5) < 1e-5) return this.text(n.toFixed(3));
      const m = Math.round(x);
      const thousandths = m % 1000;
      this.digits((m - thousandths) / 1000);
      this.char(0x2e);
      this.char(0x30 + Math.floor(thousandths / 100));
      this.char(0x30 + (Math.floor(thousandths / 10) % 10));
      this.char(0x30 + (thousandths % 10));
      return;
    }
    this.digits(n);
    this.text('.000');
  }
}

/** fixed3's floating-point rounding holds below this (10^7 ms, about 2.8 simulated hours). */
const FIXED3_FAST_BELOW = 1e7;
/** A number's digits, least significant first, while they are fed (a safe integer has at most 16). */
const DIGITS = new Uint8Array(20);

/** The lanes while one record is fed (one object for every record: nothing is allocated per record). */
const LANES = new HashLanes();

export function hashRecord(h: TraceHash, r: TraceRecord): void {
  LANES.a = h.a;
  LANES.b = h.b;
  writeRecord(r, LANES);
  LANES.char(0x0a);
  h.a = LANES.a;
  h.b = LANES.b;
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
