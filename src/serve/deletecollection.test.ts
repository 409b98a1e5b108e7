// Issue 17: DELETE on a collection (verb deletecollection) with real kubectl v1.31 against serve.
// kubectl's own `delete --all` / `-l` list and delete each object by name (kubectl/pkg/cmd/delete),
// so the collection DELETE is driven with `kubectl delete --raw <collection path>`, as client-go's
// DeleteCollection sends it. Oracles: apiserver/pkg/registry/generic/registry/store.go
// DeleteCollection (list, then delete each; the answer is the list as listed), handlers/delete.go,
// RBAC's verb `deletecollection` (authorization/v1 docs: "deletecollection" for DELETE on a
// collection), and errors.NewMethodNotSupported for a resource without it (namespaces).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runKubectl } from './kubectl-compare';
import { describeWithKubectl, kubectlFor, serveForKubectl } from './kubectl-compare-setup';
import type { ServeHandle } from './serve';

const KUBECTL = kubectlFor('deletecollection');

const SCENARIO = `apiVersion: kubeplay.dev/v1alpha1
kind: Scenario
metadata: {name: deletecollection}
spec:
  users: [{name: jane, groups: [developers]}]
  steps: []
`;

let h: ServeHandle;
let env: Record<string, string>;
const kubectl = (...args: string[]): ReturnType<typeof runKubectl> => runKubectl(KUBECTL!, args, env);

describeWithKubectl(KUBECTL, 'deletecollection through kubeplay serve, driven by real kubectl v1.31', () => {
  beforeAll(async () => {
    ({ h, env } = await serveForKubectl(SCENARIO, 'kubeplay-dc', { speed: 20, epochMs: Date.now() }));
    for (const [name, app] of [['x1', 'x'], ['x2', 'x'], ['y1', 'y']]) expect((await kubectl('run', name!, '--image=nginx:1.25', '-l', `app=${app}`)).exitCode).toBe(0);
  }, 90_000);

  afterAll(async () => {
    await h?.close();
  });

  it('refuses a user who may delete pods one by one but not deletecollection them, and changes nothing', async () => {
    expect((await kubectl('create', 'role', 'deleter', '--verb=delete,get,list', '--resource=pods')).exitCode).toBe(0);
    expect((await kubectl('create', 'rolebinding', 'deleter', '--role=deleter', '--user=jane')).exitCode).toBe(0);
    const denied = await kubectl('--context', 'jane@kubeplay', 'delete', '--raw', '/api/v1/namespaces/default/pods?labelSelector=app%3Dx');
    expect(denied.exitCode).toBe(1);
    expect(denied.stderr).toBe('Error from server (Forbidden): pods is forbidden: User "jane" cannot deletecollection resource "pods" in API group "" in the namespace "default"\n');
    expect((await kubectl('get', 'pods', '-o', 'name')).stdout).toBe('pod/x1\npod/x2\npod/y1\n');
  }, 60_000);

  it('deletes what the label selector picks, answering the list as it was listed, and leaves the rest', async () => {
    expect((await kubectl('create', 'role', 'collector', '--verb=deletecollection', '--resource=pods')).exitCode).toBe(0);
    expect((await kubectl('create', 'rolebinding', 'collector', '--role=collector', '--user=jane')).exitCode).toBe(0);
    const out = await kubectl('--context', 'jane@kubeplay', 'delete', '--raw', '/api/v1/namespaces/default/pods?labelSelector=app%3Dx');
    expect(out.stderr).toBe('');
    const list = JSON.parse(out.stdout) as { kind: string; items: { metadata: { name: string; deletionTimestamp?: string } }[] };
    expect(list.kind).toBe('PodList');
    expect(list.items.map((p) => p.metadata.name)).toEqual(['x1', 'x2']);
    // As listed: before the graceful deletion set its timestamp.
    expect(list.items.every((p) => p.metadata.deletionTimestamp === undefined)).toBe(true);
    // Each pod was deleted gracefully, as its own DELETE would: Terminating, then gone.
    let left = '';
    for (let i = 0; i < 60; i++) {
      left = (await kubectl('get', 'pods', '-o', 'name')).stdout;
      if (left === 'pod/y1\n') break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(left).toBe('pod/y1\n');
  }, 90_000);

  it('answers 405 for a resource that has no deletecollection (namespaces), and an empty list when nothing matches', async () => {
    const ns = await kubectl('delete', '--raw', '/api/v1/namespaces');
    expect(ns.stderr).toBe('Error from server (MethodNotAllowed): deletecollection is not supported on resources of kind "namespaces"\n');
    const none = await kubectl('delete', '--raw', '/api/v1/namespaces/default/configmaps?labelSelector=app%3Dnothing');
    expect(JSON.parse(none.stdout)).toMatchObject({ kind: 'ConfigMapList', items: [] });
    expect((await kubectl('get', 'pods', '-o', 'name')).stdout).toBe('pod/y1\n');
  }, 60_000);
});
