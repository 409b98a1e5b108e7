import { describe, expect, it } from 'vitest';
import { RecordingEffects, testMessage } from '../../kernel/recording-effects';
import type { CniResponse } from '../cni/cni';
import type { RegistryResolveResponse } from '../registry/registry';
import { containerd } from './containerd';
import type { CriCall, CriContainerEvent, CriRequest, CriResponse, ExecSyncResult, ProbeResponse, ReadLogsResult } from './cri';
import { parseCriLogLine } from './cri';
import { ANSWER_TIMER } from './reply';
import type { ContainerdState } from './state';

const config = { nodeName: 'worker-1', registry: 'registry', cni: 'cni/worker-1', images: ['busybox:1.28', 'nginx:1.25'], bandwidthBytesPerSec: 10_000_000 };
let nextId = 1;

function boot(): { s: ContainerdState; ctx: RecordingEffects } {
  const ctx = new RecordingEffects({ self: 'containerd/worker-1' });
  const s = containerd.start(ctx, { config, persisted: undefined, incarnation: 1 });
  ctx.clear();
  return { s, ctx };
}

const fired = new WeakMap<RecordingEffects, Set<number>>();

/** containerd answers after the call's work time (CRI_WORK_MS): let that time pass. */
function flushAnswers(s: ContainerdState, ctx: RecordingEffects): void {
  const done = fired.get(ctx) ?? new Set<number>();
  fired.set(ctx, done);
  for (const t of ctx.timers) {
    if (t.name !== ANSWER_TIMER || done.has(t.id)) continue;
    done.add(t.id);
    containerd.onTimer(s, { id: t.id, name: t.name, payload: t.payload }, ctx);
  }
}

function cri(s: ContainerdState, ctx: RecordingEffects, req: CriCall): number {
  const id = nextId++;
  containerd.onMessage(s, testMessage({ type: 'cri.request', ...req } as CriRequest, { id, from: 'kubelet/worker-1' }), ctx);
  flushAnswers(s, ctx);
  return id;
}

const responses = (ctx: RecordingEffects): CriResponse[] => ctx.sent.map((m) => m.body).filter((b): b is CriResponse => b.type === 'cri.response');

function runSandbox(s: ContainerdState, ctx: RecordingEffects): string {
  cri(s, ctx, { method: 'RunPodSandbox', metadata: { name: 'web', uid: 'u1', namespace: 'default', attempt: 0 }, labels: {} });
  const add = ctx.sent.find((m) => m.body.type === 'cni.add')!;
  containerd.onMessage(s, testMessage({ type: 'cni.response', requestId: add.id, op: 'ADD', ok: true, ip: '10.244.1.2', gateway: '10.244.1.1' } satisfies CniResponse), ctx);
  flushAnswers(s, ctx);
  return (responses(ctx).at(-1)!.result as { podSandboxId: string }).podSandboxId;
}

function runContainer(s: ContainerdState, ctx: RecordingEffects, sb: string, image: string, command?: string[]): string {
  cri(s, ctx, { method: 'CreateContainer', podSandboxId: sb, config: { name: 'app', attempt: 0, image, command, labels: {} } });
  const id = (responses(ctx).at(-1)!.result as { containerId: string }).containerId;
  cri(s, ctx, { method: 'StartContainer', containerId: id });
  return id;
}

describe('containerd CRI server', () => {
  it('creates a sandbox by asking the CNI plugin for an IP (seed ch. 4: the runtime calls CNI)', () => {
    const { s, ctx } = boot();
    cri(s, ctx, { method: 'RunPodSandbox', metadata: { name: 'web', uid: 'u1', namespace: 'default', attempt: 0 }, labels: {} });
    expect(ctx.sent[0]!.to).toBe('cni/worker-1');
    expect(ctx.sent[0]!.meta.summary).toBe('CNI ADD web');
    const sb = runSandbox(s, ctx);
    expect(s.sandboxes.get(sb)).toMatchObject({ state: 'SANDBOX_READY', ip: '10.244.1.2' });
  });

  it('pulls from the registry and takes size / bandwidth to download', () => {
    const { s, ctx } = boot();
    const pull = cri(s, ctx, { method: 'PullImage', image: 'redis:7' });
    const req = ctx.sent[0]!;
    expect(req).toMatchObject({ to: 'registry', body: { type: 'registry.resolve', reference: 'docker.io/library/redis:7' } });
    containerd.onMessage(s, testMessage({ type: 'registry.response', requestId: req.id, reference: 'docker.io/library/redis:7', result: { ok: true, name: 'docker.io/library/redis:7', digest: 'sha256:abc', sizeBytes: 45_180_000 } } satisfies RegistryResolveResponse), ctx);
    const t = ctx.timers.at(-1)!;
    expect(t.afterMs).toBe(4518);
    containerd.onTimer(s, { id: t.id, name: t.name, payload: t.payload }, ctx);
    expect(responses(ctx).at(-1)).toMatchObject({ requestId: pull, method: 'PullImage', result: { size: 45_180_000 } });
    expect(s.images.has('docker.io/library/redis:7')).toBe(true);
  });

  it.each([
    ['not-found', 'NotFound', 'failed to pull and unpack image "docker.io/library/nginx:1.999": failed to resolve reference "docker.io/library/nginx:1.999": docker.io/library/nginx:1.999: not found'],
    ['denied', 'Unknown', 'failed to pull and unpack image "docker.io/library/nginx:1.999": failed to resolve reference "docker.io/library/nginx:1.999": pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed'],
  ] as const)('fails a pull the registry answers %s with containerd\'s text', (error, code, message) => {
    const { s, ctx } = boot();
    cri(s, ctx, { method: 'PullImage', image: 'nginx:1.999' });
    containerd.onMessage(s, testMessage({ type: 'registry.response', requestId: ctx.sent[0]!.id, reference: 'docker.io/library/nginx:1.999', result: { ok: false, error } } satisfies RegistryResolveResponse), ctx);
    expect(responses(ctx).at(-1)!.error).toEqual({ code, message });
  });

  it('runs a container program, writes CRI-format logs and reports the exit on the event stream', () => {
    const { s, ctx } = boot();
    containerd.onMessage(s, testMessage({ type: 'cri.request', method: 'GetContainerEvents' } as CriRequest, { id: 900, from: 'kubelet/worker-1' }), ctx);
    const sb = runSandbox(s, ctx);
    const id = runContainer(s, ctx, sb, 'busybox:1.28', ['sh', '-c', 'echo hello; sleep 5; exit 3']);
    const step = ctx.timers.at(-1)!;
    expect(step.afterMs).toBe(5000);
    ctx.now = 5000 as never;
    containerd.onTimer(s, { id: step.id, name: step.name, payload: step.payload }, ctx);
    const ev = ctx.sent.map((m) => m.body).find((b): b is CriContainerEvent => b.type === 'cri.event')!;
    expect(ev.container).toMatchObject({ id, state: 'CONTAINER_EXITED', exitCode: 3, reason: 'Error' });
    cri(s, ctx, { method: 'ReadLogs', containerId: id });
    const lines = (responses(ctx).at(-1)!.result as ReadLogsResult).lines;
    expect(lines).toEqual(['2024-08-13T09:00:00.000000000Z stdout F hello']);
    expect(parseCriLogLine(lines[0]!).text).toBe('hello');
  });

  it('stops a shell with SIGKILL after the grace period, and a server at once on SIGTERM', () => {
    const { s, ctx } = boot();
    const sb = runSandbox(s, ctx);
    const sleeper = runContainer(s, ctx, sb, 'busybox:1.28', ['sleep', '3600']);
    const stop = cri(s, ctx, { method: 'StopContainer', containerId: sleeper, timeout: 30 });
    expect(responses(ctx).some((r) => r.requestId === stop)).toBe(false);
    const kill = ctx.timers.find((t) => t.name === 'container.kill')!;
    expect(kill.afterMs).toBe(30_000);
    containerd.onTimer(s, { id: kill.id, name: kill.name, payload: kill.payload }, ctx);
    expect(s.containers.get(sleeper)).toMatchObject({ state: 'CONTAINER_EXITED', exitCode: 137 });
    expect(responses(ctx).some((r) => r.requestId === stop)).toBe(true);

    const web = runContainer(s, ctx, sb, 'nginx:1.25');
    cri(s, ctx, { method: 'StopContainer', containerId: web, timeout: 30 });
    expect(s.containers.get(web)).toMatchObject({ state: 'CONTAINER_EXITED', exitCode: 0, reason: 'Completed' });
  });

  it('answers probes: nginx serves / on 80, other ports are refused', () => {
    const { s, ctx } = boot();
    const sb = runSandbox(s, ctx);
    runContainer(s, ctx, sb, 'nginx:1.25');
    const probe = (port: number, path: string): ProbeResponse => {
      containerd.onMessage(s, testMessage({ type: 'probe.request', kind: 'http', ip: '10.244.1.2', port, path }, { id: nextId++ }), ctx);
      return ctx.sent.at(-1)!.body as ProbeResponse;
    };
    expect(probe(80, '/')).toMatchObject({ outcome: 'http', statusCode: 200 });
    expect(probe(80, '/healthz')).toMatchObject({ outcome: 'http', statusCode: 404 });
    expect(probe(8080, '/')).toMatchObject({ outcome: 'refused' });
  });

  it('runs exec probes against the container files (docs: exec liveness example)', () => {
    const { s, ctx } = boot();
    const sb = runSandbox(s, ctx);
    const id = runContainer(s, ctx, sb, 'busybox:1.28', ['/bin/sh', '-c', 'touch /tmp/healthy; sleep 30; rm -f /tmp/healthy; sleep 600']);
    cri(s, ctx, { method: 'ExecSync', containerId: id, cmd: ['cat', '/tmp/healthy'], timeout: 1 });
    expect((responses(ctx).at(-1)!.result as ExecSyncResult).exitCode).toBe(0);
    const step = ctx.timers.at(-1)!;
    containerd.onTimer(s, { id: step.id, name: step.name, payload: step.payload }, ctx);
    cri(s, ctx, { method: 'ExecSync', containerId: id, cmd: ['cat', '/tmp/healthy'], timeout: 1 });
    expect(responses(ctx).at(-1)!.result).toEqual({ exitCode: 1, stdout: '', stderr: "cat: can't open '/tmp/healthy': No such file or directory" });
  });

  it('keeps its containers across its own restart (containerd-shim keeps them running)', () => {
    const { s, ctx } = boot();
    const sb = runSandbox(s, ctx);
    const id = runContainer(s, ctx, sb, 'busybox:1.28', ['sleep', '3600']);
    const s2 = containerd.start(ctx, { config, persisted: ctx.persisted, incarnation: 2 });
    expect(s2.containers.get(id)?.state).toBe('CONTAINER_RUNNING');
    expect(ctx.timers.at(-1)).toMatchObject({ name: 'container.step', payload: id });
  });
});

describe('containers that end: signals and the OOM killer', () => {
  const logText = (s: ContainerdState, id: string): string[] => s.containers.get(id)!.logs.map((l) => l.text);

  // containerd's StopContainer sends the image's STOPSIGNAL, SIGQUIT for nginx (docker-nginx 3fb70dd):
  // nginx's graceful shutdown (nginx ngx_process.c, ngx_process_cycle.c).
  it('writes nginx\'s graceful shutdown notices when its stop signal stops it', () => {
    const { s, ctx } = boot();
    const sb = runSandbox(s, ctx);
    const web = runContainer(s, ctx, sb, 'nginx:1.25');
    ctx.now = 61_000 as never;
    cri(s, ctx, { method: 'StopContainer', containerId: web, timeout: 30 });
    // Two CPUs (the config's default): two workers, each with its lines (process.ts perWorker).
    expect(logText(s, web).slice(-12)).toEqual([
      '2024/08/13 09:01:01 [notice] 1#1: signal 3 (SIGQUIT) received, shutting down',
      '2024/08/13 09:01:01 [notice] 29#29: gracefully shutting down',
      '2024/08/13 09:01:01 [notice] 30#30: gracefully shutting down',
      '2024/08/13 09:01:01 [notice] 29#29: exiting',
      '2024/08/13 09:01:01 [notice] 30#30: exiting',
      '2024/08/13 09:01:01 [notice] 29#29: exit',
      '2024/08/13 09:01:01 [notice] 30#30: exit',
      '2024/08/13 09:01:01 [notice] 1#1: signal 17 (SIGCHLD) received from 29',
      '2024/08/13 09:01:01 [notice] 1#1: signal 17 (SIGCHLD) received from 30',
      '2024/08/13 09:01:01 [notice] 1#1: worker process 29 exited with code 0',
      '2024/08/13 09:01:01 [notice] 1#1: worker process 30 exited with code 0',
      '2024/08/13 09:01:01 [notice] 1#1: exit',
    ]);
    expect(s.containers.get(web)).toMatchObject({ exitCode: 0, reason: 'Completed' });
    // containerd logs the signal as Go's syscall.Signal prints it.
    expect(ctx.logs.some((l) => l.includes(`msg="Stop container \\"${web}\\" with signal quit"`))).toBe(true);
  });

  // nginx src/os/unix/ngx_posix_init.c: ngx_ncpu = sysconf(_SC_NPROCESSORS_ONLN), the host's CPUs;
  // `worker_processes auto;` forks that many, each logged `start worker process %P` (ngx_process.c).
  it("starts one nginx worker per CPU of the machine, as `worker_processes auto;` does", () => {
    const { s, ctx } = boot();
    s.config.cpus = 4;
    const web = runContainer(s, ctx, runSandbox(s, ctx), 'nginx:1.25');
    expect(logText(s, web).filter((t) => t.includes('start worker process ')).map((t) => t.slice(20))).toEqual([
      '[notice] 1#1: start worker process 29',
      '[notice] 1#1: start worker process 30',
      '[notice] 1#1: start worker process 31',
      '[notice] 1#1: start worker process 32',
    ]);
  });

  it('brings the SIGKILL forward when a second StopContainer has a shorter timeout, never back', () => {
    const { s, ctx } = boot();
    const sb = runSandbox(s, ctx);
    const sleeper = runContainer(s, ctx, sb, 'busybox:1.28', ['sleep', '3600']);
    cri(s, ctx, { method: 'StopContainer', containerId: sleeper, timeout: 30 });
    ctx.now = 2000 as never;
    cri(s, ctx, { method: 'StopContainer', containerId: sleeper, timeout: 5 });
    const kills = ctx.timers.filter((t) => t.name === 'container.kill');
    expect(kills.map((t) => t.afterMs)).toEqual([30_000, 5_000]);
    expect(ctx.cancelled).toContain(kills[0]!.id);
    cri(s, ctx, { method: 'StopContainer', containerId: sleeper, timeout: 60 });
    expect(ctx.timers.filter((t) => t.name === 'container.kill')).toHaveLength(2);
    expect(s.containers.get(sleeper)!.killAt).toBe(7000);
  });

  it.each([
    // Kubernetes docs, "Assign Memory Resources to Containers and Pods": stress --vm-bytes 250M under a 100Mi limit.
    ['is OOM-killed with exit 137 past its memory limit', '250M', 100 * 1024 * 1024, { state: 'CONTAINER_EXITED', exitCode: 137, reason: 'OOMKilled' }],
    // The same page's first example: 150M under a 200Mi limit keeps running.
    ['keeps running within its memory limit', '150M', 200 * 1024 * 1024, { state: 'CONTAINER_RUNNING' }],
    ['has no OOM kill without a limit', '250M', undefined, { state: 'CONTAINER_RUNNING' }],
  ])('a stress container %s', (_name, bytes, limit, want) => {
    const ctx = new RecordingEffects({ self: 'containerd/worker-1' });
    const s = containerd.start(ctx, { config: { ...config, images: ['polinux/stress'] }, persisted: undefined, incarnation: 1 });
    const sb = runSandbox(s, ctx);
    const linux = limit === undefined ? undefined : { resources: { memoryLimitInBytes: limit } };
    const args = ['--vm', '1', '--vm-bytes', bytes, '--vm-hang', '1'];
    cri(s, ctx, { method: 'CreateContainer', podSandboxId: sb, config: { name: 'memory-demo-ctr', attempt: 0, image: 'polinux/stress', command: ['stress'], args, labels: {}, linux } });
    const id = (responses(ctx).at(-1)!.result as { containerId: string }).containerId;
    cri(s, ctx, { method: 'StartContainer', containerId: id });
    const step = ctx.timers.filter((t) => t.name === 'container.step').at(-1)!;
    containerd.onTimer(s, { id: step.id, name: step.name, payload: step.payload }, ctx);
    expect(s.containers.get(id)).toMatchObject(want);
    expect(logText(s, id)[0]).toBe('stress: info: [1] dispatching hogs: 0 cpu, 0 io, 1 vm, 0 hdd');
  });
});
