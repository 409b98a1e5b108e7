// Stage 3, Admission control: the mutating plugins, then the validating ones (admission/index.ts
// runs both chains). Plugins read the apiserver's caches through AdmissionLookups, served here
// from the watch cache.

import type { KubeObject, Namespace, Status } from '../../api/types';
import { admit, type AdmissionAttributes, type AdmissionLookups } from '../admission';
import type { ApiserverState } from '../state';
import { cachedObject } from '../watchcache';

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
  };
}

/** What a request hands to admission: the plugins' attributes, as the request stages fill them in. */
export type AdmissionInput = AdmissionAttributes;

/** Run admission; returns the object to continue with, or the rejecting Status, and a line for the request's record. */
export function runAdmission(s: ApiserverState, input: AdmissionInput): { object?: KubeObject; error?: Status; outcome: string } {
  const res = admit({ ...input }, lookupsFor(s), { timings: s.config.timings });
  if (res.error) return { error: res.error, outcome: `${ADMISSION}: rejected (${res.error.code})` };
  const outcome = res.mutatedBy.length ? `${ADMISSION}: mutated by ${res.mutatedBy.join(', ')}` : `${ADMISSION}: admitted`;
  return { object: res.object, outcome };
}
