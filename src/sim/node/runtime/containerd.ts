// containerd with its CRI plugin, the runtime the kubelet drives over CRI (seed ch. 3: "CRI: a
// standard gRPC interface: RunPodSandbox, PullImage, CreateContainer, StartContainer"). It pulls
// images from the registry, creates pod sandboxes (pause container + network namespace, with an IP
// from the CNI plugin), runs containers' programs and keeps their logs. Its containers outlive a
// restart of containerd itself, as containerd-shim keeps them; the kubelet is a separate process.

import type { ComponentType, ConnectionRefused, Effects, Message, Timer } from '../../kernel/component';
import { hex64 } from '../registry/digest';
import { programFor } from '../registry/behaviour';
import { normalizeImage } from '../registry/reference';
import type { RegistryResolveResponse } from '../registry/registry';
import type { CniRequest, CniResponse } from '../cni/cni';
import type { CreateContainerResult, CriRequest, ProbeRequest, ProbeResponse, ReadLogsResult, RunPodSandboxResult } from './cri';
import { PULL_DONE_TIMER, REGISTRY_TIMEOUT_TIMER, findImage, imageInfo, onPullDone, onRegistryRefused, onRegistryResponse, onRegistryTimeout, startPull } from './images';
import { KILL_TIMER, containerInfo, criLogLines, execIn, onKillTimer, onStepTimer, probeTarget, startProgram, stopContainer } from './process';
import { execInContainer, processEnv } from './exec-cri';
import { dnsClientOnMessage, dnsClientOnTimer } from './dns-client';
import { corednsOnMessage, corednsOnTimer, restartCoreDns, startCoreDns } from '../coredns/coredns';
import { metricsServerOnMessage, metricsServerOnTimer, restartMetricsServers, startMetricsServer } from '../metrics-server/metrics-server';
import { OUTGOING_TIMER, outgoingOnMessage, outgoingOnTimer } from './outgoing';
import { REPLICATION_RETRY_TIMER, onReplicationRetry, propagateWrite } from './redis-server';
import { LOAD_TIMER, onLoadTimer, onTrafficStart, type TrafficStart } from './load-generator';
import { createNodeKernel } from '../kernel/packet-path';
import type { VolumeUpdate } from './cri';
import { ANSWER_TIMER, answer, answerNow, type DeferredAnswer } from './reply';
import { CONTAINERD_REVISION, CONTAINERD_VERSION, SANDBOX_IMAGE, clog, type Container, type ContainerdConfig, type ContainerdState, type Sandbox, type Waiter } from './state';
import { resolveReference } from '../registry/registry';
import { portForward } from './port-forward';
import { afterPowerLossPids, endSandboxProcesses, newPidTable, startContainerProcesses, startSandboxProcesses } from './host-pids';
import { containerVerboseInfo, onHostSignal, sandboxInfo, sandboxVerboseInfo, type HostSignal } from './host-signals';
import type { PodSandboxStatusResult } from './cri';
import { keptString } from '../../kernel/flat-string';

export type { ContainerdConfig } from './state';
export { CONTAINERD_VERSION } from './state';

type Persisted = Pick<ContainerdState, 'images' | 'sandboxes' | 'containers' | 'counters' | 'kernel' | 'pids'> & { boot?: number };

function waiterOf(msg: Message, req: CriRequest, ctx: Effects): Waiter {
  const w: Waiter = { to: { process: msg.from, incarnation: msg.fromIncarnation }, requestId: msg.id, method: req.method, cause: ctx.cause() };
  if (msg.object) w.object = msg.object;
  return w;
}

function nextId(s: ContainerdState, what: string): string {
  s.counters.seq++;
  return hex64(`${s.config.nodeName}:${what}:${s.counters.seq}`);
}

// ---------------------------------------------------------------- sandboxes

function runPodSandbox(s: ContainerdState, ctx: Effects, req: Extract<CriRequest, { method: 'RunPodSandbox' }>, w: Waiter): void {
  const m = req.metadata;
  clog(ctx, 'info', `RunPodSandbox for &PodSandboxMetadata{Name:${m.name},Uid:${m.uid},Namespace:${m.namespace},Attempt:${m.attempt},}`);
  const id = nextId(s, `sandbox:${m.uid}`);
  const sb: Sandbox = { id, metadata: m, state: 'SANDBOX_NOTREADY', createdAt: ctx.now, labels: req.labels, creating: w };
  if (req.linux?.cgroupParent) sb.cgroupParent = keptString(req.linux.cgroupParent);
  s.sandboxes.set(id, sb);
  if (!findImage(s, SANDBOX_IMAGE)) startPull(s, ctx, SANDBOX_IMAGE, undefined, id);
  else setupNetwork(s, ctx, sb);
}

function setupNetwork(s: ContainerdState, ctx: Effects, sb: Sandbox): void {
  const req: CniRequest = { type: 'cni.add', containerId: sb.id, podNamespace: sb.metadata.namespace, podName: sb.metadata.name };
  const id = ctx.send(s.config.cni, req, { summary: `CNI ADD ${sb.metadata.name}`, phase: 'networking', object: { kind: 'Pod', name: sb.metadata.name, namespace: sb.metadata.namespace } });
  s.cniCalls.set(id, sb.id);
}

function failSandbox(s: ContainerdState, ctx: Effects, sbId: string, message: string): void {
  const sb = s.sandboxes.get(sbId);
  if (!sb?.creating) return;
  clog(ctx, 'error', `RunPodSandbox for &PodSandboxMetadata{Name:${sb.metadata.name},Uid:${sb.metadata.uid},Namespace:${sb.metadata.namespace},Attempt:${sb.metadata.attempt},} failed`, `error="${message.replace(/"/g, '\\"')}"`);
  answer(ctx, sb.creating, undefined, { code: 'Unknown', message }, `RunPodSandbox ${sb.metadata.name}: failed`);
  s.sandboxes.delete(sbId);
}

function onCniResponse(s: ContainerdState, ctx: Effects, r: CniResponse): void {
  const sbId = s.cniCalls.get(r.requestId);
  s.cniCalls.delete(r.requestId);
  const sb = sbId ? s.sandboxes.get(sbId) : undefined;
  if (!sb) return;
  if (r.op === 'DEL') return finishStopSandbox(ctx, sb);
  if (!r.ok || !r.ip) return failSandbox(s, ctx, sb.id, `failed to setup network for sandbox "${sb.id}": plugin type="bridge" failed (add): ${r.error ?? 'unknown error'}`);
  sb.ip = r.ip;
  sb.state = 'SANDBOX_READY';
  startSandboxProcesses(s, sb, ctx.now);
  clog(ctx, 'info', `RunPodSandbox for &PodSandboxMetadata{Name:${sb.metadata.name},Uid:${sb.metadata.uid},Namespace:${sb.metadata.namespace},Attempt:${sb.metadata.attempt},} returns sandbox id "${sb.id}"`);
  const w = sb.creating!;
  sb.creating = undefined;
  answer(ctx, w, { podSandboxId: sb.id, ip: r.ip } satisfies RunPodSandboxResult, undefined, `RunPodSandbox ${sb.metadata.name}: ready, IP ${r.ip}`);
}

function stopPodSandbox(s: ContainerdState, ctx: Effects, sb: Sandbox, w: Waiter): void {
  clog(ctx, 'info', `StopPodSandbox for "${sb.id}"`);
  for (const c of s.containers.values()) if (c.podSandboxId === sb.id) stopContainer(s, c, 0, ctx);
  endSandboxProcesses(s, sb.id);
  // A sandbox that died with its machine still holds its IP: the network is torn down all the same.
  if ((sb.state === 'SANDBOX_NOTREADY' && !sb.networkLeft) || !sb.ip) return answer(ctx, w, {});
  sb.stopping = w;
  const req: CniRequest = { type: 'cni.del', containerId: sb.id, podNamespace: sb.metadata.namespace, podName: sb.metadata.name };
  const id = ctx.send(s.config.cni, req, { summary: `CNI DEL ${sb.metadata.name}`, phase: 'networking' });
  s.cniCalls.set(id, sb.id);
}

function finishStopSandbox(ctx: Effects, sb: Sandbox): void {
  sb.state = 'SANDBOX_NOTREADY';
  sb.networkLeft = undefined;
  clog(ctx, 'info', `TearDown network for sandbox "${sb.id}" successfully`);
  if (sb.stopping) answer(ctx, sb.stopping, {}, undefined, `StopPodSandbox ${sb.metadata.name}: OK`);
  sb.stopping = undefined;
}

// ---------------------------------------------------------------- containers

function createContainer(s: ContainerdState, ctx: Effects, req: Extract<CriRequest, { method: 'CreateContainer' }>, w: Waiter): void {
  const sb = s.sandboxes.get(req.podSandboxId);
  const cfg = req.config;
  clog(ctx, 'info', `CreateContainer within sandbox "${req.podSandboxId}" for container &ContainerMetadata{Name:${cfg.name},Attempt:${cfg.attempt},}`);
  if (!sb || sb.state !== 'SANDBOX_READY') return answer(ctx, w, undefined, { code: 'NotFound', message: `failed to get sandbox "${req.podSandboxId}": not found` });
  const img = findImage(s, cfg.image);
  if (!img) return answer(ctx, w, undefined, { code: 'NotFound', message: `failed to create containerd container: get image "${normalizeImage(cfg.image)}": not found` });
  const id = nextId(s, `container:${sb.metadata.uid}:${cfg.name}`);
  const c: Container = {
    id, podSandboxId: sb.id, metadata: { name: cfg.name, attempt: cfg.attempt }, image: normalizeImage(cfg.image), imageRef: img.id,
    state: 'CONTAINER_CREATED', createdAt: ctx.now, labels: cfg.labels,
    program: programFor(cfg.image, cfg.command, cfg.args, { env: (cfg.envs ?? []).map((e) => [e.key, e.value]), files: cfg.mountedFiles ?? {}, kept: cfg.keptMounts ?? [] }), frames: [], files: [], listening: [], logs: [], stopWaiters: [],
    processEnv: processEnv(cfg, sb.metadata.name), mounted: cfg.mountedFiles ?? {}, commandLine: [...(cfg.command ?? []), ...(cfg.args ?? [])].join(' '),
  };
  const limit = cfg.linux?.resources.memoryLimitInBytes;
  if (limit) c.memoryLimitInBytes = limit;
  if (cfg.command) c.command = cfg.command;
  if (cfg.args) c.args = cfg.args;
  const quota = cfg.linux?.resources.cpuQuota;
  if (quota) [c.cpuQuota, c.cpuPeriod] = [quota, cfg.linux?.resources.cpuPeriod ?? 100_000];
  if (cfg.mountedFiles) c.mounted = cfg.mountedFiles;
  s.containers.set(id, c);
  clog(ctx, 'info', `CreateContainer within sandbox "${sb.id}" for &ContainerMetadata{Name:${cfg.name},Attempt:${cfg.attempt},} returns container id "${id}"`);
  answer(ctx, w, { containerId: id } satisfies CreateContainerResult, undefined, `CreateContainer ${cfg.name}: ${id.slice(0, 13)}`);
}

function withContainer(s: ContainerdState, ctx: Effects, id: string, w: Waiter, f: (c: Container) => void): void {
  const c = s.containers.get(id);
  if (!c) return answer(ctx, w, undefined, { code: 'NotFound', message: `an error occurred when try to find container "${id}": not found` });
  f(c);
}

// ---------------------------------------------------------------- dispatch

function onCri(s: ContainerdState, ctx: Effects, msg: Message, req: CriRequest): void {
  const w = waiterOf(msg, req, ctx);
  switch (req.method) {
    case 'RunPodSandbox':
      return runPodSandbox(s, ctx, req, w);
    case 'StopPodSandbox': {
      const sb = s.sandboxes.get(req.podSandboxId);
      return sb ? stopPodSandbox(s, ctx, sb, w) : answer(ctx, w, {});
    }
    case 'RemovePodSandbox':
      clog(ctx, 'info', `RemovePodSandbox for "${req.podSandboxId}"`);
      releaseNetwork(s, ctx, req.podSandboxId);
      for (const [id, c] of s.containers) if (c.podSandboxId === req.podSandboxId) s.containers.delete(id);
      endSandboxProcesses(s, req.podSandboxId);
      s.sandboxes.delete(req.podSandboxId);
      return answer(ctx, w, {});
    case 'ListPodSandbox':
      return answer(ctx, w, { items: [...s.sandboxes.values()].map(sandboxInfo) });
    case 'PodSandboxStatus': {
      const sb = s.sandboxes.get(req.podSandboxId);
      if (!sb) return answer(ctx, w, undefined, { code: 'NotFound', message: `an error occurred when try to find sandbox "${req.podSandboxId}": not found` });
      return answer(ctx, w, { status: sandboxInfo(sb), info: sandboxVerboseInfo(sb) } satisfies PodSandboxStatusResult);
    }
    case 'PullImage':
      return startPull(s, ctx, req.image, w);
    case 'ImageStatus':
      return answer(ctx, w, { image: findImage(s, req.image) }, undefined, `ImageStatus ${req.image}: ${findImage(s, req.image) ? 'present' : 'absent'}`);
    case 'ListImages':
      return answer(ctx, w, { images: [...s.images.values()] });
    case 'CreateContainer':
      return createContainer(s, ctx, req, w);
    case 'StartContainer':
      return withContainer(s, ctx, req.containerId, w, (c) => {
        clog(ctx, 'info', `StartContainer for "${c.id}"`);
        // The process starts when runc is done (CRI_WORK_MS), right after the answer goes out.
        answer(ctx, w, {}, undefined, `StartContainer ${c.metadata.name}: OK`, c.id);
      });
    case 'StopContainer':
      return withContainer(s, ctx, req.containerId, w, (c) => {
        clog(ctx, 'info', `StopContainer for "${c.id}" with timeout ${req.timeout} (s)`);
        if (c.state !== 'CONTAINER_RUNNING') return answer(ctx, w, {});
        c.stopWaiters.push(w);
        stopContainer(s, c, req.timeout, ctx);
      });
    case 'RemoveContainer':
      clog(ctx, 'info', `RemoveContainer for "${req.containerId}"`);
      s.containers.delete(req.containerId);
      return answer(ctx, w, {});
    case 'ListContainers':
      return answer(ctx, w, { containers: [...s.containers.values()].filter((c) => !req.podSandboxId || c.podSandboxId === req.podSandboxId).map(containerInfo) });
    case 'ContainerStatus':
      return withContainer(s, ctx, req.containerId, w, (c) => answer(ctx, w, { status: containerInfo(c), info: containerVerboseInfo(s, c) }));
    case 'ExecSync':
      return withContainer(s, ctx, req.containerId, w, (c) =>
        c.state === 'CONTAINER_RUNNING'
          ? answer(ctx, w, execIn(c, req.cmd), undefined, `ExecSync ${req.cmd.join(' ')}`)
          : answer(ctx, w, undefined, { code: 'Unknown', message: `container is in ${c.state} state` }),
      );
    case 'Exec':
      return withContainer(s, ctx, req.containerId, w, (c) => execInContainer(s, ctx, c, req, w));
    case 'ReadLogs':
      return withContainer(s, ctx, req.containerId, w, (c) => answer(ctx, w, { lines: criLogLines(c, req.tailLines) } satisfies ReadLogsResult, undefined, `ReadLogs ${c.metadata.name}`));
    case 'PortForward': {
      const sb = s.sandboxes.get(req.podSandboxId);
      if (!sb || sb.state !== 'SANDBOX_READY') return answer(ctx, w, undefined, { code: 'NotFound', message: `failed to find sandbox "${req.podSandboxId}" in store: not found` });
      const r = portForward(s, sb, req.port, req.data, ctx.now);
      if (r.propagate) propagateWrite(ctx, r.propagate);
      return answer(ctx, w, r.result, r.error, `PortForward ${sb.metadata.name}:${req.port}: ${r.error ? 'connection refused' : `${r.result!.data.length} bytes back`}`);
    }
    case 'GetContainerEvents':
      s.subscribers.push({ stream: msg.id, process: msg.from, incarnation: msg.fromIncarnation });
      return;
  }
}

function onMessage(s: ContainerdState, msg: Message, ctx: Effects): void {
  const type = (msg.body as { type: string }).type;
  if (type === 'cri.request') return onCri(s, ctx, msg, msg.body as CriRequest);
  if (type === 'registry.response') {
    for (const id of onRegistryResponse(s, ctx, msg.body as RegistryResolveResponse)) failSandbox(s, ctx, id, pauseError());
    return;
  }
  if (type === 'cni.response') return onCniResponse(s, ctx, msg.body as CniResponse);
  if (type === 'volume.update') {
    // The kubelet rewrote a volume's files on the host (AtomicWriter); the container sees them.
    const u = msg.body as unknown as VolumeUpdate;
    const c = s.containers.get(u.containerId);
    // The kubelet's /etc files (hosts, hostname, resolv.conf) are bind mounts of their own: they stay.
    if (c) c.mounted = { ...Object.fromEntries(Object.entries(c.mounted ?? {}).filter(([path]) => /^\/etc\/(hosts|hostname|resolv\.conf)$/.test(path))), ...u.files };
    return;
  }
  if (dnsClientOnMessage(s, ctx, msg)) return;
  if (corednsOnMessage(s, ctx, msg)) return;
  if (metricsServerOnMessage(s, ctx, msg)) return;
  if (outgoingOnMessage(s, ctx, msg)) return;
  if (type === 'host.signal') return onHostSignal(s, ctx, msg.body as HostSignal);
  if (type === 'traffic.start') return onTrafficStart(s, ctx, msg.body as TrafficStart);
  if (type === 'probe.request') {
    const p = msg.body as ProbeRequest;
    const r: ProbeResponse = { type: 'probe.response', requestId: msg.id, ...probeTarget(s, p.ip, p.port, p.path, p.kind, ctx.now) };
    ctx.reply(msg, r, { summary: r.outcome === 'refused' ? `${p.ip}:${p.port} connection refused` : r.outcome === 'open' ? `${p.ip}:${p.port} open` : `HTTP ${r.statusCode}` });
    return;
  }
  if (type === 'conn.refused') {
    const id = (msg.body as ConnectionRefused).inReplyTo;
    for (const sbId of onRegistryRefused(s, ctx, id)) failSandbox(s, ctx, sbId, pauseError());
    const sbId = s.cniCalls.get(id);
    if (sbId) {
      s.cniCalls.delete(id);
      const sb = s.sandboxes.get(sbId);
      if (sb?.stopping) finishStopSandbox(ctx, sb);
      else failSandbox(s, ctx, sbId, `failed to setup network for sandbox "${sbId}": plugin type="bridge" failed (add): failed to find plugin "bridge" in path [/opt/cni/bin]`);
    }
    return;
  }
  if (type === 'stream.closed') {
    const stream = (msg.body as unknown as { stream: number }).stream;
    s.subscribers = s.subscribers.filter((x) => x.stream !== stream);
  }
}

/** A sandbox removed without a stop first still gives its IP back (CNI DEL, no answer awaited). */
function releaseNetwork(s: ContainerdState, ctx: Effects, id: string): void {
  const sb = s.sandboxes.get(id);
  if (!sb || sb.state !== 'SANDBOX_READY') return;
  for (const c of s.containers.values()) if (c.podSandboxId === id) stopContainer(s, c, 0, ctx);
  const req: CniRequest = { type: 'cni.del', containerId: sb.id, podNamespace: sb.metadata.namespace, podName: sb.metadata.name };
  ctx.send(s.config.cni, req, { summary: `CNI DEL ${sb.metadata.name}`, phase: 'networking' });
}

function pauseError(): string {
  return `failed to get sandbox image "${SANDBOX_IMAGE}": failed to pull image "${SANDBOX_IMAGE}"`;
}

function onTimer(s: ContainerdState, t: Timer, ctx: Effects): void {
  if (dnsClientOnTimer(s, ctx, t.name, t.payload) || corednsOnTimer(s, ctx, t) || metricsServerOnTimer(s, ctx, t)) return;
  switch (t.name) {
    case ANSWER_TIMER: {
      const d = t.payload as DeferredAnswer;
      answerNow(ctx, d.w, d.result, d.error, d.summary);
      const c = d.startContainer ? s.containers.get(d.startContainer) : undefined;
      if (c) {
        startContainerProcesses(s, c, ctx.now, s.config.cpus ?? 2);
        startProgram(s, c, ctx);
        if (c.state === 'CONTAINER_RUNNING') startCoreDns(s, ctx, c);
        if (c.state === 'CONTAINER_RUNNING') startMetricsServer(s, ctx, c);
        clog(ctx, 'info', `StartContainer for "${c.id}" returns successfully`);
      }
      return;
    }
    case LOAD_TIMER:
      return onLoadTimer(s, ctx, t.payload as number);
    case OUTGOING_TIMER:
      return outgoingOnTimer(s, ctx, t.payload as number);
    case REPLICATION_RETRY_TIMER:
      return onReplicationRetry(s, ctx, t.payload as string);
    case 'container.step':
      return onStepTimer(s, t.payload as string, ctx);
    case KILL_TIMER:
      return onKillTimer(s, t.payload as string, ctx);
    case PULL_DONE_TIMER:
      for (const id of onPullDone(s, ctx, t.payload as { name: string; size: number; digest: string })) {
        const sb = s.sandboxes.get(id);
        if (sb?.creating) setupNetwork(s, ctx, sb);
      }
      return;
    case REGISTRY_TIMEOUT_TIMER:
      for (const id of onRegistryTimeout(s, ctx, t.payload as string)) failSandbox(s, ctx, id, pauseError());
      return;
  }
}

/**
 * The machine lost power since the last containerd ran: the shims and every process under them died
 * with it, and the kernel's tables (conntrack) are new. What is on disk stays: images, and each
 * container's and sandbox's metadata and logs. containerd's CRI plugin recovers such a container as
 * exited with the unknown exit code 255 and reason "Unknown", finished when it looked (its
 * loadContainer), and such a sandbox as not ready (loadSandbox); the sandbox's IP stays allocated
 * until the kubelet stops it.
 */
function afterPowerLoss(p: Persisted, now: number): void {
  for (const c of p.containers.values()) {
    if (c.state !== 'CONTAINER_RUNNING') continue;
    c.state = 'CONTAINER_EXITED';
    c.exitCode = 255;
    c.reason = 'Unknown';
    c.finishedAt = now;
    c.timer = c.killTimer = c.nextAt = c.killAt = undefined;
    c.memoryBytes = undefined;
    c.listening = [];
    c.frames = [];
  }
  for (const sb of p.sandboxes.values()) {
    if (sb.state !== 'SANDBOX_READY') continue;
    sb.state = 'SANDBOX_NOTREADY';
    sb.networkLeft = true;
  }
  p.kernel = createNodeKernel();
  p.pids = afterPowerLossPids();
}

function start(ctx: Effects, input: { config: ContainerdConfig; persisted: unknown; boot?: number }): ContainerdState {
  const p = input.persisted as Persisted | undefined;
  const powerLost = p !== undefined && p.boot !== undefined && input.boot !== undefined && p.boot !== input.boot;
  if (powerLost) afterPowerLoss(p, ctx.now);
  const s: ContainerdState = {
    config: input.config,
    images: p?.images ?? new Map(),
    sandboxes: p?.sandboxes ?? new Map(),
    containers: p?.containers ?? new Map(),
    pulls: new Map(),
    cniCalls: new Map(),
    subscribers: [],
    counters: p?.counters ?? { seq: 0 },
    // Conntrack is the node kernel's: it outlives containerd.
    kernel: p?.kernel ?? createNodeKernel(),
    pids: p?.pids ?? newPidTable(),
  };
  if (!p) {
    for (const image of [SANDBOX_IMAGE, ...input.config.images]) {
      const r = resolveReference(normalizeImage(image));
      if (r.ok) s.images.set(r.name, imageInfo(r.name, r.sizeBytes, r.digest));
    }
  }
  // Calls in flight died with the old process; running containers kept running under their shims.
  for (const sb of s.sandboxes.values()) {
    sb.creating = undefined;
    sb.stopping = undefined;
  }
  for (const c of s.containers.values()) {
    c.stopWaiters = [];
    c.timer = c.killTimer = c.killAt = undefined;
    if (c.state === 'CONTAINER_RUNNING' && c.nextAt !== undefined) c.timer = ctx.setTimer(Math.max(0, c.nextAt - ctx.now), 'container.step', c.id);
  }
  clog(ctx, 'info', `starting containerd`, `revision=${CONTAINERD_REVISION} version=v${CONTAINERD_VERSION}`);
  restartCoreDns(s, ctx);
  restartMetricsServers(s, ctx);
  // What survives a kill: the content store and the shims' containers (shared with the live state).
  const persisted: Persisted = { images: s.images, sandboxes: s.sandboxes, containers: s.containers, counters: s.counters, kernel: s.kernel, pids: s.pids, boot: input.boot };
  ctx.persist(persisted);
  return s;
}

export const containerd: ComponentType<ContainerdState, ContainerdConfig> = {
  kind: 'containerd',
  start,
  onMessage,
  onTimer,
};
