// Stage 3, Admission control: the mutating plugins, then the validating ones (admission/index.ts
// runs both chains). Plugins read the apiserver's caches through AdmissionLookups, served here
// from the watch cache.

import type { KubeObject, Namespace, Status } from '../../api/types';
import { admit, type AdmissionAttributes, type AdmissionLookups } from '../admission';
import type { TraceStep } from '../../kernel/trace';
import type { ApiserverState } from '../state';
import { cachedObject } from '../watchcache';
import { quotasWithCharges } from '../quota-charge';
import type { QuotaCharge } from '../admission/resource-quota';

export const ADMISSION = 'Admission';

export function lookupsFor(s: ApiserverState): AdmissionLookups {
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
