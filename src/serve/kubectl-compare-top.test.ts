// Issue 12's `kubectl top` with a metrics-server, checked against the oracle: real kubectl v1.31
// through `kubeplay serve` and the in-page kubectl on the same served cluster print the same tables
// and errors (masked as kubectl-compare.test.ts masks them). metrics-server v0.7.2's components.yaml
// (plus --kubelet-insecure-tls, src/sim/node/metrics-server/testdata/components-v0.7.2-kubeadm.ts) is applied by the page, the
// clock is moved past two scrapes, then each line runs on both sides. Real kubectl reads discovery
// (aggregated /apis listing metrics.k8s.io/v1beta1) and the Metrics API through the aggregator's
// proxy exactly as the page does. With CI=true and no kubectl v1.31 the suite fails; elsewhere it skips.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRICS_SERVER_COMPONENTS_YAML as MANIFEST } from '../sim/node/metrics-server/testdata/components-v0.7.2-kubeadm';
import { parseScenario } from '../sim/scenario/parse';
import { findKubectl131, normalise, runKubectl, type Output } from './kubectl-compare';
import { serve, type ServeHandle } from './serve';

const KUBECTL = findKubectl131();
if (!KUBECTL && process.env.CI === 'true') throw new Error('kubectl-compare-top: no kubectl v1.31 found');

const SCENARIO = 'apiVersion: kubeplay.dev/v1alpha1\nkind: Scenario\nmetadata: {name: compare-top}\nspec:\n  seed: 7\n  steps: []\n';


const BEFORE = ['top node', 'top pod -A'];
const AFTER = [
  'top node',
  'top node worker-1',
  'top node --no-headers --sort-by=memory',
  'top node --show-capacity',
  'top node -l nope=1',
  'top pod',
  'top pod -A',
  'top pod -A --containers --sort-by=cpu',
  'top pod -n kube-system -l tier=control-plane --sum',
  'top pod nope',
  'top pod -n kube-public',
  'top pod --sort-by=disk',
  'get apiservices',
  'get apiservice v1beta1.metrics.k8s.io -o jsonpath={.status.conditions[0].reason}',
  'describe apiservice v1beta1.metrics.k8s.io',
  'describe apiservice v1.apps',
  'describe apiservice v1.',
];

let h: ServeHandle | undefined;
let env: Record<string, string> = {};

async function real(line: string): Promise<Output> {
  return runKubectl(KUBECTL!, line.split(' '), env);
}

function page(line: string, stdin?: string): Output {
  const out = h!.cluster.run(`kubectl ${line}`, stdin === undefined ? {} : { stdin });
  h!.resync();
  return { stdout: out.stdout, stderr: out.stderr, exitCode: out.exitCode };
}

const comparable = (o: Output): Output => ({ stdout: normalise(o.stdout), stderr: normalise(o.stderr), exitCode: o.exitCode });

const maybe = KUBECTL ? describe : describe.skip;

maybe('kubectl top: real kubectl v1.31 and the in-page kubectl print the same', () => {
  beforeAll(async () => {
    const p = parseScenario(SCENARIO, 'compare-top.yaml');
    if (!p.ok) throw new Error('invalid scenario');
    h = await serve({ scenario: p.scenario, port: 0, address: '127.0.0.1', speed: 1 });
    const dir = mkdtempSync(join(tmpdir(), 'kubectl-compare-top-'));
    writeFileSync(join(dir, 'kubeconfig'), h.kubeconfig, { mode: 0o600 });
    env = { KUBECONFIG: join(dir, 'kubeconfig'), HOME: dir, KUBECACHEDIR: join(dir, 'cache') };
  }, 120_000);

  afterAll(async () => {
    await h?.close();
  });

  for (const line of BEFORE) {
    it(`before the install: kubectl ${line}`, async () => {
      expect(comparable(page(line))).toEqual(comparable(await real(line)));
    }, 30_000);
  }

  it('installs metrics-server and waits for two scrapes', () => {
    expect(page('apply -f -', MANIFEST).exitCode).toBe(0);
    page('run web --image=nginx:1.27');
    h!.cluster.sim.runUntil(h!.cluster.sim.now + 60_000);
    h!.resync();
    expect(page('get apiservices').stdout).toContain('kube-system/metrics-server   True');
  });

  for (const line of AFTER) {
    it(`kubectl ${line}`, async () => {
      const r = await real(line);
      const p = page(line);
      // Not two equal failures: real kubectl printed the table.
      if (line === 'top node' || line === 'top pod -A') expect(r.stdout).toMatch(/CPU\(cores\)[^]*\d+m [^]*\d+Mi/);
      if (process.env.KUBEPLAY_SHOW) console.log(`$ kubectl ${line}\n${r.stdout}${r.stderr}[${r.exitCode}]`);
      expect(comparable(p)).toEqual(comparable(r));
    }, 30_000);
  }

  // The endpoints go: the APIService turns MissingEndpoints and the aggregator answers 503.
  it('deletes metrics-server and waits for the endpoints to go', () => {
    page('delete deployment metrics-server -n kube-system');
    h!.cluster.sim.runUntil(h!.cluster.sim.now + 40_000);
    h!.resync();
    expect(page('get apiservices').stdout).toContain('False (MissingEndpoints)');
  });

  for (const line of ['top node', 'top pod', 'get --raw /apis/metrics.k8s.io/v1beta1/nodes']) {
    it(`without endpoints: kubectl ${line}`, async () => {
      const r = await real(line);
      if (process.env.KUBEPLAY_SHOW) console.log(`$ kubectl ${line}\n${r.stdout}${r.stderr}[${r.exitCode}]`);
      expect(comparable(page(line))).toEqual(comparable(r));
    }, 30_000);
  }
});
