// Starts the simulation worker (through SimWorkerHost, which also restarts it if it dies), gives
// ui-store its `send`, loads the first scenario and feeds sim-store with what the worker reports
// (src/protocol/view.ts). Nothing here computes a view. A page served by `kubeplay serve` reaches
// the served simulation over a WebSocket instead (served-transport.ts): it loads nothing, the server
// sends the run as it is. A page opened through `kubectl proxy` reads a real cluster (live mode,
// app/live-mode.ts) through the live worker.

import { setSimEpoch } from '../apimachinery/epoch';
import { useEffect } from 'react';
import type { WorkerToUi } from '../protocol/view';
import { onArrived, onLinkBuiltin, onLinkRefused, onOpenError, onOpeningLoaded, onRun, openFragment } from './app/run-links';
import { loadScenario } from './app/scenarios';
import { useLessonStore } from './lessons/lesson-store';
import { SimWorkerHost } from './app/sim-worker-host';
import { detectLive, liveTransport, mayBeLive } from './app/live-mode';
import { servedEndpoint, servedKubeconfig, socketTransport } from './app/served-transport';
import { installScaleBench, scaleBenchWanted } from './scale/scale-bench';
import { workerTransport } from './app/transport';
import { useRunStore, useSimStore, useUiStore, useWorkerStore } from './store/app-store';

export const FIRST_SCENARIO = 'default';

/** An incident drill's panel is its Scenario tab: the learner starts there, not in an empty terminal. */
function showIncidentPanel(): void {
  const ui = useUiStore.getState();
  ui.setDockTab('scenario');
  if (!ui.dockOpen) ui.toggle('dockOpen');
}

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
      setSimEpoch(m.epochMs);
      useSimStore.getState().setLoaded(m.name, m.targets, m.vocabulary);
      useLessonStore.getState().onLoaded(m.name, m.lesson);
      if (m.incident) showIncidentPanel();
      useRunStore.getState().set({ seek: null, forked: null, arrived: null });
      onOpeningLoaded(m.pauseAt);
      return;
    case 'vocabulary':
      sim.setVocabulary(m.vocabulary);
      return;
    case 'linkBuiltin':
      onLinkBuiltin(m);
      return;
    case 'linkRefused':
      onLinkRefused(m);
      return;
    case 'error':
      // A link or a file being opened that the worker refused gets the dialog, not the banner.
      if (onOpenError(m.message, m.errors)) return;
      sim.addError([m.message, ...m.errors].join('\n'));
      return;
    case 'run':
      onRun(m);
      return;
    case 'arrived':
      onArrived(m);
      return;
    case 'seeked':
      useRunStore.getState().set({ seek: { time: m.time, wallMs: m.wallMs, replayedMs: m.replayedMs }, arrived: null });
      return;
    case 'forked':
      useRunStore.getState().set({ forked: { from: m.from, end: m.end, dropped: m.dropped }, arrived: null, seek: null });
      return;
    case 'cycles':
      sim.setCycles(m.pod, m.cycles);
      return;
    case 'logs':
      sim.setLogs(m.process, m.lines);
      return;
    case 'proxyCost':
      useSimStore.setState({ proxyCost: m.points });
      return;
    case 'liveHealth':
      useWorkerStore.setState({ liveHealth: { readyz: m.readyz, livez: m.livez } });
      return;
    case 'podLog': {
      const { type: _type, ...log } = m;
      useWorkerStore.setState({ podLog: log });
      return;
    }
    case 'live': {
      const { type: _type, ...status } = m;
      // The first word from the live worker: the dock opens on what live mode has (the events).
      if (!useWorkerStore.getState().live) useUiStore.getState().setDockTab('events');
      useWorkerStore.setState({ live: status });
      return;
    }
  }
}

/** `?crash-test` in the page's URL: the e2e tests' way to make the worker fail (nothing else uses it). */
function crashTestWanted(): boolean {
  return new URLSearchParams(window.location.search).has('crash-test');
}

export function useSimWorker(): void {
  useEffect(() => {
    const served = servedEndpoint(document, window.location);
    // Live mode is known only once the proxy's API has answered; every other page starts at once.
    if (served || !mayBeLive(window.location)) return startSimulation(served, false);
    let stop: (() => void) | undefined;
    let cancelled = false;
    void detectLive(window.location).then((live) => {
      if (!cancelled) stop = startSimulation(null, live);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);
}

/** Starts the page's transport (a worker, the served simulation's socket, or the live worker) and returns how to stop it. */
function startSimulation(served: string | null, live: boolean): () => void {
  if (served) useWorkerStore.setState({ served: true, servedKubeconfig: servedKubeconfig(document) });
  const crashTest = crashTestWanted();
  let alive = true;
  const host = new SimWorkerHost({
    // Vite bundles the worker only from this literal `new Worker(new URL(...), {...})` form, with
    // options it can read: hence three of them. The name tells the worker to honour crashTest.
    createTransport: () =>
      live
        ? liveTransport(workerTransport(new Worker(new URL('../worker/live/live.worker.ts', import.meta.url), { type: 'module', name: 'kubeplay-live' })))
        : served
          ? socketTransport(served)
          : workerTransport(
              crashTest
                ? new Worker(new URL('../worker/sim.worker.ts', import.meta.url), { type: 'module', name: 'kubeplay-sim crash-test' })
                : new Worker(new URL('../worker/sim.worker.ts', import.meta.url), { type: 'module', name: 'kubeplay-sim' }),
            ),
    receive,
    startDefault,
  });
  function startDefault(): void {
    void loadScenario(FIRST_SCENARIO, () => alive).then((ok) => {
      if (ok && alive) host.send({ type: 'play' });
    });
  }
  // Live mode is read-only: nothing the page would send changes a real cluster; only the
  // inspector's read of a pod's log goes to the live worker.
  useUiStore.getState().setSender(
    live
      ? (m) => {
          if (m.type === 'podLog') host.send(m);
        }
      : host.send,
  );
  host.start();
  // A link (`#run=...`, `#scenario=NAME`) opens its run instead of the default cluster; one
  // pasted into the address bar of the open page opens too. A served page shows the served run,
  // a live page the real cluster.
  const own = !served && !live;
  // `?scale-bench`: no scenario; the scale view's measurement puts its own projection in the store.
  const scaleBench = own && scaleBenchWanted();
  if (scaleBench) installScaleBench();
  else if (own && !openFragment(window.location.hash, () => alive)) startDefault();
  const onHashChange = (): void => {
    if (own) void openFragment(window.location.hash, () => alive);
  };
  window.addEventListener('hashchange', onHashChange);
  if (crashTest)
    (
      window as unknown as {
        __kubeplayCrashTest?: (how: 'handler' | 'uncaught') => void;
      }
    ).__kubeplayCrashTest = (how) => host.crashTest(how);
  return () => {
    alive = false;
    window.removeEventListener('hashchange', onHashChange);
    useUiStore.getState().setSender(() => undefined);
    host.dispose();
  };
}
