// Issue 17, "How it is checked": an informer from @kubernetes/client-node (list, then watch) against
// `kubeplay serve` sees every change, comes back after the served kube-apiserver restarts (issue 9),
// and resumes from the resourceVersion it had rather than listing again. The restart-on-error
// handler is the one client-node's own README shows (`informer.on('error', ...) start()`).

import { CoreV1Api, KubeConfig, makeInformer, type Informer, type V1Pod } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseScenario } from '../sim/scenario/parse';
import { serve, type ServeHandle } from './serve';

const SCENARIO = `apiVersion: kubeplay.dev/v1alpha1
kind: Scenario
metadata: {name: informer}
spec:
  steps: []
`;

let h: ServeHandle;
let api: CoreV1Api;

beforeAll(async () => {
  const p = parseScenario(SCENARIO, 'informer.yaml');
  if (!p.ok) throw new Error('invalid');
  // 20 simulated seconds a wall second: the cluster boots in about a second.
  h = await serve({ scenario: p.scenario, port: 0, address: '127.0.0.1', speed: 20 });
  const kc = new KubeConfig();
  kc.loadFromString(h.kubeconfig);
  api = kc.makeApiClient(CoreV1Api);
  await until(async () => (await within(api.listNamespacedPod({ namespace: 'default' }), 'list', 5000).then(() => true, () => false)), 'the served cluster answers');
}, 60_000);

afterAll(async () => {
  await h?.close();
});

async function until(cond: () => boolean | Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A client call that must settle within `ms` of wall time (a hung request fails the test by name). */
function within<T>(p: Promise<T>, what: string, ms = 10_000): Promise<T> {
  return Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms: ${what}`)), ms))]);
}

const pod = (name: string): V1Pod => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec: { containers: [{ name: 'c', image: 'nginx:1.25' }] } });

/** The watch requests the informer sent, as the served run recorded them. */
function watches(): { resourceVersion?: string }[] {
  return h.runner.scenario.steps.flatMap((s) => (s.kind === 'request' && s.request.watch && s.request.path === '/api/v1/namespaces/default/pods' ? [s.request.query ?? {}] : []));
}

describe('an informer from @kubernetes/client-node against kubeplay serve', () => {
  it('sees every change, reconnects after kube-apiserver restarts and resumes from its resourceVersion', async () => {
    await within(api.createNamespacedPod({ namespace: 'default', body: pod('before') }), 'create before');
    let lists = 0;
    // The informer watches with the same kubeconfig (the admin's client certificate).
    const kc = new KubeConfig();
    kc.loadFromString(h.kubeconfig);
    const inf: Informer<V1Pod> = makeInformer(kc, '/api/v1/namespaces/default/pods', () => {
      lists++;
      return api.listNamespacedPod({ namespace: 'default' });
    });
    const seen: string[] = [];
    let errors = 0;
    let lastRv = '';
    inf.on('add', (p) => seen.push(`add ${p.metadata!.name}`));
    inf.on('update', (p) => void (lastRv = p.metadata!.resourceVersion!));
    inf.on('add', (p) => void (lastRv = p.metadata!.resourceVersion!));
    inf.on('delete', (p) => seen.push(`delete ${p.metadata!.name}`));
    inf.on('error', () => {
      errors++;
      setTimeout(() => void inf.start(), 500);
    });
    // start() settles when the watch's response headers arrive; what it saw is what matters here.
    void inf.start();
    await until(() => seen.includes('add before'), 'the list delivers the existing pod');
    expect(lists).toBe(1);

    await within(api.createNamespacedPod({ namespace: 'default', body: pod('during') }), 'create during');
    await until(() => seen.includes('add during'), 'the watch delivers a new pod');

    // Whatever the kubelet and the scheduler wrote about the new pod has arrived too.
    await new Promise((r) => setTimeout(r, 1000));
    const rvAtKill = lastRv;
    h.cluster.kill('kube-apiserver');
    await until(() => errors > 0, 'the informer notices its watch broke');
    h.cluster.start('kube-apiserver');
    await until(async () => (await within(api.listNamespacedPod({ namespace: 'default' }), 'list', 5000).then(() => true, () => false)), 'kube-apiserver answers again');

    await within(api.createNamespacedPod({ namespace: 'default', body: pod('after') }), 'create after');
    await until(() => seen.includes('add after'), 'the informer sees a pod created after the restart');
    await within(api.deleteNamespacedPod({ namespace: 'default', name: 'before', gracePeriodSeconds: 0 }), 'delete before');
    await until(() => seen.includes('delete before'), 'the informer sees a deletion after the restart');
    await within(inf.stop(), 'informer stop');

    expect(seen.filter((s) => s.startsWith('add'))).toEqual(['add before', 'add during', 'add after']);
    // It watched again from the resourceVersion it had. The restarted kube-apiserver's watch cache
    // begins at etcd's revision when it started, later than that (leases and node status moved it
    // on while it was down), so it answered 410 Gone ("too old resource version"), as a real one
    // does; the informer listed once more and watched from the list's resourceVersion.
    const w = watches();
    expect(w[1]!.resourceVersion).toBe(rvAtKill);
    expect(lists).toBe(2);
    expect(Number(w.at(-1)!.resourceVersion)).toBeGreaterThan(Number(rvAtKill));
  }, 90_000);
});
