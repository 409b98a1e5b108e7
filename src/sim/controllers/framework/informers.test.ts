// The shared informers' pod indexes: by node (the `spec.nodeName` indexer) and by controller UID
// (k8s.io/kubernetes pkg/controller/controller_utils.go AddPodControllerUIDIndexer: a pod is filed
// under its controller's UID, or, without one, under its namespace's orphan key).
import { describe, expect, it } from 'vitest';
import type { OwnerReference, Pod } from '../../api/types';
import { createSharedInformers, indexPodDelta, podsByOwner, type SharedInformers } from './informers';
import type { Delta } from '../../client/informer';

function pod(name: string, ns: string, owner?: string): Pod {
  const refs: OwnerReference[] | undefined = owner ? [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: owner, uid: `${owner}-uid`, controller: true }] : undefined;
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: ns, ...(refs && { ownerReferences: refs }) }, spec: { containers: [] } };
}

/** What the informer does: the cache first, then the delta to the indexes. */
function apply(inf: SharedInformers, d: Delta): void {
  const key = `${d.object.metadata.namespace}/${d.object.metadata.name}`;
  if (d.type === 'DELETED') inf.byName.pods.items.delete(key);
  else inf.byName.pods.items.set(key, d.object);
  indexPodDelta(inf, d);
}

const names = (pods: Pod[]): string[] => pods.map((p) => `${p.metadata.namespace}/${p.metadata.name}`);

describe('pods by controller UID', () => {
  it('finds a controller its own pods and its namespace orphans, not other controllers pods or other namespaces orphans', () => {
    const inf = createSharedInformers();
    for (const p of [pod('a-1', 'default', 'a'), pod('b-1', 'default', 'b'), pod('lone', 'default'), pod('far', 'other'), pod('a-2', 'default', 'a')]) apply(inf, { type: 'ADDED', object: p });
    expect(names(podsByOwner(inf, 'default', 'a-uid'))).toEqual(['default/a-1', 'default/a-2', 'default/lone']);
    expect(names(podsByOwner(inf, 'other', 'b-uid'))).toEqual(['other/far']);
  });

  it('moves an adopted orphan under its new controller and forgets a deleted pod', () => {
    const inf = createSharedInformers();
    const lone = pod('lone', 'default');
    apply(inf, { type: 'ADDED', object: lone });
    apply(inf, { type: 'MODIFIED', object: pod('lone', 'default', 'a'), old: lone });
    expect(names(podsByOwner(inf, 'default', 'b-uid'))).toEqual([]);
    expect(names(podsByOwner(inf, 'default', 'a-uid'))).toEqual(['default/lone']);
    apply(inf, { type: 'DELETED', object: pod('lone', 'default', 'a') });
    expect(names(podsByOwner(inf, 'default', 'a-uid'))).toEqual([]);
    expect(inf.podsByController.size).toBe(0);
  });

  it('files an owner reference without controller: true as an orphan', () => {
    const inf = createSharedInformers();
    const p = pod('ref', 'default', 'a');
    p.metadata.ownerReferences![0]!.controller = false;
    apply(inf, { type: 'ADDED', object: p });
    expect(names(podsByOwner(inf, 'default', 'b-uid'))).toEqual(['default/ref']);
  });
});
