// Fixtures shared by the validation tests: a minimal valid pod, defaulted the way the apiserver
// defaults before it validates.

import { applyDefaults } from '../defaults';
import { formatFieldError } from '../field-error';
import type { FieldError } from '../field-error';
import { resourceForKind } from '../resources';
import type { ResourceInfo } from '../resources';
import type { KubeObject } from '../types';

export function info(apiVersion: string, kind: string): ResourceInfo {
  const r = resourceForKind(apiVersion, kind);
  if (r) return r;
  // Kinds the resources table does not list yet, described just enough for validation.
  const slash = apiVersion.indexOf('/');
  const group = slash < 0 ? '' : apiVersion.slice(0, slash);
  const version = slash < 0 ? apiVersion : apiVersion.slice(slash + 1);
  const resource = `${kind.toLowerCase()}s`;
  return { group, version, resource, singular: kind.toLowerCase(), kind, listKind: `${kind}List`, namespaced: true, shortNames: [], verbs: [], subresources: [] };
}

export const POD = info('v1', 'Pod');

/** A pod manifest as a learner writes it, with overrides merged into spec.containers[0] and spec. */
export function podManifest(spec: Record<string, unknown> = {}, container: Record<string, unknown> = {}): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'nginx', namespace: 'default' },
    spec: { containers: [{ name: 'nginx', image: 'nginx:1.25', ...container }], ...spec },
  };
}

export function defaulted(obj: KubeObject): KubeObject {
  return applyDefaults(info(obj.apiVersion, obj.kind), obj);
}

export function messages(errs: FieldError[]): string[] {
  return errs.map(formatFieldError);
}
