// Which admission webhooks a request calls, as kube-apiserver's generic webhook dispatcher decides
// (k8s.io/apiserver/pkg/admission/plugin/webhook/generic: ShouldCallHook, with predicates/rules,
// namespace and object matchers): the configurations sorted by name, each one's webhooks in order;
// a webhook is called when one of its rules names the operation, group, version, resource (or
// `resource/subresource`, `*`, `*/*`) and scope, its namespaceSelector matches the namespace's
// labels (cluster-scoped objects other than Namespaces skip this test) and its objectSelector the
// object's or the old object's labels. Requests about the webhook configurations themselves are
// never sent to webhooks (IsExemptAdmissionConfigurationResource), so a broken webhook can be fixed.

import { labelSelectorMatches } from '../../api/labels';
import type { KubeObject } from '../../api/types';
import type { Webhook, RuleWithOperations } from '../../api/webhook-configuration';
import type { AdmissionAttributes } from '../admission';
import type { ApiserverState } from '../state';
import { cachedObject } from '../watchcache';

export const MUTATING = 'mutatingwebhookconfigurations';
export const VALIDATING = 'validatingwebhookconfigurations';

export interface Invocation {
  /** The configuration's name (`kubectl get mutatingwebhookconfigurations`). */
  configuration: string;
  hook: Webhook;
}

const EXEMPT = new Set([MUTATING, VALIDATING, 'validatingadmissionpolicies', 'validatingadmissionpolicybindings']);

function ruleMatches(r: RuleWithOperations, attrs: AdmissionAttributes): boolean {
  const has = (list: string[] | undefined, v: string): boolean => !!list && (list.includes('*') || list.includes(v));
  if (!has(r.operations, attrs.operation)) return false;
  if (!has(r.apiGroups, attrs.info.group) || !has(r.apiVersions, attrs.info.version)) return false;
  const scope = r.scope ?? '*';
  if (scope === 'Cluster' && attrs.info.namespaced) return false;
  if (scope === 'Namespaced' && !attrs.info.namespaced) return false;
  const res = attrs.info.resource;
  const sub = attrs.subresource;
  return (r.resources ?? []).some((pattern) => {
    const [pr, ps] = pattern.split('/');
    if (pr !== '*' && pr !== res) return false;
    if (ps === undefined) return sub === '';
    return ps === '*' || ps === sub;
  });
}

function namespaceMatches(s: ApiserverState, hook: Webhook, attrs: AdmissionAttributes): boolean {
  const sel = hook.namespaceSelector;
  if (!sel || (!sel.matchLabels && !sel.matchExpressions?.length)) return true;
  if (attrs.info.group === '' && attrs.info.resource === 'namespaces') return labelSelectorMatches(sel, (attrs.object ?? attrs.oldObject)?.metadata.labels);
  if (!attrs.info.namespaced) return true;
  const ns = cachedObject(s, 'namespaces', attrs.namespace);
  return labelSelectorMatches(sel, ns?.metadata.labels);
}

function objectMatches(hook: Webhook, object: KubeObject | undefined, old: KubeObject | undefined): boolean {
  const sel = hook.objectSelector;
  if (!sel || (!sel.matchLabels && !sel.matchExpressions?.length)) return true;
  return [object, old].some((o) => o !== undefined && labelSelectorMatches(sel, o.metadata.labels ?? {}));
}

/** True when any webhook configuration of either kind is stored: the fast path skips all of this. */
export function anyWebhooks(s: ApiserverState): boolean {
  return (s.cache.get(MUTATING)?.objects.size ?? 0) + (s.cache.get(VALIDATING)?.objects.size ?? 0) > 0;
}

/** The webhooks of one kind this request calls, in the dispatcher's order. */
export function webhooksFor(s: ApiserverState, kind: typeof MUTATING | typeof VALIDATING, attrs: AdmissionAttributes, object: KubeObject | undefined): Invocation[] {
  if (EXEMPT.has(attrs.info.resource) && attrs.info.group === 'admissionregistration.k8s.io') return [];
  const configs = [...(s.cache.get(kind)?.objects.values() ?? [])].map((c) => c.obj).sort((a, b) => ((a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : 1));
  const out: Invocation[] = [];
  for (const cfg of configs) {
    for (const hook of ((cfg as { webhooks?: Webhook[] }).webhooks ?? [])) {
      if (!(hook.rules ?? []).some((r) => ruleMatches(r, attrs))) continue;
      if (!namespaceMatches(s, hook, attrs) || !objectMatches(hook, object, attrs.oldObject)) continue;
      out.push({ configuration: cfg.metadata.name ?? '', hook });
    }
  }
  return out;
}

/** Whether any webhook of either kind wants this request (judged on the object as it came in). */
export function wantsWebhooks(s: ApiserverState, attrs: AdmissionAttributes, object: KubeObject | undefined): boolean {
  return webhooksFor(s, MUTATING, attrs, object).length > 0 || webhooksFor(s, VALIDATING, attrs, object).length > 0;
}
