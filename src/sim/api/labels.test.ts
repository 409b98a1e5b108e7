import { describe, expect, it } from 'vitest';
import {
  findMatchingUntoleratedTaint,
  formatTaintForMessage,
  labelSelectorMatches,
  nodeSelectorTermMatches,
  parseSelector,
  selectorMatches,
  selectorToString,
  taintToString,
  toleratesTaint,
} from './labels';
import type { Node, NodeSelectorTerm, Taint, Toleration } from './types';

// Source: k8s.io/apimachinery/pkg/labels selector.go and selector_test.go.
describe('parseSelector', () => {
  it.each([
    ['a=b,c!=d,e in (x,y),!f,g', 'a=b,c!=d,e in (x,y),!f,g'],
    ['x in (foo,,baz),y,z notin ()', 'x in (,baz,foo),y,z notin ()'],
    ['b==c,a', 'a,b==c'],
    ['a>1', 'a>1'],
    ['', ''],
    ['  env = prod  ', 'env=prod'],
    ['app in (in)', 'app in (in)'],
  ])('parses %j and prints it back as %j', (s, out) => {
    expect(selectorToString(parseSelector(s))).toBe(out);
  });

  it.each([
    ['a=b,', "found '', expected: identifier after ','"],
    ['a b', "unable to parse requirement: found 'b', expected: in, notin, =, ==, !=, gt, lt"],
    [',a', "found ',', expected: !, identifier, or 'end of string'"],
    ['a in b', "unable to parse requirement: found 'b' expected: '('"],
    ['a in (b', "unable to parse requirement: found '', expected: ',' or ')'"],
    ['!=a', "found '!=', expected: !, identifier, or 'end of string'"],
    [
      'a=b c',
      "found 'c', expected: ',' or 'end of string'",
    ],
    [
      'x/y/z=1',
      "unable to parse requirement: <nil>: Invalid value: \"x/y/z\": a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
    ],
    ['a>b', "unable to parse requirement: values[0]: Invalid value: \"b\": for 'Gt', 'Lt' operators, the value must be an integer"],
  ])('rejects %j with %j', (s, msg) => {
    expect(() => parseSelector(s)).toThrow(msg);
  });

  it.each([
    ['a=b', { a: 'b' }, true],
    ['a=b', { a: 'c' }, false],
    ['a!=b', {}, true],
    ['a notin (x)', {}, true],
    ['a in (x,y)', { a: 'y' }, true],
    ['!a', { a: '' }, false],
    ['a', { a: '' }, true],
    ['a>5', { a: '10' }, true],
    ['a<5', { a: 'ten' }, false],
    ['', { a: 'b' }, true],
  ] as const)('%j against %j matches: %s', (s, labels, want) => {
    expect(selectorMatches(parseSelector(s), { ...labels })).toBe(want);
  });

  // The selectors of `?labelSelector=` and `kubectl get -l` (the apiserver and kubectl use this parser).
  const web = { app: 'web', tier: 'front' };
  it.each([
    ['', true],
    ['app=web', true],
    ['app==web', true],
    ['app!=web', false],
    ['app=web,tier=back', false],
    ['tier in (front,back)', true],
    ['tier notin (front)', false],
    ['app', true],
    ['!canary', true],
    ['!app', false],
    ['app in (web),!canary,tier', true],
  ] as const)('%j selects {app: web, tier: front}: %s', (s, want) => {
    expect(selectorMatches(parseSelector(s), web)).toBe(want);
  });
});

// Source: apimachinery metav1 helpers.go LabelSelectorAsSelector.
describe('labelSelectorMatches', () => {
  it.each([
    ['a missing selector matches nothing', undefined, { a: 'b' }, false],
    ['an empty selector matches everything', {}, { a: 'b' }, true],
    ['matchLabels are ANDed', { matchLabels: { a: 'b', c: 'd' } }, { a: 'b' }, false],
    ['In matches a listed value', { matchExpressions: [{ key: 'a', operator: 'In' as const, values: ['x', 'b'] }] }, { a: 'b' }, true],
    ['DoesNotExist rejects a present key', { matchExpressions: [{ key: 'a', operator: 'DoesNotExist' as const }] }, { a: 'b' }, false],
  ])('%s', (_name, sel, labels, want) => {
    expect(labelSelectorMatches(sel, labels)).toBe(want);
  });
});

const node = (name: string, labels: Record<string, string>): Node => ({
  apiVersion: 'v1',
  kind: 'Node',
  metadata: { name, labels },
  spec: {},
});

// Source: component-helpers/scheduling/corev1/nodeaffinity; docs "Assigning Pods to Nodes".
describe('nodeSelectorTermMatches', () => {
  const n = node('worker-1', { zone: 'a', cores: '8' });
  it.each<[string, NodeSelectorTerm, boolean]>([
    ['an empty term matches no node', {}, false],
    ['In on a label', { matchExpressions: [{ key: 'zone', operator: 'In', values: ['a', 'b'] }] }, true],
    ['NotIn on a label', { matchExpressions: [{ key: 'zone', operator: 'NotIn', values: ['a'] }] }, false],
    ['Exists', { matchExpressions: [{ key: 'zone', operator: 'Exists' }] }, true],
    ['DoesNotExist', { matchExpressions: [{ key: 'gpu', operator: 'DoesNotExist' }] }, true],
    ['Gt compares integers', { matchExpressions: [{ key: 'cores', operator: 'Gt', values: ['4'] }] }, true],
    ['Lt compares integers', { matchExpressions: [{ key: 'cores', operator: 'Lt', values: ['4'] }] }, false],
    ['matchFields on metadata.name', { matchFields: [{ key: 'metadata.name', operator: 'In', values: ['worker-1'] }] }, true],
    ['matchFields on another node name', { matchFields: [{ key: 'metadata.name', operator: 'In', values: ['worker-2'] }] }, false],
  ])('%s', (_name, term, want) => {
    expect(nodeSelectorTermMatches(term, n)).toBe(want);
  });
});

// Source: k8s.io/api core/v1 toleration.go ToleratesTaint; docs "Taints and Tolerations".
describe('toleratesTaint', () => {
  const gpu: Taint = { key: 'gpu', value: 'true', effect: 'NoSchedule' };
  it.each<[string, Toleration, boolean]>([
    ['an empty key with Exists tolerates everything', { operator: 'Exists' }, true],
    ['Equal with the same value', { key: 'gpu', operator: 'Equal', value: 'true', effect: 'NoSchedule' }, true],
    ['no operator means Equal', { key: 'gpu', value: 'true' }, true],
    ['Equal with another value', { key: 'gpu', operator: 'Equal', value: 'false' }, false],
    ['Exists on the key with an empty effect matches all effects', { key: 'gpu', operator: 'Exists' }, true],
    ['another effect does not match', { key: 'gpu', operator: 'Exists', effect: 'NoExecute' }, false],
    ['another key does not match', { key: 'ssd', operator: 'Exists' }, false],
  ])('%s', (_name, tol, want) => {
    expect(toleratesTaint(tol, gpu)).toBe(want);
  });

  it('finds the first untolerated taint that passes the filter', () => {
    const taints: Taint[] = [
      { key: 'soft', effect: 'PreferNoSchedule' },
      { key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' },
    ];
    const t = findMatchingUntoleratedTaint(taints, [], (x) => x.effect !== 'PreferNoSchedule');
    expect(t && formatTaintForMessage(t)).toBe('{node-role.kubernetes.io/control-plane: }');
    expect(taintToString(taints[1]!)).toBe('node-role.kubernetes.io/control-plane:NoSchedule');
    expect(taintToString({ key: 'gpu', value: 'true', effect: 'NoSchedule' })).toBe('gpu=true:NoSchedule');
  });
});
