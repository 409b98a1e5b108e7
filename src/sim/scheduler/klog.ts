// kube-scheduler's own log lines in klog's text format (it runs as PID 1 in its static pod):
//   E0813 09:00:12.345678       1 schedule_one.go:1055] "Error scheduling pod; retrying" err="..." pod="default/web"
// Its reflectors' lines (failed LISTs, broken watches) come from the shared informer set.

import type { HttpResponse } from '../api/http';
import { isStatus } from '../api/types';
import { klogLine } from '../client/klog';
import type { Effects } from '../kernel/component';

export const SCHEDULER_PID = 1;
/** Where the scheduler's shared informers are made (the reflector's name). */
export const INFORMER_FACTORY = 'k8s.io/client-go/informers/factory.go:160';

export function schedulerLogLine(now: number, severity: 'I' | 'W' | 'E', where: string, msg: string, kv: Record<string, string> = {}): string {
  return klogLine(now, SCHEDULER_PID, severity, where, msg, kv);
}

function statusText(r: HttpResponse): string {
  return isStatus(r.body) ? (r.body.message ?? '') : `the server responded with the status code ${r.status}`;
}

/**
 * A Binding the apiserver refused: the DefaultBinder plugin's error (framework.go RunBindPlugins)
 * and the failure handler's "Error scheduling pod; retrying" (schedule_one.go handleSchedulingFailure).
 */
export function logBindFailure(ctx: Effects, pod: string, node: string, r: HttpResponse): void {
  const err = statusText(r);
  ctx.log(schedulerLogLine(ctx.now, 'E', 'framework.go:1231', '"Plugin Failed"', { err, plugin: 'DefaultBinder', pod, node }));
  ctx.log(schedulerLogLine(ctx.now, 'E', 'schedule_one.go:1055', '"Error scheduling pod; retrying"', { err: `running Bind plugin "DefaultBinder": ${err}`, pod }));
}
