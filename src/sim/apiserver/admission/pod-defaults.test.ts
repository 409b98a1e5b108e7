// ServiceAccount (plugin/pkg/admission/serviceaccount), Priority (plugin/pkg/admission/priority),
// DefaultTolerationSeconds (plugin/pkg/admission/defaulttolerationseconds: 300 s, seed chapter 3's
// "5 more minutes") and TaintNodesByCondition (plugin/pkg/admission/nodetaint).
import { describe, expect, it } from 'vitest';
import type { KubeObject, Node, Pod } from '../../api/types';
import { DEFAULT_TIMINGS } from '../../config';
import { DefaultTolerationSeconds } from './default-toleration-seconds';
import type { AdmissionPlugin } from './plugin';
import { Priority } from './priority';
import { ServiceAccount } from './service-account';
import { TaintNodesByCondition } from './taint-nodes-by-condition';
import { attrs, cfg, lookups, pod } from './test-fixtures';

function run(plugin: AdmissionPlugin, a: ReturnType<typeof attrs>, c = cfg) {
  return plugin.admit!({ attrs: a, object: a.object, lookups: lookups(), cfg: c });
}

describe('ServiceAccount', () => {
  it('sets serviceAccountName to default', () => {
    expect((run(ServiceAccount, attrs({ object: pod('web') })).object as Pod).spec.serviceAccountName).toBe('default');
  });
  it('keeps a named service account', () => {
    const a = attrs({ object: pod('web', { serviceAccountName: 'builder', automountServiceAccountToken: false } as Partial<Pod['spec']>) });
    const builder = { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'builder', namespace: 'default' } };
    const out = ServiceAccount.admit!({ attrs: a, object: a.object, lookups: lookups({ serviceAccounts: [builder] }), cfg });
    expect(out).toEqual({});
  });
  // plugin/pkg/admission/serviceaccount/admission.go Admit: getServiceAccount fails with
  // NewNotFound(api.Resource("serviceaccount"), name), wrapped in admission.NewForbidden.
  it('refuses a pod that names a ServiceAccount that does not exist, with the real 403', () => {
    const out = run(ServiceAccount, attrs({ object: pod('web', { serviceAccountName: 'foo' } as Partial<Pod['spec']>) }));
    expect(out.error?.code).toBe(403);
    expect(out.error?.message).toBe('pods "web" is forbidden: error looking up service account default/foo: serviceaccount "foo" not found');
  });
  // mountServiceAccountToken and TokenVolumeSource (admission.go, v1.31): the volume every pod of
  // a kubeadm cluster shows in `kubectl get pod -o yaml` and `describe pod`.
  it('mounts kube-api-access-<5 random> read-only into every container, init containers too, with the projected token volume', () => {
    const p = pod('web', { initContainers: [{ name: 'init', image: 'busybox' }] });
    const spec = (run(ServiceAccount, attrs({ object: p })).object as Pod).spec as Pod['spec'] & { volumes: { name: string; projected: unknown }[] };
    const name = spec.volumes[0]!.name;
    expect(name).toMatch(/^kube-api-access-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
    const mount = { name, readOnly: true, mountPath: '/var/run/secrets/kubernetes.io/serviceaccount' };
    expect((spec.containers[0] as { volumeMounts?: unknown[] }).volumeMounts).toEqual([mount]);
    expect((spec.initContainers![0] as { volumeMounts?: unknown[] }).volumeMounts).toEqual([mount]);
    expect(spec.volumes).toEqual([{
      name,
      projected: {
        defaultMode: 420,
        sources: [
          { serviceAccountToken: { expirationSeconds: 3607, path: 'token' } },
          { configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
          { downwardAPI: { items: [{ path: 'namespace', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } }] } },
        ],
      },
    }]);
  });
  it('mounts nothing when automountServiceAccountToken is false, and nothing over a mount already at the path', () => {
    const off = run(ServiceAccount, attrs({ object: pod('web', { automountServiceAccountToken: false } as Partial<Pod['spec']>) })).object as Pod;
    expect((off.spec as { volumes?: unknown[] }).volumes).toBeUndefined();
    expect((off.spec.containers[0] as { volumeMounts?: unknown[] }).volumeMounts).toBeUndefined();
    const own = { name: 'mine', mountPath: '/var/run/secrets/kubernetes.io/serviceaccount' };
    const p = pod('web', { containers: [{ name: 'app', image: 'nginx', volumeMounts: [own] } as Pod['spec']['containers'][number]] });
    const kept = run(ServiceAccount, attrs({ object: p })).object as Pod;
    expect((kept.spec.containers[0] as { volumeMounts?: unknown[] }).volumeMounts).toEqual([own]);
    expect((kept.spec as { volumes?: unknown[] }).volumes).toBeUndefined();
  });
  // admission.go shouldAutomount: the ServiceAccount's automountServiceAccountToken applies when the
  // pod says nothing; the pod's own field wins (docs: configure-service-account "Opt out of API credential automounting").
  it("follows the ServiceAccount's automountServiceAccountToken unless the pod sets its own", () => {
    const sa = { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'build-robot', namespace: 'default' }, automountServiceAccountToken: false } as KubeObject;
    const withSa = (p: Pod) => {
      const a = attrs({ object: p });
      return (ServiceAccount.admit!({ attrs: a, object: a.object, lookups: lookups({ serviceAccounts: [sa] }), cfg }).object ?? p) as Pod;
    };
    const off = withSa(pod('web', { serviceAccountName: 'build-robot' }));
    expect((off.spec as { volumes?: unknown[] }).volumes).toBeUndefined();
    const podWins = withSa(pod('web', { serviceAccountName: 'build-robot', automountServiceAccountToken: true } as Partial<Pod['spec']>));
    expect((podWins.spec as { volumes?: { name: string }[] }).volumes?.[0]?.name).toMatch(/^kube-api-access-[a-z0-9]{5}$/);
  });
  it('leaves mirror pods alone', () => {
    expect(run(ServiceAccount, attrs({ object: pod('web', {}, { annotations: { 'kubernetes.io/config.mirror': 'x' } }) }))).toEqual({});
  });
});

describe('Priority', () => {
  it('gives a pod without a class priority 0 and PreemptLowerPriority', () => {
    const spec = (run(Priority, attrs({ object: pod('web') })).object as Pod).spec;
    expect(spec.priority).toBe(0);
    expect(spec.preemptionPolicy).toBe('PreemptLowerPriority');
  });
  it('resolves the built-in system-node-critical class', () => {
    const p = pod('proxy', { priorityClassName: 'system-node-critical' });
    expect((run(Priority, attrs({ object: p })).object as Pod).spec.priority).toBe(2000001000);
  });
  it('refuses an unknown class with the real message', () => {
    const r = run(Priority, attrs({ name: 'web', object: pod('web', { priorityClassName: 'gold' }) }));
    expect(r.error?.message).toBe('pods "web" is forbidden: no PriorityClass with name gold was found');
  });
  it('refuses a hand-written priority that differs from the class', () => {
    const r = run(Priority, attrs({ name: 'web', object: pod('web', { priority: 5 }) }));
    expect(r.error?.message).toBe(
      'pods "web" is forbidden: the integer value of priority (5) must not be provided in pod spec; priority admission controller computed 0 from the given PriorityClass name',
    );
  });
  it('keeps the priority set at creation on update', () => {
    const old = pod('web', { priority: 0, preemptionPolicy: 'PreemptLowerPriority' });
    const r = run(Priority, attrs({ operation: 'UPDATE', name: 'web', object: pod('web'), oldObject: old }));
    expect((r.object as Pod).spec.priority).toBe(0);
  });
});

describe('DefaultTolerationSeconds', () => {
  const notReady = { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 };
  const unreachable = { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 };
  const cases: { name: string; tolerations: Pod['spec']['tolerations']; want: unknown[] }[] = [
    { name: 'adds both 300 s tolerations to a pod with none', tolerations: undefined, want: [notReady, unreachable] },
    {
      name: 'keeps an existing not-ready toleration and adds only unreachable',
      tolerations: [{ key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 10 }],
      want: [{ key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 10 }, unreachable],
    },
    { name: 'adds nothing when the pod tolerates every taint', tolerations: [{ operator: 'Exists' }], want: [{ operator: 'Exists' }] },
  ];
  it.each(cases)('$name', ({ tolerations, want }) => {
    const r = run(DefaultTolerationSeconds, attrs({ object: pod('web', tolerations ? { tolerations } : {}) }));
    expect(((r.object ?? pod('web', { tolerations })) as Pod).spec.tolerations).toEqual(want);
  });
  it('takes the seconds from the timings', () => {
    const c = { timings: { ...DEFAULT_TIMINGS, defaultNotReadyTolerationSeconds: 60 }, rand: () => 0 };
    expect((run(DefaultTolerationSeconds, attrs({ object: pod('web') }), c).object as Pod).spec.tolerations![0]!.tolerationSeconds).toBe(60);
  });
});

describe('TaintNodesByCondition', () => {
  const node = (taints?: Node['spec']['taints']): KubeObject => ({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'worker-1' }, spec: taints ? { taints } : {} });
  it('taints a new Node not-ready:NoSchedule', () => {
    const r = run(TaintNodesByCondition, attrs({ resource: 'nodes', namespace: '', object: node() }));
    expect((r.object as Node).spec.taints).toEqual([{ key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }]);
  });
  it('keeps the taints the kubelet registered with', () => {
    const r = run(TaintNodesByCondition, attrs({ resource: 'nodes', namespace: '', object: node([{ key: 'dedicated', value: 'db', effect: 'NoSchedule' }]) }));
    expect((r.object as Node).spec.taints).toHaveLength(2);
  });
  it('does not add the taint twice', () => {
    expect(run(TaintNodesByCondition, attrs({ resource: 'nodes', namespace: '', object: node([{ key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }]) }))).toEqual({});
  });
  it('leaves node updates alone', () => {
    expect(run(TaintNodesByCondition, attrs({ resource: 'nodes', operation: 'UPDATE', namespace: '', name: 'worker-1', object: node() }))).toEqual({});
  });
});
