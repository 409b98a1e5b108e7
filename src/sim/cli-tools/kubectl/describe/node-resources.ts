// What `kubectl describe node` adds from other objects (kubectl/pkg/describe/describe.go
// describeNodeLease and describeNodeResource, v1.31): the node's Lease in kube-node-lease, its
// non-terminated pods with their requests and limits as percentages of the allocatable, and the
// totals. Pod requests and limits are kubectl/pkg/util/resource PodRequestsAndLimits: the sum over
// containers, raised to the largest init container, plus the pod overhead; a sum keeps the format of
// its first term, as resource.Quantity.Add does.

import type { Lease, Node, Pod } from '../../../api/types';
import { formatQuantity, tryParseQuantity, type Quantity } from '../../../api/quantity';
import { age } from '../../../apiserver/printers/tables';
import { rfc1123z } from './format';

type ResourceList = Map<string, Quantity>;

function toList(r: Record<string, string> | undefined): ResourceList {
  const out: ResourceList = new Map();
  for (const [k, v] of Object.entries(r ?? {})) {
    const q = tryParseQuantity(v);
    if (q) out.set(k, q);
  }
  return out;
}

function add(list: ResourceList, more: ResourceList): void {
  for (const [k, q] of more) {
    const cur = list.get(k);
    list.set(k, cur ? { value: cur.value + q.value, format: cur.format } : { ...q });
  }
}

function maxInto(list: ResourceList, more: ResourceList): void {
  for (const [k, q] of more) {
    const cur = list.get(k);
    if (!cur || q.value > cur.value) list.set(k, { ...q });
  }
}

type InitContainer = NonNullable<Pod['spec']['initContainers']>[number] & { restartPolicy?: string };

/** PodRequestsAndLimits (kubectl/pkg/util/resource/resource.go). */
export function podRequestsAndLimits(pod: Pod): { reqs: ResourceList; limits: ResourceList } {
  const sum = (pick: 'requests' | 'limits'): ResourceList => {
    const total: ResourceList = new Map();
    for (const c of pod.spec.containers ?? []) add(total, toList(c.resources?.[pick]));
    const restartable: ResourceList = new Map();
    const init: ResourceList = new Map();
    for (const c of (pod.spec.initContainers ?? []) as InitContainer[]) {
      const own = toList(c.resources?.[pick]);
      let eff: ResourceList;
      if (c.restartPolicy === 'Always') {
        add(total, own);
        add(restartable, own);
        eff = restartable;
      } else {
        eff = new Map();
        add(eff, own);
        add(eff, restartable);
      }
      maxInto(init, eff);
    }
    maxInto(total, init);
    const overhead = toList((pod.spec as { overhead?: Record<string, string> }).overhead);
    if (pick === 'requests') add(total, overhead);
    else for (const [k, q] of overhead) if (total.get(k)?.value) add(total, new Map([[k, q]]));
    return total;
  };
  return { reqs: sum('requests'), limits: sum('limits') };
}

const ZERO: Quantity = { value: 0, format: 'DecimalSI' };
const str = (q: Quantity | undefined): string => formatQuantity(q ?? ZERO);
/** int64(float64(a) / float64(b) * 100), Go's truncation toward zero. */
const pct = (a: number, b: number): number => Math.trunc((a / b) * 100);
/** Quantity.Value(): whole units rounded up; MilliValue is the stored milli value. */
const units = (q: Quantity | undefined): number => Math.ceil((q?.value ?? 0) / 1000);

/** describeNodeLease, or the line kubectl prints when the GET failed. */
export function describeNodeLease(lease: Lease | undefined, getError: string | undefined): string {
  if (getError !== undefined) return `Lease:\tFailed to get lease: ${getError}\n`;
  const s = lease?.spec ?? {};
  return (
    'Lease:\n' +
    `  HolderIdentity:\t${s.holderIdentity ?? '<unset>'}\n` +
    `  AcquireTime:\t${s.acquireTime ? rfc1123z(s.acquireTime) : '<unset>'}\n` +
    `  RenewTime:\t${s.renewTime ? rfc1123z(s.renewTime) : '<unset>'}\n`
  );
}

/** IsStandardContainerResourceName, and `pods`, which kubectl leaves out too. */
const STANDARD = new Set(['cpu', 'memory', 'ephemeral-storage', 'pods']);

/** describeNodeResource: Non-terminated Pods and Allocated resources. */
export function describeNodeResource(pods: Pod[], node: Node, now: number): string {
  const alloc = toList(Object.keys(node.status?.allocatable ?? {}).length ? node.status?.allocatable : node.status?.capacity);
  const cpu = alloc.get('cpu')?.value ?? 0;
  const mem = units(alloc.get('memory'));
  const eph = units(alloc.get('ephemeral-storage'));
  let s = `Non-terminated Pods:\t(${pods.length} in total)\n`;
  s += '  Namespace\tName\t\tCPU Requests\tCPU Limits\tMemory Requests\tMemory Limits\tAge\n';
  s += '  ---------\t----\t\t------------\t----------\t---------------\t-------------\t---\n';
  const reqs: ResourceList = new Map();
  const limits: ResourceList = new Map();
  for (const pod of pods) {
    const r = podRequestsAndLimits(pod);
    add(reqs, r.reqs);
    add(limits, r.limits);
    const [cr, cl, mr, ml] = [r.reqs.get('cpu'), r.limits.get('cpu'), r.reqs.get('memory'), r.limits.get('memory')];
    s += `  ${pod.metadata.namespace ?? ''}\t${pod.metadata.name ?? ''}\t\t${str(cr)} (${pct(cr?.value ?? 0, cpu)}%)\t${str(cl)} (${pct(cl?.value ?? 0, cpu)}%)\t`;
    s += `${str(mr)} (${pct(units(mr), mem)}%)\t${str(ml)} (${pct(units(ml), mem)}%)\t${age(pod.metadata.creationTimestamp, now)}\n`;
  }
  const line = (name: string, total: number, r: Quantity | undefined, l: Quantity | undefined, scale: (q: Quantity | undefined) => number): string =>
    `  ${name}\t${str(r)} (${total ? pct(scale(r), total) : 0}%)\t${str(l)} (${total ? pct(scale(l), total) : 0}%)\n`;
  const milli = (q: Quantity | undefined): number => q?.value ?? 0;
  s += 'Allocated resources:\n  (Total limits may be over 100 percent, i.e., overcommitted.)\n';
  s += '  Resource\tRequests\tLimits\n  --------\t--------\t------\n';
  s += line('cpu', cpu, reqs.get('cpu'), limits.get('cpu'), milli);
  s += line('memory', mem, reqs.get('memory'), limits.get('memory'), units);
  s += line('ephemeral-storage', eph, reqs.get('ephemeral-storage'), limits.get('ephemeral-storage'), units);
  const names = [...alloc.keys()];
  for (const h of names.filter((n) => n.startsWith('hugepages-')).sort()) {
    s += line(h, units(alloc.get(h)), reqs.get(h), limits.get(h), units);
  }
  for (const ext of names.filter((n) => !n.startsWith('hugepages-') && !STANDARD.has(n)).sort()) {
    s += `  ${ext}\t${str(reqs.get(ext))}\t${str(limits.get(ext))}\n`;
  }
  return s;
}
