// `kubectl logs -f`, `--prefix`, `--since`, `--all-containers` on the whole simulated cluster. Sources: kubectl
// pkg/cmd/logs/logs.go v1.31 (--follow streams until the container ends; parallelConsumeRequest
// for a selector; addPrefixIfNeeded's `[pod/NAME/CONTAINER] `; the --max-log-requests error;
// Validate's `at most one of sinceTime or sinceSeconds` and --all-containers with -c; the --since
// Duration flag's parse error, compared with kubectl.1.31), kubernetes.io "kubectl logs" reference (`-f`, `--since=1h`), and
// the kubelet's ReadLogs (since filters first, the tail counts back from the end).

import { beforeAll, describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';

const PODS = `apiVersion: v1
kind: Pod
metadata:
  name: counter
  labels: {app: count}
spec:
  restartPolicy: Never
  containers:
  - name: count
    image: busybox:1.36
    command: ["sh", "-c", "echo tick 0; sleep 5; echo tick 1; sleep 5; echo tick 2; sleep 5; echo tick 3; sleep 5; echo tick 4; sleep 5; echo tick 5"]
---
apiVersion: v1
kind: Pod
metadata:
  name: forever
  labels: {app: count}
spec:
  containers:
  - name: loop
    image: busybox:1.36
    command: ["sh", "-c", "while true; do echo hi; sleep 5; done"]
---
apiVersion: v1
kind: Pod
metadata:
  name: multi
spec:
  initContainers:
  - name: setup
    image: busybox:1.36
    command: ["sh", "-c", "echo set up"]
  containers:
  - name: a
    image: busybox:1.36
    command: ["sh", "-c", "echo from a; sleep 3600"]
  - name: b
    image: busybox:1.36
    command: ["sh", "-c", "echo from b; sleep 3600"]
`;

let c: ReturnType<typeof buildCluster>;
beforeAll(() => {
  c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 12 });
  c.sim.runUntil(c.sim.now + 5_000);
  c.run('kubectl apply -f -', { stdin: PODS });
  // The images pull and both containers start; counter has printed a line or two by then.
  for (let i = 0; i < 40 && !/Running[\s\S]*Running[\s\S]*Running/.test(c.run('kubectl get pods').stdout); i++) c.sim.runUntil(c.sim.now + 1_000);
});

describe('kubectl logs -f', () => {
  it('prints the lines written so far, then each new one as it comes, and ends with the container', () => {
    const job = c.exec('kubectl logs -f counter');
    c.sim.runUntil(c.sim.now + 3_000);
    const early = c.partialOutput(job)?.stdout ?? '';
    expect(early).toMatch(/^tick 0\n/);
    c.sim.runUntil(c.sim.now + 6_000);
    // The stream is still open and has printed more since.
    expect(c.output(job)).toBeUndefined();
    expect((c.partialOutput(job)?.stdout ?? '').length).toBeGreaterThan(early.length);
    c.sim.runUntil(c.sim.now + 40_000);
    const out = c.output(job)!;
    expect(out).toMatchObject({ exitCode: 0, stderr: '' });
    // Every line once, in order, none repeated by the reads that follow the stream.
    expect(out.stdout).toBe('tick 0\ntick 1\ntick 2\ntick 3\ntick 4\ntick 5\n');
  });

  it('follows until Ctrl-C while the container runs; the shell then reports 130', () => {
    const job = c.exec('kubectl logs forever --follow --tail=1');
    c.sim.runUntil(c.sim.now + 11_000);
    expect(c.output(job)).toBeUndefined();
    c.cancel(job);
    c.sim.runUntil(c.sim.now + 1_000);
    const out = c.output(job)!;
    expect(out.exitCode).toBe(130);
    // --tail=1 first, then the two or three lines written in 11 s.
    expect(out.stdout).toMatch(/^(hi\n){3,4}$/);
  });

  // kubelet kuberuntime/logs ReadLogs: with Follow and tailLines=0 it starts at the end of the file,
  // so `kubectl logs -f --tail=0` (kubectl pkg/cmd/logs/logs.go v1.31) prints only lines written after
  // it started; the reads that follow the stream must not repeat the log from its beginning.
  it('--tail=0 prints only the lines written after it started', () => {
    const before = c.run('kubectl logs forever').stdout;
    expect(before.split('\n').length).toBeGreaterThan(3);
    const job = c.exec('kubectl logs -f --tail=0 forever');
    c.sim.runUntil(c.sim.now + 11_000);
    c.cancel(job);
    c.sim.runUntil(c.sim.now + 1_000);
    const out = c.output(job)!;
    expect(out.exitCode).toBe(130);
    // forever says hi every 5 s: two or three lines in 11 s, none of those written before.
    expect(out.stdout).toMatch(/^(hi\n){2,3}$/);
    // --since with nothing newer starts at the command's start too.
    const since = c.exec('kubectl logs -f --since=1s forever');
    c.sim.runUntil(c.sim.now + 6_000);
    c.cancel(since);
    c.sim.runUntil(c.sim.now + 1_000);
    expect(c.output(since)!.stdout).toMatch(/^(hi\n){1,2}$/);
  });

  it('follows every selected pod with --prefix, and refuses more streams than --max-log-requests', () => {
    const job = c.exec('kubectl logs -f -l app=count --prefix');
    c.sim.runUntil(c.sim.now + 7_000);
    c.cancel(job);
    c.sim.runUntil(c.sim.now + 1_000);
    const out = c.output(job)!;
    // counter has ended: its last 10 lines (the selector's default tail), and then only forever's.
    expect(out.stdout.split('\n').filter((l) => l.startsWith('[pod/counter/count] '))).toEqual(
      [0, 1, 2, 3, 4, 5].map((i) => `[pod/counter/count] tick ${i}`),
    );
    expect(out.stdout).toContain('[pod/forever/loop] hi\n');
    expect(out.stdout.split('\n').filter((l) => l !== '').every((l) => /^\[pod\/(counter\/count|forever\/loop)\] /.test(l))).toBe(true);
    expect(c.run('kubectl logs -f -l app=count --max-log-requests=1')).toMatchObject({
      stderr: 'error: you are attempting to follow 2 log streams, but maximum allowed concurrency is 1, use --max-log-requests to increase the limit\n',
      exitCode: 1,
    });
  });

  it('prefixes a plain read too, and --since keeps only the newer lines', () => {
    expect(c.run('kubectl logs counter --prefix --tail=2').stdout).toBe('[pod/counter/count] tick 4\n[pod/counter/count] tick 5\n');
    // counter ended long ago: nothing in the last 5 seconds; the whole log in the last hour.
    expect(c.run('kubectl logs counter --since=5s')).toMatchObject({ stdout: '', exitCode: 0 });
    expect(c.run('kubectl logs counter --since=1h').stdout).toBe('tick 0\ntick 1\ntick 2\ntick 3\ntick 4\ntick 5\n');
    expect(c.run('kubectl logs forever --since=6s').stdout).toMatch(/^hi\n(hi\n)?$/);
  });

  it('reads every container with --all-containers, init containers first, each prefixed with --prefix', () => {
    expect(c.run('kubectl logs multi --all-containers --prefix')).toMatchObject({
      stdout: '[pod/multi/setup] set up\n[pod/multi/a] from a\n[pod/multi/b] from b\n',
      stderr: '',
      exitCode: 0,
    });
    expect(c.run('kubectl logs multi --all-containers').stdout).toBe('set up\nfrom a\nfrom b\n');
    expect(c.run('kubectl logs multi --all-containers -c a').stderr).toBe('error: --all-containers=true should not be specified with container name a\n');
    const job = c.exec('kubectl logs -f multi --all-containers --prefix');
    c.sim.runUntil(c.sim.now + 3_000);
    c.cancel(job);
    c.sim.runUntil(c.sim.now + 1_000);
    // The init container has ended: its stream closes at once; the app containers' stay open until Ctrl-C.
    expect(c.output(job)).toMatchObject({ exitCode: 130, stdout: '[pod/multi/setup] set up\n[pod/multi/a] from a\n[pod/multi/b] from b\n' });
  });

  // logs.go: --limit-bytes becomes PodLogOptions.limitBytes, and Validate refuses a negative one;
  // the kubelet's limitedWriter (pkg/kubelet/kuberuntime/logs/logs.go) stops writing at the limit,
  // even inside a line, after the tail picked the lines; timestamps count as bytes too.
  it('cuts the log at --limit-bytes, counted after --tail, even inside a line', () => {
    expect(c.run('kubectl logs counter --limit-bytes=10')).toMatchObject({ stdout: 'tick 0\ntic', exitCode: 0 });
    expect(c.run('kubectl logs counter --tail=2 --limit-bytes=9').stdout).toBe('tick 4\nti');
    expect(c.run('kubectl logs counter --tail=1 --limit-bytes=500').stdout).toBe('tick 5\n');
    expect(c.run('kubectl logs counter --limit-bytes=0').stdout).toBe('tick 0\ntick 1\ntick 2\ntick 3\ntick 4\ntick 5\n');
    expect(c.run('kubectl logs counter --timestamps --limit-bytes=19').stdout).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    expect(c.run('kubectl logs counter --limit-bytes=-1')).toMatchObject({ stderr: 'error: --limit-bytes must be greater than 0\n', exitCode: 1 });
  });

  it('gives kubectl v1.31\'s errors for bad --since values (compared with kubectl.1.31)', () => {
    expect(c.run('kubectl logs counter --since=abc').stderr).toBe(
      'error: invalid argument "abc" for "--since" flag: time: invalid duration "abc"\nSee \'kubectl logs --help\' for usage.\n',
    );
    expect(c.run('kubectl logs counter --since=-5s').stderr).toBe('error: --since must be greater than 0\n');
    expect(c.run('kubectl logs counter --since=5s --since-time=2020-01-01T00:00:00Z').stderr).toBe(
      'error: at most one of `sinceTime` or `sinceSeconds` may be specified\n',
    );
  });
});
