// APIService validation (kube-aggregator v1.31 pkg/apis/apiregistration/validation/validation.go
// ValidateAPIService): the name is a path segment equal to `version.group` (`v1.` for the core
// group), only v1 may have an empty group, the priorities are in range, and a service reference
// needs a namespace and a name.

import { invalid, required, type FieldError } from '../field-error';
import type { KubeObject } from '../types';
import { validateObjectMeta, validateObjectMetaUpdate } from './object-meta';
import { validatePathSegmentName, type NameValidator } from './names';

interface APIServiceSpec {
  group?: string;
  version?: string;
  groupPriorityMinimum?: number;
  versionPriority?: number;
  service?: { namespace?: string; name?: string; port?: number };
}

function validateSpec(obj: KubeObject): FieldError[] {
  const s = (obj.spec ?? {}) as APIServiceSpec;
  const errs: FieldError[] = [];
  if (!s.version) errs.push(required('spec.version'));
  if (!s.group && s.version !== 'v1') errs.push(required('spec.group', 'only v1 may have an empty group and it better be legacy kube'));
  const gpm = s.groupPriorityMinimum ?? 0;
  if (gpm <= 0 || gpm > 20000) errs.push(invalid('spec.groupPriorityMinimum', gpm, 'must be positive and less than 20000'));
  const vp = s.versionPriority ?? 0;
  if (vp <= 0 || vp > 1000) errs.push(invalid('spec.versionPriority', vp, 'must be positive and less than 1000'));
  if (s.service) {
    if (!s.service.namespace) errs.push(required('spec.service.namespace'));
    if (!s.service.name) errs.push(required('spec.service.name'));
    const port = s.service.port ?? 443;
    if (port < 1 || port > 65535) errs.push(invalid('spec.service.port', port, 'must be a valid port number'));
  }
  return errs;
}

/** The name validator ValidateAPIService passes to ValidateObjectMeta: a path segment, and exactly version+"."+group. */
function nameIsVersionDotGroup(obj: KubeObject): NameValidator {
  const s = (obj.spec ?? {}) as APIServiceSpec;
  const required = `${s.version ?? ''}.${s.group ?? ''}`;
  return (name, prefix) => {
    const minimal = validatePathSegmentName(name, prefix);
    if (minimal.length) return minimal;
    return name === required ? [] : [`must be \`spec.version+"."+spec.group\`: ${JSON.stringify(required)}`];
  };
}

export function validateAPIService(obj: KubeObject): FieldError[] {
  return [...validateObjectMeta(obj.metadata ?? {}, false, nameIsVersionDotGroup(obj)), ...validateSpec(obj)];
}

export function validateAPIServiceUpdate(obj: KubeObject, old: KubeObject): FieldError[] {
  return [...validateObjectMetaUpdate(obj.metadata ?? {}, old.metadata ?? {}), ...validateSpec(obj)];
}
