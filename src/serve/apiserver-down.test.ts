// kube-apiserver down, seen by real kubectl through `kubeplay serve` (issue 17): on a kubeadm node
// kube-apiserver is a static pod listening on 6443 itself, so while it is not running nothing
// listens there and the kernel refuses the connection; real kubectl v1.31 then prints
// StandardErrorMessage's line for a refused connection (staging/src/k8s.io/kubectl/pkg/cmd/util/
// helpers.go: "The connection to the server %s was refused - did you specify the right host or
// port?"), the same line the in-page kubectl prints with the cluster's own address. A refused
// connection never reaches the simulation, so the recording (--record) holds nothing of it.

import { connect } from 'node:net';
import { connect as http2Connect } from 'node:http2';
import { afterEach, expect, it } from 'vitest';
import { buildCluster } from '../sim/cluster';
import { parseScenario } from '../sim/scenario/parse';
import { ScenarioRunner } from '../sim/scenario/run';
import type { Output } from './kubectl-compare';
import { describeWithKubectl, inPage, kubectlFor, realKubectl, serveForKubectl } from './kubectl-compare-setup';
import type { ServeHandle } from './serve';

const KUBECTL = kubectlFor('apiserver-down');

const SCENARIO = `apiVersion: kubeplay.dev/v1alpha1
kind: Scenario
metadata: {name: apiserver-down}
spec:
  steps: []
`;

/** kube-apiserver killed at 40 s and started again at 120 s of simulated time, as scenario steps (so that a replay has them). */
const DOWN_AND_UP = `apiVersion: kubeplay.dev/v1alpha1
kind: Scenario
metadata: {name: apiserver-down-record}
spec:
  steps:
    - at: 40s
      kill: kube-apiserver
    - at: 120s
      start: kube-apiserver
`;

let h: ServeHandle | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function until(cond: () => boolean | Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function within<T>(p: Promise<T>, what: string, ms = 5000): Promise<T> {
  return Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms: ${what}`)), ms))]);
}

/** What a TCP connection to the served port meets: accepted, or refused (ECONNREFUSED). */
function dial(port: number): Promise<'accepted' | 'refused' | string> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve('accepted');
    });
    s.once('error', (e: NodeJS.ErrnoException) => resolve(e.code === 'ECONNREFUSED' ? 'refused' : e.code ?? e.message));
  });
}

const portOf = (s: ServeHandle): number => Number(new URL(s.url).port);
const refusedLine = (server: string): string => `The connection to the server ${server} was refused - did you specify the right host or port?\n`;

/** Real kubectl until it answers (kube-apiserver just started may not serve yet). */
async function kubectlAnswers(bin: string, line: string, env: Record<string, string>): Promise<Output> {
  let out: Output = { stdout: '', stderr: '', exitCode: -1 };
  await until(async () => (out = await realKubectl(bin, line, env)).exitCode === 0, `real kubectl ${line} answers`, 60_000);
  return out;
}

describeWithKubectl(KUBECTL, 'real kubectl v1.31 against kubeplay serve while kube-apiserver is down', () => {
  it('is refused on 127.0.0.1:<port> as the in-page kubectl is on 10.0.0.10:6443, and works again on the same port once kube-apiserver is started', async () => {
    const served = await serveForKubectl(SCENARIO, 'apiserver-down', { speed: 20 });
    h = served.h;
    const port = portOf(h);
    // Both kubectls have discovery cached (~/.kube/cache), so neither asks /api first (memcache.go's
    // "couldn't get current server API group list" lines) and each prints its one line.
    await kubectlAnswers(KUBECTL!, 'get pods', served.env);
    expect(inPage(h, 'get pods').exitCode).toBe(0);

    // An idle connection (kubectl's HTTP/2 connection kept for the next request): the exiting
    // process's sockets are closed by the kernel, so it ends too.
    const idle = http2Connect(h.url, { rejectUnauthorized: false });
    idle.on('error', () => {});
    const version = await new Promise<number>((resolve) => {
      const r = idle.request({ ':path': '/version' });
      r.on('response', (headers) => resolve(Number(headers[':status'])));
      r.resume();
    });
    expect(version).toBe(200);
    const idleClosed = new Promise((r) => idle.once('close', r));

    h.cluster.kill('kube-apiserver');
    await until(async () => (await dial(port)) === 'refused', 'the API port refuses connections');
    await within(idleClosed, 'the idle connection is closed');
    const real = await realKubectl(KUBECTL!, 'get pods', served.env);
    const page = inPage(h, 'get pods');
    expect(page).toEqual({ stdout: '', stderr: refusedLine('10.0.0.10:6443'), exitCode: 1 });
    expect(real).toEqual({ stdout: '', stderr: refusedLine(`127.0.0.1:${port}`), exitCode: 1 });

    h.cluster.start('kube-apiserver');
    await until(async () => (await dial(port)) === 'accepted', 'the API port takes connections again');
    expect(portOf(h)).toBe(port);
    const again = await kubectlAnswers(KUBECTL!, 'get pods', served.env);
    expect(again.stderr).toBe('No resources found in default namespace.\n');
  }, 120_000);

  it('records nothing of a refused connection: kubeplay run of the recording reaches the same trace hash (--record)', async () => {
    const served = await serveForKubectl(DOWN_AND_UP, 'apiserver-down-record', { speed: 20 });
    h = served.h;
    const port = portOf(h);
    await kubectlAnswers(KUBECTL!, 'get pods', served.env);
    await until(async () => (await dial(port)) === 'refused', 'the API port refuses connections (the scenario killed kube-apiserver at 40 s)');
    const real = await realKubectl(KUBECTL!, 'get pods', served.env);
    expect(real).toEqual({ stdout: '', stderr: refusedLine(`127.0.0.1:${port}`), exitCode: 1 });
    await until(async () => (await dial(port)) === 'accepted', 'the API port takes connections again (started at 120 s)');
    await kubectlAnswers(KUBECTL!, 'get pods', served.env);

    const text = h.recorded();
    const hash = /trace hash ([0-9a-f]{16})/.exec(text)![1];
    const p = parseScenario(text, 'recorded.yaml');
    if (!p.ok) throw new Error(p.errors.map((e) => e.message).join('\n'));
    const requestsAt = p.scenario.steps.filter((s) => s.kind === 'request').map((s) => s.at);
    expect(requestsAt.filter((at) => at < 40_000).length).toBeGreaterThan(0);
    expect(requestsAt.filter((at) => at > 40_000 && at < 120_000)).toEqual([]);
    expect(requestsAt.filter((at) => at > 120_000).length).toBeGreaterThan(0);
    const cluster = buildCluster(p.scenario.cluster, { seed: p.scenario.seed, timings: p.scenario.timings });
    new ScenarioRunner(p.scenario, cluster).advanceTo(p.scenario.pauseAt!);
    expect(cluster.sim.traceHash()).toBe(hash);
  }, 120_000);
});
