// The simulation's home in the browser: a module Web Worker that hosts a SimSession. Commands from
// the UI go to session.handle; a ~60 Hz timer plays real time through session.tick and posts the
// frame when something changed. Everything else lives in session.ts, which the tests drive.

import type { UiToWorker, WorkerToUi } from '../protocol/view';
import { SimSession } from './session';

const TICK_MS = 16;

interface WorkerScope {
  postMessage(m: WorkerToUi): void;
  addEventListener(type: 'message', listener: (e: MessageEvent<UiToWorker>) => void): void;
}

const scope = self as unknown as WorkerScope;
const session = new SimSession();

function post(messages: WorkerToUi[]): void {
  for (const m of messages) scope.postMessage(m);
}

function fail(err: unknown): void {
  scope.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err), errors: [] });
}

scope.addEventListener('message', (e) => {
  post(session.handle(e.data));
});

let last = performance.now();
setInterval(() => {
  const now = performance.now();
  const real = now - last;
  last = now;
  try {
    const frame = session.tick(real);
    if (frame) scope.postMessage(frame);
  } catch (err) {
    fail(err);
  }
}, TICK_MS);
