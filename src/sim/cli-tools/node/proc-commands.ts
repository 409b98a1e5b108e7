// The node shell's view of the host's processes (seed, chapter 1: a container is just a process on
// the host, isolated by namespaces and limited by cgroups): `ps`, `pstree -p`, `ls -l /proc/PID/ns`,
// `cat /proc/PID/cgroup`, `cat /sys/fs/cgroup/.../memory.max|cpu.max`, and `kill`, which a shell's
// builtin sends to a PID. A signal to a process containerd started goes to the node's containerd
// (its shim waits on the process and reports the death); a signal to a systemd unit's process
// stops it as `kill` from outside does.

import { rfc3339 } from '../../api/time';
import type { Effects } from '../../kernel/component';
import type { HostSignal } from '../../node/runtime/host-signals';
import type { ProcessId } from '../../kernel/units';
import { hostProcessView, type ProcEntry } from './host-process-view';
import { pstree, psTable, userName } from './ps-format';
import { output } from './shell-output';

const NS_ORDER = ['cgroup', 'ipc', 'mnt', 'net', 'pid', 'pid_for_children', 'time', 'time_for_children', 'user', 'uts'] as const;

export function ps(ctx: Effects, node: string, jobId: number, args: string[]): void {
  const words = args.join(' ');
  const bsd = args.some((a) => !a.startsWith('-') && /a/.test(a) && /u/.test(a) && /x/.test(a));
  const every = args.some((a) => /^-\w*[eA]/.test(a));
  const full = every && args.some((a) => /^-\w*f/.test(a));
  const forest = words.includes('--forest') || args.some((a) => !a.startsWith('-') && a.includes('f'));
  const unknown = args.find((a) => a.startsWith('--') && a !== '--forest');
  if (unknown) return output(ctx, jobId, '', `error: unknown gnu long option\n\nUsage:\n ps [options]\n\n Try 'ps --help <simple|list|output|threads|misc|all>'\n  or 'ps --help <s|l|o|t|m|a>'\n for additional help text.\n\nFor more details see ps(1).\n`, 1);
  const procs = hostProcessView(ctx, node);
  // Plain `ps` lists the processes of the shell's own terminal; the node shell runs none besides itself.
  if (!bsd && !every) return output(ctx, jobId, '    PID TTY          TIME CMD\n', '', 0);
  output(ctx, jobId, psTable(procs, ctx.now, bsd ? 'bsd' : full ? 'full' : 'simple', forest), '', 0);
}

export function pstreeCommand(ctx: Effects, node: string, jobId: number, args: string[]): void {
  const pidArg = args.find((a) => !a.startsWith('-'));
  const root = pidArg === undefined ? 1 : Number(pidArg);
  if (!Number.isSafeInteger(root)) return output(ctx, jobId, '', `No such user name: ${pidArg}\n`, 1);
  const text = pstree(hostProcessView(ctx, node), root);
  // pstree prints nothing and fails when the PID does not exist.
  output(ctx, jobId, text ?? '', '', text ? 0 : 1);
}

function lsTime(ms: number): string {
  const d = rfc3339(ms);
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${months[Number(d.slice(5, 7)) - 1]} ${String(Number(d.slice(8, 10))).padStart(2, ' ')} ${d.slice(11, 16)}`;
}

function findPid(ctx: Effects, node: string, raw: string): ProcEntry | undefined {
  const pid = /^\d+$/.test(raw) ? Number(raw) : raw === 'self' ? 1 : NaN;
  return hostProcessView(ctx, node).find((p) => p.pid === pid);
}

/** `ls -l /proc/PID/ns`: one symlink per namespace, `net -> net:[4026532...]` (GNU ls quotes nothing on a pipe). */
export function ls(ctx: Effects, node: string, jobId: number, args: string[]): void {
  const paths = args.filter((a) => !a.startsWith('-'));
  const long = args.some((a) => /^-\w*l/.test(a));
  const path = (paths[0] ?? '').replace(/\/+$/, '');
  const m = /^\/proc\/(\d+|self)\/ns$/.exec(path);
  if (!m) return output(ctx, jobId, '', `ls: cannot access '${paths[0] ?? ''}': No such file or directory\n`, 2);
  const p = findPid(ctx, node, m[1]!);
  if (!p) return output(ctx, jobId, '', `ls: cannot access '${paths[0]}': No such file or directory\n`, 2);
  if (!long) return output(ctx, jobId, NS_ORDER.join('\n') + '\n', '', 0);
  const user = userName(p.uid);
  const when = lsTime(ctx.now);
  const rows = NS_ORDER.map((name) => {
    const type = name.replace(/_for_children$/, '') as keyof ProcEntry['ns'];
    return `lrwxrwxrwx 1 ${user} ${user} 0 ${when} ${name} -> ${type}:[${p.ns[type]}]`;
  });
  output(ctx, jobId, ['total 0', ...rows].join('\n') + '\n', '', 0);
}

/** The pod slice's limit: the sum of its containers' when every one has one, else `max` (the kubelet's pod-level cgroup). */
function sliceLimit(procs: ProcEntry[], dir: string, file: 'memory.max' | 'cpu.max'): string | undefined {
  const inside = procs.filter((p) => p.cgroup.startsWith(`0::${dir}/`) && p.memoryMax !== undefined);
  if (!/-pod[0-9a-f_]+\.slice$/.test(dir)) return /^\/kubepods\.slice\/kubepods-(besteffort|burstable)\.slice$/.test(dir) ? (file === 'cpu.max' ? 'max 100000' : 'max') : undefined;
  if (!inside.length && !procs.some((p) => p.cgroup.startsWith(`0::${dir}/`))) return undefined;
  const mains = new Map(inside.map((p) => [p.cgroup, p]));
  if (file === 'memory.max') {
    const all = [...mains.values()].map((p) => p.memoryMax!);
    return all.length && all.every((v) => v !== 'max') ? String(all.reduce((a, v) => a + Number(v), 0)) : 'max';
  }
  const quotas = [...mains.values()].map((p) => p.cpuMax!.split(' ')[0]!);
  return quotas.length && quotas.every((v) => v !== 'max') ? `${quotas.reduce((a, v) => a + Number(v), 0)} 100000` : 'max 100000';
}

/** `cat /proc/PID/cgroup` (cgroup v2: one `0::` line) and a scope's or pod slice's memory.max and cpu.max. */
export function cat(ctx: Effects, node: string, jobId: number, args: string[]): void {
  const files = args.filter((a) => !a.startsWith('-'));
  if (!files.length) return output(ctx, jobId, '', '', 0);
  const procs = hostProcessView(ctx, node);
  let stdout = '';
  let stderr = '';
  for (const f of files) {
    const pm = /^\/proc\/(\d+|self)\/cgroup$/.exec(f);
    const p = pm ? findPid(ctx, node, pm[1]!) : undefined;
    if (p) {
      stdout += `${p.cgroup}\n`;
      continue;
    }
    const cm = /^\/sys\/fs\/cgroup(\/.*)\/(memory\.max|cpu\.max)$/.exec(f);
    if (cm) {
      const [, dir, file] = cm as unknown as [string, string, 'memory.max' | 'cpu.max'];
      const scope = procs.find((x) => x.cgroup === `0::${dir}` && x.memoryMax !== undefined);
      const value = scope ? (file === 'memory.max' ? scope.memoryMax : scope.cpuMax) : procs.some((x) => x.cgroup === `0::${dir}`) ? (file === 'memory.max' ? 'max' : 'max 100000') : sliceLimit(procs, dir, file);
      if (value !== undefined) {
        stdout += `${value}\n`;
        continue;
      }
    }
    stderr += `cat: ${f}: No such file or directory\n`;
  }
  output(ctx, jobId, stdout, stderr, stderr ? 1 : 0);
}

const SIGNALS: Record<string, HostSignal['signal'] | 'other'> = { '9': 'SIGKILL', KILL: 'SIGKILL', '15': 'SIGTERM', TERM: 'SIGTERM', '1': 'other', HUP: 'other', '2': 'other', INT: 'other' };

function parseSignal(raw: string): HostSignal['signal'] | 'other' | undefined {
  const name = raw.toUpperCase().replace(/^SIG/, '');
  return SIGNALS[name];
}

/** bash's `kill` builtin: `kill [-s SIG | -SIG] PID...`; SIGTERM when no signal is named. */
export function kill(ctx: Effects, node: string, containerd: ProcessId, jobId: number, args: string[]): void {
  let sig: HostSignal['signal'] | 'other' = 'SIGTERM';
  let rest = args;
  if (rest[0] === '-s' || rest[0] === '-n') {
    const s = parseSignal(rest[1] ?? '');
    if (!s) return output(ctx, jobId, '', `bash: kill: ${rest[1] ?? ''}: invalid signal specification\n`, 1);
    sig = s;
    rest = rest.slice(2);
  } else if (rest[0]?.startsWith('-') && rest[0] !== '--') {
    const s = parseSignal(rest[0].slice(1));
    if (!s) return output(ctx, jobId, '', `bash: kill: ${rest[0].slice(1)}: invalid signal specification\n`, 1);
    sig = s;
    rest = rest.slice(1);
  }
  if (rest[0] === '--') rest = rest.slice(1);
  if (!rest.length) return output(ctx, jobId, '', 'kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]\n', 2);
  const procs = hostProcessView(ctx, node);
  let stderr = '';
  for (const raw of rest) {
    if (!/^\d+$/.test(raw)) {
      stderr += `bash: kill: ${raw}: arguments must be process or job IDs\n`;
      continue;
    }
    const p = procs.find((x) => x.pid === Number(raw));
    if (!p) {
      stderr += `bash: kill: (${raw}) - No such process\n`;
      continue;
    }
    // Signals other than TERM and KILL (HUP, INT) are taken as delivered and change nothing here.
    if (sig === 'other') continue;
    const t = p.target;
    // PID 1 gets no signal it has no handler for, even from root (the kernel protects init).
    if (t.kind === 'init') continue;
    if (t.kind === 'containerd') {
      const body: HostSignal = { type: 'host.signal', pid: p.pid, signal: sig };
      ctx.send(containerd, body, { summary: `${sig} to PID ${p.pid} (${p.comm})`, phase: 'user' });
    } else ctx.systemctl('stop', t.id);
  }
  output(ctx, jobId, '', stderr, stderr ? 1 : 0);
}
