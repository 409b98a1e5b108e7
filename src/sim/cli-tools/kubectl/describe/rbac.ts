// `kubectl describe role|clusterrole|rolebinding|clusterrolebinding` (RoleDescriber,
// ClusterRoleDescriber, RoleBindingDescriber, ClusterRoleBindingDescriber in
// kubectl/pkg/describe/describe.go, v1.31). None lists events. A role's rules are broken down to
// one verb, group, resource and name each (kubectl/pkg/util/rbac BreakdownRule), the resource ones
// merged again per group, resource and name with each verb once (CompactRules), and sorted by the rule's Go String()
// (SortableRuleSlice), which starts with the verbs.

import type { KubeObject } from '../../../api/types';
import { tabwrite, KUBECTL_DESCRIBE } from '../../common/tabwriter';
import { multiline } from './format';

export interface PolicyRule {
  verbs?: string[];
  apiGroups?: string[];
  resources?: string[];
  resourceNames?: string[];
  nonResourceURLs?: string[];
}

interface RoleLike extends KubeObject {
  rules?: PolicyRule[] | null;
}

interface BindingLike extends KubeObject {
  roleRef?: { kind?: string; name?: string };
  subjects?: { kind?: string; name?: string; namespace?: string }[];
}

/** BreakdownRule: one rule per group × resource × verb (× name), then per URL × verb. */
function breakdown(rule: PolicyRule): PolicyRule[] {
  const out: PolicyRule[] = [];
  for (const group of rule.apiGroups ?? []) {
    for (const resource of rule.resources ?? []) {
      for (const verb of rule.verbs ?? []) {
        if (rule.resourceNames?.length) {
          for (const name of rule.resourceNames) out.push({ verbs: [verb], apiGroups: [group], resources: [resource], resourceNames: [name] });
        } else {
          out.push({ verbs: [verb], apiGroups: [group], resources: [resource] });
        }
      }
    }
  }
  for (const url of rule.nonResourceURLs ?? []) {
    for (const verb of rule.verbs ?? []) out.push({ verbs: [verb], nonResourceURLs: [url] });
  }
  return out;
}

/** CompactRules (kubectl's copy): the broken-down resource rules with the same group, resource and name share one rule's verbs, each once. */
function compact(rules: PolicyRule[]): PolicyRule[] {
  const others: PolicyRule[] = [];
  const simple = new Map<string, PolicyRule>();
  for (const r of rules) {
    if (r.nonResourceURLs?.length) {
      others.push(r);
      continue;
    }
    const key = JSON.stringify([r.apiGroups![0], r.resources![0], r.resourceNames?.[0] ?? null]);
    const existing = simple.get(key);
    if (existing) existing.verbs = [...existing.verbs!, ...r.verbs!.filter((v) => !existing.verbs!.includes(v))];
    else simple.set(key, { ...r, verbs: [...r.verbs!] });
  }
  return [...others, ...simple.values()];
}

/** Go's %v of a []string. */
const list = (a: string[] | undefined): string => `[${(a ?? []).join(' ')}]`;

/** The generated PolicyRule.String() SortableRuleSlice compares. */
const ruleString = (r: PolicyRule): string =>
  `&PolicyRule{Verbs:${list(r.verbs)},APIGroups:${list(r.apiGroups)},Resources:${list(r.resources)},ResourceNames:${list(r.resourceNames)},NonResourceURLs:${list(r.nonResourceURLs)},}`;

/** CombineResourceGroup: `deployments.apps/scale`. */
function resourceGroup(resources: string[] | undefined, groups: string[] | undefined): string {
  if (!resources?.length) return '';
  const [base, sub] = [resources[0]!.split('/')[0]!, resources[0]!.includes('/') ? resources[0]!.slice(resources[0]!.indexOf('/') + 1) : undefined];
  let s = base;
  if (groups?.length && groups[0] !== '') s += `.${groups[0]}`;
  if (sub !== undefined) s += `/${sub}`;
  return s;
}

/** describe role and describe clusterrole (the same text). */
export function describeRole(role: RoleLike): string {
  const rules = compact((role.rules ?? []).flatMap(breakdown))
    .map((r) => ({ r, key: ruleString(r) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((x) => x.r);
  let s = `Name:\t${role.metadata.name ?? ''}\n`;
  s += multiline('Labels', role.metadata.labels, '=');
  s += multiline('Annotations', role.metadata.annotations, ': ');
  s += 'PolicyRule:\n  Resources\tNon-Resource URLs\tResource Names\tVerbs\n  ---------\t-----------------\t--------------\t-----\n';
  for (const r of rules) s += `  ${resourceGroup(r.resources, r.apiGroups)}\t${list(r.nonResourceURLs)}\t${list(r.resourceNames)}\t${list(r.verbs)}\n`;
  return tabwrite(s, KUBECTL_DESCRIBE);
}

/** describe rolebinding and describe clusterrolebinding (the same text). */
export function describeRoleBinding(binding: BindingLike): string {
  let s = `Name:\t${binding.metadata.name ?? ''}\n`;
  s += multiline('Labels', binding.metadata.labels, '=');
  s += multiline('Annotations', binding.metadata.annotations, ': ');
  s += `Role:\n  Kind:\t${binding.roleRef?.kind ?? ''}\n  Name:\t${binding.roleRef?.name ?? ''}\n`;
  s += 'Subjects:\n  Kind\tName\tNamespace\n  ----\t----\t---------\n';
  for (const sub of binding.subjects ?? []) s += `  ${sub.kind ?? ''}\t${sub.name ?? ''}\t${sub.namespace ?? ''}\n`;
  return tabwrite(s, KUBECTL_DESCRIBE);
}
