// deploymentStrategy / rsStrategy (pkg/registry/apps/deployment/strategy.go, replicaset/strategy.go):
// generation starts at 1 and grows with every spec change; the main resource keeps the stored status.
import { describe, expect, it } from 'vitest';
import { resourceForPath } from '../../api/resources';
import type { KubeObject } from '../../api/types';
import { prepareForCreate, prepareForUpdate } from './strategy';

const info = resourceForPath('apps', 'v1', 'deployments')!;
const base: KubeObject = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { replicas: 3 }, status: { replicas: 9 } };

describe('Deployment strategy', () => {
  it('starts at generation 1 with an empty status', () => {
    const d = prepareForCreate(info, base, { now: 0, rand: () => 0.5, namespace: 'default' });
    expect(d.metadata.generation).toBe(1);
    expect(d.status).toEqual({});
  });

  it.each([
    ['a spec change bumps generation', { replicas: 5 }, 2],
    ['an unchanged spec keeps it', { replicas: 3 }, 1],
  ])('%s', (_n, spec, want) => {
    const old: KubeObject = { ...base, metadata: { name: 'web', generation: 1, uid: 'u' }, status: { replicas: 3 } };
    const next = prepareForUpdate(info, '', { ...base, spec, status: {} }, old);
    expect(next.metadata.generation).toBe(want);
    expect(next.status).toEqual({ replicas: 3 });
  });
});
