// A StatefulSet pod's stable identity (pkg/controller/statefulset/stateful_set_utils.go
// newStatefulSetPod, updateIdentity, getParentNameAndOrdinal; docs "StatefulSet Basics": pods are
// named <statefulset name>-<ordinal index>, their hostname is their name, and the headless Service
// gives them the DNS name <pod>.<service>).
import { describe, expect, it } from 'vitest';
import type { Pod } from '../../api/types';
import { newStatefulSetPod, ordinalOf, revisionName } from './pods';
import type { StatefulSet } from './types';

const set: StatefulSet = {
  apiVersion: 'apps/v1',
  kind: 'StatefulSet',
  metadata: { name: 'web', namespace: 'default', uid: 'sts-uid' },
  spec: {
    replicas: 2,
    serviceName: 'nginx',
    selector: { matchLabels: { app: 'nginx' } },
    template: { metadata: { labels: { app: 'nginx' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.25' }] } },
  },
};

describe('StatefulSet pods', () => {
  it('are named <set>-<ordinal> with hostname, subdomain, the identity labels and the controller reference', () => {
    const rev = revisionName(set);
    const pod = newStatefulSetPod(set, 1, rev);
    expect(pod.metadata).toEqual({
      name: 'web-1',
      generateName: 'web-',
      namespace: 'default',
      labels: { app: 'nginx', 'statefulset.kubernetes.io/pod-name': 'web-1', 'apps.kubernetes.io/pod-index': '1', 'controller-revision-hash': rev },
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'web', uid: 'sts-uid', controller: true, blockOwnerDeletion: true }],
    });
    expect(pod.spec.hostname).toBe('web-1');
    expect(pod.spec.subdomain).toBe('nginx');
  });

  it('name their revision <set>-<hash of the template>, which changes with the template', () => {
    expect(revisionName(set)).toMatch(/^web-[bcdfghjklmnpqrstvwxz2456789]+$/);
    const changed = structuredClone(set);
    changed.spec.template.spec.containers[0]!.image = 'nginx:1.26';
    expect(revisionName(changed)).not.toBe(revisionName(set));
  });

  it.each([
    ['web-0', 0],
    ['web-12', 12],
    ['web', undefined],
    ['web-x', undefined],
    ['webapp-0', undefined],
  ])('read the ordinal of %s as %s', (name, ord) => {
    const pod = { metadata: { name } } as Pod;
    expect(ordinalOf(set, pod)).toBe(ord);
  });
});
