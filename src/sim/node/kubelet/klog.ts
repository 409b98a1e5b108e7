// klog's text header, as `journalctl -u kubelet` shows the kubelet's structured logs:
//   I0813 09:00:05.123456    2817 kubelet.go:2410] "SyncLoop ADD" source="api" pods=["default/web"]

import { rfc3339Micro } from '../../api/time';
import type { Effects } from '../../kernel/component';

const KUBELET_PID = 2817;

function value(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v);
  return JSON.stringify(v) ?? 'null';
}

export function klogLine(now: number, severity: 'I' | 'W' | 'E', where: string, msg: string, kv: Record<string, unknown> = {}): string {
  const iso = rfc3339Micro(now); // 2024-08-13T09:00:05.123456Z
  const head = `${severity}${iso.slice(5, 7)}${iso.slice(8, 10)} ${iso.slice(11, 26)} ${String(KUBELET_PID).padStart(7)} ${where}]`;
  const pairs = Object.entries(kv).map(([k, v]) => ` ${k}=${value(v)}`).join('');
  return `${head} ${JSON.stringify(msg)}${pairs}`;
}

export function klog(ctx: Effects, severity: 'I' | 'W' | 'E', where: string, msg: string, kv: Record<string, unknown> = {}): void {
  ctx.log(klogLine(ctx.now, severity, where, msg, kv));
}
