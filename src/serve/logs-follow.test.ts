// `kubectl logs -f` through kubeplay serve (issue 17): a chunked stream that carries each line as the
// container writes it and ends when the container does, with --tail, --limit-bytes, -c and
// --previous honoured. Sources: kubectl pkg/cmd/logs/logs.go v1.31 (follow=true, the stream copied to
// stdout until it ends), k8s.io/api core/v1 PodLogOptions (tailLines, limitBytes, previous,
// container), the kubelet's kuberuntime/logs ReadLogs (with Follow, lines as they are written until
// the container exits; limitBytes cuts the whole stream). Real kubectl v1.31 is compared with the
// in-page kubectl's output for the same container.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKubectl } from './kubectl-compare';
import { describeWithKubectl, kubectlFor, serveForKubectl } from './kubectl-compare-setup';
import { LogFollow, type Ask } from './logs-follow';
import type { ServeHandle } from './serve';

const pod = (id: string, running: boolean) => ({ spec: { containers: [{ name: 'c' }] }, status: { containerStatuses: [{ name: 'c', containerID: id, state: running ? { running: {} } : { terminated: {} } }] } });

/** A LogFollow whose requests are answered in turn from `answers`; what it wrote and asked for. */
function scripted(query: Record<string, string>, answers: [number, unknown][]): { f: LogFollow; out: string[]; asked: string[] } {
  const out: string[] = [];
  const asked: string[] = [];
  const ask: Ask = (path, q, done) => {
    asked.push(`${path} ${new URLSearchParams(q).toString()}`);
    const [code, body] = answers.shift()!;
    done(code, body);
  };
  const f = new LogFollow('/api/v1/namespaces/default/pods/p/log', query, ask, {
    start: () => out.push('<start>'),
    write: (t) => out.push(t),
    end: () => out.push('<end>'),
    fail: () => out.push('<fail>'),
  });
  return { f, out, asked };
}

describe('a followed log', () => {
  it('writes the tail first, then only new lines (two at one timestamp too), and ends with the container', () => {
    const { f, out, asked } = scripted({ follow: 'true', tailLines: '2' }, [
      [200, pod('c1', true)],
      [200, 'T1 a\nT2 b\nT3 c\n'],
      [200, pod('c1', true)],
      [200, 'T3 c\nT4 d\nT4 e\n'],
      [200, pod('c1', false)],
      [200, 'T4 d\nT4 e\nT5 f\n'],
    ]);
    f.start();
    f.poll();
    f.poll();
    expect(out).toEqual(['<start>', 'b\nc\n', 'd\ne\n', 'f\n', '<end>']);
    expect(asked).toEqual([
      '/api/v1/namespaces/default/pods/p ',
      '/api/v1/namespaces/default/pods/p/log timestamps=true',
      '/api/v1/namespaces/default/pods/p ',
      '/api/v1/namespaces/default/pods/p/log timestamps=true&sinceTime=T3',
      '/api/v1/namespaces/default/pods/p ',
      '/api/v1/namespaces/default/pods/p/log timestamps=true&sinceTime=T4',
    ]);
    expect(f.done).toBe(true);
  });

  it('keeps --since on every read until a line is written (a first read with nothing newer does not open the whole log)', () => {
    const { f, out, asked } = scripted({ follow: 'true', sinceSeconds: '5' }, [
      [200, pod('c1', true)],
      [200, ''],
      [200, pod('c1', true)],
      [200, 'T9 new\n'],
      [200, pod('c1', true)],
      [200, 'T9 new\n'],
    ]);
    f.start();
    f.poll();
    f.poll();
    expect(out).toEqual(['<start>', 'new\n']);
    expect(asked.filter((a) => a.includes('/log'))).toEqual([
      '/api/v1/namespaces/default/pods/p/log timestamps=true&sinceSeconds=5',
      '/api/v1/namespaces/default/pods/p/log timestamps=true&sinceSeconds=5',
      '/api/v1/namespaces/default/pods/p/log timestamps=true&sinceTime=T9',
    ]);
  });

  it('cuts the whole stream at --limit-bytes, reads the previous instance of a restarted container last, and passes a refusal through', () => {
    const out: string[] = [];
    const sink = { start: () => out.push('<start>'), write: (t: string) => out.push(t), end: () => out.push('<end>'), fail: (c: number) => out.push(`<fail ${c}>`) };
    const answers: [number, unknown][] = [[200, pod('c1', true)], [200, 'T1 abc\n'], [200, pod('c2', true)], [200, 'T2 defgh\n']];
    const queries: Record<string, string>[] = [];
    const f = new LogFollow('/api/v1/namespaces/default/pods/p/log', { follow: 'true', limitBytes: '6' }, (_p, q, done) => {
      queries.push(q);
      const [code, body] = answers.shift()!;
      done(code, body);
    }, sink);
    f.start();
    f.poll();
    expect(out).toEqual(['<start>', 'abc\n', 'de', '<end>']);
    expect(queries[3]).toEqual({ timestamps: 'true', previous: 'true', sinceTime: 'T1' });
    out.length = 0;
    const refused = new LogFollow('/api/v1/namespaces/default/pods/p/log', { follow: 'true', container: 'x' }, (_p, _q, done) => done(400, { kind: 'Status' }), sink);
    refused.start();
    expect(out).toEqual(['<fail 400>']);
  });
});

const KUBECTL = kubectlFor('logs-follow');

const SCENARIO = `apiVersion: kubeplay.dev/v1alpha1
kind: Scenario
metadata: {name: logs-follow}
spec:
  steps:
    - at: 0s
      run: kubectl run loop --image=busybox:1.36 -- sh -c 'while true; do echo hi; sleep 1; done'
    - at: 0s
      run: kubectl run count --image=busybox:1.36 --restart=Never -- sh -c 'sleep 20; echo one; sleep 2; echo two; sleep 2; echo three'
    - at: 0s
      run: kubectl run crash --image=busybox:1.36 -- sh -c 'echo first; sleep 1; exit 1'
`;

describeWithKubectl(KUBECTL, 'real kubectl logs -f through kubeplay serve', () => {
  let h: ServeHandle;
  let env: Record<string, string>;
  const kubectl = (...args: string[]): ReturnType<typeof runKubectl> => runKubectl(KUBECTL!, args, env);

  beforeAll(async () => {
    ({ h, env } = await serveForKubectl(SCENARIO, 'kubeplay-logs', { speed: 5 }));
    for (let i = 0; i < 120; i++) {
      const r = await kubectl('get', 'pods', 'loop', 'count', '-o', 'jsonpath={.items[*].status.phase}');
      if (r.stdout === 'Running Running') break;
      await new Promise((res) => setTimeout(res, 250));
    }
  }, 90_000);

  afterAll(async () => {
    await h?.close();
  });

  it('follows new lines until the container ends, then exits 0, printing what the in-page kubectl prints for that container', async () => {
    const child = spawn(KUBECTL!, ['logs', '-f', 'count'], { env: { ...process.env, ...env } });
    const chunks: string[] = [];
    child.stdout.on('data', (d: Buffer) => chunks.push(d.toString()));
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number>((res) => child.on('exit', (c) => res(c ?? -1)));
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(chunks.join('')).toBe('one\ntwo\nthree\n');
    // The lines came as they were written, not in one piece at the end.
    expect(chunks.length).toBeGreaterThan(1);
    expect(h.cluster.run('kubectl logs count').stdout).toBe(chunks.join(''));
  }, 60_000);

  it('--tail and --limit-bytes: the last lines, then the new ones, the whole stream cut at the limit', async () => {
    const r = await kubectl('logs', '-f', 'loop', '--tail=1', '--limit-bytes=8');
    expect(r).toEqual({ stdout: 'hi\nhi\nhi', stderr: '', exitCode: 0 });
    const inPage = h.cluster.run('kubectl logs loop --tail=1 --limit-bytes=8');
    expect(inPage.stdout).toBe('hi\n');
  }, 60_000);

  it('-c with a wrong container and --previous of a restarted container, as the in-page kubectl', async () => {
    const wrong = await kubectl('logs', '-f', 'loop', '-c', 'nope');
    expect(wrong.exitCode).toBe(1);
    expect(wrong.stderr).toBe(h.cluster.run('kubectl logs -f loop -c nope').stderr);
    for (let i = 0; i < 80; i++) {
      if ((await kubectl('get', 'pod', 'crash', '-o', 'jsonpath={.status.containerStatuses[0].restartCount}')).stdout !== '0') break;
      await new Promise((res) => setTimeout(res, 250));
    }
    const prev = await kubectl('logs', '-f', 'crash', '--previous', '-c', 'crash');
    expect(prev).toEqual({ stdout: 'first\n', stderr: '', exitCode: 0 });
    expect(h.cluster.run('kubectl logs crash --previous -c crash').stdout).toBe(prev.stdout);
  }, 60_000);
  // kubelet kuberuntime/logs ReadLogs with Follow and tailLines=0 starts at the end of the file:
  // `kubectl logs -f --tail=0` prints only what is written after it started, real and in-page alike.
  it('--tail=0 prints only the lines written after it started, as the in-page kubectl does', async () => {
    h.cluster.run("kubectl run late --image=busybox:1.36 -- sh -c 'echo old; sleep 20; echo new; sleep 3600'");
    for (let i = 0; i < 120 && !h.cluster.run('kubectl logs late').stdout.includes('old'); i++) await new Promise((res) => setTimeout(res, 100));
    expect(h.cluster.run('kubectl logs late').stdout).toBe('old\n');
    const child = spawn(KUBECTL!, ['logs', '-f', '--tail=0', 'late'], { env: { ...process.env, ...env } });
    let real = '';
    child.stdout.on('data', (d: Buffer) => (real += d.toString()));
    const inPage = h.cluster.exec('kubectl logs -f --tail=0 late');
    const page = (): string => h.cluster.partialOutput(inPage)?.stdout ?? h.cluster.output(inPage)?.stdout ?? '';
    for (let i = 0; i < 200 && !(real.includes('new') && page().includes('new')); i++) await new Promise((res) => setTimeout(res, 100));
    // A few more polls of both: nothing older comes after.
    await new Promise((res) => setTimeout(res, 1_000));
    child.kill('SIGINT');
    h.cluster.cancel(inPage);
    expect(real).toBe('new\n');
    expect(page()).toBe(real);
  }, 60_000);
});
