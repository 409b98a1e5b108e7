// ResourceQuota (plugin/pkg/admission/resourcequota/controller.go, checkRequest): the last
// validating plugin. On CREATE it finds the namespace's quotas whose status.hard names something
// the object's evaluator counts, checks the pod evaluator's Constraints, then adds the object's
// usage to each quota's status.used and refuses with
//   exceeded quota: NAME, requested: requests.memory=700Mi, used: requests.memory=600Mi, limited: requests.memory=1Gi
// when a sum passes a hard limit. When every quota has room the new totals are returned: the
// apiserver writes them to the quotas' status at once (the real plugin's UpdateStatus), so a burst
// of creates cannot slip past the limit before the resourcequota controller recounts.
// A quota whose status.hard is still empty (the controller has not seen it yet) matches nothing,
// as in the real plugin. Scopes and scope selectors are not modelled.

import type { KubeObject, Pod, Status } from '../../api/types';
import { matchingResources, podConstraints, usageOf } from '../../api/quota/evaluators';
import { addUsage, exceeded, formatList, mask, parseList, prettyPrint } from '../../api/quota/resource-list';
import type { AdmissionPlugin, PluginInput } from './plugin';
import { admissionForbidden } from './plugin';

export interface QuotaCharge {
  namespace: string;
  name: string;
  /** The quota's status.used once this object counts. */
  used: Record<string, string>;
}

interface QuotaStatusShape {
  hard?: Record<string, string>;
  used?: Record<string, string>;
}

/** What the plugin decides for one request: refuse, or the quotas to charge. */
export function evaluateQuota({ attrs, object, lookups }: PluginInput): { error?: Status; charges: QuotaCharge[] } {
  if (attrs.operation !== 'CREATE' || attrs.subresource !== '' || !object) return { charges: [] };
  const quotas = lookups.resourceQuotas(attrs.namespace);
  if (!quotas.length) return { charges: [] };
  const gr = { group: attrs.info.group, resource: attrs.info.resource };
  const interesting: { quota: KubeObject; restricted: string[] }[] = [];
  for (const quota of quotas) {
    const st = (quota.status ?? {}) as QuotaStatusShape;
    const restricted = matchingResources(gr, Object.keys(st.hard ?? {}));
    if (!restricted.length) continue;
    const name = quota.metadata.name ?? '';
    if (gr.group === '' && gr.resource === 'pods') {
      const why = podConstraints(restricted, object as Pod);
      if (why) return { error: admissionForbidden(attrs, object, `failed quota: ${name}: ${why}`), charges: [] };
    }
    // hasUsageStats; the message names every restricted resource (prettyPrintResourceNames).
    if (restricted.some((n) => !(n in (st.used ?? {})))) {
      return { error: admissionForbidden(attrs, object, `status unknown for quota: ${name}, resources: ${[...restricted].sort().join(',')}`), charges: [] };
    }
    interesting.push({ quota, restricted });
  }
  if (!interesting.length) return { charges: [] };
  const delta = usageOf(gr, object);
  const charges: QuotaCharge[] = [];
  for (const { quota } of interesting) {
    const st = (quota.status ?? {}) as QuotaStatusShape;
    const hard = parseList(st.hard);
    const used = parseList(st.used);
    const requested = mask(delta, hard.keys());
    const newUsage = addUsage(used, requested);
    const over = exceeded(mask(newUsage, requested.keys()), hard);
    if (over.length) {
      const message =
        `exceeded quota: ${quota.metadata.name ?? ''}, requested: ${prettyPrint(mask(requested, over))}, ` +
        `used: ${prettyPrint(mask(used, over))}, limited: ${prettyPrint(mask(hard, over))}`;
      return { error: admissionForbidden(attrs, object, message), charges: [] };
    }
    if (requested.size) charges.push({ namespace: attrs.namespace, name: quota.metadata.name ?? '', used: formatList(newUsage) });
  }
  return { charges };
}

export const ResourceQuota: AdmissionPlugin = {
  name: 'ResourceQuota',
  validate: (input) => evaluateQuota(input).error,
};
