// The count on the Scenario tab: failed expectations (and steps the cluster refused) in the danger
// colour with a cross, so a failure is visible without opening the tab; otherwise how many of the
// expectations passed so far. Read from the runner's progress (the worker decided every verdict).

import { useScenarioStrings } from './scenario-strings';
import { useSimStore } from '../store/app-store';

export function ScenarioBadge() {
  const sc = useScenarioStrings();
  const p = useSimStore((s) => s.progress);
  // An incident drill's expectations belong to its hidden break: the incident panel has its own verdicts.
  if (!p || p.incident) return null;
  const failed = p.failed + p.errors;
  const total = p.passed + p.failed + p.pending;
  if (failed > 0) {
    return (
      <span className="dock-badge dock-badge--fail" data-testid="scenario-badge" data-failed={failed} title={sc.failedBadge(failed)}>
        <span aria-hidden="true">✗ {failed}</span>
        <span className="visually-hidden">{` ${sc.failedBadge(failed)}`}</span>
      </span>
    );
  }
  if (total === 0) return null;
  return (
    <span className="dock-badge dock-badge--ok" data-testid="scenario-badge" data-failed={0} title={sc.passedBadge(p.passed, total)}>
      <span aria-hidden="true">
        ✓ {p.passed}/{total}
      </span>
      <span className="visually-hidden">{` ${sc.passedBadge(p.passed, total)}`}</span>
    </span>
  );
}
