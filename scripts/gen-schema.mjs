#!/usr/bin/env node
// Generates src/api-schema/k8s-v1.31.json and its descriptions, k8s-v1.31.descriptions.json (the one copy: the simulated apiserver and the YAML editor
// both read it): JSON Schema (draft-07) definitions of the Kubernetes
// v1.31 API kinds Kubeplay serves, keyed by their OpenAPI names (io.k8s.api.core.v1.Pod), plus an
// index from "apiVersion/kind" to the top-level definition.
//
// Source: the .jsii assembly of cdk8s-plus-31@2.6.43 (a devDependency, build time only), which holds
// cdk8s' import of the v1.31.0 OpenAPI spec with descriptions and optional flags. cdk8s renames some
// properties (hostPID -> hostPid, clusterIP -> clusterIp); the real JSON names are read back from the
// generated `toJson_*` functions in lib/imports/k8s.js and cross-checked against each property's
// `docs.custom.schema` ("Def#jsonName"). The import has no `status` and no core/v1 Event, so `status`
// is a free object and Event is hand-written below. See /work/shared/reference/schemas.md.
//
// The output is committed as data: run `npm run gen:schema` after changing this script.

import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import process from 'node:process';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const pkgDir = dirname(require.resolve('cdk8s-plus-31/package.json'));
const jsii = JSON.parse(readFileSync(join(pkgDir, '.jsii'), 'utf8'));
const k8sJs = readFileSync(join(pkgDir, 'lib/imports/k8s.js'), 'utf8');
const OUT = join(root, 'src/api-schema/k8s-v1.31.json');
/** The descriptions, apart: only `kubectl explain` (through the apiserver's /openapi/v3) and the YAML
 * editor's hovers read them, and the app's worker loads them after first paint (src/api-schema/index.ts). */
const DESCRIPTIONS_OUT = join(root, 'src/api-schema/k8s-v1.31.descriptions.json');

/**
 * Moves every `description` of a definition and of its properties (nested `properties` too) into
 * `into`, keyed `<definition>` or `<definition>/<property>[/<property>...]`.
 */
function takeDescriptions(schema, key, into) {
  if (typeof schema.description === 'string') {
    into[key] = schema.description;
    delete schema.description;
  }
  for (const [name, p] of Object.entries(schema.properties ?? {})) takeDescriptions(p, `${key}/${name}`, into);
  for (const inner of [schema.items, schema.additionalProperties, ...(schema.oneOf ?? [])]) {
    if (inner && typeof inner === 'object' && JSON.stringify(inner).includes('"description"')) throw new Error(`${key}: a description outside properties`);
  }
}

/** The kinds Kubeplay serves, as apiVersion/kind. Everything they reference is pulled in. */
const KINDS = [
  'v1/Pod', 'v1/Node', 'v1/Namespace', 'v1/Binding', 'v1/Service', 'v1/Endpoints', 'v1/ConfigMap',
  'v1/Secret', 'v1/ServiceAccount', 'v1/LimitRange',
  'coordination.k8s.io/v1/Lease',
  'apps/v1/Deployment', 'apps/v1/ReplicaSet', 'apps/v1/DaemonSet', 'apps/v1/StatefulSet',
  'batch/v1/Job', 'batch/v1/CronJob',
  'discovery.k8s.io/v1/EndpointSlice',
  'rbac.authorization.k8s.io/v1/Role', 'rbac.authorization.k8s.io/v1/ClusterRole',
  'rbac.authorization.k8s.io/v1/RoleBinding', 'rbac.authorization.k8s.io/v1/ClusterRoleBinding',
  'admissionregistration.k8s.io/v1/MutatingWebhookConfiguration',
  'admissionregistration.k8s.io/v1/ValidatingWebhookConfiguration',
];

/** Integer fields that are int64 in Go; every other integer in these kinds is int32. */
const INT64 = new Set([
  'activeDeadlineSeconds', 'terminationGracePeriodSeconds', 'tolerationSeconds', 'runAsUser', 'runAsGroup',
  'fsGroup', 'supplementalGroups', 'deletionGracePeriodSeconds', 'generation', 'observedGeneration',
  'expirationSeconds', 'resourceVersion',
]);

/** Kinds whose v1.31 type has a status field. */
const WITH_STATUS = new Set(['Pod', 'Node', 'Namespace', 'Service', 'Deployment', 'ReplicaSet', 'DaemonSet', 'StatefulSet', 'Job', 'CronJob']);

const types = jsii.types;
const byFqn = (fqn) => types[fqn];

/** `KubePod.GVK = { apiVersion: 'v1', kind: 'Pod' }` -> class name by apiVersion/kind. */
function readGvks() {
  const out = new Map();
  for (const m of k8sJs.matchAll(/^(Kube\w+)\.GVK = \{\s*apiVersion: '([^']+)',\s*kind: '([^']+)',?\s*\};/gm)) {
    out.set(`${m[2]}/${m[3]}`, m[1]);
  }
  return out;
}

/** Real JSON property names of an interface, from its toJson_ function: jsii name -> JSON name. */
function jsonNames(name) {
  const m = k8sJs.match(new RegExp(`function toJson_${name}\\(obj\\) \\{[\\s\\S]*?const result = \\{([\\s\\S]*?)\\n    \\};`));
  if (!m) throw new Error(`no toJson_${name}`);
  const map = new Map();
  for (const mm of m[1].matchAll(/'([^']+)': .*?obj\.(\w+)/g)) map.set(mm[2], mm[1]);
  return map;
}

function shortDescription(docs) {
  const s = docs?.summary ?? '';
  return s.length > 200 ? `${s.slice(0, 197)}...` : s;
}

const definitions = {};
const pending = [];

function refFor(fqn) {
  const t = byFqn(fqn);
  const name = t.docs.custom.schema;
  if (t.kind === 'class' && name.endsWith('.Quantity')) return { $ref: `#/definitions/${name}` };
  if (t.kind === 'class' && name.endsWith('.IntOrString')) return { $ref: `#/definitions/${name}` };
  if (t.kind !== 'interface') throw new Error(`unexpected ${fqn}`);
  if (!definitions[name]) {
    definitions[name] = null; // reserved; filled by the work loop
    pending.push(fqn);
  }
  return { $ref: `#/definitions/${name}` };
}

function typeSchema(type, fieldName) {
  if (type.primitive === 'string') return { type: 'string' };
  if (type.primitive === 'boolean') return { type: 'boolean' };
  if (type.primitive === 'number') return { type: 'integer', format: INT64.has(fieldName) ? 'int64' : 'int32' };
  if (type.primitive === 'date') return { type: 'string', format: 'date-time' };
  if (type.primitive === 'any' || type.primitive === 'json') return {};
  if (type.collection) {
    const items = typeSchema(type.collection.elementtype, fieldName);
    return type.collection.kind === 'array' ? { type: 'array', items } : { type: 'object', additionalProperties: items };
  }
  if (type.fqn) return refFor(type.fqn);
  throw new Error(`unknown jsii type ${JSON.stringify(type)}`);
}

function objectSchema(t) {
  const names = jsonNames(t.name);
  const properties = {};
  const required = [];
  for (const p of [...(t.properties ?? [])].sort((a, b) => names.get(a.name).localeCompare(names.get(b.name)))) {
    const json = names.get(p.name);
    const fromDocs = p.docs?.custom?.schema?.split('#')[1];
    if (!json || (fromDocs && fromDocs !== json)) throw new Error(`${t.name}.${p.name}: ${json} vs ${fromDocs}`);
    const s = typeSchema(p.type, json);
    const description = shortDescription(p.docs);
    properties[json] = description ? { description, ...s } : s;
    if (!p.optional) required.push(json);
  }
  const out = { type: 'object', description: shortDescription(t.docs), properties, additionalProperties: false };
  if (required.length) out.required = required;
  return out;
}

function splitApiVersion(apiVersion) {
  const i = apiVersion.indexOf('/');
  return i < 0 ? { group: '', version: apiVersion } : { group: apiVersion.slice(0, i), version: apiVersion.slice(i + 1) };
}

function topLevel(apiVersion, kind, cls) {
  const props = byFqn(`cdk8s-plus-31.k8s.${cls}Props`);
  const name = props.docs.custom.schema;
  const s = objectSchema(props);
  // Kind objects carry apiVersion and kind (cdk8s adds them outside the props) and a status the
  // import omits: accept any status object, the apiserver ignores status on create.
  s.properties = {
    apiVersion: { description: 'APIVersion defines the versioned schema of this representation of an object.', type: 'string', enum: [apiVersion] },
    kind: { description: 'Kind is a string value representing the REST resource this object represents.', type: 'string', enum: [kind] },
    ...s.properties,
  };
  if (WITH_STATUS.has(kind)) s.properties.status = { description: 'Most recently observed status (free-form: the cdk8s import has no status types).', type: 'object' };
  s.required = [...new Set(['apiVersion', 'kind', ...(s.required ?? [])])];
  s['x-kubernetes-group-version-kind'] = [{ ...splitApiVersion(apiVersion), kind }];
  return [name, s];
}

/** core/v1 Event: absent from the cdk8s import, written from k8s.io/api/core/v1/types.go (v1.31). */
function eventDefinition() {
  const str = (description) => ({ description, type: 'string' });
  const time = (description) => ({ description, type: 'string', format: 'date-time' });
  return {
    type: 'object',
    description: 'Event is a report of an event somewhere in the cluster.',
    properties: {
      action: str('What action was taken/failed regarding to the Regarding object.'),
      apiVersion: { type: 'string', enum: ['v1'] },
      count: { description: 'The number of times this event has occurred.', type: 'integer', format: 'int32' },
      eventTime: { description: 'Time when this Event was first observed.', type: 'string', format: 'date-time' },
      firstTimestamp: time('The time at which the event was first recorded.'),
      involvedObject: { description: 'The object that this event is about.', $ref: '#/definitions/io.k8s.api.core.v1.ObjectReference' },
      kind: { type: 'string', enum: ['Event'] },
      lastTimestamp: time('The time at which the most recent occurrence of this event was recorded.'),
      message: str('A human-readable description of the status of this operation.'),
      metadata: { description: "Standard object's metadata.", $ref: '#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta' },
      reason: str("This should be a short, machine understandable string that gives the reason for the transition into the object's current status."),
      related: { description: 'Optional secondary object for more complex actions.', $ref: '#/definitions/io.k8s.api.core.v1.ObjectReference' },
      reportingComponent: str('Name of the controller that emitted this Event, e.g. `kubernetes.io/kubelet`.'),
      reportingInstance: str('ID of the controller instance, e.g. `kubelet-xyzf`.'),
      series: {
        description: 'Data about the Event series this event represents or nil if it\'s a singleton Event.',
        type: 'object',
        properties: {
          count: { description: 'Number of occurrences in this series up to the last heartbeat time', type: 'integer', format: 'int32' },
          lastObservedTime: { description: 'Time of the last occurrence observed', type: 'string', format: 'date-time' },
        },
        additionalProperties: false,
      },
      source: {
        description: 'The component reporting this event.',
        type: 'object',
        properties: { component: str('Component from which the event is generated.'), host: str('Node name on which the event is generated.') },
        additionalProperties: false,
      },
      type: str('Type of this event (Normal, Warning), new types could be added in the future'),
    },
    required: ['apiVersion', 'kind', 'metadata', 'involvedObject'],
    additionalProperties: false,
    'x-kubernetes-group-version-kind': [{ group: '', version: 'v1', kind: 'Event' }],
  };
}

function main() {
  const gvks = readGvks();
  const kinds = {};
  const tops = [];
  for (const key of KINDS) {
    const slash = key.lastIndexOf('/');
    const apiVersion = key.slice(0, slash);
    const kind = key.slice(slash + 1);
    const cls = gvks.get(key);
    if (!cls) throw new Error(`no cdk8s class for ${key}`);
    const [name, s] = topLevel(apiVersion, kind, cls);
    kinds[key] = name;
    tops.push([name, s]);
  }
  for (const [name, s] of tops) definitions[name] = s;
  while (pending.length) {
    const fqn = pending.shift();
    const t = byFqn(fqn);
    definitions[t.docs.custom.schema] = objectSchema(t);
  }
  definitions['io.k8s.api.core.v1.Event'] = eventDefinition();
  kinds['v1/Event'] = 'io.k8s.api.core.v1.Event';
  definitions['io.k8s.apimachinery.pkg.api.resource.Quantity'] = {
    description: 'Quantity is a fixed-point representation of a number (128974848, 129e6, 129M, 128974848000m, 123Mi).',
    oneOf: [{ type: 'string' }, { type: 'number' }],
  };
  definitions['io.k8s.apimachinery.pkg.util.intstr.IntOrString'] = {
    description: 'IntOrString is a type that can hold an int32 or a string.',
    oneOf: [{ type: 'string' }, { type: 'integer', format: 'int32' }],
  };
  const sorted = Object.fromEntries(Object.keys(definitions).sort().map((k) => [k, definitions[k]]));
  const descriptions = {};
  for (const [name, def] of Object.entries(sorted)) takeDescriptions(def, name, descriptions);
  const out = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    description: 'Kubernetes v1.31.0 API schema for the kinds Kubeplay serves. Generated by scripts/gen-schema.mjs from cdk8s-plus-31@2.6.43; do not edit.',
    'x-kubernetes-version': 'v1.31.0',
    kinds,
    definitions: sorted,
  };
  mkdirSync(dirname(OUT), { recursive: true });
  writeFileSync(OUT, `${JSON.stringify(out, null, 1)}\n`);
  writeFileSync(DESCRIPTIONS_OUT, `${JSON.stringify(descriptions, null, 1)}\n`);
  process.stdout.write(`wrote ${OUT}: ${Object.keys(sorted).length} definitions, ${Object.keys(kinds).length} kinds; ${DESCRIPTIONS_OUT}: ${Object.keys(descriptions).length} descriptions\n`);
}

main();
