// serve-watch-200's clients (bench/serve.bench.ts), in worker threads of their own, not on the
// server's event loop, as real watchers (kubectl, informers) are other processes: one thread, or
// as many as --client-threads says, the watches dealt out among them, the create's sender in the
// first. They share a few counters in a SharedArrayBuffer: which create is measured, how many of its
// ADDED lines were read, and each thread's first and last such read. Every time is
// performance.timeOrigin + performance.now(), one clock for every thread (and the server's milestones,
// ServeOptions.onMilestone), from just before the create is sent to the last watcher reading its ADDED.

import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { client, type ClientConfig } from './serve-client';

export interface WatchersInput {
  /** cfg.watches: this thread's watches. */
  cfg: ClientConfig;
  /** This thread's index; thread 0 sends the creates. */
  thread: number;
  threads: number;
  /** Watches in all threads. */
  total: number;
  runs: number;
  /**
   * Before each create after the first, wait until the watchers have read no line for this many wall
   * ms (the earlier pods' follow-up events have settled), at most QUIET_CAP_MS. 0: back to back.
   */
  gapMs: number;
  shared: SharedArrayBuffer;
}

export interface WatchersOutput {
  /** Per measured create: send to the last watcher's ADDED, ms. */
  times: number[];
  /** Per measured create: send to the first watcher's ADDED, ms. */
  first: number[];
  /** Per measured create: lines the watchers read in that window that were not its ADDED. */
  other: number[];
  /** Per measured create, absolute (see above): sent, first watcher's ADDED read, last watcher's ADDED read. */
  at: { sent: number; firstRead: number; lastRead: number }[];
}

/** The shared counters: Int32 [create being measured (-1: none), its ADDED lines read, other lines read]. */
const CTL = 3;
/** Then, as Float64 from byte 16: per thread its first and last ADDED read, and its last line read. */
export const sharedBytes = (threads: number): number => 16 + 8 * 3 * threads;

/** Atomics.waitAsync (V8 8.7, so Node 16 on), which this project's TypeScript lib (ES2022) does not declare. */
const waitAsync = (Atomics as unknown as { waitAsync(a: Int32Array, i: number, v: number): { async: boolean; value: Promise<string> | string } }).waitAsync;

const QUIET_CAP_MS = 10_000;
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const now = (): number => performance.timeOrigin + performance.now();

const ADDED = Buffer.from('{"type":"ADDED"');
// A real watcher decodes every event; this one only needs each ADDED's name. kube-apiserver writes a
// WatchEvent as {"type":...,"object":{"kind":...,"apiVersion":...,"metadata":{"name":... (struct
// order, src/sim/api/wire-json.ts), so both are read off the line's first bytes.
const ADDED_NAME = /^\{"type":"ADDED","object":\{"kind":"Pod","apiVersion":"v1","metadata":\{"name":"w-(\d+)"/;
const addedIndex = (line: Buffer): number => {
  if (!line.subarray(0, ADDED.length).equals(ADDED)) return -1;
  const m = ADDED_NAME.exec(line.toString('latin1', 0, 200));
  return m ? Number(m[1]) : -1;
};

async function run(input: WatchersInput): Promise<WatchersOutput | undefined> {
  const { cfg, thread, threads, total, runs, gapMs } = input;
  const ctl = new Int32Array(input.shared, 0, CTL);
  const times = new Float64Array(input.shared, 16, 3 * threads);
  const FIRST = 0;
  const LAST = threads;
  const LINE = 2 * threads;
  const c = client(cfg);
  const onLine = (line: Buffer): void => {
    const t = now();
    times[LINE + thread] = t;
    const measured = Atomics.load(ctl, 0);
    if (measured < 0) return;
    if (addedIndex(line) !== measured) {
      Atomics.add(ctl, 2, 1);
      return;
    }
    if (times[FIRST + thread] === 0) times[FIRST + thread] = t;
    times[LAST + thread] = t;
    if (Atomics.add(ctl, 1, 1) + 1 === total) Atomics.notify(ctl, 1);
  };
  await Promise.all(Array.from({ length: cfg.watches }, () => c.watch('/api/v1/namespaces/default/pods?watch=true&timeoutSeconds=3600', onLine)));
  parentPort!.postMessage('watching');
  if (thread !== 0) return undefined; // reads until the bench ends it
  // Every thread's watches are open once the bench says go.
  await new Promise<void>((go) => parentPort!.once('message', () => go()));
  const out: WatchersOutput = { times: [], first: [], other: [], at: [] };
  try {
    for (let i = 0; i < runs + 1; i++) {
      times.fill(0, 0, 2 * threads);
      Atomics.store(ctl, 1, 0);
      Atomics.store(ctl, 2, 0);
      Atomics.store(ctl, 0, i);
      const body = JSON.stringify({ apiVersion: 'v1', kind: 'Pod', metadata: { name: `w-${i}` }, spec: { containers: [{ name: 'c', image: 'nginx:1.25' }] } });
      const sent = now();
      const created = await c.call('/api/v1/namespaces/default/pods', { method: 'POST', body });
      if (created.status !== 201) throw new Error(`create answered ${created.status}`);
      for (let seen = Atomics.load(ctl, 1); seen < total; seen = Atomics.load(ctl, 1)) {
        const w = waitAsync(ctl, 1, seen);
        if (w.async) await w.value;
      }
      Atomics.store(ctl, 0, -1);
      const firsts = Array.from(times.subarray(FIRST, FIRST + threads)).filter((t) => t > 0);
      const lastRead = Math.max(...times.subarray(LAST, LAST + threads));
      const firstRead = Math.min(...firsts);
      // The first create warms the paths up.
      if (i > 0) {
        out.times.push(lastRead - sent);
        out.first.push(firstRead - sent);
        out.other.push(Atomics.load(ctl, 2));
        out.at.push({ sent, firstRead, lastRead });
      }
      if (gapMs > 0) {
        const until = now() + QUIET_CAP_MS;
        const lastLine = (): number => Math.max(...times.subarray(LINE, LINE + threads));
        for (let quiet = 0; quiet < gapMs && now() < until; quiet = now() - lastLine()) await sleep(gapMs - quiet);
      }
    }
    return out;
  } finally {
    c.close();
  }
}

// serve.bench.ts imports sharedBytes from here too; only its workers run.
if (!isMainThread) {
  const out = await run(workerData as WatchersInput);
  if (out) parentPort!.postMessage(out);
}
