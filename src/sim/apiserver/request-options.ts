// The write handlers decode their options from the query and validate them before the body
// (endpoints/handlers/create.go, update.go, patch.go: ValidateCreateOptions, ValidateUpdateOptions,
// ValidatePatchOptions in apimachinery/pkg/apis/meta/v1/validation). A `fieldValidation` outside
// "", Ignore, Strict, Warn fails the request with 422 on the options object itself:
// `CreateOptions.meta.k8s.io "" is invalid: fieldValidation: Unsupported value: "foo": supported
// values: "", "Ignore", "Strict", "Warn"`.

import { invalid } from '../api/errors';
import { forbidden, notSupported, required, type FieldError } from '../api/field-error';
import type { Status } from '../api/types';

/** The stage name in the audit line: the handler decoding its options from the query. */
export const REQUEST_OPTIONS = 'DecodeOptions';

/** allowedFieldValidationValues, in the order sets.String.List() gives (sorted). */
export const FIELD_VALIDATION_VALUES = ['', 'Ignore', 'Strict', 'Warn'] as const;

const OPTIONS_KIND: Record<string, string> = { create: 'CreateOptions', update: 'UpdateOptions', patch: 'PatchOptions' };
const DRY_RUN_OPTIONS_KIND: Record<string, string> = { ...OPTIONS_KIND, delete: 'DeleteOptions' };

/** The 422 a write's options earn, or undefined (reads and deletes take no fieldValidation). */
export function validateWriteOptions(verb: string, query: Record<string, string> | undefined, contentType?: string): Status | undefined {
  // ValidateDryRun: the only dryRun value is "All" (every stage runs, storage is skipped).
  const dryRunKind = DRY_RUN_OPTIONS_KIND[verb];
  if (dryRunKind && query?.dryRun !== undefined && query.dryRun !== 'All') {
    return invalid(dryRunKind, 'meta.k8s.io', '', [notSupported('dryRun', query.dryRun, ['All'])]);
  }
  const kind = OPTIONS_KIND[verb];
  if (verb === 'patch') {
    const bad = patchOptionErrors(query, contentType);
    if (bad.length) return invalid('PatchOptions', 'meta.k8s.io', '', bad);
  }
  const v = query?.fieldValidation;
  if (!kind || v === undefined || (FIELD_VALIDATION_VALUES as readonly string[]).includes(v)) return undefined;
  return invalid(kind, 'meta.k8s.io', '', [notSupported('fieldValidation', v, FIELD_VALIDATION_VALUES)]);
}

export const APPLY_PATCH = 'application/apply-patch+yaml';

/** ValidatePatchOptions: `force` only for apply, and apply names its fieldManager. */
function patchOptionErrors(query: Record<string, string> | undefined, contentType: string | undefined): FieldError[] {
  const apply = (contentType ?? '').split(';')[0]!.trim() === APPLY_PATCH;
  if (!apply && query?.force !== undefined) return [forbidden('force', 'may not be specified for non-apply patch')];
  if (apply && !query?.fieldManager) return [required('fieldManager', 'is required for apply patch')];
  return [];
}
