// The simulation's home in the browser: a module Web Worker that hosts the cluster and the scenario
// runner (session.ts), advances simulated time on a real-time tick and posts one batch per tick.

import type { UiToWorker, WorkerToUi } from '../protocol/messages';
import { buildCluster } from '../sim/cluster';
import { SimSession } from './session';

const TICK_MS = 50;

interface WorkerScope {
  postMessage(m: WorkerToUi): void;
  addEventListener(type: 'message', listener: (e: MessageEvent<UiToWorker>) => void): void;
}

const scope = self as unknown as WorkerScope;
const session = new SimSession(buildCluster, (m) => scope.postMessage(m));

scope.addEventListener('message', (e) => {
  try {
    session.handle(e.data);
  } catch (err) {
    scope.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err), errors: [] });
  }
});

let last = performance.now();
setInterval(() => {
  const now = performance.now();
  // A throttled background tab may tick late; never jump more than a second of real time at once.
  const real = Math.min(now - last, 1000);
  last = now;
  try {
    session.tick(real);
  } catch (err) {
    scope.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err), errors: [] });
  }
}, TICK_MS);
