// The trace hash (DESIGN.md, 4: "the same scenario and seed give the same trace, byte for byte: the
// CLI prints a trace hash"): hashRecord feeds formatRecord's line piece by piece instead of building
// it (both walk writeRecord's layout), so these cases hold the two to the same characters, including
// the numbers the hash writes itself; the pinned line and hash hold the layout to what it was.
import { describe, expect, it } from 'vitest';
import { createTraceHash, formatRecord, hashHex, hashRecord, type TraceRecord } from './trace';
import type { Millis, ProcessId, RecordId } from './units';

/** The hash as it was defined before the pieces: both lanes over formatRecord's line and '\n'. */
function hashOfLine(lines: string[]): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (const s of lines.map((l) => `${l}\n`)) {
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193) >>> 0;
      b = Math.imul(b ^ c, 0x5bd1e995) >>> 0;
    }
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

const base: TraceRecord = {
  id: 1 as RecordId,
  time: 0 as Millis,
  kind: 'message',
  type: 'http.request',
  from: 'kubectl' as ProcessId,
  to: 'kube-apiserver' as ProcessId,
  summary: 'POST /api/v1/namespaces/default/pods',
  phase: 'persistence',
  cause: null,
};

const cases: [string, Partial<TraceRecord>][] = [
  ['a message with no object and no cause', {}],
  ['a message with a namespaced object, a cause and a delivery time', { id: 1234567 as RecordId, time: 10_000 as Millis, deliverAt: 10_001 as Millis, cause: 99 as RecordId, object: { kind: 'Pod', namespace: 'default', name: 'web' } }],
  ['a cluster-scoped object', { object: { kind: 'Node', name: 'worker-1' } }],
  ['fractional times, as sampled latencies give', { time: 1234.56789 as Millis, deliverAt: 1235.0005 as Millis }],
  ['a delivery time of zero and a cause of zero', { deliverAt: 0 as Millis, cause: 0 as RecordId }],
  ['a dropped message', { kind: 'drop', dropped: 'partition', summary: 'lost: MsgApp' }],
  ['a timer', { kind: 'timer', type: 'heartbeat', summary: 'timer heartbeat', phase: 'raft', time: 9_007_199_254_740_991 as Millis }],
  ['a summary outside Latin-1', { summary: 'Pulling image "nginx" → ✓ 𝄞' }],
  ['a negative time (never made, but formatRecord would print it)', { time: -5 as Millis }],
];

describe('hashRecord', () => {
  it.each(cases)('hashes exactly formatRecord’s line for %s', (_name, over) => {
    const r = { ...base, ...over };
    const h = createTraceHash();
    hashRecord(h, r);
    expect(hashHex(h)).toBe(hashOfLine([formatRecord(r)]));
  });

  it('chains records in order, as the whole trace is hashed', () => {
    const rs = cases.map(([, over], i) => ({ ...base, ...over, id: i as RecordId }));
    const h = createTraceHash();
    for (const r of rs) hashRecord(h, r);
    expect(hashHex(h)).toBe(hashOfLine(rs.map(formatRecord)));
  });

  // Pinned from the layout as it was before formatRecord and hashRecord shared writeRecord (commit
  // 1eb3e81): a change to the line's layout changes every scenario's trace hash, so it fails here first.
  it('keeps the line and the hash the layout had', () => {
    const sent = { ...base, ...cases[1]![1] };
    const dropped: TraceRecord = { ...base, kind: 'drop', dropped: 'partition', summary: 'lost: MsgApp', time: 1234.56789 as Millis, object: { kind: 'Node', name: 'worker-1' } };
    expect(formatRecord(sent)).toBe('#1234567 10000.000 ->10001.000 message:http.request kubectl -> kube-apiserver [persistence] pod/default/web cause=99 POST /api/v1/namespaces/default/pods');
    expect(formatRecord(dropped)).toBe('#1 1234.568 drop:http.request kubectl -> kube-apiserver [persistence] node/worker-1 cause=- lost: MsgApp DROPPED(partition)');
    const h = createTraceHash();
    for (const r of [base, sent, dropped]) hashRecord(h, r);
    expect(hashHex(h)).toBe('cb5258615b34dc82');
  });

  // hashRecord rounds a fractional time to thousandths itself (no toFixed string per record); it
  // must print what Number.prototype.toFixed(3) prints (ECMA-262 21.1.3.3: the exact value, a tie
  // to the larger), ties and near-ties included, as sampled latencies give any double.
  it('feeds fractional times exactly as toFixed(3) prints them', () => {
    const times: number[] = [0.0005, 0.0015, 1.0005, 2.0625, 1234.5675, 999.9995, 0.9999999, 1e-9, 5e-4, 9_999_999.9995, 10_000_000.0005, 123_456_789.1235, 1.1, 2.675, 1.005];
    let x = 12345;
    for (let i = 0; i < 20_000; i++) {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      const t = (x / 2 ** 32) * 10 ** (i % 8);
      times.push(t, Math.round(t * 1000) / 1000 + 0.0005, Math.floor(t * 2000) / 2000);
    }
    const rs = times.map((t, i) => ({ ...base, id: i as RecordId, time: t as Millis, deliverAt: (t + 0.5) as Millis }));
    const h = createTraceHash();
    for (const r of rs) hashRecord(h, r);
    expect(hashHex(h)).toBe(hashOfLine(rs.map(formatRecord)));
  });
});
