// Starts the simulation worker, gives ui-store its `send`, loads the first scenario and feeds
// sim-store with what the worker reports (src/protocol/view.ts). Nothing here computes a view.

import { useEffect } from 'react';
import type { UiToWorker, WorkerToUi } from '../protocol/view';
import { loadScenario } from './app/scenarios';
import { useSimStore } from './store/sim-store';
import { useUiStore } from './store/ui-store';

export const FIRST_SCENARIO = 'default';

/** Applies one worker message to sim-store. Exported for the tests' fixtures. */
export function receive(m: WorkerToUi, bytes: number): void {
  const sim = useSimStore.getState();
  switch (m.type) {
    case 'frame':
      sim.applyBatch(m, bytes);
      return;
    case 'loaded':
      // A new cluster replaces the old one: drop what the previous run reported.
      sim.reset();
      useSimStore.getState().setLoaded(m.name, m.targets);
      return;
    case 'error':
      sim.addError([m.message, ...m.errors].join('\n'));
      return;
    case 'cycles':
      sim.setCycles(m.pod, m.cycles);
      return;
    case 'logs':
      sim.setLogs(m.process, m.lines);
      return;
  }
}

export function useSimWorker(): void {
  useEffect(() => {
    const worker = new Worker(new URL('../worker/sim.worker.ts', import.meta.url), { type: 'module' });
    const send = (m: UiToWorker): void => worker.postMessage(m);
    worker.onmessage = (e: MessageEvent<WorkerToUi>) => {
      // The dev overlay shows each frame's size; measuring only frames keeps the cost to one stringify per frame.
      const bytes = e.data.type === 'frame' ? JSON.stringify(e.data).length : 0;
      receive(e.data, bytes);
    };
    worker.onerror = (e) => useSimStore.getState().addError(`simulation worker: ${e.message}`);
    useUiStore.getState().setSender(send);
    let alive = true;
    void loadScenario(FIRST_SCENARIO, () => alive).then((ok) => {
      if (ok && alive) send({ type: 'play' });
    });
    return () => {
      alive = false;
      useUiStore.getState().setSender(() => undefined);
      worker.terminate();
    };
  }, []);
}
