// Whether the simulation worker is alive, and what the page says about it: the failure banner with
// its two ways back, the "restarting" line, and what came back after a restart. The worker itself
// lives in SimWorkerHost (app/sim-worker-host.ts), which sets this store.

import type { StateCreator } from 'zustand';
import type { HealthReport, WorkerToUi } from '../../protocol/view';
import type { LiveStatus } from '../app/live-mode';
import type { AppState } from './app-store';

export interface WorkerFailure {
  /** The error's message, as the worker or the browser reported it. */
  message: string;
  /** Where it happened: the stack, or the worker script's file and line. */
  detail: string;
  /** `restore`: it failed again while a new worker replayed the journal. */
  during: 'run' | 'restore';
  /** Simulated ms of the last state the page showed. */
  time: number;
  /** Commands the journal would replay. */
  commands: number;
  /** A restart from the last state is possible (a scenario was loaded, and a replay did not fail already). */
  canRestore: boolean;
  /** The run lives in `kubeplay serve`: the connection was lost, not the run, and the way back is to reconnect. */
  remote?: boolean;
}

export type WorkerNotice =
  | { kind: 'restored'; time: number; replayed: number; exact: boolean; detail?: string }
  | { kind: 'startedOver' }
  | { kind: 'reconnected' };

export interface WorkerState {
  status: 'running' | 'failed' | 'restarting';
  failure: WorkerFailure | null;
  /** What the last restart brought back, until dismissed. */
  notice: WorkerNotice | null;
  /** A new worker each time; the terminal then gives back its prompt if its command died with the old one. */
  generation: number;
  /** Request ids of terminal commands the new worker still runs. */
  running: number[];
  /** Live mode (app/live-mode.ts): the real cluster the page reads, read-only; null while it simulates. */
  live: LiveStatus | null;
  /** Live mode: kube-apiserver's /readyz and /livez checks as last read (the control plane's box). */
  liveHealth: { readyz: HealthReport; livez: HealthReport } | null;
  /** Live mode: the pod log the inspector asked for last, as the API answered. */
  podLog: Omit<Extract<WorkerToUi, { type: 'podLog' }>, 'type'> | null;
  /** The page shows the run `kubeplay serve` plays (src/serve): it goes only forward, in one cluster real clients share. */
  served: boolean;
  /** The kubeconfig `kubeplay serve` wrote for real kubectl, when the server named it (the toolbar's export line). */
  servedKubeconfig: string | null;
  restartFromLastState: () => void;
  startOver: () => void;
  dismissNotice(): void;
}

export const workerSlice: StateCreator<AppState, [['zustand/immer', never]], [], WorkerState> = (set) => ({
  status: 'running',
  failure: null,
  notice: null,
  generation: 0,
  running: [],
  live: null,
  liveHealth: null,
  podLog: null,
  served: false,
  servedKubeconfig: null,
  restartFromLastState: () => undefined,
  startOver: () => undefined,
  dismissNotice: () => set({ notice: null }),
});
