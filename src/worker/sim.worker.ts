// The simulation's home in the browser: a module Web Worker that hosts a SimSession. Commands from
// the UI go to session.handle; a ~60 Hz timer plays real time through session.tick and posts the
// frame when something changed. Everything else lives in session.ts, which the tests drive.
//
// A bug must not leave the page looking at a frozen cluster: an exception in either handler is
// posted as `fatal` and the worker stops (ticks and commands), so the UI can offer a restart. An
// error outside these handlers reaches the page as the Worker's `error` event instead.
//
// kubectl and the node shells' programs are not in this file: they load after the first scenario
// is on screen (src/sim/cli-tools/programs.deferred.ts). A message that may run a command waits for
// them (command-gate.ts), and every message after it waits too, so they are handled in order. The
// YAML parser and what reads and writes a scenario's text load with them (scenario-text.deferred.ts):
// the scenario the app opens on was parsed at build time; anything else that needs them waits alike.

import type { UiToWorker, WorkerToUi } from '../protocol/view';
import { FrameSizer } from './frame-size';
import { fatal } from './journal';
import { FRAMES_AHEAD, SimSession } from './session';
import { mayRunCommands, needsScenarioText } from './command-gate';
import { loadScenarioText, scenarioTextReady } from './scenario-text';
import { cliProgramsReady, kubectlVocabulary, loadCliPrograms } from '../sim/cli-tools/programs';

const TICK_MS = 16;

interface WorkerScope {
  name: string;
  postMessage(m: WorkerToUi): void;
  addEventListener(type: 'message', listener: (e: MessageEvent<UiToWorker>) => void): void;
}

const scope = self as unknown as WorkerScope;
const session = new SimSession();
/** The page names the worker so when it was opened with ?crash-test (useSimWorker.ts). */
const CRASH_TEST = scope.name.includes('crash-test');
let stopped = false;
/** Frames posted that the page has not said it drew. */
let undrawn = 0;
const sizer = new FrameSizer(() => performance.now());

type Fatal = Extract<WorkerToUi, { type: 'fatal' }>;

function stop(m: Fatal): void {
  if (stopped) return;
  stopped = true;
  clearInterval(timer);
  // For whoever debugs it in the browser's console; the page shows the same text.
  console.error(`Kubeplay simulation worker stopped: ${m.stack ?? m.message}`);
  scope.postMessage(m);
}

function crashTest(how: 'handler' | 'uncaught'): void {
  const err = new Error(`crash test (${how}): the page asked this worker to fail`);
  if (how === 'handler') throw err;
  setTimeout(() => {
    throw err;
  }, 0);
}

/** Messages held until the programs arrive, in the order they came. */
const held: UiToWorker[] = [];
let requested = false;

/**
 * Fetches the programs and the scenario text tools (once); when both are here, tells the page
 * kubectl's words and handles what was held.
 */
function requestPrograms(): void {
  if (requested) return;
  requested = true;
  Promise.all([loadCliPrograms(), loadScenarioText()]).then(
    () => {
      if (stopped) return;
      const vocabulary = kubectlVocabulary();
      if (vocabulary) scope.postMessage({ type: 'vocabulary', vocabulary });
      while (held.length && !stopped) handle(held.shift()!);
    },
    (err: unknown) => stop(fatal(err)),
  );
}

function handle(cmd: UiToWorker): void {
  try {
    let loaded = false;
    for (const m of session.handle(cmd)) {
      if (m.type === 'fatal') return stop(m);
      if (m.type === 'loaded') loaded = true;
      scope.postMessage(m);
    }
    // The first scenario is on screen: fetch the programs while the person looks at it.
    if (loaded && !requested) setTimeout(requestPrograms, 0);
  } catch (err) {
    stop(fatal(err));
  }
}

scope.addEventListener('message', (e) => {
  if (stopped) return;
  try {
    const cmd = e.data;
    if (cmd.type === 'frameShown') {
      undrawn = Math.max(0, undrawn - 1);
      return;
    }
    if (cmd.type === 'crashTest') {
      if (CRASH_TEST) crashTest(cmd.how);
      return;
    }
    // needsScenarioText first: mayRunCommands reads a scenario's text.
    if (held.length || (!(cliProgramsReady() && scenarioTextReady()) && (needsScenarioText(cmd) || mayRunCommands(cmd)))) {
      held.push(cmd);
      requestPrograms();
      return;
    }
    handle(cmd);
  } catch (err) {
    stop(fatal(err));
  }
});

let last = performance.now();
const timer = setInterval(() => {
  if (stopped) return;
  const now = performance.now();
  const real = now - last;
  last = now;
  try {
    const frame = session.tick(real, undrawn < FRAMES_AHEAD);
    if (frame) {
      undrawn++;
      sizer.measure(frame);
      scope.postMessage(frame);
    }
    for (const m of session.takeMessages()) scope.postMessage(m);
  } catch (err) {
    stop(fatal(err));
  }
}, TICK_MS);
