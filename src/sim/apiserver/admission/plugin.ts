// The shape of one admission plugin (k8s.io/apiserver/pkg/admission: MutationInterface.Admit and
// ValidationInterface.Validate). A plugin is a pair of pure functions: `admit` may return a changed
// COPY of the object; `validate` may only say no. Neither ever mutates what it was given.

import { forbidden } from '../../api/errors';
import type { KubeObject, Status } from '../../api/types';
import type { AdmissionAttributes, AdmissionConfig, AdmissionLookups } from './index';

export interface PluginInput {
  attrs: AdmissionAttributes;
  /** The object as the previous plugins left it (attrs.object is never touched). */
  object: KubeObject | undefined;
  lookups: AdmissionLookups;
  cfg: AdmissionConfig;
}

export interface AdmitOutcome {
  /** A new object when the plugin changed it; absent when it left the object alone. */
  object?: KubeObject;
  error?: Status;
}

export interface AdmissionPlugin {
  name: string;
  admit?(input: PluginInput): AdmitOutcome;
  validate?(input: PluginInput): Status | undefined;
}

/** `attrs` is about the core-group resource `resource` with no subresource. */
export function isCore(attrs: AdmissionAttributes, resource: string): boolean {
  return attrs.info.group === '' && attrs.info.resource === resource && attrs.subresource === '';
}

/**
 * admission.NewForbidden: 403 `<resource> "<name>" is forbidden: <message>`. Before a name is
 * generated the object's generateName stands in, and "Unknown" when there is neither.
 */
export function admissionForbidden(attrs: AdmissionAttributes, object: KubeObject | undefined, message: string): Status {
  const name = attrs.name || object?.metadata.name || object?.metadata.generateName || 'Unknown';
  return forbidden({ group: attrs.info.group, resource: attrs.info.resource }, name, message);
}
