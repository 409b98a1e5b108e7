// `kubectl describe statefulset` and `kubectl describe daemonset` (describeStatefulSet and
// describeDaemonSet in kubectl/pkg/describe/describe.go). Both count the pods they control by
// phase like a ReplicaSet does. The DaemonSet's node counts are written without a tab in
// describe.go, so they do not align with the other fields.

import type { Event, KubeObject } from '../../../api/types';
import { labelSelectorAsSelector, selectorToString } from '../../../api/labels';
import type { DaemonSet } from '../../../controllers/daemonset/types';
import type { StatefulSet } from '../../../controllers/statefulset/types';
import { tabwrite, KUBECTL_DESCRIBE } from '../../common/tabwriter';
import { describeEvents, multiline, rfc1123z } from './format';
import { podStatusFor } from './replicaset';
import { describePodTemplate } from './template';

const LAST_APPLIED = ['kubectl.kubernetes.io/last-applied-configuration'];

export function describeStatefulSet(ss: StatefulSet, events: Event[], pods: KubeObject[], now: number): string {
  const m = ss.metadata;
  let s = `Name:\t${m.name ?? ''}\nNamespace:\t${m.namespace ?? ''}\nCreationTimestamp:\t${rfc1123z(m.creationTimestamp)}\n`;
  s += `Selector:\t${selectorToString(labelSelectorAsSelector(ss.spec.selector))}\n`;
  s += multiline('Labels', m.labels, '=');
  s += multiline('Annotations', m.annotations, ': ', LAST_APPLIED);
  s += `Replicas:\t${ss.spec.replicas ?? 0} desired | ${ss.status?.replicas ?? 0} total\n`;
  s += `Update Strategy:\t${ss.spec.updateStrategy?.type ?? ''}\n`;
  const ru = ss.spec.updateStrategy?.rollingUpdate;
  if (ru?.partition !== undefined) {
    s += `  Partition:\t${ru.partition}\n`;
    if (ru.maxUnavailable !== undefined) s += `  MaxUnavailable:\t${ru.maxUnavailable}\n`;
  }
  s += `Pods Status:\t${podStatusFor(ss, pods)}\n`;
  s += describePodTemplate(ss.spec.template);
  s += volumeClaims((ss.spec as { volumeClaimTemplates?: ClaimTemplate[] }).volumeClaimTemplates ?? []);
  const ev = describeEvents(events, now);
  return tabwrite(s + (ev.inline ?? ev.block ?? ''), KUBECTL_DESCRIBE);
}

interface ClaimTemplate {
  metadata?: { name?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: { storageClassName?: string; accessModes?: string[]; resources?: { requests?: Record<string, string> } };
}

/** describeVolumeClaimTemplates; access modes print as a Go slice, `[ReadWriteOnce]`. */
function volumeClaims(claims: ClaimTemplate[]): string {
  if (claims.length === 0) return 'Volume Claims:\t<none>\n';
  return 'Volume Claims:\n' + claims.map((c) =>
    `  Name:\t${c.metadata?.name ?? ''}\n  StorageClass:\t${c.spec?.storageClassName ?? ''}\n` +
    multiline('  Labels', c.metadata?.labels, '=') + multiline('  Annotations', c.metadata?.annotations, ': ') +
    `  Capacity:\t${c.spec?.resources?.requests?.storage ?? '<default>'}\n  Access Modes:\t[${(c.spec?.accessModes ?? []).join(' ')}]\n`,
  ).join('');
}

/** labels.FormatLabels: sorted `k=v` pairs, or `<none>`. */
function formatLabels(m: Record<string, string> | undefined): string {
  const keys = Object.keys(m ?? {}).sort();
  return keys.length ? keys.map((k) => `${k}=${m![k]}`).join(',') : '<none>';
}

export function describeDaemonSet(ds: DaemonSet, events: Event[], pods: KubeObject[], now: number): string {
  const m = ds.metadata;
  const st = ds.status;
  let s = `Name:\t${m.name ?? ''}\nNamespace:\t${m.namespace ?? ''}\n`;
  s += `Selector:\t${selectorToString(labelSelectorAsSelector(ds.spec.selector))}\n`;
  s += `Node-Selector:\t${formatLabels(ds.spec.template.spec.nodeSelector)}\n`;
  s += multiline('Labels', m.labels, '=');
  s += multiline('Annotations', m.annotations, ': ', LAST_APPLIED);
  s += `Desired Number of Nodes Scheduled: ${st?.desiredNumberScheduled ?? 0}\n`;
  s += `Current Number of Nodes Scheduled: ${st?.currentNumberScheduled ?? 0}\n`;
  s += `Number of Nodes Scheduled with Up-to-date Pods: ${st?.updatedNumberScheduled ?? 0}\n`;
  s += `Number of Nodes Scheduled with Available Pods: ${st?.numberAvailable ?? 0}\n`;
  s += `Number of Nodes Misscheduled: ${st?.numberMisscheduled ?? 0}\n`;
  s += `Pods Status:\t${podStatusFor(ds, pods)}\n`;
  s += describePodTemplate(ds.spec.template);
  const ev = describeEvents(events, now);
  return tabwrite(s + (ev.inline ?? ev.block ?? ''), KUBECTL_DESCRIBE);
}
