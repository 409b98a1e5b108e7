// Resource versions only grow: every watch event kube-apiserver sends a component for one kind of
// object carries a newer (or equal) resourceVersion than the last it sent that component for that
// kind, across broken watches, relists and apiserver restarts; and every event etcd sends the
// apiserver's watch carries a newer revision than the last. Checked on the trace as it is written,
// from the records' summaries (`MODIFIED pod/default/web rv=42`, `PUT /registry/... rev 42`), in the
// order they arrive: a message the network dropped (to a restarted process, across a partition)
// was never seen.

import type { TraceRecord } from '../../kernel/trace';
import type { Violation } from './settled';

export interface WatchMonitor {
  /** Watch events sent, by record id, until they are known dropped: what they carry and when they land. */
  sent: Map<number, { key: string; rv: number; at: number }>;
  violations: Violation[];
}

export function createWatchMonitor(): WatchMonitor {
  return { sent: new Map(), violations: [] };
}

const WATCH_RV = /^(?:ADDED|MODIFIED|DELETED|BOOKMARK) ([a-z]+)\/\S* rv=(\d+)$/;
const ETCD_REV = / rev (\d+)$/;

/** Note a watch event when it is sent, and forget it if the network drops it: only what arrives counts. */
export function observeWatchRecord(m: WatchMonitor, r: TraceRecord): void {
  if (r.kind === 'drop') {
    if (r.cause !== null && (r.type === 'watch.event' || r.type === 'etcd.watch')) m.sent.delete(r.cause);
    return;
  }
  if (r.kind !== 'message' || r.dropped) return;
  if (r.type === 'watch.event' && r.from === 'kube-apiserver' && r.to !== 'kubectl') {
    const x = WATCH_RV.exec(r.summary);
    if (x) m.sent.set(r.id, { key: `${r.to} ${x[1]}`, rv: Number(x[2]), at: r.deliverAt ?? r.time });
  } else if (r.type === 'etcd.watch') {
    const x = ETCD_REV.exec(r.summary);
    if (x) m.sent.set(r.id, { key: `${r.from} -> ${r.to}`, rv: Number(x[1]), at: r.deliverAt ?? r.time });
  }
}

/** In the order they were delivered, each receiver's versions per kind never go back. */
export function finishWatches(m: WatchMonitor): Violation[] {
  const delivered = [...m.sent].sort((a, b) => a[1].at - b[1].at || a[0] - b[0]);
  const last = new Map<string, number>();
  for (const [id, e] of delivered) {
    const prev = last.get(e.key);
    if (prev !== undefined && e.rv < prev && m.violations.length < 20) {
      m.violations.push({ invariant: 'resourceVersions only grow', detail: `${e.key}: rv ${e.rv} after ${prev} (record #${id}, delivered at ${e.at} ms)` });
    }
    last.set(e.key, e.rv);
  }
  return m.violations;
}
