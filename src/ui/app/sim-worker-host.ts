// The page's side of the simulation (through a SimTransport: the worker, or `kubeplay serve`'s
// WebSocket): starts it, feeds what it reports to sim-store, and keeps
// what a new worker needs if this one dies: the scenario it loaded, the journal of commands it
// applied (with where), and the checkpoint of the last frame. A worker dies by a `fatal` message (it
// caught a bug in its own handlers), an `error` event (an exception outside them, or a script that
// failed to load) or a `messageerror`. The page then shows WorkerFailure; a restart is a new worker
// given the same scenario and journal (`restore`), or the default scenario from scratch. A remote
// run (`kubeplay serve`) lives on without the page: both ways back reconnect, and the server sends
// the run as it is now.

import type { Checkpoint, JournalEntry, ScenarioSource, UiToWorker, WorkerToUi } from '../../protocol/view';
import { useSimStore, useWorkerStore } from '../store/app-store';
import type { SimTransport } from './transport';

export interface HostDeps {
  /** Makes a new transport to the simulation (the Vite `new Worker(new URL(...))` lives with the caller). */
  createTransport: () => SimTransport;
  /** Hands one worker message to the stores (useSimWorker's `receive`); `bytes` is a frame's size, 0 when not measured. */
  receive: (m: WorkerToUi, bytes: number) => void;
  /** Loads the default scenario and plays it (a fresh start). */
  startDefault: () => void;
}

interface Saved {
  source: ScenarioSource;
  journal: JournalEntry[];
  checkpoint?: Checkpoint;
}

export class SimWorkerHost {
  private worker: SimTransport | null = null;
  private source: ScenarioSource | null = null;
  private journal: JournalEntry[] = [];
  private checkpoint: Checkpoint | undefined;
  private lastSpeed: Extract<UiToWorker, { type: 'speed' }> | undefined;
  /** Set while a new worker replays: what it was given, in case it dies too. */
  private restoring: Saved | null = null;
  private startingOver = false;

  constructor(private readonly deps: HostDeps) {}

  start(): void {
    useWorkerStore.setState({
      restartFromLastState: () => this.restartFromLastState(),
      startOver: () => this.startOver(),
    });
    this.spawn();
  }

  dispose(): void {
    this.worker?.close();
    this.worker = null;
  }

  /** Sends a command to the worker. With no live worker (the banner is up) there is nobody to send it to. */
  readonly send = (m: UiToWorker): void => {
    if (m.type === 'speed') this.lastSpeed = m;
    this.worker?.send(m);
  };

  /** The crash-test hook (?crash-test only): asks the worker to fail. */
  crashTest(how: 'handler' | 'uncaught'): void {
    this.send({ type: 'crashTest', how });
  }

  private spawn(): void {
    const w = this.deps.createTransport();
    w.listen({ message: (m, bytes) => this.onMessage(w, m, bytes), fail: (message, detail) => this.fail(w, message, detail) });
    this.worker = w;
    // A new worker starts at speed 1 with the default filters; give it the person's choice.
    if (this.lastSpeed && w.kind === 'worker') w.send(this.lastSpeed);
  }

  private onMessage(w: SimTransport, m: WorkerToUi, bytes: number): void {
    // A late message from a worker given up on.
    if (w !== this.worker) return;
    switch (m.type) {
      case 'fatal':
        this.fail(w, m.message, m.stack ?? '');
        return;
      case 'error':
        // Before `restored`, an error can only be the restore's own (the scenario did not load again).
        if (this.restoring) {
          this.fail(w, m.message, m.errors.join('\n'));
          return;
        }
        break;
      case 'loaded':
        this.source = m.source;
        this.journal = [];
        this.checkpoint = undefined;
        if (this.startingOver) {
          this.startingOver = false;
          this.back([], { kind: this.worker?.kind === 'remote' ? 'reconnected' : 'startedOver' });
        }
        break;
      case 'journal':
        this.journal.push(m.entry);
        break;
      case 'frame':
        this.checkpoint = m.checkpoint;
        this.frameDrawn(w);
        break;
      case 'restored':
        this.restoring = null;
        this.back(m.running, { kind: 'restored', time: m.time, replayed: m.replayed, exact: m.exact, ...(m.detail ? { detail: m.detail } : {}) });
        break;
    }
    // The dev overlay shows a frame's size: what the transport measured for free (a WebSocket's text),
    // else what the worker measured now and then (worker/frame-size.ts); never measured here.
    this.deps.receive(m, m.type === 'frame' ? bytes || (m.bytes ?? 0) : 0);
  }

  /** Tells the worker when the page has drawn after this frame, so it never runs ahead of what is shown. */
  private frameDrawn(w: SimTransport): void {
    const later = typeof requestAnimationFrame === 'function' ? requestAnimationFrame : (cb: () => void) => setTimeout(cb, 16);
    later(() => {
      if (w === this.worker) w.send({ type: 'frameShown' } satisfies UiToWorker);
    });
  }

  private fail(w: SimTransport, message: string, detail: string): void {
    if (w !== this.worker) return;
    w.close();
    this.worker = null;
    const during = this.restoring ? 'restore' : 'run';
    if (this.restoring) {
      // Keep what the failed replay was given, not the part of it that it re-journaled.
      ({ source: this.source, journal: this.journal, checkpoint: this.checkpoint } = this.restoring);
      this.restoring = null;
    }
    this.startingOver = false;
    useWorkerStore.setState({
      status: 'failed',
      notice: null,
      failure: {
        message,
        detail,
        during,
        time: this.checkpoint?.time ?? useSimStore.getState().clock.time,
        commands: this.journal.length,
        canRestore: this.source !== null && during === 'run' && w.kind === 'worker',
        ...(w.kind === 'remote' && { remote: true }),
      },
    });
    // Nothing runs any more: the toolbar must not say it plays.
    useSimStore.setState((s) => {
      s.clock.playing = false;
    });
  }

  private restartFromLastState(): void {
    if (!this.source) return this.startOver();
    this.restoring = { source: this.source, journal: [...this.journal], ...(this.checkpoint ? { checkpoint: this.checkpoint } : {}) };
    useWorkerStore.setState({ status: 'restarting', failure: null, notice: null });
    this.spawn();
    this.worker!.send({ type: 'restore', ...this.restoring } satisfies UiToWorker);
  }

  private startOver(): void {
    this.restoring = null;
    this.startingOver = true;
    useWorkerStore.setState({ status: 'restarting', failure: null, notice: null });
    this.spawn();
    // A remote run goes on without the page: the server sends it as it is now, with `loaded` first.
    if (this.worker!.kind === 'worker') this.deps.startDefault();
  }

  private back(running: number[], notice: NonNullable<ReturnType<typeof useWorkerStore.getState>['notice']>): void {
    useWorkerStore.setState((s) => ({ status: 'running', failure: null, notice, running, generation: s.generation + 1 }));
  }
}
