// CONTRACT (owned by the authn/authz/admission helper): stage 3, Admission control: mutating plugins
// in order, then validating plugins, as kube-apiserver's default plugin list runs them.
// Signatures are fixed; bodies are placeholders.

import type { ResourceInfo } from '../../api/resources';
import type { KubeObject, Namespace, Status } from '../../api/types';
import type { Timings } from '../../config';
import type { UserInfo } from '../authn';

export type Operation = 'CREATE' | 'UPDATE' | 'DELETE' | 'CONNECT';

export interface AdmissionAttributes {
  operation: Operation;
  info: ResourceInfo;
  subresource: string;
  namespace: string;
  name: string;
  /** The object being written (after decoding and defaulting); absent on DELETE. */
  object?: KubeObject;
  oldObject?: KubeObject;
  user: UserInfo;
}

/** What plugins may read: the apiserver's caches (informers in the real one). */
export interface AdmissionLookups {
  namespace(name: string): Namespace | undefined;
  /** LimitRange objects in a namespace (LimitRanger). */
  limitRanges(namespace: string): KubeObject[];
  node(name: string): KubeObject | undefined;
  pod(namespace: string, name: string): KubeObject | undefined;
}

export interface AdmissionResult {
  /** The (possibly mutated) object to continue with. */
  object?: KubeObject;
  /** Set when a plugin rejects the request: the apiserver answers with it. */
  error?: Status;
  /** Plugin names that changed the object, for the trace (`LimitRanger`, `DefaultTolerationSeconds`). */
  mutatedBy: string[];
}

export interface AdmissionConfig {
  timings: Timings;
}

/** Run the mutating chain, then the validating chain. */
export function admit(attrs: AdmissionAttributes, lookups: AdmissionLookups, cfg: AdmissionConfig): AdmissionResult {
  void lookups;
  void cfg;
  return { object: attrs.object, mutatedBy: [] };
}
