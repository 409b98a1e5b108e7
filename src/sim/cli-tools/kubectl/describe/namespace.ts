// `kubectl describe namespace` (describeNamespace in kubectl/pkg/describe/describe.go): identity,
// phase, then the quota and limit-range sections. Kubeplay has no ResourceQuota or LimitRange
// objects in practice, so those sections print their "none" lines. Namespaces show no events.

import type { Namespace } from '../../../api/types';
import { tabwrite, KUBECTL_DESCRIBE } from '../../common/tabwriter';
import { multiline } from './format';

export function describeNamespace(ns: Namespace): string {
  const m = ns.metadata;
  let s = `Name:\t${m.name ?? ''}\n`;
  s += multiline('Labels', m.labels, '=');
  s += multiline('Annotations', m.annotations, ': ');
  s += `Status:\t${ns.status?.phase ?? ''}\n`;
  s += '\nNo resource quota.\n\nNo LimitRange resource.\n';
  return tabwrite(s, KUBECTL_DESCRIBE);
}
