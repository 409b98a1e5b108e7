// The AdmissionReview (admission.k8s.io/v1) kube-apiserver POSTs to a webhook, and what it accepts
// back (k8s.io/apiserver/pkg/admission/plugin/webhook/request: CreateAdmissionObjects,
// VerifyAdmissionResponse). The answer must be an AdmissionReview of the same version whose
// response.uid is the request's; a patch needs `patchType: JSONPatch` and only mutating webhooks
// may send one; the patch travels base64-encoded ([]byte in Go's JSON).

import { decodeBase64, utf8String } from '../../api/base64';
import { apiVersionOf } from '../../api/resources';
import type { KubeObject } from '../../api/types';
import type { AdmissionAttributes } from '../admission';

export interface ReviewStatus {
  code?: number;
  message?: string;
  reason?: string;
  status?: string;
}

/** What a webhook decided, once its answer checked out. */
export type Verdict =
  | { allowed: true; patch?: unknown[]; warnings: string[] }
  | { allowed: false; status: ReviewStatus; warnings: string[] }
  /** The answer was no valid review: the reason after `failed calling webhook "NAME": `. */
  | { invalid: string };

export function admissionReview(uid: string, attrs: AdmissionAttributes, object: KubeObject | undefined, dryRun: boolean): Record<string, unknown> {
  const gvk = { group: attrs.info.group, version: attrs.info.version, kind: attrs.info.kind };
  const gvr = { group: attrs.info.group, version: attrs.info.version, resource: attrs.info.resource };
  const options = { apiVersion: 'meta.k8s.io/v1', kind: attrs.operation === 'CREATE' ? 'CreateOptions' : attrs.operation === 'UPDATE' ? 'UpdateOptions' : 'DeleteOptions' };
  const request: Record<string, unknown> = {
    uid,
    kind: gvk,
    resource: gvr,
    ...(attrs.subresource && { subResource: attrs.subresource }),
    requestKind: gvk,
    requestResource: gvr,
    ...(attrs.subresource && { requestSubResource: attrs.subresource }),
    name: attrs.name || object?.metadata.name || '',
    ...(attrs.namespace && { namespace: attrs.namespace }),
    operation: attrs.operation,
    userInfo: { username: attrs.user.username, ...(attrs.user.uid && { uid: attrs.user.uid }), groups: attrs.user.groups },
    object: object ? { ...object, apiVersion: apiVersionOf(attrs.info), kind: attrs.info.kind } : null,
    oldObject: attrs.oldObject ?? null,
    dryRun,
    options,
  };
  return { kind: 'AdmissionReview', apiVersion: 'admission.k8s.io/v1', request };
}

/** encoding/json's first complaint about text that is not JSON, as client-go's decoder reports it. */
function jsonSyntaxError(body: string): string {
  const c = body.trimStart()[0];
  if (c === undefined) return 'unexpected end of JSON input';
  return `invalid character '${c}' looking for beginning of value`;
}

/** The decoded answer, checked as VerifyAdmissionResponse checks a v1 review. */
export function verdictOf(body: string, uid: string, mutating: boolean): Verdict {
  const v = checkedReview(body, uid, mutating);
  if ('bad' in v) return { invalid: `received invalid webhook response: ${v.bad}` };
  return v;
}

function checkedReview(body: string, uid: string, mutating: boolean): Verdict | { bad: string } {
  let review: unknown;
  try {
    review = JSON.parse(body);
  } catch {
    return { invalid: `failed to call webhook: couldn't get version/kind; json parse error: ${jsonSyntaxError(body)}` };
  }
  const r = (typeof review === 'object' && review !== null ? review : {}) as { apiVersion?: string; kind?: string; response?: Record<string, unknown> };
  if (r.apiVersion !== 'admission.k8s.io/v1' || r.kind !== 'AdmissionReview') {
    return { bad: `expected webhook response of admission.k8s.io/v1, Kind=AdmissionReview, got ${r.apiVersion ?? ''}, Kind=${r.kind ?? ''}` };
  }
  const resp = r.response;
  if (!resp || typeof resp !== 'object') return { bad: 'webhook response was absent' };
  if (resp.uid !== uid) return { bad: `expected response.uid="${uid}", got "${String(resp.uid ?? '')}"` };
  const warnings = Array.isArray(resp.warnings) ? resp.warnings.filter((w): w is string => typeof w === 'string') : [];
  if (resp.allowed !== true) return { allowed: false, status: (resp.status ?? {}) as ReviewStatus, warnings };
  if (resp.patch === undefined || resp.patch === '') return { allowed: true, warnings };
  if (resp.patchType === undefined) return { bad: 'webhook returned response.patch but not response.patchType' };
  if (!mutating) return { bad: 'validating webhooks may not return patches' };
  if (resp.patchType !== 'JSONPatch') return { bad: `webhook returned invalid response.patchType of "${String(resp.patchType)}"` };
  const bytes = typeof resp.patch === 'string' ? decodeBase64(resp.patch) : { error: 'illegal base64 data' };
  if ('error' in bytes) return { invalid: 'failed to call webhook: illegal base64 data at input byte 0' };
  try {
    const patch = JSON.parse(utf8String(bytes.bytes)) as unknown;
    if (!Array.isArray(patch)) return { invalid: 'received undecodable patch in webhook response: json: cannot unmarshal object into Go value of type jsonpatch.Patch' };
    return { allowed: true, patch, warnings };
  } catch {
    return { invalid: `received undecodable patch in webhook response: ${jsonSyntaxError(utf8String(bytes.bytes))}` };
  }
}
