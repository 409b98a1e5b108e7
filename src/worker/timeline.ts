// The scrubber's marks for a run: one per step the person (or the scenario) took.

import type { TimelineMark, TimelineView } from '../protocol/view';
import { describeAction, type Scenario } from '../sim/scenario/schema';

/** Marks on the scrubber at most (the newest are kept). */
export const MAX_TIMELINE_MARKS = 500;

export function timelineOf(scenario: Scenario, end: number, snapshots: number[]): TimelineView {
  // An incident drill's own steps are its hidden break: a mark at each would point at the cause.
  // Only what the learner did is marked there.
  const marks: TimelineMark[] = scenario.steps
    .filter((s) => s.kind !== 'expect' && (!scenario.incident || s.recorded === true))
    .slice(-MAX_TIMELINE_MARKS)
    .map((s) => ({ at: s.at, label: describeAction(s), recorded: s.recorded === true }));
  return { end, snapshots, marks };
}
