// The ResourceQuota admission plugin on plain data. Source: plugin/pkg/admission/resourcequota/
// controller.go (checkRequest, prettyPrint, hasUsageStats) and pkg/quota/v1/evaluator/core
// (pods.go: PodUsageFunc, Constraints; services.go; the object-count evaluator).
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/types';
import { admit } from './index';
import { attrs, cfg, lookups, pod } from './test-fixtures';

function quota(name: string, hard: Record<string, string>, used?: Record<string, string>): KubeObject {
  const status = used === undefined ? undefined : { hard, used };
  return { apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name, namespace: 'default' }, spec: { hard }, ...(status ? { status } : {}) };
}

const sized = (cpu: string, memory: string) =>
  pod('web', { containers: [{ name: 'app', image: 'nginx', resources: { requests: { cpu, memory }, limits: { cpu, memory } } }] });

describe('ResourceQuota admission', () => {
  it.each([
    {
      name: 'a pod that fits is charged: used + requested, every hard key counted',
      q: quota('q', { 'requests.cpu': '1', 'requests.memory': '1Gi', pods: '3' }, { 'requests.cpu': '400m', 'requests.memory': '600Mi', pods: '1' }),
      obj: sized('500m', '100Mi'),
      charged: { pods: '2', 'requests.cpu': '900m', 'requests.memory': '700Mi' },
    },
    {
      name: 'a pod over requests.cpu is refused, naming only what is exceeded',
      q: quota('q', { 'requests.cpu': '1', 'requests.memory': '1Gi' }, { 'requests.cpu': '800m', 'requests.memory': '0' }),
      obj: sized('500m', '100Mi'),
      error: 'pods "web" is forbidden: exceeded quota: q, requested: requests.cpu=500m, used: requests.cpu=800m, limited: requests.cpu=1',
    },
    {
      name: 'the plain `cpu` name counts requests, as requests.cpu does',
      q: quota('q', { cpu: '1' }, { cpu: '1' }),
      obj: sized('1m', '1Mi'),
      error: 'pods "web" is forbidden: exceeded quota: q, requested: cpu=1m, used: cpu=1, limited: cpu=1',
    },
    {
      name: 'count/pods and pods refuse together, keys sorted',
      q: quota('q', { pods: '1', 'count/pods': '1' }, { pods: '1', 'count/pods': '1' }),
      obj: pod('web'),
      error: 'pods "web" is forbidden: exceeded quota: q, requested: count/pods=1,pods=1, used: count/pods=1,pods=1, limited: count/pods=1,pods=1',
    },
    {
      name: 'a quota the controller has not filled in yet (no status.hard) matches nothing',
      q: quota('q', { pods: '0' }),
      obj: pod('web'),
    },
    {
      name: 'a quota with hard but no used for a counted name is "status unknown"',
      q: { ...quota('q', { pods: '1', services: '1' }), status: { hard: { pods: '1', services: '1' }, used: { services: '0' } } },
      obj: pod('web'),
      error: 'pods "web" is forbidden: status unknown for quota: q, resources: pods',
    },
  ])('$name', ({ q, obj, charged, error }) => {
    const r = admit(attrs({ object: obj, name: 'web' }), lookups({ quotas: [q] }), cfg);
    if (error) {
      expect(r.rejectedBy).toBe('ResourceQuota');
      expect(r.error?.code).toBe(403);
      expect(r.error?.message).toBe(error);
    } else {
      expect(r.error).toBeUndefined();
      expect(r.quotaCharges).toEqual(charged ? [{ namespace: 'default', name: 'q', used: charged }] : undefined);
    }
  });

  it('counts services, node ports and ConfigMaps by their own names', () => {
    const q = quota('objects', { services: '1', 'services.nodeports': '0', configmaps: '1', 'count/configmaps': '1' }, {
      services: '0',
      'services.nodeports': '0',
      configmaps: '1',
      'count/configmaps': '1',
    });
    const svc = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'default' }, spec: { type: 'NodePort', ports: [{ port: 80 }] } };
    const r = admit(attrs({ resource: 'services', object: svc, name: 'web' }), lookups({ quotas: [q] }), cfg);
    expect(r.error?.message).toBe('services "web" is forbidden: exceeded quota: objects, requested: services.nodeports=1, used: services.nodeports=0, limited: services.nodeports=0');
    const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', namespace: 'default' } };
    const r2 = admit(attrs({ resource: 'configmaps', object: cm, name: 'c' }), lookups({ quotas: [q] }), cfg);
    expect(r2.error?.message).toBe('configmaps "c" is forbidden: exceeded quota: objects, requested: configmaps=1,count/configmaps=1, used: configmaps=1,count/configmaps=1, limited: configmaps=1,count/configmaps=1');
  });

  it('takes an init container by its maximum, not its sum (PodUsageFunc)', () => {
    const q = quota('q', { 'requests.memory': '1Gi' }, { 'requests.memory': '0' });
    const p = pod('web', {
      containers: [{ name: 'a', image: 'nginx', resources: { requests: { memory: '300Mi' } } }, { name: 'b', image: 'nginx', resources: { requests: { memory: '300Mi' } } }],
      initContainers: [{ name: 'init', image: 'busybox', resources: { requests: { memory: '500Mi' } } }],
    });
    const r = admit(attrs({ object: p, name: 'web' }), lookups({ quotas: [q] }), cfg);
    expect(r.quotaCharges).toEqual([{ namespace: 'default', name: 'q', used: { 'requests.memory': '600Mi' } }]);
  });

  it('leaves updates alone', () => {
    const q = quota('q', { pods: '0' }, { pods: '0' });
    const r = admit(attrs({ operation: 'UPDATE', object: pod('web'), oldObject: pod('web'), name: 'web' }), lookups({ quotas: [q] }), cfg);
    expect(r.error).toBeUndefined();
  });
});
