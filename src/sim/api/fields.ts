// Field selectors (`?fieldSelector=spec.nodeName=worker-1,status.phase!=Failed`), as
// k8s.io/apimachinery/pkg/fields parses them and as each resource's field label conversion
// (pkg/apis/core/v1/conversion.go AddFieldLabelConversionsForPod, ...) limits them. The kubelet
// watches its own pods with `spec.nodeName=<node>`; the scheduler watches unbound pods with
// `spec.nodeName=`; kubectl get events filters by `involvedObject.name`.

import type { KubeObject } from './types';

export interface FieldRequirement {
  field: string;
  op: '=' | '!=';
  value: string;
}

export type FieldSelector = FieldRequirement[];

/** The field labels each resource accepts, beyond metadata.name (and metadata.namespace when namespaced). */
const SUPPORTED: Record<string, string[]> = {
  pods: [
    'spec.nodeName',
    'spec.restartPolicy',
    'spec.schedulerName',
    'spec.serviceAccountName',
    'spec.hostNetwork',
    'status.phase',
    'status.podIP',
    'status.nominatedNodeName',
  ],
  events: [
    'involvedObject.kind',
    'involvedObject.namespace',
    'involvedObject.name',
    'involvedObject.uid',
    'involvedObject.apiVersion',
    'involvedObject.resourceVersion',
    'involvedObject.fieldPath',
    'reason',
    'reportingComponent',
    'source',
    'type',
  ],
  nodes: ['spec.unschedulable'],
  namespaces: ['status.phase'],
};

/**
 * Parse a field selector. Returns an error message (the apimachinery text) for a term it cannot
 * understand. The empty string selects everything.
 */
export function parseFieldSelector(s: string): FieldSelector | string {
  const out: FieldSelector = [];
  if (s.trim() === '') return out;
  for (const part of s.split(',')) {
    const ne = part.indexOf('!=');
    const dbl = part.indexOf('==');
    const eq = part.indexOf('=');
    if (ne >= 0) out.push({ field: part.slice(0, ne).trim(), op: '!=', value: part.slice(ne + 2).trim() });
    else if (dbl >= 0) out.push({ field: part.slice(0, dbl).trim(), op: '=', value: part.slice(dbl + 2).trim() });
    else if (eq >= 0) out.push({ field: part.slice(0, eq).trim(), op: '=', value: part.slice(eq + 1).trim() });
    else return `invalid selector: '${s}'; can't understand '${part}'`;
  }
  return out;
}

/** The field labels a resource supports (pkg/apis/core/v1/conversion.go). */
export function supportedFields(resource: string, namespaced: boolean): string[] {
  const base = namespaced ? ['metadata.name', 'metadata.namespace'] : ['metadata.name'];
  return [...base, ...(SUPPORTED[resource] ?? [])];
}

/**
 * Check every field of a selector against the resource's supported labels. Returns the apiserver's
 * 400 message `field label not supported: foo` for the first one it does not know.
 */
export function checkFieldSelector(resource: string, namespaced: boolean, sel: FieldSelector): string | undefined {
  const ok = supportedFields(resource, namespaced);
  for (const r of sel) if (!ok.includes(r.field)) return `field label not supported: ${r.field}`;
  return undefined;
}

function dig(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const p of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[p];
  }
  return cur;
}

/** The value of a field label on an object, as the resource's GetAttrs/ToSelectableFields renders it. */
export function fieldValue(obj: KubeObject, field: string): string {
  if (field === 'source') {
    const src = (obj as { source?: { component?: string } }).source;
    return src?.component ?? '';
  }
  const v = dig(obj, field);
  if (v === undefined || v === null) return '';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return String(v);
}

export function matchesFields(obj: KubeObject, sel: FieldSelector): boolean {
  for (const r of sel) {
    const v = fieldValue(obj, r.field);
    if (r.op === '=' ? v !== r.value : v === r.value) return false;
  }
  return true;
}

/** `spec.nodeName=X` in a selector, if it requires one exact node (the apiserver indexes watchers by it). */
export function requiredValue(sel: FieldSelector, field: string): string | undefined {
  for (const r of sel) if (r.field === field && r.op === '=') return r.value;
  return undefined;
}
