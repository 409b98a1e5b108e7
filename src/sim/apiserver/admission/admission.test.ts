// The chain: mutating plugins in kube-apiserver's order, then validating ones; purity; mutatedBy.
// Source: pkg/kubeapiserver/options/plugins.go (AllOrderedPlugins, DefaultOffAdmissionPlugins),
// k8s.io/apiserver/pkg/admission/chain.go.
import { describe, expect, it } from 'vitest';
import { ADMISSION_PLUGINS, PLUGINS, admit } from './index';
import { attrs, cfg, lookups, pod } from './test-fixtures';

describe('admit', () => {
  it('runs the modelled plugins in the real order', () => {
    const order = ADMISSION_PLUGINS.filter((p) => p.modelled).map((p) => p.name);
    expect(PLUGINS.map((p) => p.name)).toEqual(order);
    expect(order).toEqual(['NamespaceLifecycle', 'LimitRanger', 'ServiceAccount', 'NodeRestriction', 'TaintNodesByCondition', 'Priority', 'DefaultTolerationSeconds', 'DefaultStorageClass', 'StorageObjectInUseProtection', 'ResourceQuota']);
  });

  it('defaults a plain pod and names the plugins that changed it', () => {
    const input = pod('web');
    const frozen = JSON.stringify(input);
    const r = admit(attrs({ object: input, name: 'web' }), lookups(), cfg);
    expect(r.error).toBeUndefined();
    expect(r.mutatedBy).toEqual(['ServiceAccount', 'Priority', 'DefaultTolerationSeconds']);
    const spec = (r.object as typeof input).spec;
    expect(spec.serviceAccountName).toBe('default');
    expect(spec.priority).toBe(0);
    expect(spec.preemptionPolicy).toBe('PreemptLowerPriority');
    expect(spec.tolerations).toHaveLength(2);
    expect(JSON.stringify(input)).toBe(frozen);
  });

  it('stops at the first plugin that refuses and says which one', () => {
    const r = admit(attrs({ object: pod('web', {}, { namespace: 'nope' }), namespace: 'nope' }), lookups(), cfg);
    expect(r.rejectedBy).toBe('NamespaceLifecycle');
    expect(r.error?.code).toBe(404);
    expect(r.mutatedBy).toEqual([]);
  });

  it('leaves objects no plugin cares about untouched', () => {
    const ev = { apiVersion: 'v1', kind: 'Event', metadata: { name: 'e', namespace: 'default' } };
    const r = admit(attrs({ resource: 'events', object: ev }), lookups(), cfg);
    expect(r).toEqual({ object: ev, mutatedBy: [], mutations: [] });
  });

  it('says what each plugin changed, as field paths (issue 11: the admission lane names "which plugin changed what")', () => {
    const r = admit(attrs({ object: pod('web'), name: 'web' }), lookups(), cfg);
    expect(r.mutations.map((m) => m.plugin)).toEqual(r.mutatedBy);
    const by = Object.fromEntries(r.mutations.map((m) => [m.plugin, m.fields]));
    expect(by['DefaultTolerationSeconds']).toEqual(['spec.tolerations']);
    expect(by['Priority']).toEqual(expect.arrayContaining(['spec.priority']));
    expect(by['ServiceAccount']).toEqual(expect.arrayContaining(['spec.serviceAccountName']));
  });
});
