// The structural schema server-side apply walks (structured-merge-diff's schema, which kube-apiserver
// builds from the OpenAPI models: `x-kubernetes-list-type`, `x-kubernetes-list-map-keys`,
// `x-kubernetes-map-type`, and where those are missing the `patchMergeKey` of the Go types).
// The project's generated v1.31 schema carries the types but not those extensions, so the list
// types of the v1.31 Go types (their `+listType`, `+listMapKey` and `+structType=atomic` markers)
// are written out here; a list with none of them is atomic, as in structured-merge-diff.

import { definition, refName, type JsonSchema } from '../../api/schema';
import { hasOwn, ownValue } from '../../api/own-keys';

export type TypeRef =
  | { t: 'struct'; def: string; props: Record<string, JsonSchema> }
  | { t: 'map'; elem: JsonSchema | undefined; parent: string }
  | { t: 'list'; listType: 'map' | 'set' | 'atomic'; keys: string[]; elem: JsonSchema | undefined; parent: string }
  | { t: 'leaf' }
  | { t: 'untyped' };

/** `+listType=map` lists and their `+listMapKey`s, by the Go type (definition's last name) and field. */
const MAP_LISTS: Record<string, string[]> = {
  'PodSpec.containers': ['name'],
  'PodSpec.initContainers': ['name'],
  'PodSpec.ephemeralContainers': ['name'],
  'PodSpec.volumes': ['name'],
  'PodSpec.imagePullSecrets': ['name'],
  'PodSpec.hostAliases': ['ip'],
  'PodSpec.topologySpreadConstraints': ['topologyKey', 'whenUnsatisfiable'],
  'PodSpec.resourceClaims': ['name'],
  'PodSpec.schedulingGates': ['name'],
  'Container.ports': ['containerPort', 'protocol'],
  'Container.env': ['name'],
  'Container.volumeMounts': ['mountPath'],
  'Container.volumeDevices': ['devicePath'],
  'EphemeralContainer.ports': ['containerPort', 'protocol'],
  'EphemeralContainer.env': ['name'],
  'EphemeralContainer.volumeMounts': ['mountPath'],
  'ServiceSpec.ports': ['port', 'protocol'],
  'ObjectMeta.ownerReferences': ['uid'],
  'PodStatus.conditions': ['type'],
  'PodStatus.podIPs': ['ip'],
  'PodStatus.hostIPs': ['ip'],
  'NodeStatus.conditions': ['type'],
  'NodeStatus.addresses': ['type'],
  'NodeStatus.images': [],
  'DeploymentStatus.conditions': ['type'],
  'ReplicaSetStatus.conditions': ['type'],
  'StatefulSetStatus.conditions': ['type'],
  'DaemonSetStatus.conditions': ['type'],
  'JobStatus.conditions': ['type'],
  'NamespaceStatus.conditions': ['type'],
  'PersistentVolumeClaimStatus.conditions': ['type'],
  'ServiceStatus.conditions': ['type'],
  'HorizontalPodAutoscalerStatus.conditions': ['type'],
  'PodDisruptionBudgetStatus.conditions': ['type'],
};

/** `+listType=set` lists. */
const SET_LISTS = new Set(['ObjectMeta.finalizers', 'NodeSpec.podCIDRs', 'NamespaceSpec.finalizers']);

/** Structs marked `+structType=atomic`: owned and replaced whole. */
const ATOMIC_STRUCTS = new Set([
  'LabelSelector',
  'LabelSelectorRequirement',
  'NodeSelector',
  'NodeSelectorTerm',
  'ObjectReference',
  'LocalObjectReference',
  'TypedLocalObjectReference',
  'ConfigMapKeySelector',
  'SecretKeySelector',
  'ObjectFieldSelector',
  'ResourceFieldSelector',
  'ConfigMapEnvSource',
  'SecretEnvSource',
  'SecretReference',
  'TopologySelectorTerm',
  'Time',
  'MicroTime',
  'Quantity',
  'IntOrString',
  'FieldsV1',
  'RawExtension',
]);

/** Map keys with a schema default (structured-merge-diff's keyFieldsDefaults): a port's protocol. */
export const KEY_DEFAULTS: Record<string, unknown> = { protocol: 'TCP' };

const shortName = (def: string): string => def.slice(def.lastIndexOf('.') + 1);

/** The type of a field (`field` of the struct `parent`, a definition's short name). */
export function resolveType(s: JsonSchema | undefined, parent: string, field: string): TypeRef {
  if (!s) return { t: 'untyped' };
  if (s.$ref) {
    const def = refName(s.$ref);
    const d = definition(def);
    if (!d || ATOMIC_STRUCTS.has(shortName(def))) return { t: 'leaf' };
    if (d.properties) return { t: 'struct', def, props: d.properties };
    return resolveType(d, shortName(def), field);
  }
  if (s.type === 'array') {
    const key = `${parent}.${field}`;
    const keys = ownValue(MAP_LISTS, key);
    if (keys && keys.length) return { t: 'list', listType: 'map', keys, elem: s.items, parent };
    if (SET_LISTS.has(key)) return { t: 'list', listType: 'set', keys: [], elem: s.items, parent };
    return { t: 'list', listType: 'atomic', keys: [], elem: s.items, parent };
  }
  if (s.type === 'object' || s.additionalProperties !== undefined || s.properties) {
    if (s.properties) return { t: 'struct', def: `${parent}.${field}`, props: s.properties };
    return { t: 'map', elem: typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined, parent };
  }
  return { t: 'leaf' };
}

/** The top-level type of a kind's definition. */
export function rootType(defName: string): TypeRef {
  const d = definition(defName);
  if (!d?.properties) return { t: 'untyped' };
  return { t: 'struct', def: defName, props: d.properties };
}

const UNTYPED: TypeRef = { t: 'untyped' };

/**
 * A struct's field types, resolved once: every write of an object walks its schema (compare,
 * merge), and a struct's fields are a fixed set. A map's keys are the user's (label names), so its
 * values' type is not kept by key.
 */
const fieldTypes = new WeakMap<Record<string, JsonSchema>, Map<string, TypeRef>>();
const itemTypes = new WeakMap<TypeRef, TypeRef>();

/** The type of one field of a struct or map. */
export function childType(t: TypeRef, key: string): TypeRef {
  if (t.t === 'struct') {
    if (!hasOwn(t.props, key)) return UNTYPED;
    let byField = fieldTypes.get(t.props);
    if (!byField) fieldTypes.set(t.props, (byField = new Map()));
    let ct = byField.get(key);
    if (!ct) byField.set(key, (ct = resolveType(t.props[key], shortName(t.def), key)));
    return ct;
  }
  if (t.t === 'map') return resolveType(t.elem, t.parent, key);
  return UNTYPED;
}

/** The type of a list's items. */
export function itemType(t: TypeRef & { t: 'list' }): TypeRef {
  let it = itemTypes.get(t);
  if (!it) itemTypes.set(t, (it = resolveType(t.elem, t.parent, '[]')));
  return it;
}
