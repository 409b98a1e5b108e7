// The one copy of the Kubernetes v1.31 schema (scripts/gen-schema.mjs writes k8s-v1.31.json from
// cdk8s-plus-31's import of the v1.31.0 OpenAPI spec). Two readers, one file: the simulated
// apiserver's strict decoder (src/sim/api/schema) and the YAML editor's monaco-yaml
// (src/ui/panels/yaml). Like src/protocol, this folder imports nothing, so the UI can read the schema
// without importing the simulation.
//
// The descriptions are a file of their own (descriptions.ts): only `kubectl explain` (through the
// apiserver's /openapi/v3) and the editor's hovers read them, and the app's worker boots without them.

import raw from './k8s-v1.31.json';

export interface JsonSchema {
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean';
  format?: string;
  $ref?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  required?: string[];
  enum?: unknown[];
  oneOf?: JsonSchema[];
}

export interface ApiSchema {
  /** `apps/v1/Deployment` -> `io.k8s.api.apps.v1.Deployment`. */
  kinds: Record<string, string>;
  /** Keyed by OpenAPI name. */
  definitions: Record<string, JsonSchema>;
}

/** The schema without its descriptions (what validation and the field manager read). */
export const K8S_SCHEMA: ApiSchema = raw as unknown as ApiSchema;

/** Descriptions keyed `<definition>` or `<definition>/<property>[/<property>...]` (scripts/gen-schema.mjs). */
export type SchemaDescriptions = Readonly<Record<string, string>>;

/** The schema as scripts/gen-schema.mjs read it: each description back in its place. */
export function withDescriptions(schema: ApiSchema, descriptions: SchemaDescriptions): ApiSchema {
  const put = (s: JsonSchema, key: string): JsonSchema => {
    const text = own(descriptions, key);
    const out: JsonSchema = text === undefined ? { ...s } : { description: text, ...s };
    if (s.properties) out.properties = Object.fromEntries(Object.entries(s.properties).map(([name, p]) => [name, put(p, `${key}/${name}`)]));
    return out;
  };
  return { ...schema, definitions: Object.fromEntries(Object.entries(schema.definitions).map(([name, d]) => [name, put(d, name)])) };
}

export const QUANTITY_DEF = 'io.k8s.apimachinery.pkg.api.resource.Quantity';
export const INT_OR_STRING_DEF = 'io.k8s.apimachinery.pkg.util.intstr.IntOrString';

/** Own keys only: a kind or field name a person typed (`constructor`) must not find Object.prototype. */
function own<V>(o: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.prototype.hasOwnProperty.call(o, key) ? o[key] : undefined;
}

/** The OpenAPI name of a kind's top-level definition (`io.k8s.api.core.v1.Pod`). */
export function definitionNameForKind(apiVersion: string, kind: string): string | undefined {
  return own(K8S_SCHEMA.kinds, `${apiVersion}/${kind}`);
}

export function definition(name: string): JsonSchema | undefined {
  return own(K8S_SCHEMA.definitions, name);
}

/** `#/definitions/io.k8s.api.core.v1.PodSpec` -> `io.k8s.api.core.v1.PodSpec`. */
export function refName(ref: string): string {
  return ref.slice('#/definitions/'.length);
}
