// Stage 3, Admission control: the mutating plugins, then the validating ones (admission/index.ts
// runs both chains). Plugins read the apiserver's caches through AdmissionLookups, served here
// from the watch cache.

import type { KubeObject, Namespace, Status } from '../../api/types';
import { admit, admitMutating, admitValidating, type AdmissionAttributes, type AdmissionLookups, type AdmissionResult } from '../admission';
import type { TraceStep } from '../../kernel/trace';
import type { ApiserverState } from '../state';
import { cachedObject } from '../watchcache';
import { quotasWithCharges } from '../quota-charge';
import type { QuotaCharge } from '../admission/resource-quota';

export const ADMISSION = 'Admission';

/**
 * The lookups read the state when called, so one set per apiserver state serves every request
 * (they were eight new closures per admission). A restored snapshot is a new state, with its own.
 */
const lookupsByState = new WeakMap<ApiserverState, AdmissionLookups>();

export function lookupsFor(s: ApiserverState): AdmissionLookups {
  let l = lookupsByState.get(s);
  if (!l) lookupsByState.set(s, (l = makeLookups(s)));
  return l;
}

function makeLookups(s: ApiserverState): AdmissionLookups {
  return {
    namespace: (name) => cachedObject(s, 'namespaces', name) as Namespace | undefined,
    limitRanges: (ns) => {
      const out: KubeObject[] = [];
      for (const c of s.cache.get('limitranges')?.objects.values() ?? []) if (c.obj.metadata.namespace === ns) out.push(c.obj);
      return out;
    },
    node: (name) => cachedObject(s, 'nodes', name),
    pod: (ns, name) => cachedObject(s, 'pods', `${ns}/${name}`),
    resourceQuotas: (ns) => quotasWithCharges(s, ns),
    storageClasses: () => [...(s.cache.get('storageclasses')?.objects.values() ?? [])].map((c) => c.obj),
    serviceAccount: (ns, name) => cachedObject(s, 'serviceaccounts', `${ns}/${name}`),
  };
}

/** What a request hands to admission: the plugins' attributes, as the request stages fill them in. */
export type AdmissionInput = AdmissionAttributes;

/**
 * Run admission; returns the object to continue with, or the rejecting Status, and the stage's step
 * for the request's record: `rejected by LimitRanger (403)`, `mutated by DefaultTolerationSeconds (spec.tolerations)`.
 */
export function runAdmission(s: ApiserverState, input: AdmissionInput, rand: () => number): { object?: KubeObject; error?: Status; step: TraceStep; charges?: QuotaCharge[] } {
  const res = admit({ ...input }, lookupsFor(s), { timings: s.config.timings, rand });
  if (res.error) return { error: res.error, step: { stage: ADMISSION, result: 'failed', text: `rejected by ${res.rejectedBy ?? 'a plugin'} (${res.error.code})` } };
  const charges = res.quotaCharges;
  if (res.mutations.length === 0) return { object: res.object, step: { stage: ADMISSION, result: 'passed', text: 'admitted' }, charges };
  const text = `mutated by ${res.mutations.map((m) => `${m.plugin} (${m.fields.join(', ')})`).join(', ')}`;
  return { object: res.object, step: { stage: ADMISSION, result: 'changed', text }, charges };
}

function mutationText(mutations: AdmissionResult['mutations']): string[] {
  return mutations.map((m) => `${m.plugin} (${m.fields.join(', ')})`);
}

function rejected(by: string, error: Status): TraceStep {
  return { stage: ADMISSION, result: 'failed', text: `rejected by ${by} (${error.code})` };
}

/** The built-in mutating plugins alone, for a request that webhooks will see next. */
export function runMutatingAdmission(s: ApiserverState, input: AdmissionInput, rand: () => number): { object?: KubeObject; error?: Status; step?: TraceStep; notes: string[] } {
  const res = admitMutating({ ...input }, lookupsFor(s), { timings: s.config.timings, rand });
  if (res.error) return { error: res.error, step: rejected(res.rejectedBy ?? 'a plugin', res.error), notes: [] };
  return { object: res.object, notes: mutationText(res.mutations) };
}

/** The built-in validating plugins (ResourceQuota last) on the object the mutating side left. */
export function runValidatingAdmission(s: ApiserverState, input: AdmissionInput, object: KubeObject, rand: () => number): { error?: Status; rejectedBy?: string; charges?: QuotaCharge[] } {
  const res = admitValidating({ ...input, object }, object, lookupsFor(s), { timings: s.config.timings, rand });
  if (res.error) return { error: res.error, rejectedBy: res.rejectedBy ?? 'a plugin' };
  return res.quotaCharges ? { charges: res.quotaCharges } : {};
}

/** The Admission stage's line once webhooks have answered: what changed the object, and who allowed it. */
export function admissionStepAfterWebhooks(notes: string[], changed: boolean): TraceStep {
  if (notes.length === 0) return { stage: ADMISSION, result: 'passed', text: 'admitted' };
  return { stage: ADMISSION, result: changed ? 'changed' : 'passed', text: `${changed ? 'mutated by' : 'admitted:'} ${notes.join(', ')}` };
}

export function admissionRejected(by: string, error: Status): TraceStep {
  return rejected(by, error);
}
