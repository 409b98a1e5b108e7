// The run as something to hand on: the scenario with every user action as a recorded step and the
// moment as `spec.pauseAt` (what Export downloads), and the same as a link fragment (what Share
// puts in the address bar). `npx kubeplay run <link>` replays either to the same trace hash.

import type { ShareView, WorkerToUi } from '../protocol/view';
import { encodeRunLink } from '../sim/scenario/link';
import type { Scenario } from '../sim/scenario/schema';
import { serializeScenario } from '../sim/scenario/serialize';

export function shareAnswer(scenario: Scenario, at: number, traceHash: string, purpose: 'link' | 'export', view: ShareView): Extract<WorkerToUi, { type: 'run' }> {
  const header = `Recorded in Kubeplay: replay it with npx kubeplay run <this file>\n(it stops at ${(at / 1000).toFixed(3)} s, trace hash ${traceHash})`;
  const withMoment = { ...scenario, pauseAt: at };
  // A drill's intended repair stays in the worker, as it does for the incident panel.
  const yaml = serializeScenario(withMoment, header, { withoutSolution: true });
  // The link carries the scenario without the comment: every byte makes the link longer.
  const fragment = encodeRunLink({ scenario: serializeScenario(withMoment, undefined, { withoutSolution: true }), at, view: cleanView(view) });
  return { type: 'run', purpose, yaml, fragment, at, traceHash };
}

/** Only the fields a link may hold, each a short string (link.ts refuses anything else). */
function cleanView(v: ShareView): ShareView {
  const out: ShareView = {};
  for (const k of ['follow', 'panel', 'selected'] as const) {
    const x = v[k];
    if (typeof x === 'string' && x.length > 0 && x.length <= 256) out[k] = x;
  }
  return out;
}
