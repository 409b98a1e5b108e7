import { beforeEach, describe, expect, it } from 'vitest';
import type { Checkpoint, JournalEntry, ScenarioSource, UiToWorker, WorkerToUi } from '../../protocol/view';
import { SimWorkerHost } from './sim-worker-host';
import { workerTransport } from './transport';
import { useWorkerStore } from '../store/app-store';

/** A Worker that records what it was sent; the test plays its side. */
class FakeWorker {
  sent: UiToWorker[] = [];
  terminated = false;
  onmessage: ((e: MessageEvent<WorkerToUi>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  onmessageerror: (() => void) | null = null;
  postMessage(m: UiToWorker): void {
    this.sent.push(m);
  }
  terminate(): void {
    this.terminated = true;
  }
  reply(m: WorkerToUi): void {
    this.onmessage?.({ data: m } as MessageEvent<WorkerToUi>);
  }
  error(message: string): void {
    this.onerror?.({ message, filename: 'sim.worker.js', lineno: 1, colno: 2, preventDefault: () => undefined } as unknown as ErrorEvent);
  }
}

const SOURCE: ScenarioSource = { file: 'default.yaml', text: 'kind: Scenario', files: {} };
const KILL: JournalEntry = { at: { time: 1000, events: 40, records: 90, commands: 0 }, command: { type: 'kill', target: 'kube-scheduler' } };
const CHECKPOINT: Checkpoint = { time: 2000, events: 80, records: 170, commands: 1, traceHash: 'abc' };
const frame = { type: 'frame', checkpoint: CHECKPOINT } as unknown as WorkerToUi;

function setup() {
  const workers: FakeWorker[] = [];
  const received: WorkerToUi[] = [];
  let defaults = 0;
  const host = new SimWorkerHost({
    createTransport: () => {
      const w = new FakeWorker();
      workers.push(w);
      return workerTransport(w as unknown as Worker);
    },
    receive: (m) => received.push(m),
    startDefault: () => defaults++,
  });
  host.start();
  const w = workers[0]!;
  w.reply({ type: 'loaded', name: 'default', seed: 1, targets: [], source: SOURCE });
  w.reply({ type: 'journal', entry: KILL });
  w.reply(frame);
  return { host, workers, received, defaults: () => defaults };
}

beforeEach(() => useWorkerStore.setState({ status: 'running', failure: null, notice: null, generation: 0, running: [] }));

describe('SimWorkerHost', () => {
  it('shows a fatal message as a failure with the time and commands a restart would replay', () => {
    const { workers } = setup();
    workers[0]!.reply({ type: 'fatal', message: 'kernel bug', stack: 'Error: kernel bug\n    at step' });
    expect(workers[0]!.terminated).toBe(true);
    expect(useWorkerStore.getState()).toMatchObject({
      status: 'failed',
      failure: { message: 'kernel bug', detail: 'Error: kernel bug\n    at step', during: 'run', time: 2000, commands: 1, canRestore: true },
    });
  });

  it('restarts from the last state: a new worker gets the speed, then the scenario, the journal and the checkpoint', () => {
    const { host, workers } = setup();
    host.send({ type: 'speed', speed: 25 });
    workers[0]!.error('Uncaught Error: boom');
    expect(useWorkerStore.getState().failure).toMatchObject({ message: 'Uncaught Error: boom', detail: 'sim.worker.js:1:2' });
    useWorkerStore.getState().restartFromLastState();
    expect(useWorkerStore.getState().status).toBe('restarting');
    expect(workers[1]!.sent).toEqual([
      { type: 'speed', speed: 25 },
      { type: 'restore', source: SOURCE, journal: [KILL], checkpoint: CHECKPOINT },
    ]);
    workers[1]!.reply({ type: 'loaded', name: 'default', seed: 1, targets: [], source: SOURCE });
    workers[1]!.reply({ type: 'journal', entry: KILL });
    workers[1]!.reply({ type: 'restored', time: 2000, replayed: 1, exact: true, running: [7] });
    expect(useWorkerStore.getState()).toMatchObject({ status: 'running', failure: null, generation: 1, running: [7], notice: { kind: 'restored', exact: true } });
  });

  it('when the replay fails too, offers only a fresh start and keeps the journal it was given', () => {
    const { workers } = setup();
    workers[0]!.reply({ type: 'fatal', message: 'kernel bug' });
    useWorkerStore.getState().restartFromLastState();
    workers[1]!.reply({ type: 'loaded', name: 'default', seed: 1, targets: [], source: SOURCE });
    workers[1]!.reply({ type: 'fatal', message: 'kernel bug' });
    expect(useWorkerStore.getState().failure).toMatchObject({ during: 'restore', commands: 1, canRestore: false });
  });

  it('counts a restore whose scenario does not load again as a failed restore', () => {
    const { workers } = setup();
    workers[0]!.reply({ type: 'fatal', message: 'kernel bug' });
    useWorkerStore.getState().restartFromLastState();
    workers[1]!.reply({ type: 'error', message: 'invalid scenario default.yaml', errors: ['default.yaml:1:1: kind: ...'] });
    expect(useWorkerStore.getState().failure).toMatchObject({ during: 'restore', message: 'invalid scenario default.yaml', canRestore: false });
  });

  // Issue 11: measuring frames on the page's thread was one of its long tasks at 50 workers; the
  // worker measures (worker/frame-size.ts) and the page passes its figure on.
  it('passes the size the worker measured on to the store, and measures nothing itself', () => {
    const sizes: number[] = [];
    const workers: FakeWorker[] = [];
    const host = new SimWorkerHost({
      createTransport: () => {
        const w = new FakeWorker();
        workers.push(w);
        return workerTransport(w as unknown as Worker);
      },
      receive: (m, bytes) => {
        if (m.type === 'frame') sizes.push(bytes);
      },
      startDefault: () => {},
    });
    host.start();
    workers[0]!.reply({ ...frame, bytes: 1234 } as WorkerToUi);
    workers[0]!.reply(frame);
    expect(sizes).toEqual([1234, 0]);
  });

  it('ignores what the dead worker still says, and sends nothing while no worker runs', () => {
    const { host, workers, received } = setup();
    workers[0]!.reply({ type: 'fatal', message: 'kernel bug' });
    const count = received.length;
    workers[0]!.reply(frame);
    host.send({ type: 'play' });
    expect(received).toHaveLength(count);
    expect(workers[0]!.sent).toEqual([]);
  });

  it('starts over with the default scenario and says so once it is loaded', () => {
    const { workers, defaults } = setup();
    workers[0]!.onmessageerror!();
    expect(useWorkerStore.getState().failure?.message).toBe('A message from the simulation worker could not be read.');
    useWorkerStore.getState().startOver();
    expect(defaults()).toBe(1);
    workers[1]!.reply({ type: 'loaded', name: 'default', seed: 1, targets: [], source: SOURCE });
    expect(useWorkerStore.getState()).toMatchObject({ status: 'running', notice: { kind: 'startedOver' }, running: [], generation: 1 });
  });
});
