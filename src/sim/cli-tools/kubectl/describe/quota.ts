// `kubectl describe resourcequota` and `kubectl describe limitrange` (describeQuota and
// describeLimitRange in kubectl/pkg/describe/describe.go, v1.31). Neither prints labels,
// annotations or events. A quota lists status.hard's names sorted, with Used re-printed in Hard's
// format when the two differ (resource.NewQuantity(used.Value(), hard.Format)). A LimitRange prints
// one row per item and resource, `-` where the item sets nothing; Go ranges over the resource set
// in random order, Kubeplay prints it sorted (one of the orders kubectl may print).

import type { KubeObject } from '../../../api/types';
import { formatQuantity, tryParseQuantity, type Quantity } from '../../../api/quantity';
import { tabwrite, KUBECTL_DESCRIBE } from '../../common/tabwriter';

type ResourceList = Record<string, string>;

const sorted = (keys: Iterable<string>): string[] => [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

function quantityString(s: string | undefined): string {
  const q = s === undefined ? undefined : tryParseQuantity(s);
  return q ? formatQuantity(q) : (s ?? '0');
}

function usedInHardFormat(used: string | undefined, hard: Quantity): string {
  const u = tryParseQuantity(used ?? '0') ?? { value: 0, format: 'DecimalSI' as const };
  if (u.format === hard.format) return formatQuantity(u);
  return formatQuantity({ value: Math.ceil(u.value / 1000) * 1000, format: hard.format });
}

export function describeResourceQuota(q: KubeObject): string {
  const spec = (q.spec ?? {}) as { scopes?: string[] };
  const st = (q.status ?? {}) as { hard?: ResourceList; used?: ResourceList };
  let s = `Name:\t${q.metadata.name ?? ''}\nNamespace:\t${q.metadata.namespace ?? ''}\n`;
  if (spec.scopes?.length) s += `Scopes:\t${sorted(spec.scopes).join(', ')}\n`;
  s += 'Resource\tUsed\tHard\n--------\t----\t----\n';
  for (const name of sorted(Object.keys(st.hard ?? {}))) {
    const hard = tryParseQuantity(st.hard![name]!) ?? { value: 0, format: 'DecimalSI' as const };
    s += `${name}\t${usedInHardFormat(st.used?.[name], hard)}\t${formatQuantity(hard)}\n`;
  }
  return tabwrite(s, KUBECTL_DESCRIBE);
}

interface LimitRangeItemShape {
  type?: string;
  max?: ResourceList;
  min?: ResourceList;
  default?: ResourceList;
  defaultRequest?: ResourceList;
  maxLimitRequestRatio?: ResourceList;
}

export function describeLimitRange(lr: KubeObject): string {
  const items = ((lr.spec ?? {}) as { limits?: LimitRangeItemShape[] }).limits ?? [];
  let s = `Name:\t${lr.metadata.name ?? ''}\nNamespace:\t${lr.metadata.namespace ?? ''}\n`;
  s += 'Type\tResource\tMin\tMax\tDefault Request\tDefault Limit\tMax Limit/Request Ratio\n';
  s += '----\t--------\t---\t---\t---------------\t-------------\t-----------------------\n';
  for (const item of items) {
    const lists = [item.max, item.min, item.default, item.defaultRequest, item.maxLimitRequestRatio];
    const names = new Set(lists.flatMap((l) => Object.keys(l ?? {})));
    const cell = (l: ResourceList | undefined, k: string) => (l && k in l ? quantityString(l[k]) : '-');
    for (const k of sorted(names)) {
      s += `${item.type ?? ''}\t${k}\t${cell(item.min, k)}\t${cell(item.max, k)}\t${cell(item.defaultRequest, k)}\t${cell(item.default, k)}\t${cell(item.maxLimitRequestRatio, k)}\n`;
    }
  }
  return tabwrite(s, KUBECTL_DESCRIBE);
}
