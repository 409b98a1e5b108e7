// The unaggregated discovery documents (k8s.io/apiserver/pkg/endpoints/discovery: APIVersions,
// APIGroupList, APIGroup, APIResourceList) a client reads when it does not send the aggregated
// Accept; `kubectl api-resources` and @kubernetes/client-node read these.
import { describe, expect, it } from 'vitest';
import type { HttpResponse } from '../api/http';
import { AGGREGATED_DISCOVERY_ACCEPT } from '../api/http';
import { apiRequest, syncedApiserver } from './apiserver-fixture';
import { kubeApiserver } from './apiserver';
import { legacyDiscovery } from './legacy-discovery';

describe('legacy discovery', () => {
  it('answers /api with APIVersions and /apis with an APIGroupList of preferred versions', () => {
    expect(legacyDiscovery('/api', 'application/json', '10.0.0.10:6443')).toEqual({
      kind: 'APIVersions',
      versions: ['v1'],
      serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: '10.0.0.10:6443' }],
    });
    const list = legacyDiscovery('/apis', undefined, 'x') as { kind: string; groups: { name: string; preferredVersion: unknown }[] };
    expect(list.kind).toBe('APIGroupList');
    expect(list.groups.find((g) => g.name === 'apps')).toEqual({ name: 'apps', versions: [{ groupVersion: 'apps/v1', version: 'v1' }], preferredVersion: { groupVersion: 'apps/v1', version: 'v1' } });
    expect(legacyDiscovery('/apis/apps', undefined, 'x')).toMatchObject({ kind: 'APIGroup', name: 'apps' });
  });

  it('lists a group-version\'s resources and subresources sorted by name, subresources with their own kinds', () => {
    const core = legacyDiscovery('/api/v1', undefined, 'x') as { groupVersion: string; resources: { name: string; kind: string; group?: string; verbs: string[]; singularName: string }[] };
    expect(core.groupVersion).toBe('v1');
    const names = core.resources.map((r) => r.name);
    expect(names).toEqual([...names].sort());
    expect(core.resources.find((r) => r.name === 'pods')).toMatchObject({ singularName: 'pod', namespaced: true, kind: 'Pod', shortNames: ['po'] });
    expect(core.resources.find((r) => r.name === 'pods/eviction')).toEqual({ name: 'pods/eviction', singularName: '', namespaced: true, group: 'policy', version: 'v1', kind: 'Eviction', verbs: ['create'] });
    const apps = legacyDiscovery('/apis/apps/v1', undefined, 'x') as typeof core;
    expect(apps.resources.find((r) => r.name === 'deployments/scale')).toMatchObject({ group: 'autoscaling', version: 'v1', kind: 'Scale', verbs: ['get', 'patch', 'update'] });
    expect(legacyDiscovery('/apis/example.com/v1', undefined, 'x')).toBeUndefined();
  });

  it('leaves /api and /apis to aggregated discovery when the client asks for it', () => {
    const { s, ctx } = syncedApiserver();
    kubeApiserver.onMessage(s, apiRequest({ path: '/apis', accept: AGGREGATED_DISCOVERY_ACCEPT }, 1), ctx);
    kubeApiserver.onMessage(s, apiRequest({ path: '/apis' }, 2), ctx);
    kubeApiserver.onMessage(s, apiRequest({ path: '/api/v1' }, 3), ctx);
    const [agg, legacy, v1] = ctx.sent.map((m) => m.body as HttpResponse);
    expect((agg!.body as { kind: string }).kind).toBe('APIGroupDiscoveryList');
    expect((legacy!.body as { kind: string }).kind).toBe('APIGroupList');
    expect((v1!.body as { kind: string }).kind).toBe('APIResourceList');
  });
});
