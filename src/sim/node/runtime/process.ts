// Running a container's program: the runtime walks its steps on timers, writes its log lines in
// the CRI log format, opens its ports, and records the exit. Signals follow Linux: SIGTERM ends a
// server at once; a shell as PID 1 has no handler, so SIGTERM does nothing and SIGKILL (exit 137)
// comes when the grace period ends.

import { rfc3339Micro } from '../../api/time';
import type { Effects } from '../../kernel/component';
import type { Step } from '../registry/program';
import type { ContainerInfo, CriContainerEvent, ExecSyncResult, ProbeResponse } from './cri';
import { logLines } from '../registry/shell';
import { userlandOf } from '../registry/userland';
import { startReplication } from './redis-server';
import { onUntilResolvesDone, startUntilResolves } from './dns-lookup';
import { stopCoreDns } from '../coredns/coredns';
import { stopMetricsServer } from '../metrics-server/metrics-server';
import { answerMetricsApi } from '../metrics-server/metrics-api';
import { answer } from './reply';
import { endContainerProcesses } from './host-pids';
import { LOG_LINES_KEPT, clog, nanoTime, type Container, type ContainerdState } from './state';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const STEP_TIMER = 'container.step';
export const KILL_TIMER = 'container.kill';
/** A loop with no sleep in it would spin forever; after this many steps in one go it is left running. */
const MAX_STEPS_AT_ONCE = 500;

/** Fill the time placeholders real programs print (nginx, redis, bitnami's `date +%T.%2N`, klog, mysqld, date). */
export function fillPlaceholders(text: string, now: number, podIP: string): string {
  if (!text.includes('{')) return text;
  const iso = rfc3339Micro(now); // 2024-08-13T09:00:05.123000Z
  const [date, time] = [iso.slice(0, 10), iso.slice(11, 19)];
  const [y, mo, d] = date.split('-');
  const ms = iso.slice(20, 23);
  const weekday = DAYS[(Math.floor((Date.UTC(Number(y), Number(mo) - 1, Number(d)) / 86_400_000)) + 4) % 7]!;
  return text
    .replace(/\{nginxTime\}/g, `${y}/${mo}/${d} ${time}`)
    .replace(/\{bitnamiTime\}/g, `${time}.${ms.slice(0, 2)}`)
    .replace(/\{redisTime\}/g, `${d} ${MONTHS[Number(mo) - 1]} ${y} ${time}.${ms}`)
    .replace(/\{klogTime\}/g, `${mo}${d} ${time}.${iso.slice(20, 26)}`)
    .replace(/\{isoTime\}/g, `${date}T${time}.${ms}+00:00`)
    .replace(/\{mysqlTime\}/g, iso)
    .replace(/\{mysql56Time\}/g, `${date} ${time}`)
    // postgres's %m: `2024-08-13 09:00:05.123 UTC`; `date --rfc-3339=seconds`: `2024-08-13 09:00:05+00:00`.
    .replace(/\{pgTime\}/g, `${date} ${time}.${ms} UTC`)
    // postgres's `database system was shut down at %s` (a log_timezone time to the second).
    .replace(/\{pgSeconds\}/g, `${date} ${time} UTC`)
    .replace(/\{rfc3339Seconds\}/g, `${date} ${time}+00:00`)
    .replace(/\{dateTime\}/g, `${weekday} ${MONTHS[Number(mo) - 1]} ${d} ${time} UTC ${y}`)
    // Apache httpd's error log (server/log.c, `[%{u}t]`): `Thu Jan 30 08:41:12.520394 2025`.
    .replace(/\{apacheTime\}/g, `${weekday} ${MONTHS[Number(mo) - 1]} ${d} ${time}.${iso.slice(20, 26)} ${y}`)
    .replace(/\{podIP\}/g, podIP);
}

export function containerInfo(c: Container): ContainerInfo {
  const { program: _p, frames: _f, files: _fi, listening: _l, logs: _lo, nextAt: _n, timer: _t, killTimer: _k, stopWaiters: _w, memoryLimitInBytes: _ml, memoryBytes: _mb, killAt: _ka, processEnv: _pe, mounted: _mo, commandLine: _cl, execs: _ex, redis: _rd, command: _cm, args: _ar, pid: _pid, ns: _ns, cpuQuota: _cq, cpuPeriod: _cp, ...info } = c;
  return info;
}

function notify(s: ContainerdState, ctx: Effects, c: Container, type: CriContainerEvent['containerEventType']): void {
  for (const sub of s.subscribers) {
    const ev: CriContainerEvent = { type: 'cri.event', containerEventType: type, container: containerInfo(c) };
    ctx.send({ process: sub.process, incarnation: sub.incarnation }, ev, {
      summary: `${type} ${c.metadata.name} (exit ${c.exitCode ?? '-'})`,
      phase: 'execution',
      stream: sub.stream,
    });
  }
}

/**
 * nginx's master forks one worker per online CPU of the host (the image's `worker_processes auto;`:
 * ngx_ncpu = sysconf(_SC_NPROCESSORS_ONLN), nginx src/os/unix/ngx_posix_init.c; a container sees all
 * of them), and each worker gets its own `start worker process %P` (ngx_process.c) and, when it
 * stops, its own lines: a line naming `{workerPid}` is written once per worker, pids from 29 on.
 */
export function perWorker(text: string, cpus = 2): string[] {
  if (!text.includes('{workerPid}')) return [text];
  return Array.from({ length: Math.max(1, cpus) }, (_, i) => text.replace(/\{workerPid\}/g, String(29 + i)));
}

export function writeLog(s: ContainerdState, c: Container, stream: 'stdout' | 'stderr', text: string, now: number): void {
  const ip = s.sandboxes.get(c.podSandboxId)?.ip ?? '';
  // The container's hostname is its pod's name (mysqld's `<hostname>.err`).
  const named = text.includes('{hostname}') ? text.replace(/\{hostname\}/g, s.sandboxes.get(c.podSandboxId)?.metadata.name ?? '') : text;
  c.logs.push({ t: now, stream, text: fillPlaceholders(named, now, ip) });
  if (c.logs.length > LOG_LINES_KEPT) c.logs.splice(0, c.logs.length - LOG_LINES_KEPT);
}

/** CRI log format: `<RFC3339Nano> <stream> F <text>`. */
export function criLogLines(c: Container, tailLines?: number): string[] {
  const entries = tailLines !== undefined ? c.logs.slice(Math.max(0, c.logs.length - tailLines)) : c.logs;
  return entries.map((e) => `${nanoTime(e.t)} ${e.stream} F ${e.text}`);
}

export function startProgram(s: ContainerdState, c: Container, ctx: Effects): void {
  c.state = 'CONTAINER_RUNNING';
  c.startedAt = ctx.now;
  c.frames = [{ steps: c.program.steps, pc: 0, loop: false }];
  advance(s, c, ctx);
}

/** Run steps until one waits (sleep, wait) or the program ends. */
export function advance(s: ContainerdState, c: Container, ctx: Effects): void {
  c.nextAt = undefined;
  c.timer = undefined;
  for (let n = 0; n < MAX_STEPS_AT_ONCE; n++) {
    const f = c.frames.at(-1);
    if (!f) return exitContainer(s, c, 0, ctx);
    if (f.pc >= f.steps.length) {
      if (f.loop && f.steps.length) f.pc = 0;
      else c.frames.pop();
      continue;
    }
    const step: Step = f.steps[f.pc++]!;
    switch (step.op) {
      case 'log':
        for (const text of perWorker(step.text, s.config.cpus)) writeLog(s, c, step.stream, text, ctx.now);
        break;
      case 'sleep':
        c.nextAt = ctx.now + step.ms;
        c.timer = ctx.setTimer(step.ms, STEP_TIMER, c.id);
        return;
      case 'exit':
        return exitContainer(s, c, step.code, ctx);
      case 'listen':
        c.listening.push(step.http ? { port: step.port, http: step.http } : { port: step.port });
        break;
      case 'touch':
        if (!c.files.includes(step.path)) c.files.push(step.path);
        break;
      case 'rm':
        c.files = c.files.filter((p) => p !== step.path);
        break;
      case 'loop':
        c.frames.push({ steps: step.body, pc: 0, loop: true });
        break;
      case 'wait':
        return;
      case 'untilResolves': {
        // The lookup goes out over the network; the loop goes on when its answer comes (dns-client.ts).
        const now = startUntilResolves(s, c, step, ctx);
        if (!now) return;
        onUntilResolvesDone(c, step.host, step.body, now, (stream, text) => writeLog(s, c, stream, text, ctx.now));
        break;
      }
      case 'replicaof':
        startReplication(s, c, step, ctx);
        break;
      case 'cat':
        for (const l of logLines(c.mounted?.[step.path] ?? '')) if (l.op === 'log') writeLog(s, c, l.stream, l.text, ctx.now);
        break;
      case 'alloc':
        c.memoryBytes = (c.memoryBytes ?? 0) + step.bytes;
        if (c.memoryLimitInBytes !== undefined && c.memoryBytes > c.memoryLimitInBytes) return oomKill(s, c, ctx);
        break;
    }
  }
}

export function onStepTimer(s: ContainerdState, id: string, ctx: Effects): void {
  const c = s.containers.get(id);
  if (c && c.state === 'CONTAINER_RUNNING') advance(s, c, ctx);
}

/**
 * The cgroup went over memory.max: the kernel's OOM killer sends SIGKILL to the container's
 * processes (the whole cgroup, as the kubelet asks with memory.oom.group on cgroup v2), and
 * containerd reports the exit with reason OOMKilled from the TaskOOM event it saw.
 */
function oomKill(s: ContainerdState, c: Container, ctx: Effects): void {
  clog(ctx, 'info', `TaskOOM event container_id:"${c.id}"`);
  exitContainer(s, c, 137, ctx, 'SIGKILL', 'OOMKilled');
}

/** The container's main process ended. Answers StopContainer calls waiting on it. */
export function exitContainer(s: ContainerdState, c: Container, code: number, ctx: Effects, signal?: 'SIGKILL' | 'SIGTERM', reason?: string): void {
  if (c.state !== 'CONTAINER_RUNNING') return;
  if (c.timer !== undefined) ctx.cancelTimer(c.timer);
  if (c.killTimer !== undefined) ctx.cancelTimer(c.killTimer);
  c.timer = c.killTimer = c.nextAt = c.killAt = undefined;
  c.state = 'CONTAINER_EXITED';
  c.exitCode = code;
  c.finishedAt = ctx.now;
  c.reason = reason ?? (code === 0 ? 'Completed' : 'Error');
  c.memoryBytes = undefined;
  c.listening = [];
  c.frames = [];
  stopCoreDns(s, ctx, c.id);
  stopMetricsServer(s, ctx, c.id);
  endContainerProcesses(s, c.id);
  clog(ctx, 'info', `TaskExit event container_id:"${c.id}" exit_status:${code}${signal ? ` (${signal})` : ''}`);
  notify(s, ctx, c, 'CONTAINER_STOPPED_EVENT');
  for (const w of c.stopWaiters) answer(ctx, w, {});
  c.stopWaiters = [];
}

/** SIGTERM, then SIGKILL after `timeoutSec` (StopContainer). */
export function stopContainer(s: ContainerdState, c: Container, timeoutSec: number, ctx: Effects): void {
  if (c.state !== 'CONTAINER_RUNNING') return;
  if (timeoutSec <= 0) return exitContainer(s, c, 137, ctx, 'SIGKILL');
  // containerd's CRI StopContainer sends the image's STOPSIGNAL and logs it as Go prints a
  // syscall.Signal (`terminated`, `quit`, `window changed`).
  const signal = c.program.stopSignal === 'SIGQUIT' ? 'quit' : c.program.stopSignal === 'SIGWINCH' ? 'window changed' : 'terminated';
  clog(ctx, 'info', `Stop container "${c.id}" with signal ${signal}`);
  if (c.program.onSigterm === 'exit0') {
    for (const l of c.program.sigtermLogs ?? []) for (const text of perWorker(l.text, s.config.cpus)) writeLog(s, c, l.stream, text, ctx.now);
    return exitContainer(s, c, 0, ctx, 'SIGTERM');
  }
  // A second StopContainer with a shorter timeout (the pod's grace period was shortened by a
  // second delete) brings the SIGKILL forward; a longer one never pushes it back.
  const due = ctx.now + timeoutSec * 1000;
  if (c.killTimer !== undefined && (c.killAt ?? Infinity) <= due) return;
  if (c.killTimer !== undefined) ctx.cancelTimer(c.killTimer);
  c.killTimer = ctx.setTimer(timeoutSec * 1000, KILL_TIMER, c.id);
  c.killAt = due;
}

export function onKillTimer(s: ContainerdState, id: string, ctx: Effects): void {
  const c = s.containers.get(id);
  if (!c) return;
  c.killTimer = c.killAt = undefined;
  clog(ctx, 'info', `Kill container "${c.id}"`);
  exitContainer(s, c, 137, ctx, 'SIGKILL');
}

/** What a kubelet probe dialling ip:port finds. */
export function probeTarget(s: ContainerdState, ip: string, port: number, path: string | undefined, kind: 'http' | 'tcp', now: number): Omit<ProbeResponse, 'type' | 'requestId'> {
  for (const c of s.containers.values()) {
    if (c.state !== 'CONTAINER_RUNNING' || s.sandboxes.get(c.podSandboxId)?.ip !== ip) continue;
    const l = c.listening.find((x) => x.port === port);
    if (!l) continue;
    if (kind === 'tcp') return { outcome: 'open' };
    if (!l.http) return { outcome: 'http', statusCode: 400 };
    const ms = l.http.metricsServer ? s.metricsServers?.get(c.id) : undefined;
    if (ms) return { outcome: 'http', statusCode: answerMetricsApi(ms, path ?? '/', now).status };
    const failed = l.http.failAfterMs !== undefined && now - (c.startedAt ?? now) >= l.http.failAfterMs;
    const known = l.http.okPaths.includes('*') || l.http.okPaths.includes(path ?? '/');
    return { outcome: 'http', statusCode: failed ? 500 : known ? 200 : 404 };
  }
  return { outcome: 'refused' };
}

/** ExecSync inside a running container: the few commands probes use. */
export function execIn(c: Container, cmd: string[]): ExecSyncResult {
  const argv = cmd[0] && /(^|\/)(ba)?sh$/.test(cmd[0]) && cmd[1] === '-c' ? (cmd[2] ?? '').trim().split(/\s+/) : cmd;
  const [name, ...rest] = argv;
  const files = rest.filter((a) => !a.startsWith('-'));
  switch (name) {
    case 'cat':
    case 'ls':
    case 'test': {
      const missing = files.find((f) => !c.files.includes(f));
      if (!missing) return { exitCode: 0, stdout: '', stderr: '' };
      // busybox's applets, or GNU coreutils in a Debian-based image (nginx): cat.c and ls.c's texts.
      const gnu = userlandOf(c.image).shell !== 'busybox';
      const err = name === 'cat' ? (gnu ? `cat: ${missing}: No such file or directory` : `cat: can't open '${missing}': No such file or directory`) : name === 'ls' ? (gnu ? `ls: cannot access '${missing}': No such file or directory` : `ls: ${missing}: No such file or directory`) : '';
      return { exitCode: 1, stdout: '', stderr: err };
    }
    case 'false':
      return { exitCode: 1, stdout: '', stderr: '' };
    case 'exit':
      return { exitCode: Number(rest[0] ?? 0) || 0, stdout: '', stderr: '' };
    default:
      return { exitCode: 0, stdout: '', stderr: '' };
  }
}
