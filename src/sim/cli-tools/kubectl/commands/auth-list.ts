// `kubectl auth can-i --list`: the rules of a SelfSubjectRulesReview as kubectl prints them
// (kubectl/pkg/cmd/auth/cani.go printStatus, kubectl/pkg/util/rbac BreakdownRule and
// CompactRules): every rule broken down to one group/resource/name, rules for the same resource
// merged by verbs, sorted by the Go string form of the rule (so, in effect, by verbs first), and
// printed as Resources, Non-Resource URLs, Resource Names and Verbs with Go's %v of a []string.

import { tabwrite } from '../../common/tabwriter';

export interface Rule {
  verbs: string[];
  apiGroups?: string[];
  resources?: string[];
  resourceNames?: string[];
  nonResourceURLs?: string[];
}

export interface RulesReviewStatus {
  resourceRules?: Rule[];
  nonResourceRules?: Rule[];
  incomplete?: boolean;
  evaluationError?: string;
}

/** BreakdownRule: one rule per group x resource (x name), and one per non-resource URL. */
export function breakdownRule(rule: Rule): Rule[] {
  const out: Rule[] = [];
  for (const group of rule.apiGroups ?? []) {
    for (const resource of rule.resources ?? []) {
      const names = rule.resourceNames ?? [];
      if (names.length) for (const name of names) out.push({ apiGroups: [group], resources: [resource], verbs: rule.verbs, resourceNames: [name] });
      else out.push({ apiGroups: [group], resources: [resource], verbs: rule.verbs });
    }
  }
  for (const url of rule.nonResourceURLs ?? []) out.push({ nonResourceURLs: [url], verbs: rule.verbs });
  return out;
}

/** CompactRules: rules of a single group/resource/name differing only by verbs become one, verbs in first-seen order. */
export function compactRules(rules: Rule[]): Rule[] {
  const compacted: Rule[] = [];
  const simple = new Map<string, Rule>();
  for (const r of rules) {
    const isSimple = !r.nonResourceURLs?.length && (r.resourceNames?.length ?? 0) <= 1 && r.apiGroups?.length === 1 && r.resources?.length === 1;
    if (!isSimple) {
      compacted.push(r);
      continue;
    }
    const key = JSON.stringify([r.apiGroups![0], r.resources![0], r.resourceNames?.[0] ?? null]);
    const existing = simple.get(key);
    if (!existing) simple.set(key, { ...r, verbs: [...r.verbs] });
    else for (const v of r.verbs) if (!existing.verbs.includes(v)) existing.verbs.push(v);
  }
  return [...compacted, ...simple.values()];
}

/** Go's fmt %v of a []string: `[get list]`. */
function goList(v: string[] | undefined): string {
  return `[${(v ?? []).join(' ')}]`;
}

/** PolicyRule.String() from k8s.io/api/rbac/v1 generated.pb.go: what SortableRuleSlice compares. */
function ruleString(r: Rule): string {
  return `&PolicyRule{Verbs:${goList(r.verbs)},APIGroups:${goList(r.apiGroups)},Resources:${goList(r.resources)},ResourceNames:${goList(r.resourceNames)},NonResourceURLs:${goList(r.nonResourceURLs)},}`;
}

/** describe.CombineResourceGroup: `pods`, `deployments.apps`, `pods/log`. */
function combineResourceGroup(resources: string[] | undefined, groups: string[] | undefined): string {
  if (!resources?.length) return '';
  const [resource, sub] = resources[0]!.split('/', 2) as [string, string | undefined];
  let out = resource;
  if (groups?.length && groups[0] !== '') out += `.${groups[0]}`;
  if (sub !== undefined) out += `/${sub}`;
  return out;
}

/** The table `kubectl auth can-i --list` prints, and the warning it gives for an incomplete answer. */
export function formatRulesReview(status: RulesReviewStatus, noHeaders: boolean): { stdout: string; stderr: string } {
  const rules = [...(status.resourceRules ?? []), ...(status.nonResourceRules ?? [])];
  const compact = compactRules(rules.flatMap(breakdownRule));
  const keyed = compact.map((r) => ({ r, k: ruleString(r) }));
  keyed.sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0));
  let text = noHeaders ? '' : 'Resources\tNon-Resource URLs\tResource Names\tVerbs\n';
  for (const { r } of keyed) text += `${combineResourceGroup(r.resources, r.apiGroups)}\t${goList(r.nonResourceURLs)}\t${goList(r.resourceNames)}\t${goList(r.verbs)}\n`;
  const stderr = status.incomplete ? `Warning: the list may be incomplete: ${status.evaluationError ?? ''}\n` : '';
  return { stdout: tabwrite(text), stderr };
}
