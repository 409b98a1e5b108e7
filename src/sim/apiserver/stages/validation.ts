// Stage 4, Validation: strict decoding of the body (unknown fields, wrong types: 400), the scheme's
// defaults, then the kind's validation (ValidatePodCreate, ValidatePodUpdate, ...: 422 Invalid).

import { invalid } from '../../api/errors';
import { applyDefaults } from '../../api/defaults';
import type { ResourceInfo } from '../../api/resources';
import type { KubeObject, Status } from '../../api/types';
import { decodeObject, validateCreate, validateUpdate, type FieldValidation } from '../../api/validation';

export const VALIDATION = 'Validation';

/** Decode a request body into an object of the resource's kind, with its defaults. */
export function decodeBody(info: ResourceInfo, body: unknown, directive?: FieldValidation): { obj: KubeObject; warnings?: string[] } | Status {
  const decoded = decodeObject(info, body, directive);
  if ('status' in decoded) return decoded.status;
  return { obj: applyDefaults(info, decoded.obj as KubeObject), ...(decoded.warnings && { warnings: decoded.warnings }) };
}

export function runValidation(info: ResourceInfo, obj: KubeObject, old?: KubeObject): Status | undefined {
  const errs = old ? validateUpdate(info, obj, old) : validateCreate(info, obj);
  if (errs.length === 0) return undefined;
  return invalid(info.kind, info.group, obj.metadata.name ?? obj.metadata.generateName ?? '', errs);
}
