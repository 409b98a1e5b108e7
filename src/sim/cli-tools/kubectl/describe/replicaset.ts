// `kubectl describe replicaset` (describeReplicaSet in kubectl/pkg/describe/describe.go). Pods
// Status counts the pods whose controller reference is this ReplicaSet, by phase
// (getPodStatusForController).

import type { Event, KubeObject, Pod } from '../../../api/types';
import { labelSelectorAsSelector, selectorToString } from '../../../api/labels';
import { controllerOf, type ReplicaSet } from '../../../controllers/replicaset/types';
import { tabwrite, KUBECTL_DESCRIBE } from '../../common/tabwriter';
import { conditionsTable } from './deployment';
import { describeEvents, multiline } from './format';
import { describePodTemplate } from './template';

/** getPodStatusForController: Running / Waiting (Pending) / Succeeded / Failed. */
export function podStatusFor(owner: KubeObject, pods: KubeObject[]): string {
  const n = { Running: 0, Pending: 0, Succeeded: 0, Failed: 0 };
  for (const p of pods as Pod[]) {
    if (!owner.metadata.uid || controllerOf(p)?.uid !== owner.metadata.uid) continue;
    const phase = p.status?.phase;
    if (phase === 'Running' || phase === 'Pending' || phase === 'Succeeded' || phase === 'Failed') n[phase]++;
  }
  return `${n.Running} Running / ${n.Pending} Waiting / ${n.Succeeded} Succeeded / ${n.Failed} Failed`;
}

/** metav1.FormatLabelSelector: `<none>` for a selector that prints as nothing. */
export function formatLabelSelector(sel: ReplicaSet['spec']['selector'] | undefined): string {
  if (!sel) return '<none>';
  return selectorToString(labelSelectorAsSelector(sel)) || '<none>';
}

export function describeReplicaSet(rs: ReplicaSet, events: Event[], pods: KubeObject[], now: number): string {
  const m = rs.metadata;
  let s = `Name:\t${m.name ?? ''}\nNamespace:\t${m.namespace ?? ''}\n`;
  s += `Selector:\t${formatLabelSelector(rs.spec.selector)}\n`;
  s += multiline('Labels', m.labels, '=');
  s += multiline('Annotations', m.annotations, ': ', ['kubectl.kubernetes.io/last-applied-configuration']);
  const owner = controllerOf(rs);
  if (owner) s += `Controlled By:\t${owner.kind}/${owner.name}\n`;
  s += `Replicas:\t${rs.status?.replicas ?? 0} current / ${rs.spec.replicas ?? 0} desired\n`;
  s += `Pods Status:\t${podStatusFor(rs, pods)}\n`;
  s += describePodTemplate(rs.spec.template);
  const conds = (rs.status as { conditions?: { type: string; status: string; reason?: string }[] } | undefined)?.conditions ?? [];
  s += conditionsTable(conds);
  const ev = describeEvents(events, now);
  return tabwrite(s + (ev.inline ?? ev.block ?? ''), KUBECTL_DESCRIBE);
}
