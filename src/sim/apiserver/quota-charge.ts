// The ResourceQuota plugin's bookkeeping in kube-apiserver (resourcequota/resource_access.go and
// controller.go): once a create is admitted, the quotas it counts against get their new
// status.used written at once (the real plugin's UpdateStatus), and until the watch cache shows
// that write the plugin reads the usage it charged last (the real quotaAccessor's updatedQuotas
// cache). So three pods created in one burst are counted one after another, not all against the
// same stale status.

import type { KubeObject } from '../api/types';
import { opPut } from '../etcd/protocol';
import type { Effects } from '../kernel/component';
import { etcdCall, type EtcdOutcome } from './etcdclient';
import type { QuotaCharge } from './admission/resource-quota';
import { objectKey } from './registry/keys';
import { resourceForPath } from '../api/resources';
import type { ApiserverState } from './state';

export interface ChargedQuota {
  used: Record<string, string>;
  /** Status writes sent and not answered yet. */
  inFlight: number;
  /** The etcd revision of the last answered write: the cache is current once it has reached it. */
  lastRevision: number;
}

const QUOTAS = resourceForPath('', 'v1', 'resourcequotas')!;

function charged(s: ApiserverState): Map<string, ChargedQuota> {
  if (!s.quotaCharged) s.quotaCharged = new Map();
  return s.quotaCharged;
}

/** The namespace's quotas from the watch cache, sorted by name, with the usage charged since. */
export function quotasWithCharges(s: ApiserverState, namespace: string): KubeObject[] {
  const out: KubeObject[] = [];
  for (const [key, c] of s.cache.get('resourcequotas')?.objects ?? []) {
    if (c.obj.metadata.namespace !== namespace) continue;
    const mine = s.quotaCharged?.get(key);
    if (mine && (mine.inFlight > 0 || c.modRevision < mine.lastRevision)) {
      out.push({ ...c.obj, status: { ...(c.obj.status as object | undefined), used: mine.used } });
    } else {
      s.quotaCharged?.delete(key);
      out.push(c.obj);
    }
  }
  return out.sort((a, b) => ((a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : 1));
}

/** Write each charged quota's status with its new usage. */
export function chargeQuotas(ctx: Effects, s: ApiserverState, charges: QuotaCharge[]): void {
  for (const ch of charges) {
    const key = `${ch.namespace}/${ch.name}`;
    const cached = s.cache.get('resourcequotas')?.objects.get(key);
    if (!cached) continue;
    const entry = charged(s).get(key) ?? { used: ch.used, inFlight: 0, lastRevision: 0 };
    entry.used = ch.used;
    entry.inFlight++;
    charged(s).set(key, entry);
    const meta = { ...cached.obj.metadata };
    delete meta.resourceVersion;
    const obj = { ...cached.obj, metadata: meta, status: { ...(cached.obj.status as object | undefined), used: ch.used } };
    const etcdKey = objectKey(QUOTAS, ch.namespace, ch.name);
    etcdCall(ctx, s.etcd, opPut(etcdKey, obj), { kind: 'quotaStatus', key }, `Put ${etcdKey} (status.used)`);
  }
}

export function onQuotaStatusOutcome(ctx: Effects, s: ApiserverState, key: string, out: EtcdOutcome): void {
  const entry = s.quotaCharged?.get(key);
  if (!entry) return;
  entry.inFlight = Math.max(0, entry.inFlight - 1);
  if ('error' in out) ctx.log(`resourcequota: failed to update status of ${key}: ${out.error.message}`);
  else entry.lastRevision = Math.max(entry.lastRevision, out.response.header.revision);
}
