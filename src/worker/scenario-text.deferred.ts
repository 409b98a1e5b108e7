// scenario-text.ts as the app's worker has it (vite.config.ts swaps it in): the YAML parser and
// everything that reads or writes a scenario's text load after first paint, with kubectl's programs
// (sim.worker.ts). The scenario the app opens on needs none of it: vite.config.ts parses
// public/scenarios/default.yaml at build time with the same parseScenario, and this module answers
// for that text (and file name) with a copy of the result. Any other text, a link, a saved run and
// Share wait in sim.worker.ts until loadScenarioText() has resolved (command-gate.ts).

import FIRST_SCENARIO from 'virtual:kubeplay-first-scenario';
import type { ParseResult } from '../sim/scenario/schema';
import { deferredModule } from '../sim/deferred-module';

type ScenarioText = typeof import('./scenario-text');

const SCENARIO_TEXT = deferredModule(
  () => import('./scenario-text'),
  "a scenario's text reached the worker before the YAML parser loaded (sim.worker.ts waits for loadScenarioText())",
);

export const scenarioTextReady = SCENARIO_TEXT.ready;

export const loadScenarioText = SCENARIO_TEXT.load;

/** parseScenario's own default file name stands for a call without one. */
const isFirst = (text: string, file = 'scenario.yaml'): boolean => text === FIRST_SCENARIO.text && file === FIRST_SCENARIO.file;

export const canParseNow = (text: string, file: string): boolean => SCENARIO_TEXT.ready() || isFirst(text, file);

const text = SCENARIO_TEXT.get;

export const parseScenario: ScenarioText['parseScenario'] = (source, file) =>
  // A copy: the session may keep and change what it is given.
  isFirst(source, file) ? (structuredClone(FIRST_SCENARIO.parsed) as ParseResult) : text().parseScenario(source, file);

export const decodeLink: ScenarioText['decodeLink'] = (input) => text().decodeLink(input);

export const shareAnswer: ScenarioText['shareAnswer'] = (...args) => text().shareAnswer(...args);
