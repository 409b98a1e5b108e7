// klog's text header, as `journalctl -u kubelet` shows the kubelet's structured logs:
//   I0813 09:00:05.123456    2817 kubelet.go:2410] "SyncLoop ADD" source="api" pods=["default/web"]

import { klogLine as klogText } from '../../client/klog';
import type { Effects } from '../../kernel/component';

export const KUBELET_PID = 2817;

export function klogLine(now: number, severity: 'I' | 'W' | 'E', where: string, msg: string, kv: Record<string, unknown> = {}): string {
  return klogText(now, KUBELET_PID, severity, where, JSON.stringify(msg), kv);
}

export function klog(ctx: Effects, severity: 'I' | 'W' | 'E', where: string, msg: string, kv: Record<string, unknown> = {}): void {
  ctx.log(klogLine(ctx.now, severity, where, msg, kv));
}
