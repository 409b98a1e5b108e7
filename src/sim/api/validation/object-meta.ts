// ValidateObjectMeta / ValidateObjectMetaUpdate (k8s.io/apimachinery/pkg/api/validation/objectmeta.go)
// and metav1 ValidateLabels (pkg/apis/meta/v1/validation), v1.31.

import type { FieldError } from '../field-error';
import { forbidden, invalid, required, tooLong } from '../field-error';
import type { ObjectMeta } from '../types';
import type { NameValidator } from './names';
import { isDNS1123Label, isQualifiedName, isValidLabelValue } from './names';

export const FIELD_IMMUTABLE = 'field is immutable';
export const IS_NEGATIVE = 'must be greater than or equal to 0';
/** TotalAnnotationSizeLimitB: 256 KiB. */
export const TOTAL_ANNOTATION_SIZE_LIMIT_B = 256 * 1024;

/**
 * Keys in the order the checks visit them. Go ranges over maps in random order; Kubeplay uses the
 * sorted order kubectl sends them in, so repeated runs print the same message.
 */
function sortedKeys(m: Record<string, string> | undefined): string[] {
  return m ? Object.keys(m).sort() : [];
}

/** ValidateLabelName: a qualified name; errors name the map (`metadata.labels`), not the key. */
export function validateLabelName(key: string, field: string): FieldError[] {
  return isQualifiedName(key).map((m) => invalid(field, key, m));
}

export function validateLabels(labels: Record<string, string> | undefined, field: string): FieldError[] {
  const errs: FieldError[] = [];
  for (const k of sortedKeys(labels)) {
    errs.push(...validateLabelName(k, field));
    errs.push(...isValidLabelValue(labels![k]!).map((m) => invalid(field, labels![k], m)));
  }
  return errs;
}

/** ValidateAnnotations: keys are qualified names compared in lower case; total size at most 256 KiB. */
export function validateAnnotations(annotations: Record<string, string> | undefined, field: string): FieldError[] {
  const errs: FieldError[] = [];
  let size = 0;
  for (const k of sortedKeys(annotations)) {
    errs.push(...isQualifiedName(k.toLowerCase()).map((m) => invalid(field, k, m)));
    size += k.length + annotations![k]!.length;
  }
  if (size > TOTAL_ANNOTATION_SIZE_LIMIT_B) errs.push(tooLong(field, TOTAL_ANNOTATION_SIZE_LIMIT_B));
  return errs;
}

/** ValidateFinalizers: each a qualified name; errors name the list, not the index. */
function validateFinalizers(finalizers: string[] | undefined, field: string): FieldError[] {
  return (finalizers ?? []).flatMap((f) => isQualifiedName(f).map((m) => invalid(field, f, m)));
}

/** ValidateObjectMeta on create. `namespaced` is the resource's scope; names are checked by `nameFn`. */
export function validateObjectMeta(meta: ObjectMeta, namespaced: boolean, nameFn: NameValidator, path = 'metadata'): FieldError[] {
  const errs: FieldError[] = [];
  if (meta.generateName) {
    errs.push(...nameFn(meta.generateName, true).map((m) => invalid(`${path}.generateName`, meta.generateName, m)));
  }
  if (!meta.name) {
    errs.push(required(`${path}.name`, 'name or generateName is required'));
  } else {
    errs.push(...nameFn(meta.name, false).map((m) => invalid(`${path}.name`, meta.name, m)));
  }
  if (namespaced) {
    if (!meta.namespace) errs.push(required(`${path}.namespace`));
    else errs.push(...isDNS1123Label(meta.namespace).map((m) => invalid(`${path}.namespace`, meta.namespace, m)));
  } else if (meta.namespace) {
    errs.push(forbidden(`${path}.namespace`, 'not allowed on this type'));
  }
  if (meta.generation !== undefined && meta.generation < 0) errs.push(invalid(`${path}.generation`, meta.generation, IS_NEGATIVE));
  errs.push(...validateLabels(meta.labels, `${path}.labels`));
  errs.push(...validateAnnotations(meta.annotations, `${path}.annotations`));
  errs.push(...validateFinalizers(meta.finalizers, `${path}.finalizers`));
  return errs;
}

/** ValidateImmutableField: `<field>: Invalid value: <new>: field is immutable` when the value changed. */
export function immutableField(newVal: unknown, oldVal: unknown, field: string): FieldError[] {
  return immutable(newVal, oldVal, field);
}

function immutable(newVal: unknown, oldVal: unknown, field: string): FieldError[] {
  return JSON.stringify(newVal ?? null) === JSON.stringify(oldVal ?? null) ? [] : [invalid(field, newVal, FIELD_IMMUTABLE)];
}

/**
 * ValidateObjectMetaUpdate. resourceVersion is not checked here: the apiserver's update path decides
 * whether an unconditional update is allowed and fills it in before validation.
 */
export function validateObjectMetaUpdate(meta: ObjectMeta, old: ObjectMeta, path = 'metadata'): FieldError[] {
  const errs: FieldError[] = [];
  if (old.deletionTimestamp) {
    const added = (meta.finalizers ?? []).filter((f) => !(old.finalizers ?? []).includes(f));
    if (added.length) errs.push(forbidden(`${path}.finalizers`, `no new finalizers can be added if the object is being deleted, found new finalizers ${goStringSlice(added)}`));
  }
  if ((meta.generation ?? 0) < (old.generation ?? 0)) errs.push(invalid(`${path}.generation`, meta.generation ?? 0, 'must not be decremented'));
  errs.push(...immutable(meta.name, old.name, `${path}.name`));
  errs.push(...immutable(meta.namespace, old.namespace, `${path}.namespace`));
  if (meta.uid !== undefined) errs.push(...immutable(meta.uid, old.uid, `${path}.uid`));
  if (meta.creationTimestamp !== undefined) errs.push(...immutable(meta.creationTimestamp, old.creationTimestamp, `${path}.creationTimestamp`));
  errs.push(...validateLabels(meta.labels, `${path}.labels`));
  errs.push(...validateAnnotations(meta.annotations, `${path}.annotations`));
  return errs;
}

/** Go's %#v of a []string: `[]string{"a", "b"}`. */
function goStringSlice(xs: string[]): string {
  return `[]string{${xs.map((x) => JSON.stringify(x)).join(', ')}}`;
}
