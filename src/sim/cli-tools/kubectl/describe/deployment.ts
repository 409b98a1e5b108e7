// `kubectl describe deployment` (describeDeployment in kubectl/pkg/describe/describe.go). The
// ReplicaSets the Deployment controls are listed by kubectl itself (deploymentutil.GetAllReplicaSets):
// the new one has the Deployment's template (pod-template-hash aside), the old ones are the others
// that still want pods.

import type { Event, KubeObject } from '../../../api/types';
import { labelSelectorAsSelector, selectorToString } from '../../../api/labels';
import type { Deployment, ReplicaSet } from '../../../controllers/replicaset/types';
import { controllerOf } from '../../../controllers/replicaset/types';
import { sameTemplate } from '../../../controllers/deployment/rollout';
import { tabwrite, KUBECTL_DESCRIBE } from '../../common/tabwriter';
import { describeEvents, multiline, rfc1123z } from './format';
import { describePodTemplate } from './template';

/** printReplicaSetsByLabels: `web-5b85bc8649 (3/3 replicas created)`, or `<none>`. */
function replicaSetList(list: ReplicaSet[]): string {
  const s = list.map((rs) => `${rs.metadata.name ?? ''} (${rs.status?.replicas ?? 0}/${rs.spec.replicas ?? 0} replicas created)`).join(', ');
  return s || '<none>';
}

/** FindNewReplicaSet and FindOldReplicaSets (the "required" old ones: spec.replicas != 0). */
export function replicaSetsOf(d: Deployment, all: KubeObject[]): { oldRSs: ReplicaSet[]; newRS: ReplicaSet | undefined } {
  const owned = (all as ReplicaSet[]).filter((rs) => d.metadata.uid && controllerOf(rs)?.uid === d.metadata.uid);
  const key = (rs: ReplicaSet): string => `${rs.metadata.creationTimestamp ?? ''}/${rs.metadata.name ?? ''}`;
  const byAge = [...owned].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  const newRS = byAge.find((rs) => sameTemplate(rs, d));
  const oldRSs = owned.filter((rs) => rs !== newRS && (rs.spec.replicas ?? 0) !== 0);
  return { oldRSs, newRS };
}

/** intstr.IntOrString.String(). */
const intOrString = (v: number | string | undefined): string => (v === undefined ? '0' : String(v));

export function describeDeployment(d: Deployment, events: Event[], replicaSets: KubeObject[], now: number): string {
  const m = d.metadata;
  const st = d.status ?? {};
  let s = `Name:\t${m.name ?? ''}\nNamespace:\t${m.namespace ?? ''}\nCreationTimestamp:\t${rfc1123z(m.creationTimestamp)}\n`;
  s += multiline('Labels', m.labels, '=');
  s += multiline('Annotations', m.annotations, ': ', ['kubectl.kubernetes.io/last-applied-configuration']);
  s += `Selector:\t${selectorToString(labelSelectorAsSelector(d.spec.selector))}\n`;
  s += `Replicas:\t${d.spec.replicas ?? 0} desired | ${st.updatedReplicas ?? 0} updated | ${st.replicas ?? 0} total | ${st.availableReplicas ?? 0} available | ${st.unavailableReplicas ?? 0} unavailable\n`;
  s += `StrategyType:\t${d.spec.strategy?.type ?? ''}\n`;
  s += `MinReadySeconds:\t${d.spec.minReadySeconds ?? 0}\n`;
  const ru = d.spec.strategy?.rollingUpdate;
  if (ru) s += `RollingUpdateStrategy:\t${intOrString(ru.maxUnavailable)} max unavailable, ${intOrString(ru.maxSurge)} max surge\n`;
  s += describePodTemplate(d.spec.template);
  s += conditionsTable(st.conditions ?? []);
  const { oldRSs, newRS } = replicaSetsOf(d, replicaSets);
  s += `OldReplicaSets:\t${replicaSetList(oldRSs)}\n`;
  s += `NewReplicaSet:\t${replicaSetList(newRS ? [newRS] : [])}\n`;
  const ev = describeEvents(events, now);
  return tabwrite(s + (ev.inline ?? ev.block ?? ''), KUBECTL_DESCRIBE);
}

/** The Type/Status/Reason table Deployments and ReplicaSets print (only when there are conditions). */
export function conditionsTable(conds: { type: string; status: string; reason?: string }[]): string {
  if (conds.length === 0) return '';
  return 'Conditions:\n  Type\tStatus\tReason\n  ----\t------\t------\n' + conds.map((c) => `  ${c.type} \t${c.status}\t${c.reason ?? ''}\n`).join('');
}
