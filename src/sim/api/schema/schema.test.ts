import { describe, expect, it } from 'vitest';
import { definition, definitionNameForKind, K8S_SCHEMA } from './index';

// Source: /work/shared/reference/schemas.md (route 1: cdk8s-plus-31@2.6.43's v1.31.0 import).
describe('the generated v1.31 schema', () => {
  it('indexes every served kind', () => {
    for (const key of ['v1/Pod', 'v1/Node', 'v1/Namespace', 'v1/Binding', 'v1/Event', 'coordination.k8s.io/v1/Lease', 'apps/v1/Deployment', 'rbac.authorization.k8s.io/v1/ClusterRoleBinding']) {
      expect(K8S_SCHEMA.kinds[key], key).toBeDefined();
    }
  });

  it('uses real JSON names, not cdk8s renames', () => {
    const spec = definition('io.k8s.api.core.v1.PodSpec')!;
    expect(spec.properties).toHaveProperty('hostPID');
    expect(spec.properties).not.toHaveProperty('hostPid');
    expect(definition('io.k8s.api.core.v1.ServiceSpec')!.properties).toHaveProperty('clusterIP');
  });

  it('closes objects and marks required fields', () => {
    const c = definition('io.k8s.api.core.v1.Container')!;
    expect(c.additionalProperties).toBe(false);
    expect(c.required).toEqual(['name']);
  });

  it('resolves every reference', () => {
    const text = JSON.stringify(K8S_SCHEMA);
    for (const m of text.matchAll(/"#\/definitions\/([^"]+)"/g)) expect(definition(m[1]!), m[1]).toBeDefined();
  });

  it('tags top-level kinds with their group, version and kind', () => {
    const name = definitionNameForKind('apps/v1', 'Deployment')!;
    expect((definition(name) as Record<string, unknown>)['x-kubernetes-group-version-kind']).toEqual([{ group: 'apps', version: 'v1', kind: 'Deployment' }]);
  });
});
