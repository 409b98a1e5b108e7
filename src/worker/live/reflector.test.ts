// Issue 17 point 6: live mode reads a real cluster through `kubectl proxy` with list+watch. Here
// `kubeplay serve` stands in for the real cluster and a plain HTTP proxy that adds the admin's
// client certificate stands in for `kubectl proxy` (e2e/live.spec.ts runs the real one). The
// reflector's behaviour is client-go's (tools/cache/reflector.go): list, watch from the list's
// resourceVersion, relist on 410 Gone, back off 800 ms doubling to 30 s after errors.

import type { Server } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type ServeHandle } from '../../serve/serve';
import { parseScenario } from '../../sim/scenario/parse';
import type { FrameBatch, ObjectView } from '../../protocol/view';
import { startAdminProxy } from './admin-proxy.fixture';
import { LiveView } from './live-view';
import { BACKOFF_INITIAL_MS, BACKOFF_MAX_MS, reflect, type ReflectorDeps } from './reflector';
import { LIVE_RESOURCES, MAX_LIVE_WATCHES } from './resources';

const SCENARIO = `apiVersion: kubeplay.dev/v1alpha1
kind: Scenario
metadata: {name: live}
spec:
  steps: []
`;

let h: ServeHandle;
let proxy: Server;
let proxyPort = 0;

function startProxy(port: number): Promise<Server> {
  return startAdminProxy(h, port);
}

function stopProxy(): Promise<void> {
  proxy.closeAllConnections();
  return new Promise((resolve) => proxy.close(() => resolve()));
}

beforeAll(async () => {
  const p = parseScenario(SCENARIO, 'live.yaml');
  if (!p.ok) throw new Error('invalid');
  h = await serve({ scenario: p.scenario, port: 0, address: '127.0.0.1', speed: 20 });
  proxy = await startProxy(0);
  proxyPort = (proxy.address() as { port: number }).port;
  await until(async () => (await fetch(`http://127.0.0.1:${proxyPort}/api/v1/nodes`).then((r) => r.ok, () => false)), 'the served cluster answers');
}, 60_000);

afterAll(async () => {
  await stopProxy();
  await h?.close();
});

async function until(cond: () => boolean | Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A live view fed by every resource's reflector, with the requests and the back-off waits they made. */
function startLive(rewrite: (u: string) => string = (u) => u) {
  const urls: string[] = [];
  const sleeps: number[] = [];
  const deps: ReflectorDeps = {
    apiRoot: `http://127.0.0.1:${proxyPort}/`,
    fetch: (u, init) => {
      const sent = rewrite(u);
      urls.push(sent);
      return fetch(sent, init);
    },
    // The waits are recorded at their real length and taken short, so the test does not sit through 30 s.
    sleep: (ms) => {
      sleeps.push(ms);
      return new Promise((r) => setTimeout(r, 50));
    },
  };
  const view = new LiveView();
  const abort = new AbortController();
  for (const r of LIVE_RESOURCES) void reflect(r, deps, view, abort.signal);
  // What the page holds, applied from the frames as sim-store applies them.
  const objects = new Map<string, ObjectView>();
  const hosts = new Map<string, FrameBatch['hosts']['added'][number]>();
  const pump = (): void => {
    const f = view.build(Date.now());
    if (!f) return;
    for (const o of [...f.objects.added, ...f.objects.updated]) objects.set(o.id, o);
    for (const id of f.objects.removed) objects.delete(id);
    for (const x of [...f.hosts.added, ...f.hosts.updated]) hosts.set(x.id, x);
    for (const id of f.hosts.removed) hosts.delete(id);
  };
  const seen = async (cond: () => boolean, what: string, ms?: number): Promise<void> => until(() => (pump(), cond()), what, ms);
  return { view, urls, sleeps, objects, hosts, seen, stop: () => abort.abort() };
}

async function createPod(name: string): Promise<void> {
  const r = await fetch(`http://127.0.0.1:${proxyPort}/api/v1/namespaces/default/pods`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec: { containers: [{ name: 'c', image: 'nginx:1.25' }] } }),
  });
  expect(r.status).toBe(201);
}

const listsOf = (urls: string[], path: string): number => urls.filter((u) => new URL(u).pathname === path && !u.includes('watch=')).length;

describe('live mode reads a cluster through a proxy with list and watch', () => {
  it('lists the Nodes and Pods, draws a host per Node and prints kubectl STATUS for them', async () => {
    const live = startLive();
    try {
      await live.seen(() => [...live.objects.values()].some((o) => o.kind === 'Node' && o.display?.status === 'Ready'), 'a Ready node is seen');
      const nodes = [...live.objects.values()].filter((o) => o.kind === 'Node').map((o) => o.name).sort();
      const served = h.cluster.nodes.map((n) => n.name).sort();
      expect(nodes).toEqual(served);
      // kubeadm labels its control-plane Node; the page's one control-plane region is that Node.
      const cp = h.cluster.nodes.find((n) => n.controlPlane)!.name;
      expect(live.hosts.get(cp)?.role).toBe('control-plane');
      // The list's items come without kind; the views carry it as kubectl get -o json prints it.
      expect(live.objects.get(`nodes//${cp}`)?.object.kind).toBe('Node');
      // After the list, a watch from the list's resourceVersion (not from "any": nothing is missed in between).
      await live.seen(() => live.urls.some((u) => /\/api\/v1\/pods\?watch=1&resourceVersion=\d+&allowWatchBookmarks=true/.test(u)), 'the pods are watched');
      await live.seen(() => live.view.connection().connected, 'every resource is listed and watched');
    } finally {
      live.stop();
    }
  });

  it('holds at most MAX_LIVE_WATCHES watches open (a browser opens 6 connections to a host) and lists the other kinds again instead', async () => {
    expect(LIVE_RESOURCES.filter((r) => r.pollMs === undefined).length).toBeLessThanOrEqual(MAX_LIVE_WATCHES);
    const live = startLive();
    try {
      await live.seen(() => listsOf(live.urls, '/apis/apps/v1/deployments') >= 3, 'the Deployments are listed again');
      expect(live.urls.filter((u) => u.includes('/apis/apps/v1/deployments?watch'))).toEqual([]);
      const watched = new Set(live.urls.filter((u) => u.includes('watch=1')).map((u) => new URL(u).pathname));
      expect([...watched].sort()).toEqual(['/api/v1/events', '/api/v1/nodes', '/api/v1/pods', '/api/v1/services', '/apis/discovery.k8s.io/v1/endpointslices']);
    } finally {
      live.stop();
    }
  });

  it('sees a pod created after the list appear, go Running and go away when deleted', async () => {
    const live = startLive();
    try {
      await live.seen(() => live.view.connection().connected, 'every resource is listed');
      await createPod('live-web');
      await live.seen(() => live.objects.has('pods/default/live-web'), 'the watch delivers the new pod');
      await live.seen(() => live.objects.get('pods/default/live-web')?.display?.status === 'Running', 'the pod is Running, as kubectl get pods prints it');
      expect(live.objects.get('pods/default/live-web')?.display?.ready).toBe('1/1');
      const del = await fetch(`http://127.0.0.1:${proxyPort}/api/v1/namespaces/default/pods/live-web?gracePeriodSeconds=0`, { method: 'DELETE' });
      expect(del.ok).toBe(true);
      await live.seen(() => !live.objects.has('pods/default/live-web'), 'the watch delivers the deletion');
      // One list per resource: everything after it came from the watch.
      expect(listsOf(live.urls, '/api/v1/pods')).toBe(1);
    } finally {
      live.stop();
    }
  });

  it('lists again when the watch answers 410 Gone for a resourceVersion too old for the watch cache', async () => {
    // A kube-apiserver's watch cache begins at etcd's revision when it starts (watchcache.ts): after
    // a restart, resourceVersion 1 is older than its window. The first pods watch asks from there,
    // is answered 410 ("too old resource version"), and the reflector lists again.
    h.cluster.kill('kube-apiserver');
    h.cluster.start('kube-apiserver');
    await until(async () => (await fetch(`http://127.0.0.1:${proxyPort}/api/v1/pods`).then((r) => r.ok, () => false)), 'kube-apiserver answers again');
    let first = true;
    const live = startLive((u) => {
      if (!first || !u.includes('/api/v1/pods?watch=1')) return u;
      first = false;
      return u.replace(/resourceVersion=\d+/, 'resourceVersion=1');
    });
    try {
      await live.seen(() => listsOf(live.urls, '/api/v1/pods') === 2 && live.view.connection().connected, 'the pods are listed again after the 410');
      const watches = live.urls.filter((u) => u.includes('/api/v1/pods?watch=1'));
      expect(watches[0]).toContain('resourceVersion=1&');
      await createPod('after-gone');
      await live.seen(() => live.objects.has('pods/default/after-gone'), 'the watch after the relist delivers a new pod');
    } finally {
      live.stop();
    }
  });

  it('comes back after kube-apiserver restarts and backs off while the proxy is gone', async () => {
    const live = startLive();
    try {
      await live.seen(() => live.view.connection().connected, 'every resource is listed');
      h.cluster.kill('kube-apiserver');
      await live.seen(() => !live.view.connection().connected, 'the broken watch is noticed');
      h.cluster.start('kube-apiserver');
      // It watches again from the resourceVersion it had, or lists again if the restarted watch cache answers 410.
      await live.seen(() => live.view.connection().connected, 'the reflectors reconnect');
      await createPod('after-restart');
      await live.seen(() => live.objects.has('pods/default/after-restart'), 'a pod created after the restart is seen');

      // The cluster goes away altogether: each failed try waits twice as long, up to 30 s.
      await stopProxy();
      const before = live.sleeps.length;
      await live.seen(() => live.sleeps.length >= before + 5 * LIVE_RESOURCES.length, 'several retries were made');
      const podWaits = live.sleeps.slice(before);
      expect(podWaits).toContain(BACKOFF_INITIAL_MS);
      expect(podWaits).toContain(BACKOFF_INITIAL_MS * 8);
      expect(Math.max(...podWaits)).toBeLessThanOrEqual(BACKOFF_MAX_MS);
      expect(live.view.connection()).toMatchObject({ connected: false });
      // ... and comes back: the reflectors reconnect by themselves and see what changed meanwhile.
      await createPodDirect('while-away');
      proxy = await startProxy(proxyPort);
      await live.seen(() => live.view.connection().connected && live.objects.has('pods/default/while-away'), 'the live view reconnects', 60_000);
    } finally {
      live.stop();
    }
  }, 180_000);
});

/** Creates a pod on the served cluster without the proxy (it is down). */
async function createPodDirect(name: string): Promise<void> {
  const admin = h.pki.clients.find((c) => c.user === 'kubernetes-admin')!;
  const target = new URL(h.url);
  const body = JSON.stringify({ apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec: { containers: [{ name: 'c', image: 'nginx:1.25' }] } });
  const status = await new Promise<number>((resolve, reject) => {
    const req = httpsRequest({ host: target.hostname, port: target.port, method: 'POST', path: '/api/v1/namespaces/default/pods', headers: { 'Content-Type': 'application/json' }, cert: admin.certPem, key: admin.keyPem, ca: h.pki.ca.certPem }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(body);
  });
  expect(status).toBe(201);
}
