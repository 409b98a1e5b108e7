// The namespace strategy (pkg/registry/core/namespace/strategy.go): a new namespace gets the
// `kubernetes` finalizer and phase Active; a plain update cannot change spec.finalizers; only the
// /finalize subresource (finalizeNamespaceStrategy) does; a namespace is removed once both its
// spec.finalizers and metadata.finalizers are empty (storage.go ShouldDeleteNamespaceDuringUpdate).
import { describe, expect, it } from 'vitest';
import { resourceForName } from '../../api/resources';
import type { KubeObject } from '../../api/types';
import { namespaceFinalized, prepareForCreate, prepareForUpdate } from './strategy';

const NS = resourceForName('namespaces')!;

function ns(finalizers: string[], extra: Partial<KubeObject['metadata']> = {}): KubeObject {
  return { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'dev', uid: 'u', ...extra }, spec: { finalizers }, status: { phase: 'Terminating' } };
}

describe('namespace strategy', () => {
  it('gives a new namespace the kubernetes finalizer and phase Active', () => {
    const created = prepareForCreate(NS, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'dev' } }, { now: 0, rand: () => 0.5, namespace: '' });
    expect(created.spec).toEqual({ finalizers: ['kubernetes'] });
    expect(created.status).toEqual({ phase: 'Active' });
  });

  it('keeps spec.finalizers on a plain update', () => {
    expect(prepareForUpdate(NS, '', ns([]), ns(['kubernetes'])).spec).toEqual({ finalizers: ['kubernetes'] });
  });

  it('changes only spec.finalizers through /finalize', () => {
    const out = prepareForUpdate(NS, 'finalize', { ...ns([]), status: { phase: 'Active' } }, ns(['kubernetes']));
    expect(out.spec).toEqual({ finalizers: [] });
    expect(out.status).toEqual({ phase: 'Terminating' });
  });

  it.each([
    { name: 'with the kubernetes finalizer', obj: ns(['kubernetes']), gone: false },
    { name: 'with an orphan finalizer in metadata', obj: ns([], { finalizers: ['orphan'] }), gone: false },
    { name: 'with no finalizers at all', obj: ns([]), gone: true },
  ])('is finalized $name: $gone', ({ obj, gone }) => {
    expect(namespaceFinalized(obj)).toBe(gone);
  });
});
