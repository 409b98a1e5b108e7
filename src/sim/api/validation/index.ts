// CONTRACT (owned by the api helper): what kube-apiserver's Validation stage calls.
// Bodies are placeholders until the api helper fills them in.

import type { FieldError } from '../field-error';
import type { ResourceInfo } from '../resources';
import type { KubeObject, Status } from '../types';

/**
 * Strict decoding (the apiserver's decoder with --validate=strict, the kubectl default since 1.25):
 * unknown fields and wrong JSON types. Returns a 400 Status with the exact apiserver text
 * (`Pod in version "v1" cannot be handled as a Pod: strict decoding error: unknown field "spec.foo"`)
 * or undefined if the body decodes.
 */
export function strictDecode(_info: ResourceInfo, _body: unknown): Status | undefined {
  return undefined;
}

/** ValidateObjectMeta + the kind's own validation (ValidatePodCreate, ValidateNode, ...), on create. */
export function validateCreate(_info: ResourceInfo, _obj: KubeObject): FieldError[] {
  return [];
}

/** Update validation: immutable fields (most of a pod's spec), plus the kind's rules. */
export function validateUpdate(_info: ResourceInfo, _obj: KubeObject, _old: KubeObject): FieldError[] {
  return [];
}
