// What the worker does with a scenario's text: read it (a scenario, a link, a saved run's source) and
// write it (Share's link, Export's file). All of it needs the YAML parser. Node (vitest, the CLI,
// kubeplay serve) has it at once; the app's worker gets scenario-text.deferred.ts instead
// (vite.config.ts), which reads the scenario the app opens on at once and the rest once
// loadScenarioText() has fetched this module, after first paint.

export { parseScenario } from '../sim/scenario/parse';
export { decodeLink } from '../sim/scenario/link';
export { shareAnswer } from './share';

export const scenarioTextReady = (): boolean => true;

export const loadScenarioText = (): Promise<void> => Promise.resolve();

/** Whether parseScenario can read `text` (as `file`) now. */
export const canParseNow = (_text: string, _file: string): boolean => true;
