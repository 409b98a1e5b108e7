// klog's text format, the one every Kubernetes component writes (`journalctl -u kubelet`, the
// static pods' logs):
//   W0813 09:00:05.123456    2817 reflector.go:561] k8s.io/client-go/informers/factory.go:160: failed to list ...
// Printf-style calls (Warningf) print the message as is; structured calls (InfoS, ErrorS,
// HandleError) quote it and add key="value" pairs, so callers quote such messages themselves.

import { rfc3339Micro } from '../api/time';

export type KlogSeverity = 'I' | 'W' | 'E';

export function klogLine(now: number, pid: number, severity: KlogSeverity, where: string, msg: string, kv: Record<string, unknown> = {}): string {
  const iso = rfc3339Micro(now); // 2024-08-13T09:00:05.123456Z
  const head = `${severity}${iso.slice(5, 7)}${iso.slice(8, 10)} ${iso.slice(11, 26)} ${String(pid).padStart(7)} ${where}]`;
  const pairs = Object.entries(kv).map(([k, v]) => ` ${k}=${JSON.stringify(v) ?? 'null'}`).join('');
  return `${head} ${msg}${pairs}`;
}
