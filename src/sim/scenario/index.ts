// The scenario module: parse a scenario document, run it against a cluster, print its transcript.

export type { ClusterFactory, ClusterLike, ExecOptions, SimLike } from './cluster-like';
export { formatClock, formatDuration, parseDuration } from './duration';
export { parseScenario } from './parse';
export { DEFAULT_COMMAND_TIMEOUT_MS, ScenarioRunner, filesNeeded, runScenario, type RunnerOptions, type ScenarioResult } from './run';
export * from './schema';
export { checkExpectation, formatEntry, type ExpectationCheck, type ExpectationResult, type TranscriptEntry } from './transcript';
export { INCIDENT_HINTS, type Incident, type IncidentChoice, type LocalText } from './incident';
