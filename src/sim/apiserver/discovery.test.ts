// Aggregated discovery (apidiscovery.k8s.io/v2, KEP-3352): /api has the core group, /apis the named
// groups, each resource with its scope, verbs, short names and subresources.
import { describe, expect, it } from 'vitest';
import { discoveryDocument, isDiscoveryRoot } from './discovery';

describe('aggregated discovery', () => {
  it('answers the core group at /api with pods and their subresources', () => {
    const doc = discoveryDocument(true);
    expect(doc.kind).toBe('APIGroupDiscoveryList');
    expect(doc.items).toHaveLength(1);
    const pods = doc.items[0]!.versions[0]!.resources.find((r) => r.resource === 'pods')!;
    expect(pods).toMatchObject({ scope: 'Namespaced', singularResource: 'pod', shortNames: ['po'], responseKind: { group: '', version: 'v1', kind: 'Pod' } });
    expect(pods.subresources?.find((s) => s.subresource === 'eviction')?.verbs).toEqual(['create']);
  });

  it('answers the named groups at /apis, apps with daemonsets', () => {
    const doc = discoveryDocument(false);
    const apps = doc.items.find((g) => g.metadata.name === 'apps')!;
    expect(apps.versions[0]!.resources.map((r) => r.resource)).toContain('daemonsets');
    expect(doc.items.some((g) => g.metadata.name === undefined)).toBe(false);
  });

  it.each([
    ['GET', '/api', 'api'],
    ['GET', '/apis/', 'apis'],
    ['GET', '/api/v1', undefined],
    ['POST', '/api', undefined],
  ])('%s %s is a discovery root: %s', (method, path, want) => {
    expect(isDiscoveryRoot(method, path)).toBe(want);
  });
});
