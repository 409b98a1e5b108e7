// `kubectl describe poddisruptionbudget` (describePodDisruptionBudget in kubectl/pkg/describe/
// describe.go, v1.31): name, namespace, the bound it sets, the selector, the status counts at
// LEVEL_2 (four spaces) and the events.

import type { Event, KubeObject } from '../../../api/types';
import { tabwrite, KUBECTL_DESCRIBE } from '../../common/tabwriter';
import { describeEvents } from './format';
import { formatLabelSelector } from './replicaset';

export function describePodDisruptionBudget(pdb: KubeObject, events: Event[], now: number): string {
  const spec = (pdb.spec ?? {}) as { minAvailable?: number | string; maxUnavailable?: number | string; selector?: Parameters<typeof formatLabelSelector>[0] | null };
  const st = (pdb.status ?? {}) as { disruptionsAllowed?: number; currentHealthy?: number; desiredHealthy?: number; expectedPods?: number };
  let s = `Name:\t${pdb.metadata.name ?? ''}\n`;
  s += `Namespace:\t${pdb.metadata.namespace ?? ''}\n`;
  if (spec.minAvailable !== undefined) s += `Min available:\t${spec.minAvailable}\n`;
  else if (spec.maxUnavailable !== undefined) s += `Max unavailable:\t${spec.maxUnavailable}\n`;
  s += `Selector:\t${spec.selector ? formatLabelSelector(spec.selector) : '<unset>'}\n`;
  s += 'Status:\n';
  s += `    Allowed disruptions:\t${st.disruptionsAllowed ?? 0}\n`;
  s += `    Current:\t${st.currentHealthy ?? 0}\n`;
  s += `    Desired:\t${st.desiredHealthy ?? 0}\n`;
  s += `    Total:\t${st.expectedPods ?? 0}\n`;
  const ev = describeEvents(events, now);
  if (ev.inline) return tabwrite(s + ev.inline, KUBECTL_DESCRIBE);
  return tabwrite(s, KUBECTL_DESCRIBE) + tabwrite(ev.block!, KUBECTL_DESCRIBE);
}
