// Source: plugin/pkg/admission/limitranger/admission.go (mergeContainerResources, minConstraint,
// maxConstraint, PodValidateLimitFunc) and pkg/apis/core/v1/defaults.go (SetDefaults_LimitRangeItem);
// annotation text as real pods show it (`LimitRanger plugin set: cpu, memory request for container
// nginx-test; cpu, memory limit for container nginx-test`).
import { describe, expect, it } from 'vitest';
import type { KubeObject, Pod } from '../../api/types';
import { admit } from './index';
import { LimitRanger, withDefaults } from './limit-ranger';
import { attrs, cfg, lookups, pod } from './test-fixtures';

const limitRange = (limits: unknown[]): KubeObject => ({ apiVersion: 'v1', kind: 'LimitRange', metadata: { name: 'lr', namespace: 'default' }, spec: { limits } });
const defaults = limitRange([{ type: 'Container', default: { cpu: '200m', memory: '128Mi' }, defaultRequest: { cpu: '50m', memory: '64Mi' } }]);

function mutate(p: Pod, lr: KubeObject) {
  return LimitRanger.admit!({ attrs: attrs({ object: p, name: p.metadata.name! }), object: p, lookups: lookups({ limitRanges: [lr] }), cfg });
}
function check(p: Pod, lr: KubeObject) {
  return LimitRanger.validate!({ attrs: attrs({ object: p, name: p.metadata.name! }), object: p, lookups: lookups({ limitRanges: [lr] }), cfg });
}
const withRes = (resources: Pod['spec']['containers'][number]['resources']) => pod('web', { containers: [{ name: 'app', image: 'nginx', resources }] });

describe('LimitRanger defaults', () => {
  it('fills missing requests and limits and records them in the annotation', () => {
    const out = mutate(pod('web'), defaults).object as Pod;
    expect(out.spec.containers[0]!.resources).toEqual({ limits: { cpu: '200m', memory: '128Mi' }, requests: { cpu: '50m', memory: '64Mi' } });
    expect(out.metadata.annotations?.['kubernetes.io/limit-ranger']).toBe('LimitRanger plugin set: cpu, memory request for container app; cpu, memory limit for container app');
  });

  it('keeps what the container already sets and notes only what it added', () => {
    const out = mutate(withRes({ requests: { cpu: '1' }, limits: { cpu: '2', memory: '1Gi' } }), defaults).object as Pod;
    expect(out.spec.containers[0]!.resources).toEqual({ limits: { cpu: '2', memory: '1Gi' }, requests: { cpu: '1', memory: '64Mi' } });
    expect(out.metadata.annotations?.['kubernetes.io/limit-ranger']).toBe('LimitRanger plugin set: memory request for container app');
  });

  it('changes nothing when every container is complete', () => {
    expect(mutate(withRes({ requests: { cpu: '1', memory: '1Gi' }, limits: { cpu: '1', memory: '1Gi' } }), defaults)).toEqual({});
  });

  it('never mutates the pod it was given', () => {
    const p = pod('web');
    mutate(p, defaults);
    expect(p.spec.containers[0]!.resources).toBeUndefined();
  });

  it('defaults a missing default limit to max, and a missing default request to the default limit', () => {
    expect(withDefaults({ type: 'Container', max: { memory: '1Gi' }, min: { cpu: '10m' } })).toEqual({
      type: 'Container',
      max: { memory: '1Gi' },
      min: { cpu: '10m' },
      default: { memory: '1Gi' },
      defaultRequest: { cpu: '10m', memory: '1Gi' },
    });
  });
});

describe('LimitRanger checks', () => {
  const maxMem = limitRange([{ type: 'Container', max: { memory: '1Gi' } }]);
  const cases: { name: string; pod: Pod; lr: KubeObject; message?: string }[] = [
    { name: 'a limit within max passes', pod: withRes({ limits: { memory: '512Mi' } }), lr: maxMem },
    { name: 'a limit above max is refused', pod: withRes({ limits: { memory: '2Gi' } }), lr: maxMem, message: 'pods "web" is forbidden: maximum memory usage per Container is 1Gi, but limit is 2Gi' },
    { name: 'a missing limit under a max is refused', pod: withRes({}), lr: maxMem, message: 'pods "web" is forbidden: maximum memory usage per Container is 1Gi.  No limit is specified' },
    {
      name: 'a request below min is refused, printed canonically',
      pod: withRes({ requests: { cpu: '0.005' } }),
      lr: limitRange([{ type: 'Container', min: { cpu: '10m' } }]),
      message: 'pods "web" is forbidden: minimum cpu usage per Container is 10m, but request is 5m',
    },
    {
      name: 'several violations are listed together',
      pod: withRes({ limits: { cpu: '2', memory: '2Gi' } }),
      lr: limitRange([{ type: 'Container', max: { cpu: '1', memory: '1Gi' } }]),
      message: 'pods "web" is forbidden: [maximum cpu usage per Container is 1, but limit is 2, maximum memory usage per Container is 1Gi, but limit is 2Gi]',
    },
    {
      name: 'a Pod item checks the sum over containers',
      pod: pod('web', { containers: [{ name: 'a', resources: { limits: { cpu: '600m' } } }, { name: 'b', resources: { limits: { cpu: '600m' } } }] }),
      lr: limitRange([{ type: 'Pod', max: { cpu: '1' } }]),
      message: 'pods "web" is forbidden: maximum cpu usage per Pod is 1, but limit is 1200m',
    },
  ];
  it.each(cases)('$name', ({ pod: p, lr, message }) => {
    expect(check(p, lr)?.message).toBe(message);
  });

  it('checks the defaulted pod in the chain, so defaults within max pass', () => {
    const lr = limitRange([{ type: 'Container', max: { memory: '1Gi' }, default: { memory: '256Mi' } }]);
    const r = admit(attrs({ object: pod('web'), name: 'web' }), lookups({ limitRanges: [lr] }), cfg);
    expect(r.error).toBeUndefined();
    expect(r.mutatedBy).toContain('LimitRanger');
  });

  it('uses generateName in the message before a name exists', () => {
    const p = withRes({ limits: { memory: '2Gi' } });
    p.metadata = { generateName: 'web-5ff58d798d-', namespace: 'default' };
    const s = LimitRanger.validate!({ attrs: attrs({ object: p }), object: p, lookups: lookups({ limitRanges: [maxMem] }), cfg });
    expect(s?.message).toMatch(/^pods "web-5ff58d798d-" is forbidden: /);
  });
});
