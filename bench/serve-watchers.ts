// serve-watch-200's clients (bench/serve.bench.ts), in a worker thread of their own: the watchers
// and the create's sender share this thread's event loop, not the server's, as real watchers
// (kubectl, informers) are other processes. Every time is read here, on this thread's one clock
// (performance.now), from just before the create is sent to the last watcher reading its ADDED.

import { parentPort, workerData } from 'node:worker_threads';
import { client, type ClientConfig } from './serve-client';

export interface WatchersInput {
  cfg: ClientConfig;
  runs: number;
  /**
   * Before each create after the first, wait until the watchers have read no line for this many wall
   * ms (the earlier pods' follow-up events have settled), at most QUIET_CAP_MS. 0: back to back.
   */
  gapMs: number;
}

export interface WatchersOutput {
  /** Per measured create: send to the last watcher's ADDED, ms. */
  times: number[];
  /** Per measured create: send to the first watcher's ADDED, ms. */
  first: number[];
  /** Per measured create: lines the watchers read in that window that were not its ADDED. */
  other: number[];
  /**
   * Per measured create, at performance.timeOrigin + performance.now() (comparable with the server's
   * milestones, ServeOptions.onMilestone): sent, first watcher's ADDED read, last watcher's ADDED read.
   */
  at: { sent: number; firstRead: number; lastRead: number }[];
}

const QUIET_CAP_MS = 10_000;
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

const ADDED = Buffer.from('{"type":"ADDED"');
const ADDED_NAME = /^\{"type":"ADDED","object":\{"kind":"Pod","apiVersion":"v1","metadata":\{"name":"([^"]+)"/;
/** The ADDED's pod name, read off the line's first bytes (a pod's name is at most 253 characters). */
const addedName = (line: Buffer): string | undefined => (line.subarray(0, ADDED.length).equals(ADDED) ? ADDED_NAME.exec(line.toString('latin1', 0, 400))?.[1] : undefined);

async function run({ cfg, runs, gapMs }: WatchersInput): Promise<WatchersOutput> {
  const c = client(cfg);
  try {
    let current: { name: string; sent: number; first: number; seen: number; other: number; done: (ms: number) => void } | undefined;
    const abs = (t: number): number => performance.timeOrigin + t;
    // A real watcher decodes every event; this one only needs each ADDED's name. kube-apiserver
    // writes a WatchEvent as {"type":...,"object":{"kind":...,"apiVersion":...,"metadata":{"name":...
    // (struct order, src/sim/api/wire-json.ts), so both are read off the line's start.
    let lastLine = 0;
    const onLine = (line: Buffer): void => {
      lastLine = performance.now();
      if (!current) return;
      const name = addedName(line);
      if (name !== current.name) {
        current.other++;
        return;
      }
      if (++current.seen === 1) current.first = performance.now() - current.sent;
      if (current.seen === cfg.watches) current.done(performance.now() - current.sent);
    };
    await Promise.all(Array.from({ length: cfg.watches }, () => c.watch('/api/v1/namespaces/default/pods?watch=true&timeoutSeconds=3600', onLine)));
    const times: number[] = [];
    const first: number[] = [];
    const other: number[] = [];
    const at: WatchersOutput['at'] = [];
    for (let i = 0; i < runs + 1; i++) {
      const name = `w-${i}`;
      const body = JSON.stringify({ apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec: { containers: [{ name: 'c', image: 'nginx:1.25' }] } });
      const seen = new Promise<number>((done) => (current = { name, sent: performance.now(), first: 0, seen: 0, other: 0, done }));
      const created = await c.call('/api/v1/namespaces/default/pods', { method: 'POST', body });
      if (created.status !== 201) throw new Error(`create answered ${created.status}`);
      const ms = await seen;
      // The first write warms the paths up.
      if (i > 0) {
        times.push(ms);
        first.push(current!.first);
        other.push(current!.other);
        at.push({ sent: abs(current!.sent), firstRead: abs(current!.sent + current!.first), lastRead: abs(current!.sent + ms) });
      }
      current = undefined;
      if (gapMs > 0) {
        const until = performance.now() + QUIET_CAP_MS;
        for (let quiet = 0; quiet < gapMs && performance.now() < until; quiet = performance.now() - lastLine) await sleep(gapMs - quiet);
      }
    }
    return { times, first, other, at };
  } finally {
    c.close();
  }
}

parentPort!.postMessage(await run(workerData as WatchersInput));
