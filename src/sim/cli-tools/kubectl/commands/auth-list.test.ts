// Sources: kubectl/pkg/cmd/auth/cani.go (printStatus, printAccessHeaders, printAccess),
// kubectl/pkg/util/rbac/rbac.go (BreakdownRule, CompactRules), kubectl/pkg/describe
// (CombineResourceGroup) and k8s.io/api/rbac/v1 PolicyRule.String(), which SortableRuleSlice compares.
import { describe, expect, it } from 'vitest';
import { breakdownRule, compactRules, formatRulesReview } from './auth-list';

describe('kubectl auth can-i --list', () => {
  it('breaks a rule down to one group/resource/name each, and non-resource URLs one by one', () => {
    expect(breakdownRule({ verbs: ['get'], apiGroups: ['', 'apps'], resources: ['pods'], resourceNames: ['a', 'b'] })).toEqual([
      { apiGroups: [''], resources: ['pods'], verbs: ['get'], resourceNames: ['a'] },
      { apiGroups: [''], resources: ['pods'], verbs: ['get'], resourceNames: ['b'] },
      { apiGroups: ['apps'], resources: ['pods'], verbs: ['get'], resourceNames: ['a'] },
      { apiGroups: ['apps'], resources: ['pods'], verbs: ['get'], resourceNames: ['b'] },
    ]);
    expect(breakdownRule({ verbs: ['get'], nonResourceURLs: ['/a', '/b'] })).toEqual([{ nonResourceURLs: ['/a'], verbs: ['get'] }, { nonResourceURLs: ['/b'], verbs: ['get'] }]);
  });

  it('merges the verbs of rules for the same resource, in first-seen order', () => {
    const r = compactRules([
      { apiGroups: [''], resources: ['pods'], verbs: ['get', 'list'] },
      { apiGroups: [''], resources: ['pods'], verbs: ['list', 'create'] },
    ]);
    expect(r).toEqual([{ apiGroups: [''], resources: ['pods'], verbs: ['get', 'list', 'create'] }]);
  });

  it('prints the table sorted by the rule string (verbs, then groups, byte-wise: an empty `[]` comes before a named group), keeping duplicate non-resource rules', () => {
    const out = formatRulesReview(
      {
        resourceRules: [
          { verbs: ['create'], apiGroups: ['authorization.k8s.io'], resources: ['selfsubjectaccessreviews'] },
          { verbs: ['create', 'get', 'list'], apiGroups: [''], resources: ['pods'] },
          { verbs: ['get'], apiGroups: ['coordination.k8s.io'], resources: ['leases'], resourceNames: ['x'] },
        ],
        nonResourceRules: [
          { verbs: ['get'], nonResourceURLs: ['/healthz', '/api'] },
          { verbs: ['get'], nonResourceURLs: ['/healthz', '/api/*'] },
        ],
        incomplete: false,
      },
      false,
    );
    expect(out.stdout).toBe(
      [
        'Resources                                       Non-Resource URLs   Resource Names   Verbs',
        'pods                                            []                  []               [create get list]',
        'selfsubjectaccessreviews.authorization.k8s.io   []                  []               [create]',
        '                                                [/api/*]            []               [get]',
        '                                                [/api]              []               [get]',
        '                                                [/healthz]          []               [get]',
        '                                                [/healthz]          []               [get]',
        'leases.coordination.k8s.io                      []                  [x]              [get]',
        '',
      ].join('\n'),
    );
    expect(out.stderr).toBe('');
  });

  it('warns when the answer is incomplete', () => {
    expect(formatRulesReview({ incomplete: true, evaluationError: 'role.rbac.authorization.k8s.io "gone" not found' }, true)).toEqual({
      stdout: '',
      stderr: 'Warning: the list may be incomplete: role.rbac.authorization.k8s.io "gone" not found\n',
    });
  });
});
