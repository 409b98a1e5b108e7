// A shell on a node, as `ssh <node> -- <command>` reaches it: the seed's chapter 3 troubleshooting
// commands. crictl talks to the node's containerd over CRI messages (so a dead containerd refuses
// the connection); systemctl and journalctl read the host's own systemd and journald through
// ctx.hostProcesses() and act through ctx.systemctl(), which are local to the host, not messages.

import { hasOwn } from '../../api/own-keys';
import { rfc3339 } from '../../api/time';
import type { ComponentType, ConnectionRefused, Effects, Emitted, Message } from '../../kernel/component';
import type { MessageId, ProcessId } from '../../kernel/units';
import { formatGrpcError, parseCriLogLine, type ContainerInfo, type CriCall, type CriResponse, type ImageInfo, type PodSandboxInfo, type PullImageResult, type ReadLogsResult, type RuntimeInfo } from '../../node/runtime/cri';
import type { CliCancel, CliExec, CliOutput } from '../protocol';
import { PIPE_FILTERS, runFilters, splitPipeline } from './pipes';
import { PROXY_TOOLS, proxyTool } from './proxy-tables';
import { cancelFollow, followTick, FOLLOW_TIMER, type JournalFollows } from './journal-follow';
import { output } from './shell-output';
import { conntrack } from './conntrack-command';
import { cancelHostHttp, HOST_HTTP_TIMER, HOST_HTTP_TOOLS, hostHttp, hostHttpResponse, hostHttpTimeout, newHostHttp, type HostHttpState } from './host-http';
import { cat, kill, ls, ps, pstreeCommand } from './proc-commands';
import { connectionRefused, imagesTable, inspectJson, inspectpJson, podsTable, psTable } from './crictl-format';
import { psJson, psYaml } from './crictl-ps-output';
import { filterContainers, parsePsOptions, quietIds, type PsOptions } from './crictl-ps';
import { systemctl, journalctl } from './systemd-commands';
import { startNodeShell } from './start';
import { ETCDCTL_TIMEOUT_TIMER, etcdctl, etcdctlRefused, etcdctlResponse, etcdctlTimeout, type EtcdctlEnv, type EtcdctlState } from './etcdctl';

export interface NodeShellConfig {
  nodeName: string;
  containerd: ProcessId;
  /** The etcd members etcdctl can reach from this host (none: etcdctl finds nothing on 127.0.0.1:2379). */
  etcd?: EtcdctlEnv;
  /** The node's InternalIP, the source of the connections its own processes open (curl, wget). */
  nodeIP?: string;
}

type CrictlCommand = 'ps' | 'pods' | 'images' | 'pull' | 'logs' | 'inspect' | 'inspectp' | 'stop';

interface Pending {
  jobId: number;
  cmd: CrictlCommand;
  all: boolean;
  /** `crictl images --digests`: a DIGEST column. */
  digests?: boolean;
  /** `crictl ps`: its filters and -q. */
  ps?: PsOptions;
  /** The container id (or prefix) for logs/inspect, or the image for pull. */
  arg: string;
  tail?: number;
  /** The id as typed (stop echoes it). */
  given?: string;
  /** logs/inspect first list the containers to resolve an id prefix, then fetch. */
  step: 'list' | 'fetch';
}

export interface NodeShellState {
  node: string;
  containerd: ProcessId;
  pending: Map<MessageId, Pending>;
  /** Units stopped with `systemctl stop` (shown `inactive (dead)` rather than `failed`). */
  stoppedUnits: string[];
  etcdctl: EtcdctlState;
  /** Running `journalctl -f` jobs, by job id. */
  follows: JournalFollows;
  /** The filters after `|` of jobs whose first command has not answered yet, by job id. */
  pipes?: Map<number, string[][]>;
  nodeIP?: string;
  /** curl and wget run on the host (host-http.ts). */
  http?: HostHttpState;
}


function notFound(ctx: Effects, jobId: number, cmd: string): void {
  output(ctx, jobId, '', `bash: ${cmd}: command not found\n`, 127);
}

/**
 * The shell's effects with its outputs passed through the job's pipe filters, whichever message
 * or timer finishes the job (crictl answers after a CRI round trip).
 */
function piped(s: NodeShellState, ctx: Effects): Effects {
  const emit = (e: Emitted): void => {
    const o = e as unknown as CliOutput;
    const stages = o.type === 'cli.output' && !o.partial ? s.pipes?.get(o.jobId) : undefined;
    if (!stages) return ctx.emit(e);
    s.pipes!.delete(o.jobId);
    ctx.emit(runFilters(o, stages) as unknown as Emitted);
  };
  return new Proxy(ctx, {
    get(target, key) {
      if (key === 'emit') return emit;
      const v = Reflect.get(target, key, target) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}

function onExec(s: NodeShellState, ctx: Effects, exec: CliExec): void {
  const [first = [], ...filters] = splitPipeline(exec.argv);
  const missing = filters.find((f) => !PIPE_FILTERS.has(f[0] ?? ''));
  if (missing) return notFound(ctx, exec.jobId, missing[0] ?? '');
  if (filters.length) (s.pipes ??= new Map()).set(exec.jobId, filters);
  const argv = first[0] === 'sudo' ? first.slice(1) : first;
  const [tool = '', ...args] = argv;
  if (tool === '') return output(ctx, exec.jobId, '', '', 0);
  // An external etcd host runs no container runtime, so it has no crictl either.
  if (tool === 'crictl' && s.containerd === '') return notFound(ctx, exec.jobId, tool);
  if (tool === 'crictl') return crictl(s, ctx, exec.jobId, args);
  if (tool === 'systemctl') return systemctl(s, ctx, exec.jobId, args);
  if (tool === 'journalctl') return journalctl(s, ctx, exec.jobId, args);
  if (tool === 'etcdctl') return etcdctl(s.etcdctl, ctx, exec.jobId, args);
  if (tool === 'conntrack' && s.containerd !== '') return conntrack(ctx, exec.jobId, args, s.http?.kernel);
  if (HOST_HTTP_TOOLS.has(tool) && s.containerd !== '') return hostHttp((s.http ??= newHostHttp()), { node: s.node, nodeIP: s.nodeIP ?? '' }, ctx, exec.jobId, argv);
  if (PROXY_TOOLS.has(tool)) return proxyTool(ctx, exec.jobId, tool, args);
  if (tool === 'ps') return ps(ctx, s.node, exec.jobId, args);
  if (tool === 'pstree') return pstreeCommand(ctx, s.node, exec.jobId, args);
  if (tool === 'ls') return ls(ctx, s.node, exec.jobId, args);
  if (tool === 'cat') return cat(ctx, s.node, exec.jobId, args);
  if (tool === 'kill') return kill(ctx, s.node, s.containerd, exec.jobId, args);
  notFound(ctx, exec.jobId, tool);
}

const CRI_FOR: Record<CrictlCommand, CriCall['method']> = {
  ps: 'ListContainers',
  pods: 'ListPodSandbox',
  images: 'ListImages',
  pull: 'PullImage',
  logs: 'ListContainers',
  inspect: 'ListContainers',
  inspectp: 'ListPodSandbox',
  stop: 'ListContainers',
};

function crictl(s: NodeShellState, ctx: Effects, jobId: number, args: string[]): void {
  const sub = args[0] ?? '';
  const rest = args.slice(1);
  const positional = rest.filter((a, i) => !a.startsWith('-') && !(rest[i - 1] === '--tail' || rest[i - 1] === '-n'));
  if (!hasOwn(CRI_FOR, sub)) {
    return output(ctx, jobId, '', `FATA[0000] no help topic for '${sub}'\n`, 1);
  }
  const cmd = sub as CrictlCommand;
  const p: Pending = { jobId, cmd, all: rest.includes('-a') || rest.includes('--all'), arg: positional[0] ?? '', step: 'list' };
  if (cmd === 'images' && rest.includes('--digests')) p.digests = true;
  if (cmd === 'ps') {
    const ps = parsePsOptions(rest);
    if (typeof ps === 'string') return output(ctx, jobId, '', ps, 1);
    p.ps = ps;
  }
  const tailAt = rest.findIndex((a) => a === '--tail' || a === '-n');
  if (tailAt >= 0) {
    // urfave/cli parses --tail as an int64 and refuses anything else.
    const raw = rest[tailAt + 1] ?? '';
    if (!/^[-+]?\d+$/.test(raw) || !Number.isSafeInteger(Number(raw))) return output(ctx, jobId, '', `FATA[0000] invalid value "${raw}" for flag -tail: parse error\n`, 1);
    p.tail = Number(raw);
  }
  if ((cmd === 'logs' || cmd === 'inspect' || cmd === 'inspectp' || cmd === 'pull' || cmd === 'stop') && !p.arg) {
    const what = cmd === 'pull' ? 'image name' : 'ID';
    return output(ctx, jobId, '', `FATA[0000] ${what} cannot be empty\n`, 1);
  }
  const call: CriCall = cmd === 'pull' ? { method: 'PullImage', image: p.arg } : ({ method: CRI_FOR[cmd] } as CriCall);
  sendCri(s, ctx, call, p);
}

function sendCri(s: NodeShellState, ctx: Effects, call: CriCall, p: Pending): void {
  const summary = call.method === 'PullImage' ? `PullImage ${call.image}` : call.method;
  const id = ctx.send(s.containerd, { type: 'cri.request', ...call }, { summary: `crictl: ${summary}`, phase: 'user' });
  s.pending.set(id, p);
}

function onCriResponse(s: NodeShellState, ctx: Effects, r: CriResponse): void {
  const p = s.pending.get(r.requestId);
  if (!p) return;
  s.pending.delete(r.requestId);
  if (r.error) {
    const what: Record<CrictlCommand, string> = { ps: 'listing containers', pods: 'listing pod sandboxes', images: 'listing images', pull: 'pulling image', logs: 'failed to get container status', inspect: 'getting the status of the container', inspectp: 'getting the pod sandbox status', stop: 'stopping the container' };
    return output(ctx, p.jobId, '', `FATA[0000] ${what[p.cmd]}: ${formatGrpcError(r.error)}\n`, 1);
  }
  const res = (r.result ?? {}) as Record<string, unknown>;
  switch (p.cmd) {
    case 'ps': {
      const ps = p.ps ?? { all: p.all, quiet: false, noTrunc: false, latest: false, last: 0, labels: {}, output: 'table' };
      const shown = filterContainers((res.containers as ContainerInfo[]) ?? [], ps);
      if (ps.output === 'json') return output(ctx, p.jobId, psJson(shown), '', 0);
      if (ps.output === 'yaml') return output(ctx, p.jobId, psYaml(shown), '', 0);
      if (ps.output !== 'table') return output(ctx, p.jobId, '', `FATA[0000] listing containers: unsupported output format "${ps.output}"\n`, 1);
      return output(ctx, p.jobId, ps.quiet ? quietIds(shown) : psTable(shown, ctx.now, ps.noTrunc), '', 0);
    }
    case 'pods':
      return output(ctx, p.jobId, podsTable((res.items as PodSandboxInfo[]) ?? [], ctx.now), '', 0);
    case 'inspectp':
      return p.step === 'list' ? resolveSandbox(s, ctx, p, (res.items as PodSandboxInfo[]) ?? []) : output(ctx, p.jobId, inspectpJson(res.status as PodSandboxInfo, res.info as RuntimeInfo, rfc3339), '', 0);
    case 'images':
      return output(ctx, p.jobId, imagesTable((res.images as ImageInfo[]) ?? [], p.digests === true), '', 0);
    case 'pull':
      return output(ctx, p.jobId, `Image is up to date for ${(res as unknown as PullImageResult).imageRef}\n`, '', 0);
    case 'stop':
      // crictl prints each id it stopped, as given on the command line.
      if (p.step === 'fetch') return output(ctx, p.jobId, `${p.given ?? p.arg}\n`, '', 0);
      return resolveContainer(s, ctx, p, (res.containers as ContainerInfo[]) ?? []);
    case 'logs':
    case 'inspect':
      return p.step === 'list' ? resolveContainer(s, ctx, p, (res.containers as ContainerInfo[]) ?? []) : fetched(ctx, p, res);
  }
}

/** inspectp takes a sandbox id or a unique prefix of one. */
function resolveSandbox(s: NodeShellState, ctx: Effects, p: Pending, items: PodSandboxInfo[]): void {
  const sb = items.find((x) => x.id.startsWith(p.arg));
  if (!sb) return output(ctx, p.jobId, '', `FATA[0000] getting the pod sandbox status for "${p.arg}": rpc error: code = NotFound desc = an error occurred when try to find sandbox "${p.arg}": not found\n`, 1);
  sendCri(s, ctx, { method: 'PodSandboxStatus', podSandboxId: sb.id }, { ...p, arg: sb.id, step: 'fetch' });
}

/** crictl accepts any unique prefix of a container id, as the runtime resolves it. */
function resolveContainer(s: NodeShellState, ctx: Effects, p: Pending, containers: ContainerInfo[]): void {
  const c = containers.find((x) => x.id.startsWith(p.arg));
  if (!c) {
    const msg = `rpc error: code = NotFound desc = an error occurred when try to find container "${p.arg}": not found`;
    const what = p.cmd === 'logs' ? 'failed to get container status' : p.cmd === 'stop' ? `stopping the container "${p.arg}"` : 'getting the status of the container';
    return output(ctx, p.jobId, '', `FATA[0000] ${what}: ${msg}\n`, 1);
  }
  const next: Pending = { ...p, arg: c.id, given: p.arg, step: 'fetch' };
  // `crictl stop` asks for no grace (its --timeout defaults to 0): the runtime sends SIGKILL at once.
  if (p.cmd === 'stop') return sendCri(s, ctx, { method: 'StopContainer', containerId: c.id, timeout: 0 }, next);
  const call: CriCall = p.cmd === 'logs' ? { method: 'ReadLogs', containerId: c.id, ...(p.tail !== undefined ? { tailLines: p.tail } : {}) } : { method: 'ContainerStatus', containerId: c.id };
  sendCri(s, ctx, call, next);
}

function fetched(ctx: Effects, p: Pending, res: Record<string, unknown>): void {
  if (p.cmd === 'inspect') return output(ctx, p.jobId, inspectJson(res.status as ContainerInfo, rfc3339, res.info as RuntimeInfo | undefined), '', 0);
  let stdout = '';
  let stderr = '';
  for (const line of (res as unknown as ReadLogsResult).lines ?? []) {
    const l = parseCriLogLine(line);
    if (l.stream === 'stderr') stderr += l.text + '\n';
    else stdout += l.text + '\n';
  }
  output(ctx, p.jobId, stdout, stderr, 0);
}

export const nodeShell: ComponentType<NodeShellState, NodeShellConfig> = {
  kind: 'node-shell',
  start(_ctx, { config }) {
    return startNodeShell(config);
  },
  onMessage(s, msg: Message, effects) {
    const ctx = piped(s, effects);
    const body = msg.body;
    if (body.type === 'cli.exec') return onExec(s, ctx, body as CliExec);
    // Ctrl-C reaches only jobs that keep running; the others answer at once anyway.
    if (body.type === 'cli.cancel') {
      const jobId = (body as CliCancel).jobId;
      if (s.http && cancelHostHttp(s.http, ctx, jobId)) return;
      return void cancelFollow(s.follows, ctx, jobId);
    }
    if (body.type === 'pod.http.response') return void (s.http && hostHttpResponse(s.http, ctx, msg));
    if (body.type === 'cri.response') return onCriResponse(s, ctx, body as CriResponse);
    if (body.type === 'etcd.response') {
      etcdctlResponse(s.etcdctl, ctx, msg);
      return;
    }
    if (body.type === 'conn.refused') {
      const r = body as ConnectionRefused;
      if (etcdctlRefused(s.etcdctl, ctx, r)) return;
      const p = s.pending.get(r.inReplyTo);
      if (!p) return;
      s.pending.delete(r.inReplyTo);
      output(ctx, p.jobId, '', connectionRefused(), 1);
    }
  },
  onTimer(s, t, effects) {
    const ctx = piped(s, effects);
    if (t.name === ETCDCTL_TIMEOUT_TIMER) etcdctlTimeout(s.etcdctl, ctx, t);
    if (t.name === FOLLOW_TIMER) followTick(s.follows, ctx, s.node, t);
    if (t.name === HOST_HTTP_TIMER && s.http) hostHttpTimeout(s.http, ctx, t.payload as number);
  },
};
