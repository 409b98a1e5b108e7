// OpenAPI v3 as kube-apiserver publishes it (k8s.io/kube-openapi handler3, on since v1.27):
// GET /openapi/v3 lists one document per group-version (`api/v1`, `apis/apps/v1`) with the URL to
// fetch it, `?hash=` its content hash; GET /openapi/v3/apis/apps/v1 is an OpenAPI 3.0 document
// with the group-version's paths and the schemas they use. kubectl reads it for three things:
// `explain` (the schema of a GVK, found by its x-kubernetes-group-version-kind), server-side field
// validation (query_param_verifier_v3.go: does the kind's PATCH take `fieldValidation`?) and
// client-side `apply` (the x-kubernetes-patch-* extensions for strategic merge). Everything here
// is generated from the v1.31 schema the project already has (api/schema) and the resources
// table. /openapi/v2 is not served: kubectl asks for it only when v3 is missing.

import { apiVersionOf, RESOURCES, type ResourceInfo } from '../api/resources';
import { definitionNameForKind, K8S_SCHEMA, refName, type ApiSchema, type JsonSchema } from '../api/schema';
import { KUBERNETES_VERSION } from '../config';
import { hasOwn, ownValue, setOwn } from '../api/own-keys';
import { MERGE_KEYS } from './patch';

export const OPENAPI_V3 = '/openapi/v3';

type Json = { [key: string]: unknown };

export interface OpenApiRoot {
  paths: Record<string, { serverRelativeURL: string }>;
}

/** `api/v1`, `apis/apps/v1`: a group-version's key in the root document. */
export function groupVersionPath(info: Pick<ResourceInfo, 'group' | 'version'>): string {
  return info.group ? `apis/${info.group}/${info.version}` : `api/${info.version}`;
}

/** The merge key of a list the Go types tag `patchStrategy:"merge"`, when its items have that field. */
function patchMergeKey(def: string, field: string, itemDef: string | undefined): string | undefined {
  if (def === 'io.k8s.api.core.v1.ServiceSpec' && field === 'ports') return 'port';
  const key = ownValue(MERGE_KEYS, field);
  if (!key || !itemDef) return undefined;
  return hasOwn(K8S_SCHEMA.definitions[itemDef]?.properties, key) ? key : undefined;
}

let described: ApiSchema | undefined;

/**
 * Gives the documents their descriptions: K8S_DESCRIBED_SCHEMA (src/api-schema/descriptions.ts),
 * which src/sim/cli-tools/programs.ts installs. Only kubectl explain asks for /openapi/v3, and in the
 * app's worker the descriptions arrive with kubectl, after first paint.
 */
export function serveDescriptions(schema: ApiSchema): void {
  described = schema;
}

function describedSchema(): ApiSchema {
  if (!described) throw new Error('/openapi/v3 was asked for before the schema descriptions were installed (serveDescriptions)');
  return described;
}

const TOP_LEVEL_ONLY = new Set(['apiVersion', 'kind']);

/**
 * One definition as OpenAPI v3 writes it: `#/components/schemas/` references, a reference with a
 * description wrapped in allOf (kube-openapi's v3 builder), and none of what the project's JSON
 * Schema adds for the editor's strictness (additionalProperties: false, readOnly, the apiVersion
 * and kind enums and their `required`).
 */
function convert(s: JsonSchema, def: string, field: string, top: boolean): Json {
  const out: Json = {};
  if (s.$ref) {
    const ref = { $ref: `#/components/schemas/${refName(s.$ref)}` };
    if (!s.description) return ref;
    out.allOf = [ref];
  }
  if (s.description) out.description = s.description;
  if (s.type) out.type = s.type;
  if (s.format) out.format = s.format;
  if (s.oneOf) out.oneOf = s.oneOf.map((o) => convert(o, def, field, false));
  if (s.items) {
    out.items = convert(s.items, def, field, false);
    const key = patchMergeKey(def, field, s.items.$ref ? refName(s.items.$ref) : undefined);
    if (key) {
      out['x-kubernetes-patch-merge-key'] = key;
      out['x-kubernetes-patch-strategy'] = 'merge';
    }
  }
  if (typeof s.additionalProperties === 'object') out.additionalProperties = convert(s.additionalProperties, def, field, false);
  if (s.properties) {
    const props: Record<string, unknown> = {};
    for (const [name, p] of Object.entries(s.properties)) setOwn(props, name, convert(p, def, name, false));
    out.properties = props;
  }
  const required = (s.required ?? []).filter((r) => !(top && TOP_LEVEL_ONLY.has(r)));
  if (required.length) out.required = required;
  const gvk = (s as { 'x-kubernetes-group-version-kind'?: unknown })['x-kubernetes-group-version-kind'];
  if (gvk) out['x-kubernetes-group-version-kind'] = gvk;
  return out;
}

/** Every definition a set of kinds reaches, in name order (as kube-openapi sorts them). */
function reachable(roots: string[]): string[] {
  const seen = new Set<string>();
  const visit = (x: unknown): void => {
    if (Array.isArray(x)) return x.forEach(visit);
    if (typeof x !== 'object' || x === null) return;
    for (const [k, v] of Object.entries(x)) {
      if (k === '$ref' && typeof v === 'string') add(refName(v));
      else visit(v);
    }
  };
  const add = (name: string): void => {
    if (seen.has(name) || !hasOwn(K8S_SCHEMA.definitions, name)) return;
    seen.add(name);
    visit(K8S_SCHEMA.definitions[name]);
  };
  roots.forEach(add);
  return [...seen].sort();
}

/** `rbac.authorization.k8s.io` -> `RbacAuthorization`, '' -> `Core`: operation ids' group part. */
function groupWord(group: string): string {
  if (!group) return 'Core';
  return group
    .replace(/\.k8s\.io$/, '')
    .split('.')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
}

const q = (name: string, description: string, type = 'string'): Json => ({ name, in: 'query', description, schema: { type, uniqueItems: true } });
const DRY_RUN = q('dryRun', 'When present, indicates that modifications should not be persisted.');
const FIELD_MANAGER = q('fieldManager', 'fieldManager is a name associated with the actor or entity that is making these changes.');
const FIELD_VALIDATION = q(
  'fieldValidation',
  'fieldValidation instructs the server on how to handle objects in the request (POST/PUT/PATCH) containing unknown or duplicate fields. Valid values are: - Ignore - Warn - Strict',
);
const FORCE = q('force', 'Force is going to "force" Apply requests.', 'boolean');
/** The patch types a PATCH takes: kubectl's apply looks for strategic merge here before using the schema. */
const PATCH_TYPES = ['application/apply-patch+yaml', 'application/json-patch+json', 'application/merge-patch+json', 'application/strategic-merge-patch+json'];
const PATCH_BODY: Json = { content: Object.fromEntries(PATCH_TYPES.map((t) => [t, { schema: { type: 'object' } }])), required: true };
const WRITE_PARAMS = [DRY_RUN, FIELD_MANAGER, FIELD_VALIDATION];

function operation(info: ResourceInfo, action: string, id: string, params: Json[], def: string | undefined): Json {
  const op: Json = { tags: [`${groupWord(info.group).replace(/^./, (c) => c.toLowerCase())}_${info.version}`], operationId: id };
  if (params.length) op.parameters = params;
  const schema = def && action !== 'list' && action !== 'deletecollection' ? { $ref: `#/components/schemas/${def}` } : undefined;
  if (action === 'patch') op.requestBody = PATCH_BODY;
  else if (def && (action === 'post' || action === 'put')) op.requestBody = { content: { '*/*': { schema: { $ref: `#/components/schemas/${def}` } } }, required: true };
  op.responses = { '200': { description: 'OK', ...(schema && { content: { 'application/json': { schema } } }) } };
  op['x-kubernetes-action'] = action;
  op['x-kubernetes-group-version-kind'] = { group: info.group, version: info.version, kind: info.kind };
  return op;
}

/** The collection and item paths of one resource, with the verbs it serves. */
function resourcePaths(info: ResourceInfo, paths: Json): void {
  const def = definitionNameForKind(apiVersionOf(info), info.kind);
  const base = `/${groupVersionPath(info)}/${info.namespaced ? 'namespaces/{namespace}/' : ''}${info.resource}`;
  const word = `${groupWord(info.group)}${info.version.toUpperCase()}${info.namespaced ? 'Namespaced' : ''}${info.kind}`;
  const has = (v: string): boolean => info.verbs.includes(v);
  const pathParams = (withName: boolean): Json[] => [
    ...(withName ? [{ name: 'name', in: 'path', description: `name of the ${info.kind}`, required: true, schema: { type: 'string', uniqueItems: true } }] : []),
    ...(info.namespaced ? [{ name: 'namespace', in: 'path', description: 'object name and auth scope, such as for teams and projects', required: true, schema: { type: 'string', uniqueItems: true } }] : []),
  ];
  const collection: Json = { parameters: pathParams(false) };
  if (has('list')) collection.get = operation(info, 'list', `list${word}`, [], def);
  if (has('create')) collection.post = operation(info, 'post', `create${word}`, WRITE_PARAMS, def);
  if (has('deletecollection')) collection.delete = operation(info, 'deletecollection', `deleteCollection${word}`, [DRY_RUN], def);
  paths[base] = collection;
  if (!has('get') && !has('update') && !has('patch') && !has('delete')) return;
  const item: Json = { parameters: pathParams(true) };
  if (has('get')) item.get = operation(info, 'get', `read${word}`, [], def);
  if (has('update')) item.put = operation(info, 'put', `replace${word}`, WRITE_PARAMS, def);
  if (has('patch')) item.patch = operation(info, 'patch', `patch${word}`, [...WRITE_PARAMS, FORCE], def);
  if (has('delete')) item.delete = operation(info, 'delete', `delete${word}`, [DRY_RUN], def);
  paths[`${base}/{name}`] = item;
}

/** The group-versions served, in the resources table's order. */
function groupVersions(): string[] {
  return [...new Set(RESOURCES.map(groupVersionPath))];
}

/** The OpenAPI 3.0 document of one group-version (`api/v1`, `apis/apps/v1`), or undefined. */
export function openApiDocument(gv: string): Json | undefined {
  const resources = RESOURCES.filter((r) => groupVersionPath(r) === gv);
  if (!resources.length) return undefined;
  const paths: Json = {};
  for (const r of resources) resourcePaths(r, paths);
  const roots = resources.map((r) => definitionNameForKind(apiVersionOf(r), r.kind)).filter((d): d is string => d !== undefined);
  const schemas: Record<string, unknown> = {};
  for (const name of reachable(roots)) setOwn(schemas, name, convert(describedSchema().definitions[name]!, name, '', roots.includes(name)));
  return { openapi: '3.0.0', info: { title: 'Kubernetes', version: KUBERNETES_VERSION }, paths, components: { schemas } };
}

/** A content hash for `?hash=` (hex, 64 bits of two FNV-1a lanes: clients treat it as opaque). */
function contentHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x5bd1e995) >>> 0;
  }
  return (a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0')).toUpperCase();
}

const docs = new Map<string, Json | undefined>();

/** Documents are fixed for a build: made once, on first request. */
function cachedDocument(gv: string): Json | undefined {
  if (!docs.has(gv)) docs.set(gv, openApiDocument(gv));
  return docs.get(gv);
}

export function openApiRoot(): OpenApiRoot {
  const paths: OpenApiRoot['paths'] = {};
  for (const gv of groupVersions()) {
    const doc = cachedDocument(gv);
    if (doc) paths[gv] = { serverRelativeURL: `${OPENAPI_V3}/${gv}?hash=${contentHash(JSON.stringify(doc))}` };
  }
  return { paths };
}

/** What GET `path` under /openapi answers: the root, a group-version's document, or undefined (404). */
export function openApiFor(path: string): OpenApiRoot | Json | undefined {
  const p = path.replace(/\/+$/, '');
  if (p === OPENAPI_V3) return openApiRoot();
  if (!p.startsWith(`${OPENAPI_V3}/`)) return undefined;
  return cachedDocument(p.slice(OPENAPI_V3.length + 1));
}
