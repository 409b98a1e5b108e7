// Live mode's worker: lists and watches a real cluster through `kubectl proxy` (same origin as the
// page, so no credentials and no CORS here) and posts what it sees as the simulation worker's frames,
// so the graph, the inspector and the events table draw it unchanged. It is read-only: it sends
// nothing but GETs, and every command the page sends is ignored (the page disables the controls
// that would send them) but the inspector's read of a pod's log. It also reads kube-apiserver's
// /readyz and /livez checks for the control plane's box (cluster-reads.ts). Frames follow the
// simulation worker's back-pressure (FRAMES_AHEAD).

import type { UiToWorker, WorkerToUi } from '../../protocol/view';
import { LIVE_HEALTH_EVERY_MS, readHealth, readPodLog } from './cluster-reads';
import { LiveView } from './live-view';
import { reflect, type ReflectorDeps } from './reflector';
import { LIVE_RESOURCES } from './resources';

const TICK_MS = 100;
const FRAMES_AHEAD = 2;

interface WorkerScope {
  location: { href: string; host: string };
  postMessage(m: WorkerToUi): void;
  addEventListener(type: 'message', listener: (e: MessageEvent<UiToWorker>) => void): void;
}

const scope = self as unknown as WorkerScope;
/** kubectl proxy serves the API at the root of the origin that serves the page (its --api-prefix, `/` by default). */
const apiRoot = new URL('/', scope.location.href).href;
const view = new LiveView();
const abort = new AbortController();
let undrawn = 0;
let version: string | undefined;

const deps: ReflectorDeps = {
  apiRoot,
  fetch: (u, init) => fetch(u, init),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      const t = setTimeout(resolve, ms);
      signal.addEventListener('abort', () => {
        clearTimeout(t);
        reject(new Error('aborted'));
      });
    }),
};

function postLive(): void {
  const c = view.connection();
  scope.postMessage({ type: 'live', server: scope.location.host, ...(version ? { version } : {}), ...c });
}

async function readVersion(): Promise<void> {
  while (!version && !abort.signal.aborted) {
    try {
      const r = await fetch(new URL('version', apiRoot), { signal: abort.signal, headers: { Accept: 'application/json' } });
      if (r.ok) version = ((await r.json()) as { gitVersion?: string }).gitVersion;
    } catch {
      // The reflectors report the connection's errors; the version waits for the next try.
    }
    if (version) postLive();
    else await deps.sleep(2000, abort.signal).catch(() => undefined);
  }
}

/** The control plane's health, read again every LIVE_HEALTH_EVERY_MS; sent when it changed. */
async function watchHealth(): Promise<void> {
  let last = '';
  while (!abort.signal.aborted) {
    const [readyz, livez] = await Promise.all([readHealth(deps, 'readyz', abort.signal), readHealth(deps, 'livez', abort.signal)]);
    const m: WorkerToUi = { type: 'liveHealth', readyz, livez };
    const sig = JSON.stringify(m);
    if (sig !== last && !abort.signal.aborted) scope.postMessage(m);
    last = sig;
    await deps.sleep(LIVE_HEALTH_EVERY_MS, abort.signal).catch(() => undefined);
  }
}

scope.addEventListener('message', (e) => {
  if (e.data.type === 'frameShown') undrawn = Math.max(0, undrawn - 1);
  // The one command live mode answers: a read (the inspector's pod log).
  else if (e.data.type === 'podLog') void readPodLog(deps, e.data, abort.signal).then((m) => scope.postMessage(m));
});

postLive();
void readVersion();
void watchHealth();
for (const r of LIVE_RESOURCES) void reflect(r, deps, view, abort.signal);

setInterval(() => {
  if (view.connectionChanged()) postLive();
  if (undrawn >= FRAMES_AHEAD) return;
  const frame = view.build(Date.now());
  if (!frame) return;
  undrawn++;
  scope.postMessage(frame);
}, TICK_MS);
