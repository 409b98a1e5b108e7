// DescribePodTemplate (kubectl/pkg/describe/describe.go): the `Pod Template:` block that
// Deployments, ReplicaSets, StatefulSets, DaemonSets and Jobs print, indented by two spaces, with
// container and volume names indented one more space than in `describe pod`.

import type { PodTemplateSpec } from '../../../controllers/replicaset/types';
import { describeContainer, tolerationText } from './pod';
import { multiline } from './format';
import { describeVolumes } from './volumes';

export function describePodTemplate(t: PodTemplateSpec | undefined): string {
  if (!t) return 'Pod Template:\n  <unset>';
  let s = 'Pod Template:\n';
  s += multiline('  Labels', t.metadata?.labels, '=');
  if (Object.keys(t.metadata?.annotations ?? {}).length > 0) s += multiline('  Annotations', t.metadata?.annotations, ': ');
  if (t.spec.serviceAccountName) s += `  Service Account:\t${t.spec.serviceAccountName}\n`;
  if (t.spec.initContainers?.length) {
    s += '  Init Containers:\n' + t.spec.initContainers.map((c) => describeContainer(c, undefined, ' ')).join('');
  }
  const cs = t.spec.containers ?? [];
  s += `  Containers:${cs.length === 0 ? ' <none>' : ''}\n` + cs.map((c) => describeContainer(c, undefined, ' ')).join('');
  s += describeVolumes(t.spec.volumes as unknown[] | undefined, '  ');
  if (t.spec.priorityClassName) s += `  Priority Class Name:\t${t.spec.priorityClassName as string}\n`;
  s += multiline('  Node-Selectors', t.spec.nodeSelector, '=');
  const tol = t.spec.tolerations ?? [];
  s += tol.length ? tol.map((x, i) => `${i === 0 ? '  Tolerations:' : ''}\t${tolerationText(x)}\n`).join('') : '  Tolerations:\t<none>\n';
  return s;
}
