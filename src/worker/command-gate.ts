// Which messages from the page may hand the simulation a command line, and so must wait until
// kubectl and the node shells' programs are loaded (they arrive after first paint in the app:
// src/sim/cli-tools/programs.deferred.ts). A held message is handled once they are here, at the
// simulated time of that moment, and its journal entry records that time, so replaying the run
// (a share link, time travel) gives the same trace. needsScenarioText says which messages wait, in
// the same way, for what reads and writes a scenario's text (scenario-text.ts).

import type { UiToWorker } from '../protocol/view';
import { canParseNow, parseScenario } from './scenario-text';
import type { StepKind } from '../sim/scenario/schema';

/** The steps that run a command line (kubectl, or a node's shell with `on:`). */
const COMMAND_STEPS: ReadonlySet<StepKind> = new Set<StepKind>(['apply', 'applyFile', 'run', 'expect', 'interrupt']);

export function mayRunCommands(cmd: UiToWorker): boolean {
  // A link or a saved run (openLink, restore) replays the commands it recorded.
  switch (cmd.type) {
    case 'exec':
    case 'cancel':
    case 'openLink':
    case 'restore':
      return true;
    case 'load':
      return scenarioRunsCommands(cmd.text, cmd.file);
    default:
      return false;
  }
}

/** Whether the scenario has a step that runs a command, or a lesson or drill (whose checks may). */
export function scenarioRunsCommands(text: string, file?: string): boolean {
  const parsed = parseScenario(text, file);
  // A scenario that does not parse never starts: the session answers with its errors at once.
  if (!parsed.ok) return false;
  const s = parsed.scenario;
  return s.lesson !== undefined || s.incident !== undefined || s.steps.some((step) => COMMAND_STEPS.has(step.kind));
}

/**
 * Whether the message needs what reads or writes a scenario's text before the app's worker has
 * loaded it (src/worker/scenario-text.deferred.ts): any scenario but the one the app opens on, a
 * link, a saved run, Share and Export. Asked before mayRunCommands, which reads a scenario's text.
 */
export function needsScenarioText(cmd: UiToWorker): boolean {
  switch (cmd.type) {
    case 'load':
      return !canParseNow(cmd.text, cmd.file);
    case 'restore':
      return !canParseNow(cmd.source.text, cmd.source.file);
    case 'openLink':
    case 'share':
      return !canParseNow('', '');
    default:
      return false;
  }
}
