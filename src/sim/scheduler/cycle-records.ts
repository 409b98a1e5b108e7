// The scheduler's record of its last cycles per pod, for the inspector's filter/score table (the
// real kube-scheduler keeps no such thing; it logs). A pod the scheduler still tracks keeps its
// records; once the pod leaves its informer (deleted, or finished: the informer only lists pods
// that are not Succeeded or Failed, so both look alike from here) its records stay for a while,
// so a Completed pod can still show the cycle that placed it, but only the last
// RECORDS_OF_GONE_PODS such pods keep theirs. Without that bound a cluster that creates and deletes
// pods forever would remember every pod it ever scheduled.

import type { SchedulingCycleRecord } from './framework/cycle';

/** Cycle records kept per pod for the UI. */
export const RECORDS_PER_POD = 5;
/** Pods no longer in the scheduler's informer whose records are still kept, newest last. */
export const RECORDS_OF_GONE_PODS = 100;

export interface CycleRecords {
  records: Map<string, SchedulingCycleRecord[]>;
  /** Keys of pods that left the informer and still have records, in the order they left. */
  goneRecords?: Set<string>;
}

/** Keep a cycle's record; a pod that comes back (same name) is tracked again. */
export function keepCycleRecord(s: CycleRecords, rec: SchedulingCycleRecord): void {
  const list = s.records.get(rec.pod) ?? [];
  list.push(rec);
  if (list.length > RECORDS_PER_POD) list.shift();
  s.records.set(rec.pod, list);
  s.goneRecords?.delete(rec.pod);
}

/** The pod left the informer: its records join the bounded window of gone pods. */
export function podLeft(s: CycleRecords, key: string): void {
  if (!s.records.has(key)) return;
  const gone = (s.goneRecords ??= new Set());
  gone.delete(key);
  gone.add(key);
  if (gone.size <= RECORDS_OF_GONE_PODS) return;
  const oldest = gone.values().next().value!;
  gone.delete(oldest);
  s.records.delete(oldest);
}
