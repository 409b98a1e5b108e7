// RulesFor: every rule a user holds in a namespace, for SelfSubjectRulesReview (`kubectl auth
// can-i --list`). The union of the authorizers' answers, as k8s.io/apiserver's union authorizer
// RulesFor gives it: the privileged group authorizer gives system:masters `*` on everything, the
// Node authorizer cannot list rules for a node (the answer is then incomplete), and RBAC
// (DefaultRuleResolver.RulesFor in pkg/registry/rbac/validation/rule.go) collects the rules of
// every ClusterRoleBinding, then every RoleBinding of the namespace, that applies to the user.

import type { UserInfo } from '../authn';
import { SYSTEM_MASTERS } from './bootstrap-policy';
import { nodeIdentity } from './node-authorizer';
import { aggregate, subjectApplies, toSource } from './rbac';
import type { RbacSource } from './rbac-index';
import type { PolicyRule } from './rbac-types';
import type { RbacPolicy } from './index';

export interface RulesForResult {
  rules: PolicyRule[];
  incomplete: boolean;
  /** The errors met on the way (a binding to a role that does not exist), aggregated. */
  evaluationError: string;
}

export function rulesFor(user: UserInfo, namespace: string, policy: RbacPolicy | RbacSource): RulesForResult {
  const rules: PolicyRule[] = [];
  const errors: string[] = [];
  let incomplete = false;
  if (user.groups.includes(SYSTEM_MASTERS)) {
    rules.push({ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }, { verbs: ['*'], nonResourceURLs: ['*'] });
  }
  if (nodeIdentity(user)) {
    incomplete = true;
    errors.push('node authorizer does not support user rule resolution');
  }
  const source = toSource(policy);
  for (const b of source.bindingsFor(user, namespace)) {
    const ns = b.kind === 'RoleBinding' ? (b.metadata.namespace ?? '') : '';
    if (!(b.subjects ?? []).some((s) => subjectApplies(user, s, ns))) continue;
    const ref = b.roleRef;
    const role = ref.kind === 'ClusterRole' ? source.clusterRole(ref.name) : source.role(ns, ref.name);
    if (!role) {
      errors.push(`${ref.kind.toLowerCase()}.rbac.authorization.k8s.io "${ref.name}" not found`);
      incomplete = true;
      continue;
    }
    rules.push(...(role.rules ?? []));
  }
  return { rules, incomplete, evaluationError: errors.length ? aggregate(errors) : '' };
}
