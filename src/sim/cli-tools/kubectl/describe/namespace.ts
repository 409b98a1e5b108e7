// `kubectl describe namespace` (describeNamespace, DescribeResourceQuotas and DescribeLimitRanges in
// kubectl/pkg/describe/describe.go, v1.31): identity and phase, then every ResourceQuota in the
// namespace (sorted by name; each quota's status.hard names sorted, Used and Hard as stored), then
// one "Resource Limits" table of all its LimitRanges' items, or the "none" line of each. kubectl
// LISTs both in the namespace (commands/describe.ts). Namespaces show no events. Go ranges over a
// LimitRange item's resources in random order; Kubeplay prints them sorted.

import type { KubeObject, Namespace } from '../../../api/types';
import { formatQuantity, tryParseQuantity } from '../../../api/quantity';
import { tabwrite, KUBECTL_DESCRIBE } from '../../common/tabwriter';
import { multiline } from './format';

type ResourceList = Record<string, string>;

const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Quantity.String() of a stored value (its canonical form); a missing one is the zero "0". */
function quantity(s: string | undefined): string {
  const q = s === undefined ? undefined : tryParseQuantity(s);
  return q ? formatQuantity(q) : (s ?? '0');
}

/** helpTextForResourceQuotaScope. */
const SCOPE_HELP: Record<string, string> = {
  Terminating: 'Matches all pods that have an active deadline. These pods have a limited lifespan on a node before being actively terminated by the system.',
  NotTerminating: 'Matches all pods that do not have an active deadline. These pods usually include long running pods whose container command is not expected to terminate.',
  BestEffort: 'Matches all pods that do not have resource requirements set. These pods have a best effort quality of service.',
  NotBestEffort: 'Matches all pods that have at least one resource requirement set. These pods have a burstable or guaranteed quality of service.',
};

function resourceQuotas(quotas: KubeObject[]): string {
  if (quotas.length === 0) return 'No resource quota.\n';
  let s = 'Resource Quotas\n';
  for (const q of [...quotas].sort((a, b) => byName(a.metadata.name ?? '', b.metadata.name ?? ''))) {
    const scopes = [...(((q.spec ?? {}) as { scopes?: string[] }).scopes ?? [])].sort(byName);
    const st = (q.status ?? {}) as { hard?: ResourceList; used?: ResourceList };
    s += `  Name:\t${q.metadata.name ?? ''}\n`;
    if (scopes.length) {
      s += `  Scopes:\t${scopes.join(', ')}\n`;
      for (const sc of scopes) if (SCOPE_HELP[sc]) s += `  * ${SCOPE_HELP[sc]}\n`;
    }
    s += '  Resource\tUsed\tHard\n  --------\t---\t---\n';
    for (const name of Object.keys(st.hard ?? {}).sort(byName)) s += `  ${name}\t${quantity(st.used?.[name])}\t${quantity(st.hard![name])}\n`;
  }
  return s;
}

interface LimitRangeItemShape {
  type?: string;
  max?: ResourceList;
  min?: ResourceList;
  default?: ResourceList;
  defaultRequest?: ResourceList;
  maxLimitRequestRatio?: ResourceList;
}

function limitRanges(ranges: KubeObject[]): string {
  if (ranges.length === 0) return 'No LimitRange resource.\n';
  let s = 'Resource Limits\n Type\tResource\tMin\tMax\tDefault Request\tDefault Limit\tMax Limit/Request Ratio\n';
  s += ' ----\t--------\t---\t---\t---------------\t-------------\t-----------------------\n';
  for (const lr of ranges) {
    for (const item of ((lr.spec ?? {}) as { limits?: LimitRangeItemShape[] }).limits ?? []) {
      const names = new Set([item.max, item.min, item.default, item.defaultRequest, item.maxLimitRequestRatio].flatMap((l) => Object.keys(l ?? {})));
      const cell = (l: ResourceList | undefined, k: string): string => (l && k in l ? quantity(l[k]) : '-');
      for (const k of [...names].sort(byName)) {
        s += ` ${item.type ?? ''}\t${k}\t${cell(item.min, k)}\t${cell(item.max, k)}\t${cell(item.defaultRequest, k)}\t${cell(item.default, k)}\t${cell(item.maxLimitRequestRatio, k)}\n`;
      }
    }
  }
  return s;
}

/** `related`: the ResourceQuotas and LimitRanges kubectl listed in the namespace (their kinds set). */
export function describeNamespace(ns: Namespace, related: KubeObject[] = []): string {
  const m = ns.metadata;
  let s = `Name:\t${m.name ?? ''}\n`;
  s += multiline('Labels', m.labels, '=');
  s += multiline('Annotations', m.annotations, ': ');
  s += `Status:\t${ns.status?.phase ?? ''}\n`;
  s += `\n${resourceQuotas(related.filter((o) => o.kind === 'ResourceQuota'))}`;
  s += `\n${limitRanges(related.filter((o) => o.kind === 'LimitRange'))}`;
  return tabwrite(s, KUBECTL_DESCRIBE);
}
