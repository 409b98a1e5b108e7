// Starts the simulation worker, loads the built-in pod-lifecycle scenario into it, plays it at 5x
// and keeps the latest view of what the worker reports.

import { useEffect, useState } from 'react';
import type { CommandOutput, UiToWorker, WorkerToUi } from '../protocol/messages';

export const SCENARIO_URL = `${import.meta.env.BASE_URL}scenarios/pod-lifecycle.yaml`;
export const SPEED = 5;
const MAX_OUTPUTS = 200;

export interface SimView {
  scenario: string | null;
  time: number;
  getPods: string;
  outputs: CommandOutput[];
  errors: string[];
  traceHash: string;
}

const INITIAL: SimView = { scenario: null, time: 0, getPods: '', outputs: [], errors: [], traceHash: '' };

export function useSimWorker(): SimView {
  const [view, setView] = useState<SimView>(INITIAL);
  useEffect(() => {
    const worker = new Worker(new URL('../worker/sim.worker.ts', import.meta.url), { type: 'module' });
    const send = (m: UiToWorker): void => worker.postMessage(m);
    worker.onmessage = (e: MessageEvent<WorkerToUi>) => setView((v) => reduce(v, e.data));
    let cancelled = false;
    fetch(SCENARIO_URL)
      .then((r) => {
        if (!r.ok) throw new Error(`cannot load ${SCENARIO_URL}: HTTP ${r.status}`);
        return r.text();
      })
      .then((text) => {
        if (cancelled) return;
        send({ type: 'load', file: 'pod-lifecycle.yaml', text });
        send({ type: 'speed', speed: SPEED });
        send({ type: 'play' });
      })
      .catch((err: unknown) => setView((v) => ({ ...v, errors: [...v.errors, String(err)] })));
    return () => {
      cancelled = true;
      worker.terminate();
    };
  }, []);
  return view;
}

function reduce(v: SimView, m: WorkerToUi): SimView {
  switch (m.type) {
    case 'loaded':
      return { ...INITIAL, scenario: m.name };
    case 'error':
      return { ...v, errors: [...v.errors, m.message, ...m.errors] };
    case 'batch':
      return {
        ...v,
        time: m.time,
        getPods: m.getPods ?? v.getPods,
        outputs: m.outputs.length ? [...v.outputs, ...m.outputs].slice(-MAX_OUTPUTS) : v.outputs,
        traceHash: m.traceHash,
      };
  }
}
