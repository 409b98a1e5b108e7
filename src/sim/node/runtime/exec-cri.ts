// containerd's side of CRI Exec. The process environment is built as containerd's CRI plugin builds
// the OCI spec (container_create.go): the default spec's PATH, then HOSTNAME (the sandbox's
// hostname, the pod name), then the image config's Env, then the kubelet's envs; runc adds
// HOME=/root when the exec'd process has none. A container that is not running cannot exec; a
// program missing from the image fails as runc fails to start it, and containerd wraps that error
// (`failed to exec in container: failed to start exec "<id>": OCI runtime exec failed: ...`).

import type { Effects } from '../../kernel/component';
import { hex64 } from '../registry/digest';
import { DEFAULT_PATH, userlandOf } from '../registry/userland';
import type { ContainerConfig, CriRequest, ExecResult } from './cri';
import { execProcess, shellPrompt, shellWords, type ExecContext } from './exec';
import { nslookupCommand, startNslookup } from './nslookup';
import { answer, answerAfter } from './reply';
import { startOutgoing } from './outgoing';
import { httpClientCommand, redisCliPrompt } from './traffic-client';
import type { Container, ContainerdState, Waiter } from './state';

export function processEnv(cfg: ContainerConfig, hostname: string): [string, string][] {
  const env = new Map<string, string>([['PATH', DEFAULT_PATH], ['HOSTNAME', hostname]]);
  for (const [k, v] of userlandOf(cfg.image).imageEnv) env.set(k, v);
  for (const e of cfg.envs ?? []) env.set(e.key, e.value);
  return Array.from(env, ([k, v]) => sharedPair(k, v));
}

/**
 * A container's [name, value] pairs are shared with every container that has the same (frozen):
 * the image's and the Service variables are the same in every pod, and a pair each per container
 * was 1.4 KB per pod in containerd (issue 14, memory per pod). Readers copy the list before adding
 * to it. The table starts again past PAIRS_KEPT; only sharing is lost.
 */
const PAIRS_KEPT = 4096;
let pairs = new Map<string, [string, string]>();
function sharedPair(k: string, v: string): [string, string] {
  const id = `${k}=${v}`;
  let p = pairs.get(id);
  if (!p) {
    if (pairs.size >= PAIRS_KEPT) pairs = new Map();
    p = Object.freeze([k, v]) as [string, string];
    pairs.set(id, p);
  }
  return p;
}

/** What an exec'd process sees of its container. */
export function execContext(s: ContainerdState, c: Container, now: number): ExecContext {
  const env = [...(c.processEnv ?? [])];
  if (!env.some(([k]) => k === 'HOME')) env.push(['HOME', '/root']);
  const hostname = s.sandboxes.get(c.podSandboxId)?.metadata.name ?? '';
  return {
    userland: userlandOf(c.image),
    env,
    // The files its processes created (touch) and its volumes' files.
    files: { ...Object.fromEntries(c.files.map((f) => [f, ''])), ...(c.mounted ?? {}) },
    hostname,
    now,
    startedAt: c.startedAt ?? now,
    mainCommand: c.commandLine ?? '',
    pid: 7 + (c.execs ?? 0),
  };
}

export function execInContainer(s: ContainerdState, ctx: Effects, c: Container, req: Extract<CriRequest, { method: 'Exec' }>, w: Waiter): void {
  if (c.state !== 'CONTAINER_RUNNING') return answer(ctx, w, undefined, { code: 'Unknown', message: `container is in ${c.state} state` });
  c.execs = (c.execs ?? 0) + 1;
  const execId = hex64(`${c.id}:exec:${c.execs}`);
  const ec = execContext(s, c, ctx.now);
  const r = execProcess(req.cmd, ec);
  if (!r.started) {
    const message = `failed to exec in container: failed to start exec "${execId}": OCI runtime exec failed: exec failed: unable to start container process: exec: "${r.missing}": executable file not found in $PATH: unknown`;
    // The stream is already open when runc fails: the failure travels as the exec's result.
    return answerAfter(ctx, w, 0, { exitCode: -1, stdout: '', stderr: '', startError: message } satisfies ExecResult, `Exec ${req.cmd.join(' ')}: ${r.missing} not found`);
  }
  const summary = `Exec ${req.cmd.join(' ')}`;
  // redis-cli without a command, given a terminal and stdin, is its interactive mode: its prompt
  // opens the session as a shell's does, and each line typed is one more `redis-cli <words>`.
  const has = (tool: string): boolean => ec.userland.tools.has(tool);
  const redisPrompt = req.tty && req.stdin ? redisCliPrompt(req.cmd, has) : undefined;
  if (redisPrompt !== undefined) return answerAfter(ctx, w, 0, { exitCode: 0, stdout: '', stderr: '', prompt: redisPrompt } satisfies ExecResult, `${summary}: redis-cli open`);
  // wget and curl go out over the network: the answer comes when the request is done.
  const http = httpClientCommand(req.cmd, has, ec.userland.busyboxRelease);
  if (http && !http.ok) return answerAfter(ctx, w, 0, { exitCode: http.exitCode, stdout: '', stderr: http.stderr } satisfies ExecResult, `${summary}: exit ${http.exitCode}`);
  if (http?.ok) return startOutgoing(s, ctx, c, http.cmd.tool === 'redis-cli' && req.tty ? { ...http.cmd, tty: true } : http.cmd, { waiter: w });
  // nslookup asks the cluster DNS over the network: the answer comes with the replies (dns-client.ts).
  const ns = nslookupCommand(req.cmd, (tool) => ec.userland.tools.has(tool), (script) => shellWords(script, new Map()));
  if (ns) {
    const now = startNslookup(s, ctx, c, ns, { kind: 'exec', waiter: w });
    return now ? answerAfter(ctx, w, 0, now, `${summary}: exit ${now.exitCode}`) : undefined;
  }
  const shell = req.cmd.length === 1 && ['sh', 'ash', 'dash', 'bash'].includes(req.cmd[0]!.split('/').pop()!);
  // A shell with a terminal and stdin attached waits for input: its prompt opens the session.
  if (shell && req.tty && req.stdin) return answerAfter(ctx, w, 0, { exitCode: 0, stdout: '', stderr: '', prompt: shellPrompt(req.cmd[0]!, ec) } satisfies ExecResult, `${summary}: shell open`);
  const o = r.outcome;
  // What it created or removed stays in the container (an exec probe that cats the file sees it).
  for (const ch of o.fileChanges ?? []) {
    if (c.mounted && Object.hasOwn(c.mounted, ch.path)) continue;
    if (ch.op === 'touch' && !c.files.includes(ch.path)) c.files.push(ch.path);
    if (ch.op === 'rm') c.files = c.files.filter((f) => f !== ch.path);
  }
  // `sleep infinity` never ends: the answer never comes, as the real stream stays open until Ctrl-C.
  if (o.runMs === 'forever') return;
  const result: ExecResult = { exitCode: o.exitCode, stdout: o.stdout, stderr: o.stderr };
  answerAfter(ctx, w, o.runMs, result, `${summary}: exit ${o.exitCode}`);
}
