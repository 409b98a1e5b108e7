// The garbage collector's sync writes (pkg/controller/garbagecollector/garbagecollector.go,
// attemptToDeleteItem and orphanDependents): a dependent whose owner is gone is deleted in the
// background; a dependent whose owner exists is left alone; an owner deleted with the `orphan`
// finalizer first loses its dependents, then the finalizer; an owner deleted with the
// `foregroundDeletion` finalizer first has its dependents deleted (processDeletingDependentsItem,
// docs "Garbage Collection": foreground cascading deletion), then loses the finalizer.
import { describe, expect, it } from 'vitest';
import type { HttpRequest } from '../../api/http';
import type { KubeObject } from '../../api/types';
import { objectKey } from '../../client/informer';
import { runWorker } from '../framework/controller';
import { testEnv } from '../testing';
import { createGarbageCollector, FOREGROUND, onGarbageCollectorDelta, syncGarbageCollector } from './controller';

const owner = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: 'd-uid', controller: true, blockOwnerDeletion: true };

function replicaSet(): KubeObject {
  return { apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'web-5ff58d798d', namespace: 'default', uid: 'rs-uid', resourceVersion: '9', ownerReferences: [owner] } };
}

function deployment(extra: Partial<KubeObject['metadata']> = {}): KubeObject {
  return { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default', uid: 'd-uid', resourceVersion: '8', ...extra } };
}

function pod(name: string, rsOwner = true): KubeObject {
  const ref = { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-5ff58d798d', uid: 'rs-uid', controller: true, blockOwnerDeletion: true };
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', uid: `uid-${name}`, resourceVersion: '30', ownerReferences: rsOwner ? [ref] : [] } };
}

function setup(objects: { deployments?: KubeObject[]; replicasets?: KubeObject[]; pods?: KubeObject[] }) {
  const { env, ctx } = testEnv(0);
  const s = createGarbageCollector();
  env.informers.byName.deployments.synced = true;
  env.informers.byName.replicasets.synced = true;
  for (const o of objects.deployments ?? []) env.informers.byName.deployments.items.set(objectKey(o), o);
  for (const o of objects.replicasets ?? []) env.informers.byName.replicasets.items.set(objectKey(o), o);
  env.informers.byName.pods.synced = true;
  for (const o of objects.pods ?? []) env.informers.byName.pods.items.set(objectKey(o), o);
  const sync = (): void => runWorker(s.rt, ctx, env.client, env.credentials, (sc) => syncGarbageCollector(s, env, sc));
  const requests = (): HttpRequest[] => ctx.sent.map((m) => m.body as HttpRequest).filter((b) => b.type === 'http.request');
  return { env, ctx, s, sync, requests };
}

describe('garbage collector', () => {
  it('deletes a ReplicaSet in the background once its Deployment is gone', () => {
    const { s, env, sync, requests } = setup({ replicasets: [replicaSet()] });
    onGarbageCollectorDelta(s, env, 'deployments', { type: 'DELETED', object: deployment() });
    sync();
    const reqs = requests();
    expect(reqs).toHaveLength(1);
    expect(reqs[0]!.method).toBe('DELETE');
    expect(reqs[0]!.path).toBe('/apis/apps/v1/namespaces/default/replicasets/web-5ff58d798d');
    expect(reqs[0]!.body).toEqual({ kind: 'DeleteOptions', apiVersion: 'v1', propagationPolicy: 'Background' });
  });

  it('leaves a ReplicaSet alone while its Deployment exists with the same uid', () => {
    const { s, env, sync, requests } = setup({ deployments: [deployment()], replicasets: [replicaSet()] });
    onGarbageCollectorDelta(s, env, 'replicasets', { type: 'ADDED', object: replicaSet() });
    sync();
    expect(requests()).toEqual([]);
  });

  it('deletes a ReplicaSet whose owner of that name has a different uid', () => {
    const other = { ...deployment(), metadata: { ...deployment().metadata, uid: 'new-uid' } };
    const { s, env, sync, requests } = setup({ deployments: [other], replicasets: [replicaSet()] });
    onGarbageCollectorDelta(s, env, 'replicasets', { type: 'ADDED', object: replicaSet() });
    sync();
    expect(requests().map((r) => r.method)).toEqual(['DELETE']);
  });

  it('orphans: removes the ownerReference from the dependents, then the orphan finalizer', () => {
    const deleting = deployment({ deletionTimestamp: '2024-08-13T09:01:00Z', finalizers: ['orphan'] });
    const { s, env, sync, requests, ctx } = setup({ deployments: [deleting], replicasets: [replicaSet()] });
    onGarbageCollectorDelta(s, env, 'deployments', { type: 'MODIFIED', object: deleting });
    sync();
    const first = requests();
    expect(first).toHaveLength(1);
    expect(first[0]!.method).toBe('PATCH');
    expect(first[0]!.path).toBe('/apis/apps/v1/namespaces/default/replicasets/web-5ff58d798d');
    expect(first[0]!.body).toEqual({ metadata: { ownerReferences: null, resourceVersion: '9' } });

    // Later, the informer has seen the dependent let go: a sync (here of a fresh queue, the first
    // write answered) removes the finalizer.
    const released = replicaSet();
    delete released.metadata.ownerReferences;
    env.informers.byName.replicasets.items.set(objectKey(released), released);
    ctx.clear();
    const later = createGarbageCollector();
    onGarbageCollectorDelta(later, env, 'deployments', { type: 'MODIFIED', object: deleting });
    runWorker(later.rt, ctx, env.client, env.credentials, (sc) => syncGarbageCollector(later, env, sc));
    const second = requests();
    expect(second).toHaveLength(1);
    expect(second[0]!.path).toBe('/apis/apps/v1/namespaces/default/deployments/web');
    expect(second[0]!.body).toEqual({ metadata: { finalizers: null, resourceVersion: '8' } });
  });

  it('foreground: deletes the ReplicaSet in the foreground (it has pods), keeping the finalizer while it exists', () => {
    const deleting = deployment({ deletionTimestamp: '2024-08-13T09:01:00Z', finalizers: [FOREGROUND] });
    const { s, env, sync, requests } = setup({ deployments: [deleting], replicasets: [replicaSet()], pods: [pod('web-5ff58d798d-aaaaa')] });
    onGarbageCollectorDelta(s, env, 'deployments', { type: 'MODIFIED', object: deleting });
    sync();
    const reqs = requests();
    expect(reqs.map((r) => [r.method, r.path])).toEqual([['DELETE', '/apis/apps/v1/namespaces/default/replicasets/web-5ff58d798d']]);
    expect(reqs[0]!.body).toEqual({ kind: 'DeleteOptions', apiVersion: 'v1', propagationPolicy: 'Foreground' });
  });

  it('foreground: a ReplicaSet waiting for its pods deletes them in the background and keeps its own finalizer', () => {
    const rs = replicaSet();
    rs.metadata.deletionTimestamp = '2024-08-13T09:01:00Z';
    rs.metadata.finalizers = [FOREGROUND];
    const terminating = pod('web-5ff58d798d-bbbbb');
    terminating.metadata.deletionTimestamp = '2024-08-13T09:01:30Z';
    const { s, env, sync, requests } = setup({ replicasets: [rs], pods: [pod('web-5ff58d798d-aaaaa'), terminating] });
    onGarbageCollectorDelta(s, env, 'replicasets', { type: 'MODIFIED', object: rs });
    sync();
    const reqs = requests();
    expect(reqs.map((r) => [r.method, r.path])).toEqual([['DELETE', '/api/v1/namespaces/default/pods/web-5ff58d798d-aaaaa']]);
    expect(reqs[0]!.body).toEqual({ kind: 'DeleteOptions', apiVersion: 'v1', propagationPolicy: 'Background' });
  });

  it('foreground: once the last blocking dependent is gone, its DELETED event brings the owner back and the finalizer goes', () => {
    const rs = replicaSet();
    rs.metadata.deletionTimestamp = '2024-08-13T09:01:00Z';
    rs.metadata.finalizers = [FOREGROUND];
    const { s, env, sync, requests } = setup({ replicasets: [rs] });
    onGarbageCollectorDelta(s, env, 'pods', { type: 'DELETED', object: pod('web-5ff58d798d-aaaaa') });
    sync();
    const reqs = requests();
    expect(reqs.map((r) => [r.method, r.path])).toEqual([['PATCH', '/apis/apps/v1/namespaces/default/replicasets/web-5ff58d798d']]);
    expect(reqs[0]!.body).toEqual({ metadata: { finalizers: null, resourceVersion: '9' } });
  });

  it('foreground: a dependent without blockOwnerDeletion is deleted but does not hold the owner back', () => {
    const rs = replicaSet();
    rs.metadata.deletionTimestamp = '2024-08-13T09:01:00Z';
    rs.metadata.finalizers = [FOREGROUND];
    const loose = pod('web-5ff58d798d-ccccc');
    loose.metadata.ownerReferences = [{ ...loose.metadata.ownerReferences![0]!, blockOwnerDeletion: false }];
    const { s, env, sync, requests } = setup({ replicasets: [rs], pods: [loose] });
    onGarbageCollectorDelta(s, env, 'replicasets', { type: 'MODIFIED', object: rs });
    sync();
    expect(requests().map((r) => r.method)).toEqual(['DELETE', 'PATCH']);
  });
});
