// Which messages from the page may hand the simulation a command line, and so must wait until
// kubectl and the node shells' programs are loaded (they arrive after first paint in the app:
// src/sim/cli-tools/programs.deferred.ts). A held message is handled once they are here, at the
// simulated time of that moment, and its journal entry records that time, so replaying the run
// (a share link, time travel) gives the same trace.

import type { UiToWorker } from '../protocol/view';
import { parseScenario } from '../sim/scenario';
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
      return scenarioRunsCommands(cmd.text);
    default:
      return false;
  }
}

/** Whether the scenario has a step that runs a command, or a lesson or drill (whose checks may). */
export function scenarioRunsCommands(text: string): boolean {
  const parsed = parseScenario(text);
  // A scenario that does not parse never starts: the session answers with its errors at once.
  if (!parsed.ok) return false;
  const s = parsed.scenario;
  return s.lesson !== undefined || s.incident !== undefined || s.steps.some((step) => COMMAND_STEPS.has(step.kind));
}
