// Stage 3 of the seed's pipeline, Admission control: every mutating plugin in kube-apiserver's fixed
// order (pkg/kubeapiserver/options/plugins.go, AllOrderedPlugins), then every validating plugin in
// the same order. The first plugin that refuses stops the request with its Status. Plugins are pure:
// attrs.object is never changed; a plugin that mutates returns a new object.

import type { ResourceInfo } from '../../api/resources';
import type { KubeObject, Namespace, Status } from '../../api/types';
import type { Timings } from '../../config';
import type { UserInfo } from '../authn';
import { changedPaths } from './changes';
import { DefaultStorageClass } from './default-storage-class';
import { DefaultTolerationSeconds } from './default-toleration-seconds';
import { LimitRanger } from './limit-ranger';
import { NamespaceLifecycle } from './namespace-lifecycle';
import { NodeRestriction } from './node-restriction';
import type { AdmissionPlugin } from './plugin';
import { Priority } from './priority';
import { evaluateQuota, ResourceQuota, type QuotaCharge } from './resource-quota';
import { ServiceAccount } from './service-account';
import { StorageObjectInUseProtection } from './storage-object-in-use-protection';
import { TaintNodesByCondition } from './taint-nodes-by-condition';

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
  /** ResourceQuota objects in a namespace, sorted by name, with the usage this apiserver last charged (ResourceQuota). */
  resourceQuotas(namespace: string): KubeObject[];
  /** Every StorageClass (DefaultStorageClass). */
  storageClasses(): KubeObject[];
  /** One ServiceAccount (the ServiceAccount plugin reads its automountServiceAccountToken). */
  serviceAccount?(namespace: string, name: string): KubeObject | undefined;
}

export interface AdmissionResult {
  /** The (possibly mutated) object to continue with. */
  object?: KubeObject;
  /** Set when a plugin rejects the request: the apiserver answers with it. */
  error?: Status;
  /** Plugin names that changed the object, for the trace (`LimitRanger`, `DefaultTolerationSeconds`). */
  mutatedBy: string[];
  /** What each of them changed, as field paths, in the same order. */
  mutations: { plugin: string; fields: string[] }[];
  /** The plugin that refused, when one did. */
  rejectedBy?: string;
  /** The quotas' new status.used when the request is admitted (ResourceQuota). */
  quotaCharges?: QuotaCharge[];
}

export interface AdmissionConfig {
  timings: Timings;
  /** The simulation's PRNG, for names a plugin generates (ServiceAccount's kube-api-access-<5>). */
  rand: () => number;
}

/**
 * kube-apiserver v1.31's default plugins plus kubeadm's NodeRestriction, in the fixed order. Names
 * marked false are listed for the UI (what a real cluster runs) but not modelled.
 */
export const ADMISSION_PLUGINS: readonly { name: string; modelled: boolean }[] = [
  { name: 'NamespaceLifecycle', modelled: true },
  { name: 'LimitRanger', modelled: true },
  { name: 'ServiceAccount', modelled: true },
  { name: 'NodeRestriction', modelled: true },
  { name: 'TaintNodesByCondition', modelled: true },
  { name: 'PodSecurity', modelled: false },
  { name: 'Priority', modelled: true },
  { name: 'DefaultTolerationSeconds', modelled: true },
  { name: 'DefaultStorageClass', modelled: true },
  { name: 'StorageObjectInUseProtection', modelled: true },
  { name: 'PersistentVolumeClaimResize', modelled: false },
  { name: 'RuntimeClass', modelled: false },
  { name: 'CertificateApproval', modelled: false },
  { name: 'CertificateSigning', modelled: false },
  { name: 'ClusterTrustBundleAttest', modelled: false },
  { name: 'CertificateSubjectRestriction', modelled: false },
  { name: 'DefaultIngressClass', modelled: false },
  { name: 'MutatingAdmissionWebhook', modelled: false },
  { name: 'ValidatingAdmissionPolicy', modelled: false },
  { name: 'ValidatingAdmissionWebhook', modelled: false },
  { name: 'ResourceQuota', modelled: true },
];

/** The modelled plugins, in ADMISSION_PLUGINS order. */
export const PLUGINS: readonly AdmissionPlugin[] = [
  NamespaceLifecycle,
  LimitRanger,
  ServiceAccount,
  NodeRestriction,
  TaintNodesByCondition,
  Priority,
  DefaultTolerationSeconds,
  DefaultStorageClass,
  StorageObjectInUseProtection,
  ResourceQuota,
];

/** The mutating chain: each plugin's admit in order; the first refusal stops it. */
export function admitMutating(attrs: AdmissionAttributes, lookups: AdmissionLookups, cfg: AdmissionConfig): AdmissionResult {
  let object = attrs.object;
  const mutatedBy: string[] = [];
  const mutations: AdmissionResult['mutations'] = [];
  for (const plugin of PLUGINS) {
    if (!plugin.admit) continue;
    const out = plugin.admit({ attrs, object, lookups, cfg });
    if (out.error) return { object, error: out.error, mutatedBy, mutations, rejectedBy: plugin.name };
    if (out.object) {
      mutations.push({ plugin: plugin.name, fields: changedPaths(object, out.object) });
      object = out.object;
      mutatedBy.push(plugin.name);
    }
  }
  return { object, mutatedBy, mutations };
}

/** The validating chain on the object the mutating chain left; ResourceQuota, the last plugin, also says what to charge. */
export function admitValidating(attrs: AdmissionAttributes, object: KubeObject | undefined, lookups: AdmissionLookups, cfg: AdmissionConfig): Pick<AdmissionResult, 'error' | 'rejectedBy' | 'quotaCharges'> {
  for (const plugin of PLUGINS) {
    if (plugin === ResourceQuota) continue;
    const error = plugin.validate?.({ attrs, object, lookups, cfg });
    if (error) return { error, rejectedBy: plugin.name };
  }
  const quota = evaluateQuota({ attrs, object, lookups, cfg });
  if (quota.error) return { error: quota.error, rejectedBy: ResourceQuota.name };
  return quota.charges.length ? { quotaCharges: quota.charges } : {};
}

/** Run the mutating chain, then the validating chain. */
export function admit(attrs: AdmissionAttributes, lookups: AdmissionLookups, cfg: AdmissionConfig): AdmissionResult {
  const m = admitMutating(attrs, lookups, cfg);
  if (m.error) return m;
  const v = admitValidating(attrs, m.object, lookups, cfg);
  return { ...m, ...v };
}
