// The quota evaluators of pkg/quota/v1/evaluator/core (pods.go, services.go,
// persistent_volume_claims.go) and the generic object counter (pkg/quota/v1/generic): what an
// object uses of each quota resource name, which names an evaluator answers for, and the pod
// evaluator's Constraints ("must specify limits.cpu for: nginx"). Shared by the ResourceQuota
// admission plugin (one object's delta) and the resourcequota controller (a namespace's total).

import type { Container, KubeObject, Pod } from '../types';
import { ONE, addUsage, maxUsage, parseList, type Usage } from './resource-list';

export interface GroupResource {
  group: string;
  resource: string;
}

/** generic.ObjectCountQuotaResourceNameFor: `count/pods`, `count/deployments.apps`. */
export function objectCountName(gr: GroupResource): string {
  return gr.group ? `count/${gr.resource}.${gr.group}` : `count/${gr.resource}`;
}

/** Core resources whose plain name is a legacy object-count alias (`configmaps` = `count/configmaps`). */
const LEGACY_COUNTS = new Set(['configmaps', 'secrets', 'replicationcontrollers', 'resourcequotas']);

/** podResources in pods.go, with count/pods. */
const POD_RESOURCES = new Set([
  'cpu',
  'memory',
  'ephemeral-storage',
  'requests.cpu',
  'requests.memory',
  'requests.ephemeral-storage',
  'limits.cpu',
  'limits.memory',
  'limits.ephemeral-storage',
  'pods',
  'count/pods',
]);
const POD_PREFIXES = ['hugepages-', 'requests.hugepages-'];

const SERVICE_RESOURCES = new Set(['services', 'count/services', 'services.nodeports', 'services.loadbalancers']);
const PVC_RESOURCES = new Set(['persistentvolumeclaims', 'count/persistentvolumeclaims', 'requests.storage']);
const STORAGE_CLASS_SUFFIX = '.storageclass.storage.k8s.io/';

/** The names of `hard` this resource's evaluator counts (Evaluator.MatchingResources). */
export function matchingResources(gr: GroupResource, hard: Iterable<string>): string[] {
  const names = [...hard];
  if (gr.group === '' && gr.resource === 'pods') return names.filter((n) => POD_RESOURCES.has(n) || POD_PREFIXES.some((p) => n.startsWith(p)));
  if (gr.group === '' && gr.resource === 'services') return names.filter((n) => SERVICE_RESOURCES.has(n));
  if (gr.group === '' && gr.resource === 'persistentvolumeclaims') {
    return names.filter((n) => PVC_RESOURCES.has(n) || (n.includes(STORAGE_CLASS_SUFFIX) && /\/(persistentvolumeclaims|requests\.storage)$/.test(n)));
  }
  const count = objectCountName(gr);
  return names.filter((n) => n === count || (gr.group === '' && LEGACY_COUNTS.has(gr.resource) && n === gr.resource));
}

/** QuotaV1Pod: a pod that has reached Succeeded or Failed no longer uses compute quota. */
function podIsLive(pod: Pod): boolean {
  const phase = pod.status?.phase;
  return phase !== 'Succeeded' && phase !== 'Failed';
}

/**
 * podComputeUsageHelper: requests count under both `cpu` and `requests.cpu` (memory and
 * ephemeral-storage alike), limits under `limits.*`, hugepages under both forms.
 */
export function computeUsage(requests: Usage, limits: Usage): Usage {
  const out: Usage = new Map();
  for (const [k, v] of requests) {
    if (k === 'cpu' || k === 'memory' || k === 'ephemeral-storage') {
      out.set(k, v);
      out.set(`requests.${k}`, v);
    } else if (k.startsWith('hugepages-')) {
      out.set(k, v);
      out.set(`requests.${k}`, v);
    } else if (k.includes('/')) out.set(`requests.${k}`, v);
  }
  for (const [k, v] of limits) if (k === 'cpu' || k === 'memory' || k === 'ephemeral-storage') out.set(`limits.${k}`, v);
  return out;
}

function containerLists(c: Container): { requests: Usage; limits: Usage } {
  return { requests: parseList(c.resources?.requests), limits: parseList(c.resources?.limits) };
}

/** PodUsageFunc: count/pods always; pods and compute while the pod lives (init containers by their max). */
export function podUsage(pod: Pod): Usage {
  const out: Usage = new Map([['count/pods', ONE]]);
  if (!podIsLive(pod)) return out;
  let requests: Usage = new Map();
  let limits: Usage = new Map();
  for (const c of pod.spec.containers ?? []) {
    const l = containerLists(c);
    requests = addUsage(requests, l.requests);
    limits = addUsage(limits, l.limits);
  }
  for (const c of pod.spec.initContainers ?? []) {
    const l = containerLists(c);
    requests = maxUsage(requests, l.requests);
    limits = maxUsage(limits, l.limits);
  }
  out.set('pods', ONE);
  for (const [k, v] of computeUsage(requests, limits)) out.set(k, v);
  return out;
}

interface ServiceShape {
  type?: string;
  ports?: unknown[];
}

/** serviceEvaluator.Usage: services, count/services, and node ports / load balancers by type. */
function serviceUsage(svc: KubeObject): Usage {
  const spec = (svc.spec ?? {}) as ServiceShape;
  const out: Usage = new Map([
    ['services', ONE],
    ['count/services', ONE],
  ]);
  const ports = { value: (spec.ports?.length ?? 0) * 1000, format: 'DecimalSI' as const };
  if (spec.type === 'NodePort') out.set('services.nodeports', ports);
  if (spec.type === 'LoadBalancer') {
    out.set('services.nodeports', ports);
    out.set('services.loadbalancers', ONE);
  }
  return out;
}

interface ClaimShape {
  storageClassName?: string;
  resources?: { requests?: Record<string, string> };
}

/** pvcEvaluator.Usage: the claim, its requested storage, and the same per storage class. */
function claimUsage(pvc: KubeObject): Usage {
  const spec = (pvc.spec ?? {}) as ClaimShape;
  const out: Usage = new Map([
    ['persistentvolumeclaims', ONE],
    ['count/persistentvolumeclaims', ONE],
  ]);
  const storage = parseList(spec.resources?.requests).get('storage');
  if (storage) out.set('requests.storage', storage);
  const sc = spec.storageClassName;
  if (sc) {
    out.set(`${sc}${STORAGE_CLASS_SUFFIX}persistentvolumeclaims`, ONE);
    if (storage) out.set(`${sc}${STORAGE_CLASS_SUFFIX}requests.storage`, storage);
  }
  return out;
}

/** Evaluator.Usage for one object of the resource. */
export function usageOf(gr: GroupResource, obj: KubeObject): Usage {
  if (gr.group === '' && gr.resource === 'pods') return podUsage(obj as Pod);
  if (gr.group === '' && gr.resource === 'services') return serviceUsage(obj);
  if (gr.group === '' && gr.resource === 'persistentvolumeclaims') return claimUsage(obj);
  const out: Usage = new Map([[objectCountName(gr), ONE]]);
  if (gr.group === '' && LEGACY_COUNTS.has(gr.resource)) out.set(gr.resource, ONE);
  return out;
}

/** validationSet in pods.go: the compute names every container must state once a quota names them. */
const VALIDATION_SET = ['cpu', 'memory', 'requests.cpu', 'requests.memory', 'limits.cpu', 'limits.memory'];

/**
 * podEvaluator.Constraints: with cpu or memory under quota, each container must ask for it
 * explicitly. Returns `must specify limits.cpu for: nginx; limits.memory for: nginx` or undefined.
 */
export function podConstraints(required: string[], pod: Pod): string | undefined {
  const requiredSet = VALIDATION_SET.filter((n) => required.includes(n));
  const missing = new Map<string, Set<string>>();
  for (const c of [...(pod.spec.containers ?? []), ...(pod.spec.initContainers ?? [])]) {
    const l = containerLists(c);
    const has = computeUsage(l.requests, l.limits);
    for (const n of requiredSet) {
      if (has.has(n)) continue;
      if (!missing.has(n)) missing.set(n, new Set());
      missing.get(n)!.add(c.name);
    }
  }
  if (!missing.size) return undefined;
  const parts = [...missing.keys()].sort().map((n) => `${n} for: ${[...missing.get(n)!].sort().join(',')}`);
  return `must specify ${parts.join('; ')}`;
}
