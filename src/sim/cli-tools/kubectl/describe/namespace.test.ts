// describeNamespace (kubectl/pkg/describe/describe.go: describeNamespace, DescribeResourceQuotas,
// DescribeLimitRanges, v1.31). The expected text is what kubectl v1.31 printed for `kubectl describe
// ns q` against `kubeplay serve` with these two quotas and this LimitRange (the scopes' help lines
// have no tab, so they end the tabwriter's column block: the first quota's Name is padded apart).
import { describe, expect, it } from 'vitest';
import type { KubeObject, Namespace } from '../../../api/types';
import { describeNamespace } from './namespace';

const ns: Namespace = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'q', labels: { 'kubernetes.io/metadata.name': 'q' } }, status: { phase: 'Active' } } as Namespace;

const quota = (name: string, hard: Record<string, string>, scopes?: string[]): KubeObject => ({
  apiVersion: 'v1',
  kind: 'ResourceQuota',
  metadata: { name, namespace: 'q' },
  spec: { hard, ...(scopes ? { scopes } : {}) },
  status: { hard, used: Object.fromEntries(Object.keys(hard).map((k) => [k, '0'])) },
});

const limitRange: KubeObject = {
  apiVersion: 'v1',
  kind: 'LimitRange',
  metadata: { name: 'lr', namespace: 'q' },
  spec: { limits: [{ type: 'Container', default: { memory: '512Mi' }, defaultRequest: { memory: '256Mi' } }, { type: 'Pod', max: { cpu: '2' } }] },
};

describe('kubectl describe namespace', () => {
  it('prints the "none" lines when the namespace has no quota and no LimitRange', () => {
    expect(describeNamespace(ns, [])).toBe(
      'Name:         q\nLabels:       kubernetes.io/metadata.name=q\nAnnotations:  <none>\nStatus:       Active\n\nNo resource quota.\n\nNo LimitRange resource.\n',
    );
  });

  it('prints every quota sorted by name, with scope help, and one Resource Limits table', () => {
    const related = [quota('q1', { pods: '5', 'requests.memory': '1Gi', cpu: '2' }), quota('a0', { pods: '3' }, ['NotTerminating', 'BestEffort']), limitRange];
    expect(describeNamespace(ns, related)).toBe(
      [
        'Name:         q',
        'Labels:       kubernetes.io/metadata.name=q',
        'Annotations:  <none>',
        'Status:       Active',
        '',
        'Resource Quotas',
        '  Name:    a0',
        '  Scopes:  BestEffort, NotTerminating',
        '  * Matches all pods that do not have resource requirements set. These pods have a best effort quality of service.',
        '  * Matches all pods that do not have an active deadline. These pods usually include long running pods whose container command is not expected to terminate.',
        '  Resource         Used  Hard',
        '  --------         ---   ---',
        '  pods             0     3',
        '  Name:            q1',
        '  Resource         Used  Hard',
        '  --------         ---   ---',
        '  cpu              0     2',
        '  pods             0     5',
        '  requests.memory  0     1Gi',
        '',
        'Resource Limits',
        ' Type       Resource  Min  Max  Default Request  Default Limit  Max Limit/Request Ratio',
        ' ----       --------  ---  ---  ---------------  -------------  -----------------------',
        ' Container  memory    -    -    256Mi            512Mi          -',
        ' Pod        cpu       -    2    -                -              -',
        '',
      ].join('\n'),
    );
  });
});
