// What systemctl and journalctl (systemd 252, Debian 12 / Ubuntu) print for the units of a kubeadm
// node: `systemctl status` in its layout, journal lines with journald's `Aug 13 09:00:05 host unit[pid]:`
// prefix. The facts come from hostProcesses() (the host's systemd and journald).

import { rfc3339 } from '../../api/time';
import type { HostProcessInfo } from '../../kernel/component';

export interface UnitInfo {
  unit: string;
  description: string;
  path: string;
  docs: string;
  binary: string;
  /** The PID of the first incarnation; later ones count up, as a restarted service gets a new PID. */
  pid: number;
  dropIn?: string;
}

/**
 * The systemd units of a kubeadm node, by process kind. kube-proxy is not one: kubeadm runs it as a
 * DaemonSet pod, so `systemctl status kube-proxy` finds no unit, as on a real node.
 */
export const UNITS: Record<string, UnitInfo> = {
  kubelet: {
    unit: 'kubelet.service',
    description: 'kubelet: The Kubernetes Node Agent',
    path: '/usr/lib/systemd/system/kubelet.service',
    docs: 'https://kubernetes.io/docs/',
    binary: '/usr/bin/kubelet --bootstrap-kubeconfig=/etc/kubernetes/bootstrap-kubelet.conf --kubeconfig=/etc/kubernetes/kubelet.conf --config=/var/lib/kubelet/config.yaml',
    pid: 2817,
    dropIn: '10-kubeadm.conf',
  },
  containerd: {
    unit: 'containerd.service',
    description: 'containerd container runtime',
    path: '/lib/systemd/system/containerd.service',
    docs: 'https://containerd.io',
    binary: '/usr/bin/containerd',
    pid: 712,
  },
};

/** `Tue 2024-08-13 09:00:05 UTC` (systemd's timestamp style). */
export function systemdTime(ms: number): string {
  const iso = rfc3339(ms);
  // Time 0 is Tuesday 2024-08-13 09:00:00 UTC (src/sim/api/time.ts).
  const days = Math.floor((ms + 9 * 3_600_000) / 86_400_000);
  const wd = ['Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun', 'Mon'][((days % 7) + 7) % 7]!;
  return `${wd} ${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** journald's short format prefix: `Aug 13 09:00:05`. */
export function journalTime(ms: number): string {
  const iso = rfc3339(ms);
  return `${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(8, 10)} ${iso.slice(11, 19)}`;
}

/** systemd's `5s ago`, `3min 2s ago`, `1h 4min ago`. */
export function ago(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s}s ago`;
  const m = Math.floor(s / 60);
  if (m < 60) return s % 60 ? `${m}min ${s % 60}s ago` : `${m}min ago`;
  const h = Math.floor(m / 60);
  return m % 60 ? `${h}h ${m % 60}min ago` : `${h}h ago`;
}

export function pidOf(u: UnitInfo, p: HostProcessInfo): number {
  return u.pid + Math.max(0, p.incarnation - 1) * 131;
}

export function journalLines(u: UnitInfo, p: HostProcessInfo, host: string, n?: number): string[] {
  const name = u.unit.replace(/\.service$/, '');
  const lines = p.log.map((l) => `${journalTime(l.time)} ${host} ${name}[${pidOf(u, p)}]: ${l.line}`);
  return n === undefined ? lines : lines.slice(Math.max(0, lines.length - n));
}

/**
 * `systemctl status <unit>`: exit 0 when active, 3 when not. A unit stopped with systemctl is
 * `inactive (dead)`; one whose process was killed is `failed (Result: signal)`.
 */
export function statusText(u: UnitInfo, p: HostProcessInfo, host: string, now: number, stoppedByUser: boolean): { text: string; exitCode: number } {
  const pid = pidOf(u, p);
  const out: string[] = [];
  let active: string;
  if (p.alive) active = `active (running) since ${systemdTime(p.startedAt ?? now)}; ${ago(now - (p.startedAt ?? now))}`;
  else if (p.since === undefined || stoppedByUser) active = p.since === undefined ? 'inactive (dead)' : `inactive (dead) since ${systemdTime(p.since)}; ${ago(now - p.since)}`;
  else active = `failed (Result: signal) since ${systemdTime(p.since)}; ${ago(now - p.since)}`;
  const dot = p.alive ? '●' : p.since !== undefined && !stoppedByUser ? '×' : '○';
  out.push(`${dot} ${u.unit} - ${u.description}`);
  out.push(`     Loaded: loaded (${u.path}; enabled; preset: enabled)`);
  if (u.dropIn) out.push(`    Drop-In: /usr/lib/systemd/system/${u.unit}.d`, `             └─${u.dropIn}`);
  out.push(`     Active: ${active}`);
  out.push(`       Docs: ${u.docs}`);
  if (p.alive) {
    out.push(`   Main PID: ${pid} (${u.unit.replace(/\.service$/, '')})`);
    out.push(`     CGroup: /system.slice/${u.unit}`, `             └─${pid} ${u.binary}`);
  } else if (p.since !== undefined) {
    out.push(`    Process: ${pid} ExecStart=${u.binary.split(' ')[0]} (code=${stoppedByUser ? 'exited, status=0/SUCCESS' : 'killed, signal=KILL'})`);
    out.push(`   Main PID: ${pid} (code=${stoppedByUser ? 'exited, status=0/SUCCESS' : 'killed, signal=KILL'})`);
  }
  const tail = journalLines(u, p, host, 10);
  if (tail.length) out.push('', ...tail);
  return { text: out.join('\n') + '\n', exitCode: p.alive ? 0 : 3 };
}
