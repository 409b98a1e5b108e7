// `kubectl attach` through kubeplay serve (issue 17). Sources: kubectl pkg/cmd/attach/attach.go
// v1.31 (`If you don't see a command prompt, try pressing enter.`, `cannot attach a container in a
// completed pod; current phase is X`, the TTY warning), client-go remotecommand (v5.channel.k8s.io),
// and the kubelet's GetAttach (`container not found`).
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXEC_SUCCESS } from '../sim/api/exec-options';
import { AttachSession } from './attach-session';
import { runKubectl } from './kubectl-compare';
import { describeWithKubectl, kubectlFor, serveForKubectl } from './kubectl-compare-setup';
import type { ServeHandle } from './serve';

describe('an attach session', () => {
  it('writes what the process wrote since the last read, with a tty as one terminal, and ends with Success when the container is gone', () => {
    const frames: [number, string][] = [];
    let closed = 0;
    const ws = { send: (b: Buffer) => frames.push([b[0]!, b.subarray(1).toString()]), close: (c: number) => (closed = c) };
    const answers: [number, unknown][] = [
      [200, { kind: 'AttachStream', stdout: 'a\nb\n', stderr: 'e\n', cursor: 't2' }],
      [200, { kind: 'AttachStream', stdout: '', stderr: '', cursor: 't2' }],
      [500, 'container not found ("c")'],
    ];
    const afters: string[] = [];
    const s = new AttachSession(ws, false, 't1', (after, done) => {
      afters.push(after);
      const [code, body] = answers.shift()!;
      done(code, body);
    });
    s.poll();
    s.poll();
    s.poll();
    expect(afters).toEqual(['t1', 't2', 't2']);
    expect(frames).toEqual([[1, 'a\nb\n'], [2, 'e\n'], [3, JSON.stringify(EXEC_SUCCESS)]]);
    expect(closed).toBe(1000);
    expect(s.done).toBe(true);
    const tty: [number, string][] = [];
    const t = new AttachSession({ send: (b) => tty.push([b[0]!, b.subarray(1).toString()]), close: () => undefined }, true, '', (_a, done) => done(200, { kind: 'AttachStream', stdout: 'x\n', stderr: 'y\n', cursor: '' }));
    t.poll();
    expect(tty).toEqual([[1, 'x\r\ny\r\n']]);
  });
});

const KUBECTL = kubectlFor('attach');

const SCENARIO = `apiVersion: kubeplay.dev/v1alpha1
kind: Scenario
metadata: {name: attach}
spec:
  steps:
    - at: 0s
      run: kubectl run loop --image=busybox:1.36 -- sh -c 'while true; do echo hi; sleep 1; done'
    - at: 0s
      run: kubectl run done --image=busybox:1.36 --restart=Never -- true
`;

describeWithKubectl(KUBECTL, 'real kubectl attach through kubeplay serve', () => {
  let h: ServeHandle;
  let env: Record<string, string>;

  beforeAll(async () => {
    ({ h, env } = await serveForKubectl(SCENARIO, 'kubeplay-attach', { speed: 20 }));
    for (let i = 0; i < 120; i++) {
      const r = await runKubectl(KUBECTL!, ['get', 'pods', '-o', 'jsonpath={.items[*].status.phase}'], env);
      if (r.stdout === 'Succeeded Running') break;
      await new Promise((res) => setTimeout(res, 250));
    }
  }, 90_000);

  afterAll(async () => {
    await h?.close();
  });

  it('streams the main process\'s new output, and exits 0 when the pod is deleted', async () => {
    const child = spawn(KUBECTL!, ['attach', 'loop'], { env: { ...process.env, ...env } });
    let out = '';
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const exited = new Promise<number>((res) => child.on('exit', (code) => res(code ?? -1)));
    await new Promise<void>((res) => {
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.split('\n').length > 3) res();
      });
    });
    expect(err).toBe("If you don't see a command prompt, try pressing enter.\n");
    expect(out).toMatch(/^(hi\n)+$/);
    await runKubectl(KUBECTL!, ['delete', 'pod', 'loop', '--wait=false'], env);
    expect(await exited).toBe(0);
  }, 60_000);

  it('kubectl run -i --rm: attaches (or, once the container is done, falls back to its logs), then deletes the pod', async () => {
    const r = await runKubectl(KUBECTL!, ['run', 'once', '--rm', '-i', '--image=busybox:1.36', '--restart=Never', '--', 'echo', 'hello'], env, '');
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe('hello\npod "once" deleted\n');
    // Attached while the container ran, kubectl prints its prompt hint; when the container had already
    // ended (a loaded machine), kubectl reads its logs instead and prints nothing on stderr.
    expect(r.stderr).toMatch(/^(?:If you don't see a command prompt, try pressing enter\.\n[^]*)?$/);
    expect((await runKubectl(KUBECTL!, ['get', 'pod', 'once'], env)).stderr).toBe('Error from server (NotFound): pods "once" not found\n');
  }, 60_000);

  it('refuses a completed pod with kubectl\'s error', async () => {
    const r = await runKubectl(KUBECTL!, ['attach', 'done'], env);
    expect(r).toMatchObject({ stdout: '', stderr: 'error: cannot attach a container in a completed pod; current phase is Succeeded\n', exitCode: 1 });
  }, 30_000);
});
