// Field selectors (k8s.io/apimachinery/pkg/fields) and the field labels each resource supports
// (pkg/apis/core/v1/conversion.go): the kubelet's spec.nodeName filter, the scheduler's unbound-pod filter.
import { describe, expect, it } from 'vitest';
import { checkFieldSelector, matchesFields, parseFieldSelector, type FieldSelector } from './fields';
import type { KubeObject } from './types';

const pod: KubeObject = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'default' }, spec: { nodeName: 'worker-1' }, status: { phase: 'Running' } };
const unbound: KubeObject = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'new', namespace: 'default' }, spec: {} };

function sel(s: string): FieldSelector {
  const r = parseFieldSelector(s);
  if (typeof r === 'string') throw new Error(r);
  return r;
}

describe('field selectors', () => {
  it.each([
    ['spec.nodeName=worker-1', pod, true],
    ['spec.nodeName=worker-2', pod, false],
    ['spec.nodeName=', unbound, true],
    ['spec.nodeName=', pod, false],
    ['status.phase!=Failed,metadata.namespace=default', pod, true],
    ['metadata.name==web', pod, true],
  ] as const)('%s on %s', (s, obj, want) => {
    expect(matchesFields(obj, sel(s))).toBe(want);
  });

  it('refuses a field label the resource does not support, with the apiserver text', () => {
    expect(checkFieldSelector('pods', true, sel('foo=bar'))).toBe('field label not supported: foo');
    expect(checkFieldSelector('events', true, sel('involvedObject.name=web,reason=Scheduled'))).toBeUndefined();
    expect(checkFieldSelector('nodes', false, sel('metadata.namespace=x'))).toBe('field label not supported: metadata.namespace');
  });

  it('cannot read a term without an operator', () => {
    expect(parseFieldSelector('foo')).toBe("invalid selector: 'foo'; can't understand 'foo'");
  });
});
