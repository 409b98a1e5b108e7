// LimitRanger (plugin/pkg/admission/limitranger/admission.go): the seed's example of admission
// "forcing memory limits". On pod CREATE it fills in the default request and limit of every
// LimitRange item of type Container for containers that lack them (and records what it set in the
// annotation kubernetes.io/limit-ranger), then checks min, max and maxLimitRequestRatio per
// container and per pod, answering 403 `pods "x" is forbidden: maximum memory usage per Container is
// 1Gi, but limit is 2Gi`. Pod updates are skipped: containers' resources are immutable.

import { hasOwn, setOwn } from '../../api/own-keys';
import type { Container, KubeObject, Pod } from '../../api/types';
import { aggregate } from '../authz/rbac';
import type { AdmissionPlugin, PluginInput } from './plugin';
import { admissionForbidden, isCore } from './plugin';
import { compareQuantity, formatQuantity, tryParseQuantity, type Quantity } from '../../api/quantity';

export const LIMIT_RANGER_ANNOTATION = 'kubernetes.io/limit-ranger';

type ResourceList = Record<string, string>;

export interface LimitRangeItem {
  type: 'Container' | 'Pod' | 'PersistentVolumeClaim';
  max?: ResourceList;
  min?: ResourceList;
  default?: ResourceList;
  defaultRequest?: ResourceList;
  maxLimitRequestRatio?: ResourceList;
}

function items(lr: KubeObject): LimitRangeItem[] {
  return ((lr.spec as { limits?: LimitRangeItem[] } | undefined)?.limits ?? []).map(withDefaults);
}

/**
 * SetDefaults_LimitRangeItem, applied when a LimitRange is stored: a Container item's default limit
 * falls back to max, its default request to the default limit, then to min.
 */
export function withDefaults(item: LimitRangeItem): LimitRangeItem {
  if (item.type !== 'Container') return item;
  const def = { ...(item.max ?? {}), ...(item.default ?? {}) };
  const defaultRequest = { ...(item.min ?? {}), ...def, ...(item.defaultRequest ?? {}) };
  return { ...item, default: def, defaultRequest };
}

function defaultsOf(lr: KubeObject): { requests: ResourceList; limits: ResourceList } {
  const requests: ResourceList = {};
  const limits: ResourceList = {};
  for (const item of items(lr)) {
    if (item.type !== 'Container') continue;
    for (const [k, v] of Object.entries(item.defaultRequest ?? {})) setOwn(requests, k, v);
    for (const [k, v] of Object.entries(item.default ?? {})) setOwn(limits, k, v);
  }
  return { requests, limits };
}

/** mergeContainerResources: returns the annotation fragments for what it set. */
function mergeContainer(c: Container, d: { requests: ResourceList; limits: ResourceList }, prefix: string): string[] {
  const requests = { ...(c.resources?.requests ?? {}) };
  const limits = { ...(c.resources?.limits ?? {}) };
  const setLimits = Object.keys(d.limits).filter((k) => !hasOwn(limits, k));
  const setRequests = Object.keys(d.requests).filter((k) => !hasOwn(requests, k));
  for (const k of setLimits) setOwn(limits, k, d.limits[k]!);
  for (const k of setRequests) setOwn(requests, k, d.requests[k]!);
  // Empty maps are dropped, as Go's omitempty drops them when the pod is serialized.
  const resources: Container['resources'] = { ...c.resources };
  if (Object.keys(limits).length) resources.limits = limits;
  if (Object.keys(requests).length) resources.requests = requests;
  c.resources = resources;
  const out: string[] = [];
  if (setRequests.length) out.push(`${setRequests.sort().join(', ')} request for ${prefix} ${c.name}`);
  if (setLimits.length) out.push(`${setLimits.sort().join(', ')} limit for ${prefix} ${c.name}`);
  return out;
}

function mutatePod(pod: Pod, lr: KubeObject): boolean {
  const d = defaultsOf(lr);
  if (!Object.keys(d.requests).length && !Object.keys(d.limits).length) return false;
  const notes = [
    ...pod.spec.containers.flatMap((c) => mergeContainer(c, d, 'container')),
    ...(pod.spec.initContainers ?? []).flatMap((c) => mergeContainer(c, d, 'init container')),
  ];
  if (notes.length) pod.metadata.annotations = { ...pod.metadata.annotations, [LIMIT_RANGER_ANNOTATION]: `LimitRanger plugin set: ${notes.join('; ')}` };
  return notes.length > 0;
}

function admit({ attrs, object, lookups }: PluginInput) {
  if (!isCore(attrs, 'pods') || attrs.operation !== 'CREATE' || !object) return {};
  const ranges = lookups.limitRanges(attrs.namespace);
  if (!ranges.length) return {};
  const pod = structuredClone(object) as Pod;
  let changed = false;
  for (const lr of ranges) changed = mutatePod(pod, lr) || changed;
  return changed ? { object: pod } : {};
}

// Mutating admission runs before validation, so a malformed quantity counts as absent here.
const q = (s: string | undefined): Quantity | undefined => (s === undefined ? undefined : tryParseQuantity(s));

function minConstraint(type: string, res: string, enforced: string, requests: ResourceList, limits: ResourceList): string | undefined {
  const e = q(enforced)!;
  const req = q(requests[res]);
  const lim = q(limits[res]);
  if (!req) return `minimum ${res} usage per ${type} is ${formatQuantity(e)}.  No request is specified`;
  if (compareQuantity(req, e) < 0) return `minimum ${res} usage per ${type} is ${formatQuantity(e)}, but request is ${formatQuantity(req)}`;
  if (lim && compareQuantity(lim, e) < 0) return `minimum ${res} usage per ${type} is ${formatQuantity(e)}, but limit is ${formatQuantity(lim)}`;
  return undefined;
}

function maxConstraint(type: string, res: string, enforced: string, requests: ResourceList, limits: ResourceList): string | undefined {
  const e = q(enforced)!;
  const req = q(requests[res]);
  const lim = q(limits[res]);
  if (!lim) return `maximum ${res} usage per ${type} is ${formatQuantity(e)}.  No limit is specified`;
  if (compareQuantity(lim, e) > 0) return `maximum ${res} usage per ${type} is ${formatQuantity(e)}, but limit is ${formatQuantity(lim)}`;
  if (req && compareQuantity(req, e) > 0) return `maximum ${res} usage per ${type} is ${formatQuantity(e)}, but request is ${formatQuantity(req)}`;
  return undefined;
}

function ratioConstraint(type: string, res: string, enforced: string, requests: ResourceList, limits: ResourceList): string | undefined {
  const e = q(enforced)!;
  const req = q(requests[res]);
  const lim = q(limits[res]);
  const head = `${res} max limit to request ratio per ${type} is ${formatQuantity(e)}`;
  if (!req || req.value === 0) return `${head}, but no request is specified or request is 0`;
  if (!lim || lim.value === 0) return `${head}, but no limit is specified or limit is 0`;
  const ratio = lim.value / req.value;
  return ratio * 1000 > e.value ? `${head}, but provided ratio is ${ratio.toFixed(6)}` : undefined;
}

function check(item: LimitRangeItem, requests: ResourceList, limits: ResourceList): string[] {
  const errs: (string | undefined)[] = [];
  for (const [k, v] of Object.entries(item.min ?? {})) errs.push(minConstraint(item.type, k, v, requests, limits));
  for (const [k, v] of Object.entries(item.max ?? {})) errs.push(maxConstraint(item.type, k, v, requests, limits));
  for (const [k, v] of Object.entries(item.maxLimitRequestRatio ?? {})) errs.push(ratioConstraint(item.type, k, v, requests, limits));
  return errs.filter((e): e is string => e !== undefined);
}

/** Sum of a resource over containers; absent if any container lacks it (sum() in admission.go). */
function sum(lists: ResourceList[]): ResourceList {
  const out: ResourceList = {};
  const keys = [...new Set(lists.flatMap((l) => Object.keys(l)))];
  for (const k of keys) {
    if (!lists.every((l) => k in l)) continue;
    const total = lists.reduce((acc, l) => acc + (tryParseQuantity(l[k]!)?.value ?? 0), 0);
    out[k] = formatQuantity({ value: total, format: 'DecimalSI' });
  }
  return out;
}

function podErrors(pod: Pod, lr: KubeObject): string[] {
  const all = [...pod.spec.containers, ...(pod.spec.initContainers ?? [])];
  const errs: string[] = [];
  for (const item of items(lr)) {
    if (item.type === 'Container') {
      for (const c of all) errs.push(...check(item, c.resources?.requests ?? {}, c.resources?.limits ?? {}));
    } else if (item.type === 'Pod') {
      const cs = pod.spec.containers;
      errs.push(...check(item, sum(cs.map((c) => c.resources?.requests ?? {})), sum(cs.map((c) => c.resources?.limits ?? {}))));
    }
  }
  return errs;
}

function validate({ attrs, object, lookups }: PluginInput) {
  if (!isCore(attrs, 'pods') || attrs.operation !== 'CREATE' || !object) return undefined;
  for (const lr of lookups.limitRanges(attrs.namespace)) {
    const errs = podErrors(object as Pod, lr);
    if (errs.length) return admissionForbidden(attrs, object, aggregate(errs));
  }
  return undefined;
}

export const LimitRanger: AdmissionPlugin = { name: 'LimitRanger', admit, validate };
