// admissionregistration.k8s.io/v1 MutatingWebhookConfiguration and ValidatingWebhookConfiguration:
// the fields Kubeplay's apiserver reads, and the scheme's defaults (pkg/apis/admissionregistration/
// v1/defaults.go: failurePolicy Fail, matchPolicy Equivalent, empty selectors, timeoutSeconds 10,
// reinvocationPolicy Never for mutating webhooks, a rule's scope `*`, a service's port 443).

import type { LabelSelector } from './types';

export interface RuleWithOperations {
  operations?: string[];
  apiGroups?: string[];
  apiVersions?: string[];
  resources?: string[];
  scope?: string;
}

export interface WebhookClientConfig {
  url?: string;
  service?: { namespace?: string; name?: string; path?: string; port?: number };
  caBundle?: string;
}

export interface Webhook {
  name: string;
  clientConfig: WebhookClientConfig;
  rules?: RuleWithOperations[];
  failurePolicy?: string;
  matchPolicy?: string;
  namespaceSelector?: LabelSelector;
  objectSelector?: LabelSelector;
  sideEffects?: string;
  timeoutSeconds?: number;
  admissionReviewVersions?: string[];
  reinvocationPolicy?: string;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** SetDefaults_MutatingWebhook / SetDefaults_ValidatingWebhook on every webhook of a configuration. */
export function defaultWebhookConfiguration(mutating: boolean): (o: Obj) => void {
  return (o) => {
    if (!Array.isArray(o.webhooks)) return;
    for (const w of o.webhooks) {
      if (!isObj(w)) continue;
      w.failurePolicy ??= 'Fail';
      w.matchPolicy ??= 'Equivalent';
      w.namespaceSelector ??= {};
      w.objectSelector ??= {};
      w.timeoutSeconds ??= 10;
      if (mutating) w.reinvocationPolicy ??= 'Never';
      if (Array.isArray(w.rules)) for (const r of w.rules) if (isObj(r)) r.scope ??= '*';
      const cc = w.clientConfig;
      if (isObj(cc) && isObj(cc.service)) cc.service.port ??= 443;
    }
  };
}
