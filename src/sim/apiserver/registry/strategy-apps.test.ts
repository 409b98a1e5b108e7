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

// daemonSetStrategy (pkg/registry/apps/daemonset/strategy.go) and the apps/v1 conversion that
// carries spec.templateGeneration as the deprecated.daemonset.template.generation annotation.
describe('DaemonSet strategy', () => {
  const dsInfo = resourceForPath('apps', 'v1', 'daemonsets')!;
  const tmpl = (image: string) => ({ selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image }] } } });
  const ds: KubeObject = { apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'fluentd' }, spec: tmpl('v1') };
  const annotation = (o: KubeObject) => o.metadata.annotations?.['deprecated.daemonset.template.generation'];

  it('starts the template generation at 1', () => {
    expect(annotation(prepareForCreate(dsInfo, ds, { now: 0, rand: () => 0.5, namespace: 'kube-system' }))).toBe('1');
  });

  it('counts template changes only, whatever the client sent', () => {
    const old: KubeObject = { ...ds, metadata: { name: 'fluentd', uid: 'u', generation: 1, annotations: { 'deprecated.daemonset.template.generation': '1' } } };
    expect(annotation(prepareForUpdate(dsInfo, '', { ...ds, spec: tmpl('v2') }, old))).toBe('2');
    expect(annotation(prepareForUpdate(dsInfo, '', { ...ds, metadata: { name: 'fluentd', annotations: { 'deprecated.daemonset.template.generation': '7' } } }, old))).toBe('1');
  });
});
