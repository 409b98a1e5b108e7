// The benchmark lines issue 14 asks for: one JSON object per measurement, with the same fields for
// every run of the simulation (lifecycle, scheduler, idle), and the machine they ran on. Figures
// from a busy machine mean little, so each line carries the load average at its start, and every
// simulation figure is also given as a ratio to the bare kernel measured in the same run.

import { cpus, loadavg } from 'node:os';

export interface SimLine {
  name: string;
  nodes: number;
  pods: number;
  wallSeconds: number;
  simSeconds: number;
  realTimeFactor: number;
  podsPerWallSecond: number;
  messages: number;
  messagesPerWallSecond: number;
  /** This run's wall time per message over the bare kernel's (1 = as cheap as an empty handler). */
  perMessageRatioToBaseline?: number;
  peakHeapMB: number;
  /** The heap after a full collection at the run's end, the cluster still held (needs --expose-gc). */
  liveHeapMB?: number;
  [k: string]: unknown;
}

export type Line = SimLine | ({ name: string } & Record<string, unknown>);

export function machine(): Record<string, unknown> {
  return { runtime: `node ${process.version}`, cores: cpus().length, loadAverage: Number(loadavg()[0]!.toFixed(2)), date: new Date().toISOString() };
}

/** Samples the heap while a run goes on; the peak in MB. */
export class HeapPeak {
  private peak = 0;
  sample(): void {
    const used = process.memoryUsage().heapUsed;
    if (used > this.peak) this.peak = used;
  }
  get mb(): number {
    this.sample();
    return Math.round(this.peak / 1e6);
  }
}

/**
 * The heap after a forced full collection while `cluster` is still reachable: what the run keeps,
 * without the garbage peakHeapMB also counts (it moves by 200 MB between two runs of one commit).
 * Undefined when node runs without --expose-gc (`npm run bench` passes it).
 */
export function liveHeapMB(cluster: unknown): number | undefined {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return undefined;
  held.push(cluster);
  gc();
  const used = process.memoryUsage().heapUsed;
  held.pop();
  return Math.round(used / 1e6);
}
/** Where the cluster is kept reachable during the collection. */
const held: unknown[] = [];

export const round = (n: number, digits = 2): number => Number(n.toFixed(digits));
