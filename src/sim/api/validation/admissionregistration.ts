// Webhook configuration validation as kube-apiserver v1.31 does it (pkg/apis/admissionregistration/
// validation/validation.go: validateMutatingWebhook / validateValidatingWebhook -> validateWebhook,
// validateWebhookClientConfig, validateRuleWithOperations, validateSideEffectClass,
// validateAdmissionReviewVersions, validateTimeoutSeconds; IsFullyQualifiedName from apimachinery).

import { duplicate, invalid, notSupported, required, type FieldError } from '../field-error';
import type { KubeObject } from '../types';
import type { Webhook } from '../webhook-configuration';
import { isDNS1123Subdomain, nameIsDNSSubdomain } from './names';
import { validateObjectMeta, validateObjectMetaUpdate } from './object-meta';

const FAILURE_POLICIES = ['Fail', 'Ignore'];
const MATCH_POLICIES = ['Equivalent', 'Exact'];
const SIDE_EFFECTS = ['None', 'NoneOnDryRun'];
const REINVOCATION = ['IfNeeded', 'Never'];
const SCOPES = ['*', 'Cluster', 'Namespaced'];
const OPERATIONS = ['*', 'CONNECT', 'CREATE', 'DELETE', 'UPDATE'];

/** utilvalidation.IsFullyQualifiedName: a DNS subdomain of at least three labels. */
function fullyQualified(field: string, name: string | undefined): FieldError[] {
  if (!name) return [required(field)];
  const errs = isDNS1123Subdomain(name);
  if (errs.length) return [invalid(field, name, errs.join(','))];
  if (name.split('.').length < 3) return [invalid(field, name, 'should be a domain with at least three segments separated by dots')];
  return [];
}

function validateClientConfig(path: string, cc: Webhook['clientConfig'] | undefined): FieldError[] {
  if (!cc || (cc.url !== undefined) === (cc.service !== undefined)) return [required(`${path}.clientConfig`, 'exactly one of url or service is required')];
  const errs: FieldError[] = [];
  if (cc.url !== undefined) {
    if (!/^https:\/\//.test(cc.url)) errs.push(invalid(`${path}.clientConfig.url`, cc.url, "'https' is the only allowed URL scheme"));
    return errs;
  }
  const svc = cc.service!;
  const at = `${path}.clientConfig.service`;
  if (!svc.name) errs.push(required(`${at}.name`, 'service name is required'));
  if (!svc.namespace) errs.push(required(`${at}.namespace`, 'service namespace is required'));
  if (svc.path !== undefined && svc.path !== '' && !svc.path.startsWith('/')) errs.push(invalid(`${at}.path`, svc.path, "must start with a '/'"));
  if (svc.port !== undefined && (svc.port < 1 || svc.port > 65535)) errs.push(invalid(`${at}.port`, svc.port, 'port is not valid: must be between 1 and 65535, inclusive'));
  return errs;
}

function validateRules(path: string, rules: Webhook['rules']): FieldError[] {
  const errs: FieldError[] = [];
  (rules ?? []).forEach((r, i) => {
    const at = `${path}.rules[${i}]`;
    if (!r.operations?.length) errs.push(required(`${at}.operations`));
    for (const [j, op] of (r.operations ?? []).entries()) if (!OPERATIONS.includes(op)) errs.push(notSupported(`${at}.operations[${j}]`, op, OPERATIONS));
    if (!r.apiGroups?.length) errs.push(required(`${at}.apiGroups`));
    if (!r.apiVersions?.length) errs.push(required(`${at}.apiVersions`));
    if (!r.resources?.length) errs.push(required(`${at}.resources`));
    if (r.scope !== undefined && !SCOPES.includes(r.scope)) errs.push(notSupported(`${at}.scope`, r.scope, SCOPES));
  });
  return errs;
}

function validateWebhook(path: string, w: Webhook, mutating: boolean): FieldError[] {
  const errs = fullyQualified(`${path}.name`, w.name);
  errs.push(...validateRules(path, w.rules));
  if (w.failurePolicy !== undefined && !FAILURE_POLICIES.includes(w.failurePolicy)) errs.push(notSupported(`${path}.failurePolicy`, w.failurePolicy, FAILURE_POLICIES));
  if (w.matchPolicy !== undefined && !MATCH_POLICIES.includes(w.matchPolicy)) errs.push(notSupported(`${path}.matchPolicy`, w.matchPolicy, MATCH_POLICIES));
  if (w.sideEffects === undefined) errs.push(required(`${path}.sideEffects`, `must specify one of ${SIDE_EFFECTS.join(', ')}`));
  else if (!SIDE_EFFECTS.includes(w.sideEffects)) errs.push(notSupported(`${path}.sideEffects`, w.sideEffects, SIDE_EFFECTS));
  if (w.timeoutSeconds !== undefined && (w.timeoutSeconds < 1 || w.timeoutSeconds > 30)) errs.push(invalid(`${path}.timeoutSeconds`, w.timeoutSeconds, 'the timeout value must be between 1 and 30 seconds'));
  if (!w.admissionReviewVersions?.length) errs.push(required(`${path}.admissionReviewVersions`, 'must specify one of v1, v1beta1'));
  else if (!w.admissionReviewVersions.some((v) => v === 'v1' || v === 'v1beta1')) errs.push(invalid(`${path}.admissionReviewVersions`, w.admissionReviewVersions, 'must include at least one of v1, v1beta1'));
  if (mutating && w.reinvocationPolicy !== undefined && !REINVOCATION.includes(w.reinvocationPolicy)) errs.push(notSupported(`${path}.reinvocationPolicy`, w.reinvocationPolicy, REINVOCATION));
  errs.push(...validateClientConfig(path, w.clientConfig));
  return errs;
}

function validateWebhooks(obj: KubeObject, mutating: boolean): FieldError[] {
  const hooks = ((obj as { webhooks?: Webhook[] }).webhooks ?? []);
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  hooks.forEach((w, i) => {
    if (w.name && seen.has(w.name)) errs.push(duplicate(`webhooks[${i}].name`, w.name));
    seen.add(w.name);
    errs.push(...validateWebhook(`webhooks[${i}]`, w, mutating));
  });
  return errs;
}

export function validateWebhookConfiguration(obj: KubeObject, mutating: boolean): FieldError[] {
  return [...validateObjectMeta(obj.metadata ?? {}, false, nameIsDNSSubdomain), ...validateWebhooks(obj, mutating)];
}

export function validateWebhookConfigurationUpdate(obj: KubeObject, old: KubeObject, mutating: boolean): FieldError[] {
  return [...validateObjectMetaUpdate(obj.metadata ?? {}, old.metadata ?? {}), ...validateWebhooks(obj, mutating)];
}
