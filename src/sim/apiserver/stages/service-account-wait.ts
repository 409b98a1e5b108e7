// The ServiceAccount admission plugin's patience for `default` (plugin/pkg/admission/serviceaccount,
// getServiceAccount): a pod that runs as `default` in a namespace whose `default` ServiceAccount is
// not there yet (the serviceaccount controller makes it just after the namespace) is looked up again,
// up to 10 attempts in all, one random 100-200 ms interval apart, before the 403. Kubeplay's
// admission is a pure function over the watch cache, so the apiserver holds the create and runs it
// again on a timer instead of sleeping in the handler; the client sees the same delay.

import type { KubeObject } from '../../api/types';
import type { Effects } from '../../kernel/component';
import type { MessageId } from '../../kernel/units';
import type { ApiserverState, RequestContext } from '../state';
import { cachedObject } from '../watchcache';

export const SERVICE_ACCOUNT_LOOKUP_TIMER = 'admission.serviceaccount.lookup';
const DEFAULT_LOOKUP_ATTEMPTS = 10;

/** True when the create is held to look for `default` again (the timer brings it back). */
export function waitForDefaultServiceAccount(ctx: Effects, s: ApiserverState, rc: RequestContext, obj: KubeObject): boolean {
  const info = rc.ri.info;
  if (info.group !== '' || info.resource !== 'pods' || rc.ri.subresource) return false;
  const name = (obj.spec as { serviceAccountName?: string } | undefined)?.serviceAccountName || 'default';
  if (name !== 'default' || obj.metadata.annotations?.['kubernetes.io/config.mirror'] !== undefined) return false;
  if (cachedObject(s, 'serviceaccounts', `${rc.ri.namespace}/default`)) return false;
  rc.serviceAccountLookups = (rc.serviceAccountLookups ?? 1) + 1;
  if (rc.serviceAccountLookups > DEFAULT_LOOKUP_ATTEMPTS) return false;
  rc.serviceAccountRetryMs ??= 100 + Math.floor(ctx.rand() * 100);
  (s.heldForServiceAccount ??= new Map()).set(rc.msg.id, rc);
  ctx.setTimer(rc.serviceAccountRetryMs, SERVICE_ACCOUNT_LOOKUP_TIMER, rc.msg.id);
  return true;
}

/** The held create whose interval has passed (the caller runs it again), if still held. */
export function takeHeldCreate(s: ApiserverState, id: MessageId): RequestContext | undefined {
  const rc = s.heldForServiceAccount?.get(id);
  s.heldForServiceAccount?.delete(id);
  return rc;
}
