// Turns the generated Kubernetes v1.31 definitions (src/api-schema, the same copy the simulated
// apiserver decodes with) into one JSON Schema monaco-yaml can apply to any manifest: each YAML
// document is matched to its kind's definition by apiVersion + kind (an `if`/`then` per kind), so a
// file holding a Deployment, a Service and a Pod is checked kind by kind. The root also lists the
// known apiVersion and kind values, so an empty document completes them.

/** The part of the generated schema this module reads (src/api-schema, scripts/gen-schema.mjs). */
export interface GeneratedApiSchema {
  kinds: Record<string, string>;
  definitions: Record<string, unknown>;
}

/** A JSON Schema (draft-07) as plain data; monaco-yaml takes it as it is. */
export type EditorSchema = Record<string, unknown>;

/** `apps/v1/Deployment` -> { apiVersion: 'apps/v1', kind: 'Deployment' }. */
export function splitKindKey(key: string): { apiVersion: string; kind: string } {
  const slash = key.lastIndexOf('/');
  return { apiVersion: key.slice(0, slash), kind: key.slice(slash + 1) };
}

/** Distinct values in first-seen order. */
function unique(values: string[]): string[] {
  return [...new Set(values)];
}

export function buildEditorSchema(api: GeneratedApiSchema): EditorSchema {
  const entries = Object.entries(api.kinds).map(([key, def]) => ({ ...splitKindKey(key), def }));
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'Kubernetes v1.31 manifest',
    type: 'object',
    properties: {
      apiVersion: {
        description: 'APIVersion defines the versioned schema of this representation of an object.',
        type: 'string',
        enum: unique(entries.map((e) => e.apiVersion)),
      },
      kind: {
        description: 'Kind is a string value representing the REST resource this object represents.',
        type: 'string',
        enum: unique(entries.map((e) => e.kind)),
      },
    },
    required: ['apiVersion', 'kind'],
    allOf: entries.map((e) => ({
      if: {
        properties: { apiVersion: { const: e.apiVersion }, kind: { const: e.kind } },
        required: ['apiVersion', 'kind'],
      },
      then: { $ref: `#/definitions/${e.def}` },
    })),
    definitions: api.definitions,
  };
}
