// Source: k8s.io/apiserver/pkg/admission/plugin/namespace/lifecycle/admission.go; the Terminating
// text as real clusters print it (`pods "x" is forbidden: unable to create new content in namespace
// doomed because it is being terminated`).
import { describe, expect, it } from 'vitest';
import { NamespaceLifecycle } from './namespace-lifecycle';
import { attrs, cfg, lookups, ns, pod } from './test-fixtures';

const run = (a: ReturnType<typeof attrs>, l = lookups({ namespaces: [ns('default'), ns('doomed', 'Terminating')] })) =>
  NamespaceLifecycle.admit!({ attrs: a, object: a.object, lookups: l, cfg });

describe('NamespaceLifecycle', () => {
  it('lets a pod be created in an active namespace', () => {
    expect(run(attrs({ object: pod('web') }))).toEqual({});
  });

  it('answers 404 for a pod in a namespace that does not exist', () => {
    const { error } = run(attrs({ object: pod('web'), namespace: 'foo' }));
    expect(error).toMatchObject({ code: 404, reason: 'NotFound', message: 'namespaces "foo" not found' });
  });

  it('answers 404 for an update in a namespace that does not exist', () => {
    expect(run(attrs({ operation: 'UPDATE', object: pod('web'), name: 'web', namespace: 'foo' })).error?.code).toBe(404);
  });

  it('refuses new content in a Terminating namespace with the real text and cause', () => {
    const { error } = run(attrs({ object: pod('x'), name: 'x', namespace: 'doomed' }));
    expect(error).toMatchObject({ code: 403, reason: 'Forbidden' });
    expect(error?.message).toBe('pods "x" is forbidden: unable to create new content in namespace doomed because it is being terminated');
    expect(error?.details?.causes).toEqual([{ reason: 'NamespaceTerminating', message: 'namespace doomed is being terminated', field: 'metadata.namespace' }]);
  });

  it('still allows deleting content of a Terminating namespace', () => {
    expect(run(attrs({ operation: 'DELETE', name: 'x', namespace: 'doomed' }))).toEqual({});
  });

  it('allows updates in a Terminating namespace', () => {
    expect(run(attrs({ operation: 'UPDATE', object: pod('x'), name: 'x', namespace: 'doomed' }))).toEqual({});
  });

  it.each(['default', 'kube-system', 'kube-public'])('refuses to delete the system namespace %s', (name) => {
    const { error } = run(attrs({ resource: 'namespaces', operation: 'DELETE', name, namespace: '' }));
    expect(error?.message).toBe(`namespaces "${name}" is forbidden: this namespace may not be deleted`);
  });

  it('ignores cluster-scoped objects', () => {
    const node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'worker-1' } };
    expect(run(attrs({ resource: 'nodes', object: node, namespace: '' }))).toEqual({});
  });
});
