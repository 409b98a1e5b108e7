// How the page reaches the simulation: one protocol (src/protocol/view.ts: UiToWorker, WorkerToUi),
// several transports. The Web Worker runs the simulation in this tab (the default, and `npm start`);
// a WebSocket reaches the simulation `kubeplay serve` runs in Node (served-transport.ts), which real
// kubectl drives too. SimWorkerHost talks to a SimTransport and to nothing else.

import type { UiToWorker, WorkerToUi } from '../../protocol/view';

export interface TransportListener {
  /** One message from the simulation; `bytes` is its size when the transport knows it for free, else 0. */
  message(m: WorkerToUi, bytes: number): void;
  /** The transport broke: the worker died, or the connection closed. `detail` says where, if known. */
  fail(message: string, detail: string): void;
}

export interface SimTransport {
  /**
   * `worker`: the run lives in this page and dies with the transport (a restart rebuilds it from the
   * journal). `remote`: the run lives elsewhere and goes on without the page (a restart reconnects).
   */
  readonly kind: 'worker' | 'remote';
  send(m: UiToWorker): void;
  /** Set once, right after the transport is made (nothing arrives before the next task). */
  listen(l: TransportListener): void;
  close(): void;
}

/** The simulation in a module Web Worker of this page (sim.worker.ts). */
export function workerTransport(w: Worker): SimTransport {
  return {
    kind: 'worker',
    send: (m) => w.postMessage(m),
    listen: (l) => {
      w.onmessage = (e: MessageEvent<WorkerToUi>) => l.message(e.data, 0);
      w.onerror = (e: ErrorEvent) => {
        // Handled here: the banner shows it, so the browser need not report it again.
        e.preventDefault();
        const where = e.filename ? `${e.filename}:${e.lineno}:${e.colno}` : '';
        l.fail(e.message || 'The simulation worker stopped with an error.', where);
      };
      w.onmessageerror = () => l.fail('A message from the simulation worker could not be read.', '');
    },
    close: () => w.terminate(),
  };
}
