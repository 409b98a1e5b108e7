// kube-scheduler's own log lines in klog's text format (it runs as PID 1 in its static pod):
//   E0813 09:00:12.345678       1 schedule_one.go:1055] "Error scheduling pod; retrying" err="..." pod="default/web"
// and client-go's reflector lines when a LIST is refused (client-go v0.31 tools/cache/reflector.go:
// a warning `failed to list`, then the watch error handler's `Failed to watch`, which
// utilruntime.HandleError logs as "Unhandled Error").

import type { HttpResponse } from '../api/http';
import { rfc3339Micro } from '../api/time';
import { isStatus } from '../api/types';
import type { ClientEvent } from '../client/apiclient';
import type { Effects } from '../kernel/component';

const SCHEDULER_PID = 1;
/** Where the scheduler's shared informers are made (the reflector's name). */
const INFORMER_FACTORY = 'k8s.io/client-go/informers/factory.go:160';

export function schedulerLogLine(now: number, severity: 'I' | 'W' | 'E', where: string, msg: string, kv: Record<string, string> = {}): string {
  const iso = rfc3339Micro(now);
  const head = `${severity}${iso.slice(5, 7)}${iso.slice(8, 10)} ${iso.slice(11, 26)} ${String(SCHEDULER_PID).padStart(7)} ${where}]`;
  const pairs = Object.entries(kv).map(([k, v]) => ` ${k}=${JSON.stringify(v)}`).join('');
  return `${head} ${msg}${pairs}`;
}

function statusText(r: HttpResponse): string {
  return isStatus(r.body) ? (r.body.message ?? '') : `the server responded with the status code ${r.status}`;
}

/** The Go type a reflector names: `*v1.Pod`, `*v1.Node`. */
const TYPE_OF: Record<string, string> = { pods: '*v1.Pod', nodes: '*v1.Node' };

/** A refused LIST of one of the scheduler's informers (the informer retries on its own back-off). */
export function logListFailure(ctx: Effects, informer: string, ev: ClientEvent): void {
  if (ev.call.data !== 'list' || ev.kind !== 'response' || ev.response.status < 400) return;
  const type = TYPE_OF[informer] ?? informer;
  const err = `failed to list ${type}: ${statusText(ev.response)}`;
  ctx.log(schedulerLogLine(ctx.now, 'W', 'reflector.go:561', `${INFORMER_FACTORY}: ${err}`));
  ctx.log(schedulerLogLine(ctx.now, 'E', 'reflector.go:158', '"Unhandled Error"', { err: `${INFORMER_FACTORY}: Failed to watch ${type}: ${err}`, logger: 'UnhandledError' }));
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
