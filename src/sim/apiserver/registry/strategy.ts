// The per-resource rules the generic registry applies around a write, after
// k8s.io/apiserver/pkg/registry/rest (BeforeCreate, BeforeUpdate) and each kind's strategy
// (pkg/registry/core/pod/strategy.go PrepareForCreate / PrepareForUpdate, the status and binding
// REST of pods, namespaceStrategy, nodeStrategy). Pure functions over plain objects.

import { conflict } from '../../api/errors';
import type { ResourceInfo } from '../../api/resources';
import { rfc3339 } from '../../api/time';
import type { Binding, Condition, Container, KubeObject, Pod, Status } from '../../api/types';
import { podQOSClass } from './qos';
import { generateJobSelector } from './job';

/** names.SimpleNameGenerator's alphabet (k8s.io/apiserver/pkg/storage/names, via utilrand.String): no vowels, no 0/1/3. */
export const NAME_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';
const RANDOM_LENGTH = 5;
/** maxGeneratedNameLength = 63 - 5: the prefix is cut so the name stays a valid label. */
const MAX_PREFIX = 58;

export function generateName(prefix: string, rand: () => number): string {
  const p = prefix.length > MAX_PREFIX ? prefix.slice(0, MAX_PREFIX) : prefix;
  let s = '';
  for (let i = 0; i < RANDOM_LENGTH; i++) s += NAME_ALPHABET[Math.floor(rand() * NAME_ALPHABET.length)]!;
  return p + s;
}

/** A random (version 4) UUID from the simulation's PRNG, as uuid.NewUUID gives the apiserver. */
export function newUID(rand: () => number): string {
  const hex = (n: number): string => Math.floor(n).toString(16);
  let s = '';
  for (let i = 0; i < 32; i++) {
    if (i === 12) s += '4';
    else if (i === 16) s += hex(8 + rand() * 4);
    else s += hex(rand() * 16);
  }
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

/** admissionregistration.k8s.io/v1 webhook configurations: generation but no status. */
const WEBHOOK_CONFIGURATIONS = ['mutatingwebhookconfigurations', 'validatingwebhookconfigurations'];

/** Kinds whose spec changes bump metadata.generation (the controllers report observedGeneration). */
const HAS_GENERATION = [
  'deployments',
  'replicasets',
  'daemonsets',
  'jobs',
  'statefulsets',
  'cronjobs',
  // The strategies of policy/v1 PodDisruptionBudgets, autoscaling/v2 HPAs and networking/v1
  // Ingresses and IngressClasses also reset status and start at generation 1.
  'poddisruptionbudgets',
  'horizontalpodautoscalers',
  'ingresses',
  'ingressclasses',
];

export interface CreateContext {
  now: number;
  rand: () => number;
  namespace: string;
}

/** rest.BeforeCreate + the strategy's PrepareForCreate: system fields, generated name, initial status. */
export function prepareForCreate(info: ResourceInfo, obj: KubeObject, c: CreateContext): KubeObject {
  const meta = { ...obj.metadata };
  delete meta.resourceVersion;
  delete meta.deletionTimestamp;
  delete meta.deletionGracePeriodSeconds;
  if (info.namespaced) meta.namespace = c.namespace;
  else delete meta.namespace;
  if (!meta.name && meta.generateName) meta.name = generateName(meta.generateName, c.rand);
  meta.uid = newUID(c.rand);
  meta.creationTimestamp = rfc3339(c.now);
  const out: KubeObject = { ...obj, metadata: meta };
  if (info.resource === 'pods') {
    const pod = out as Pod;
    pod.status = { phase: 'Pending', qosClass: podQOSClass(pod) };
  } else if (info.resource === 'namespaces') {
    out.spec = { finalizers: ['kubernetes'], ...(obj.spec as object | undefined) };
    out.status = { phase: 'Active' };
  } else if (info.resource === 'services') {
    // svcStrategy.PrepareForCreate resets the status; it serialises as `loadBalancer: {}`.
    out.status = { loadBalancer: {} };
  } else if (HAS_GENERATION.includes(info.resource)) {
    // deploymentStrategy / rsStrategy PrepareForCreate: status reset, generation 1.
    meta.generation = 1;
    out.status = {};
  } else if (WEBHOOK_CONFIGURATIONS.includes(info.resource)) {
    // admissionregistration's strategies: generation 1, no status.
    meta.generation = 1;
  }
  if (info.resource === 'daemonsets') meta.annotations = { ...meta.annotations, [DAEMONSET_TEMPLATE_GENERATION]: '1' };
  if (info.resource === 'jobs') return generateJobSelector(out);
  return out;
}

/** The metadata fields an update never changes (rest.BeforeUpdate keeps them from the stored object). */
function keepSystemMeta(obj: KubeObject, old: KubeObject): KubeObject {
  const meta = { ...obj.metadata };
  meta.name = old.metadata.name;
  meta.uid = old.metadata.uid;
  meta.creationTimestamp = old.metadata.creationTimestamp;
  if (old.metadata.namespace) meta.namespace = old.metadata.namespace;
  else delete meta.namespace;
  if (old.metadata.deletionTimestamp) meta.deletionTimestamp = old.metadata.deletionTimestamp;
  else delete meta.deletionTimestamp;
  if (old.metadata.deletionGracePeriodSeconds !== undefined) meta.deletionGracePeriodSeconds = old.metadata.deletionGracePeriodSeconds;
  else delete meta.deletionGracePeriodSeconds;
  if (old.metadata.generateName) meta.generateName = old.metadata.generateName;
  return { ...obj, apiVersion: old.apiVersion, kind: old.kind, metadata: meta };
}

function withField(obj: KubeObject, field: string, from: KubeObject): KubeObject {
  const out: KubeObject = { ...obj };
  if (from[field] === undefined) delete out[field];
  else out[field] = from[field];
  return out;
}

/**
 * PrepareForUpdate: the main resource ignores status changes; the status subresource ignores
 * everything but status (and the labels and annotations pods/status may set).
 */
export function prepareForUpdate(info: ResourceInfo, subresource: string, obj: KubeObject, old: KubeObject): KubeObject {
  if (info.resource === 'namespaces' && subresource === 'finalize') return finalizeNamespace(obj, old);
  const kept = keepSystemMeta(obj, old);
  const hasStatus = ['pods', 'nodes', 'namespaces', 'services', ...HAS_GENERATION].includes(info.resource);
  if (subresource === 'status') {
    const out = withField({ ...old }, 'status', obj);
    out.metadata = info.resource === 'pods' ? kept.metadata : old.metadata;
    // deploymentStatusStrategy.PrepareForUpdate keeps only spec and labels: the controller's
    // revision annotation goes in with the status.
    if (info.resource === 'deployments') {
      const meta = { ...old.metadata, annotations: kept.metadata.annotations };
      if (!meta.annotations) delete meta.annotations;
      out.metadata = meta;
    }
    if (info.resource === 'pods') {
      const p = out as Pod;
      if (p.status && !p.status.qosClass && (old as Pod).status?.qosClass) p.status = { ...p.status, qosClass: (old as Pod).status!.qosClass };
    }
    return out;
  }
  if (WEBHOOK_CONFIGURATIONS.includes(info.resource)) {
    // mutating/validatingWebhookConfigurationStrategy.PrepareForUpdate: a change of the webhooks bumps generation.
    const gen = old.metadata.generation ?? 1;
    const changed = JSON.stringify((obj as { webhooks?: unknown }).webhooks) !== JSON.stringify((old as { webhooks?: unknown }).webhooks);
    return { ...kept, metadata: { ...kept.metadata, generation: changed ? gen + 1 : gen } };
  }
  if (!hasStatus) return kept;
  let out = withField(kept, 'status', old);
  if (info.resource === 'services') out = keepServiceAddresses(out, old);
  if (HAS_GENERATION.includes(info.resource)) {
    // PrepareForUpdate of Deployments and ReplicaSets: any spec change bumps metadata.generation.
    const gen = old.metadata.generation ?? 1;
    const changed = JSON.stringify(obj.spec) !== JSON.stringify(old.spec);
    out = { ...out, metadata: { ...out.metadata, generation: changed ? gen + 1 : gen } };
  }
  if (info.resource === 'daemonsets') out = withTemplateGeneration(out, old);
  if (info.resource === 'namespaces') {
    const spec = (old.spec as { finalizers?: string[] } | undefined) ?? {};
    out = { ...out, spec: { ...(out.spec as object | undefined), finalizers: spec.finalizers } };
  }
  return out;
}

/**
 * A DaemonSet's spec.templateGeneration, which apps/v1 carries as this annotation (the v1
 * conversion in pkg/apis/apps/v1/conversion.go): 1 at create (daemonSetStrategy.PrepareForCreate),
 * one more for every template change and never what the client sent (PrepareForUpdate).
 */
export const DAEMONSET_TEMPLATE_GENERATION = 'deprecated.daemonset.template.generation';

function withTemplateGeneration(obj: KubeObject, old: KubeObject): KubeObject {
  const was = Number(old.metadata.annotations?.[DAEMONSET_TEMPLATE_GENERATION] ?? '1') || 1;
  const template = (o: KubeObject): string => JSON.stringify((o.spec as { template?: unknown } | undefined)?.template);
  const now = template(obj) === template(old) ? was : was + 1;
  return { ...obj, metadata: { ...obj.metadata, annotations: { ...obj.metadata.annotations, [DAEMONSET_TEMPLATE_GENERATION]: String(now) } } };
}

/**
 * namespaces/finalize (finalizeNamespaceStrategy.PrepareForUpdate): only spec.finalizers changes;
 * the namespace controller empties it once the namespace's content is gone.
 */
function finalizeNamespace(obj: KubeObject, old: KubeObject): KubeObject {
  const finalizers = (obj.spec as { finalizers?: string[] } | undefined)?.finalizers ?? [];
  return { ...old, spec: { ...(old.spec as object | undefined), finalizers } };
}

/** A namespace may go once both its spec.finalizers (`kubernetes`) and its metadata.finalizers are empty. */
export function namespaceFinalized(ns: KubeObject): boolean {
  const spec = (ns.spec as { finalizers?: string[] } | undefined)?.finalizers ?? [];
  return spec.length === 0 && (ns.metadata.finalizers ?? []).length === 0;
}

/**
 * An update that leaves out the allocated fields keeps them (the Service storage's patchAllocatedValues):
 * clients that PUT what they applied, without clusterIP or nodePort, do not lose them.
 */
function keepServiceAddresses(obj: KubeObject, old: KubeObject): KubeObject {
  type Spec = { clusterIP?: string; clusterIPs?: string[]; ipFamilies?: string[]; ipFamilyPolicy?: string; ports?: { port: number; protocol?: string; nodePort?: number }[] };
  const spec = { ...((obj.spec as Spec | undefined) ?? {}) };
  const prev = (old.spec as Spec | undefined) ?? {};
  // normalizeClusterIPs: a changed clusterIP without clusterIPs becomes the new clusterIPs[0].
  if (spec.clusterIP !== undefined && spec.clusterIPs === undefined && spec.clusterIP !== prev.clusterIP) spec.clusterIPs = [spec.clusterIP];
  spec.clusterIP ??= prev.clusterIP;
  spec.clusterIPs ??= prev.clusterIPs;
  spec.ipFamilies ??= prev.ipFamilies;
  spec.ipFamilyPolicy ??= prev.ipFamilyPolicy;
  spec.ports = spec.ports?.map((p) => {
    const match = prev.ports?.find((q) => q.port === p.port && (q.protocol ?? 'TCP') === (p.protocol ?? 'TCP'));
    return p.nodePort === undefined && match?.nodePort !== undefined ? { ...p, nodePort: match.nodePort } : p;
  });
  if (spec.ports === undefined) delete spec.ports;
  for (const k of ['clusterIP', 'clusterIPs', 'ipFamilies', 'ipFamilyPolicy'] as const) if (spec[k] === undefined) delete spec[k];
  return { ...obj, spec };
}

/** pods/binding (BindingREST.setPodNodeNameAndMetadata): set spec.nodeName and PodScheduled=True, once. */
export function applyBinding(pod: Pod, binding: Binding, now: number): Pod | Status {
  const name = pod.metadata.name!;
  const gr = { group: '', resource: 'pods/binding' };
  if (pod.metadata.deletionTimestamp) return conflict(gr, name, `pod ${name} is being deleted, cannot be assigned to a host`);
  if (pod.spec.nodeName) return conflict(gr, name, `pod ${name} is already assigned to node "${pod.spec.nodeName}"`);
  const annotations = binding.metadata.annotations
    ? { ...(pod.metadata.annotations ?? {}), ...binding.metadata.annotations }
    : pod.metadata.annotations;
  const cond: Condition = { type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: rfc3339(now) };
  const conditions = (pod.status?.conditions ?? []).filter((c) => c.type !== 'PodScheduled');
  conditions.push(cond);
  const meta = annotations ? { ...pod.metadata, annotations } : pod.metadata;
  return {
    ...pod,
    metadata: meta,
    spec: { ...pod.spec, nodeName: binding.target.name },
    status: { ...pod.status, conditions },
  };
}

/** All containers a pod has, as podutil.VisitContainers walks them (init containers first). */
export function podContainers(pod: Pod): Container[] {
  return [...(pod.spec.initContainers ?? []), ...(pod.spec.containers ?? [])];
}
