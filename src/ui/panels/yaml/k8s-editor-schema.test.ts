import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { K8S_DESCRIBED_SCHEMA } from '../../../api-schema/descriptions';
import { buildEditorSchema, splitKindKey, type GeneratedApiSchema } from './k8s-editor-schema';

const api: GeneratedApiSchema = K8S_DESCRIBED_SCHEMA;

describe('buildEditorSchema', () => {
  const schema = buildEditorSchema(api);
  const allOf = schema.allOf as { if: { properties: { apiVersion: { const: string }; kind: { const: string } } }; then: { $ref: string } }[];

  it.each([
    ['v1', 'Pod', 'io.k8s.api.core.v1.Pod'],
    ['apps/v1', 'Deployment', 'io.k8s.api.apps.v1.Deployment'],
    ['rbac.authorization.k8s.io/v1', 'ClusterRoleBinding', 'io.k8s.api.rbac.v1.ClusterRoleBinding'],
  ])('dispatches %s %s to its definition %s', (apiVersion, kind, def) => {
    const rule = allOf.find((r) => r.if.properties.apiVersion.const === apiVersion && r.if.properties.kind.const === kind);
    expect(rule?.then.$ref).toBe(`#/definitions/${def}`);
  });

  it('has one rule per served kind and every rule points at an existing definition', () => {
    expect(allOf).toHaveLength(Object.keys(api.kinds).length);
    for (const r of allOf) expect(api.definitions[r.then.$ref.slice('#/definitions/'.length)]).toBeDefined();
  });

  it('offers the known apiVersions and kinds at the root, each once', () => {
    const props = schema.properties as { apiVersion: { enum: string[] }; kind: { enum: string[] } };
    expect(props.apiVersion.enum).toContain('apps/v1');
    expect(new Set(props.apiVersion.enum).size).toBe(props.apiVersion.enum.length);
    expect(props.kind.enum).toEqual(expect.arrayContaining(['Pod', 'Deployment', 'Service', 'Event']));
  });

  it('splits a kind key at its last slash', () => {
    expect(splitKindKey('apps/v1/Deployment')).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment' });
    expect(splitKindKey('v1/Pod')).toEqual({ apiVersion: 'v1', kind: 'Pod' });
  });
});

describe('the schema has one home', () => {
  // Issue 11: the apiserver and the editor read src/api-schema/k8s-v1.31.json; a second copy under
  // src/ could drift from it unnoticed.
  it('is the only k8s-v1.31.json under src/', () => {
    const src = new URL('../../../', import.meta.url);
    const copies = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((p) => p.endsWith('k8s-v1.31.json'));
    expect(copies).toEqual(['api-schema/k8s-v1.31.json']);
  });
});
