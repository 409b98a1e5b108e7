// Where kube-apiserver keeps objects in etcd. The built-in resources use the DefaultStorageFactory's
// `<resource>` prefix (with the historical overrides: nodes under `minions`, services under
// `services/specs`); APIServices belong to the kube-aggregator, whose storage comes from
// EtcdOptions.ApplyTo's SimpleStorageFactory (k8s.io/apiserver/pkg/server/options/etcd.go, v1.31:
// ResourcePrefix returns `resource.Group + "/" + resource.Resource`; CreateAggregatorConfig in
// pkg/controlplane/apiserver/aggregator.go applies it), so they live under
// /registry/apiregistration.k8s.io/apiservices/.
import { describe, expect, it } from 'vitest';
import { resourceForPath } from '../../api/resources';
import { collectionKey, objectKey, parseKey } from './keys';

describe('etcd keys', () => {
  const apiservices = resourceForPath('apiregistration.k8s.io', 'v1', 'apiservices')!;

  it('keeps APIServices under the aggregator\'s <group>/<resource> prefix', () => {
    expect(objectKey(apiservices, '', 'v1.apps')).toBe('/registry/apiregistration.k8s.io/apiservices/v1.apps');
    expect(collectionKey(apiservices, '')).toBe('/registry/apiregistration.k8s.io/apiservices/');
    expect(parseKey('/registry/apiregistration.k8s.io/apiservices/v1.')).toEqual({ info: apiservices, cacheKey: 'v1.' });
    expect(parseKey('/registry/apiservices/v1.apps')).toBeUndefined();
  });

  it('keeps built-in resources under their own prefixes', () => {
    expect(objectKey(resourceForPath('', 'v1', 'nodes')!, '', 'worker-1')).toBe('/registry/minions/worker-1');
    expect(objectKey(resourceForPath('', 'v1', 'services')!, 'default', 'kubernetes')).toBe('/registry/services/specs/default/kubernetes');
    expect(objectKey(resourceForPath('apps', 'v1', 'deployments')!, 'default', 'web')).toBe('/registry/deployments/default/web');
  });
});
