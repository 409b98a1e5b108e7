// The node shell driven alone with RecordingEffects: the CRI calls crictl makes, what it prints for
// the answers, and systemctl/journalctl over the host's processes.

import { describe, expect, it } from 'vitest';
import type { HostProcessInfo } from '../../kernel/component';
import { RecordingEffects, testMessage } from '../../kernel/recording-effects';
import type { ContainerInfo } from '../../node/runtime/cri';
import type { CliExec, CliOutput } from '../protocol';
import { nodeShell, type NodeShellState } from './node-shell';
import { humanDuration, humanSize } from './crictl-format';

function setup(processes: HostProcessInfo[] = []): { s: NodeShellState; ctx: RecordingEffects } {
  const ctx = new RecordingEffects({ self: 'shell/worker-1', host: 'worker-1', now: 60_000 });
  ctx.processes = processes;
  const s = nodeShell.start(ctx, { config: { nodeName: 'worker-1', containerd: 'containerd/worker-1' }, persisted: undefined, incarnation: 1 });
  return { s, ctx };
}

function exec(s: NodeShellState, ctx: RecordingEffects, line: string, jobId = 1): void {
  const body: CliExec = { type: 'cli.exec', jobId, line, argv: line.split(' ') };
  nodeShell.onMessage(s, testMessage(body, { from: 'user' }), ctx);
}

function out(ctx: RecordingEffects): CliOutput {
  return ctx.emitted.at(-1) as unknown as CliOutput;
}

const web: ContainerInfo = {
  id: 'ef4979e1014e079661dbda7fe0c2312cc917b245bee7d81ad1550e436af7b980',
  podSandboxId: 'ed0285c0a1d06e43f64c255a87f861550405bb440f63764712225a0ec4016929',
  metadata: { name: 'web', attempt: 0 },
  image: 'docker.io/library/nginx:1.25',
  imageRef: 'sha256:bb74041b545114f600d1e2c9da4b40d41be4d6c746a1f1f25898f7f5957919f0',
  state: 'CONTAINER_RUNNING',
  createdAt: 3000,
  labels: { 'io.kubernetes.pod.name': 'web' },
};

describe('crictl over CRI', () => {
  it('crictl ps sends ListContainers to the node containerd and prints the running ones', () => {
    const { s, ctx } = setup();
    exec(s, ctx, 'crictl ps');
    expect(ctx.sent[0]).toMatchObject({ to: 'containerd/worker-1', body: { type: 'cri.request', method: 'ListContainers' } });
    const exited = { ...web, id: 'aaaa' + web.id.slice(4), state: 'CONTAINER_EXITED' as const };
    nodeShell.onMessage(s, testMessage({ type: 'cri.response', requestId: ctx.sent[0]!.id, method: 'ListContainers', result: { containers: [web, exited] } }), ctx);
    // cri-tools: tabwriter(minwidth 20, padding 3); ids truncated to 13; CREATED from go-units.
    expect(out(ctx)).toEqual({
      type: 'cli.output',
      jobId: 1,
      stdout:
        'CONTAINER           IMAGE               CREATED             STATE               NAME                ATTEMPT             POD ID              POD\n' +
        'ef4979e1014e0       bb74041b54511       57 seconds ago      Running             web                 0                   ed0285c0a1d06       web\n',
      stderr: '',
      exitCode: 0,
    });
  });

  it('answers the connection refused error when the kernel refuses the message', () => {
    const { s, ctx } = setup();
    exec(s, ctx, 'crictl images');
    nodeShell.onMessage(s, testMessage({ type: 'conn.refused', inReplyTo: ctx.sent[0]!.id }), ctx);
    expect(out(ctx).exitCode).toBe(1);
    expect(out(ctx).stderr).toMatch(/^FATA\[0000\] validate service connection: .*connect: connection refused"\n$/);
  });

  it('resolves a container id prefix before ReadLogs', () => {
    const { s, ctx } = setup();
    exec(s, ctx, 'crictl logs ef49');
    nodeShell.onMessage(s, testMessage({ type: 'cri.response', requestId: ctx.sent[0]!.id, method: 'ListContainers', result: { containers: [web] } }), ctx);
    expect(ctx.sent[1]!.body).toMatchObject({ method: 'ReadLogs', containerId: web.id });
    nodeShell.onMessage(s, testMessage({ type: 'cri.response', requestId: ctx.sent[1]!.id, method: 'ReadLogs', result: { lines: ['2024-08-13T09:00:03.1Z stdout F hello', '2024-08-13T09:00:03.2Z stderr F oops'] } }), ctx);
    expect(out(ctx)).toMatchObject({ stdout: 'hello\n', stderr: 'oops\n', exitCode: 0 });
  });
});

describe('systemctl and journalctl over hostProcesses', () => {
  const kubelet: HostProcessInfo = { id: 'kubelet/worker-1', kind: 'kubelet', alive: true, incarnation: 1, startedAt: 0, log: [{ time: 5000, line: 'I0813 09:00:05.000000    2817 kubelet.go:1] "hi"' }] };

  it('systemctl restart kubelet asks the kernel to restart the process on this host', () => {
    const { s, ctx } = setup([kubelet]);
    exec(s, ctx, 'systemctl restart kubelet');
    expect(ctx.systemctlCalls).toEqual([{ action: 'restart', id: 'kubelet/worker-1' }]);
    expect(out(ctx).exitCode).toBe(0);
  });

  it('journalctl -u kubelet prefixes lines as journald does', () => {
    const { s, ctx } = setup([kubelet]);
    exec(s, ctx, 'journalctl -u kubelet');
    expect(out(ctx).stdout).toBe('Aug 13 09:00:05 worker-1 kubelet[2817]: I0813 09:00:05.000000    2817 kubelet.go:1] "hi"\n');
  });

  it('an unknown command is not found by bash', () => {
    const { s, ctx } = setup();
    exec(s, ctx, 'docker ps');
    expect(out(ctx)).toMatchObject({ stderr: 'bash: docker: command not found\n', exitCode: 127 });
  });
});

describe('go-units formats crictl uses', () => {
  it.each([
    [500, 'Less than a second'],
    [1000, '1 second'],
    [59_000, '59 seconds'],
    [60_000, 'About a minute'],
    [300_000, '5 minutes'],
    [3_600_000, 'About an hour'],
  ])('HumanDuration(%i ms) is %s', (ms, text) => expect(humanDuration(ms)).toBe(text));
  it.each([
    [320_000, '320kB'],
    [67_100_000, '67.1MB'],
    [999, '999B'],
  ])('HumanSizeWithPrecision(%i, 3) is %s', (b, text) => expect(humanSize(b)).toBe(text));
});
