// Issue 17, "What nobody may do to it": hostile requests to `kubeplay serve` get what a kubeadm
// cluster's kube-apiserver answers, and leave the cluster as it was and still working:
// - no credentials: system:anonymous may read /version and /healthz (system:public-info-viewer) and
//   nothing else (403 with the apiserver's sentence);
// - a body over 3 MiB: 413 `Request entity too large: limit is 3145728`
//   (apiserver/pkg/server/config.go MaxRequestBodyBytes, handlers/rest.go limitedReadBody);
// - malformed JSON: 400, nothing stored; an unknown path: 404 Status;
// - more requests in flight from one client than the bound: 429 with `Retry-After: 1` and
//   maxinflight.go's text; watches have their own bound;
// - a client certificate another CA signed (another kubeadm cluster's, also named "kubernetes"):
//   401 Unauthorized (x509 authenticator's error through the union authenticator), not a dropped
//   connection and not anonymous;
// - malformed YAML: 400, nothing stored;
// - a watcher that never reads: closed once MAX_UNREAD_WATCH_BYTES wait for it, as kube-apiserver
//   closes a watcher whose buffer is full (storage/cacher: "Forcing watcher close due to
//   unresponsiveness"), so it neither stalls the simulation nor grows the process.

import { once } from 'node:events';
import { request } from 'node:https';
import { connect } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseScenario } from '../sim/scenario/parse';
import { makePki, type ClientCert } from './pki';
import { MAX_INFLIGHT_PER_CLIENT, MAX_UNREAD_WATCH_BYTES, MAX_WATCHES_PER_CLIENT, serve, type ServeHandle } from './serve';

const SCENARIO = `apiVersion: kubeplay.dev/v1alpha1
kind: Scenario
metadata: {name: hostile}
spec:
  steps: []
`;

let h: ServeHandle;
/** What serve logged (its stderr). */
const logged: string[] = [];

beforeAll(async () => {
  const p = parseScenario(SCENARIO, 'hostile.yaml');
  if (!p.ok) throw new Error('invalid');
  h = await serve({ scenario: p.scenario, port: 0, address: '127.0.0.1', speed: 20, log: (l) => logged.push(l) });
  await until(async () => (await call('/api/v1/namespaces/default/pods')).status === 200);
}, 60_000);

afterAll(async () => {
  await h?.close();
});

async function until(cond: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface Opts {
  method?: string;
  body?: string | Buffer;
  contentType?: string;
  /** 'admin' (default), 'none' (no client certificate) or a certificate of another cluster. */
  who?: 'admin' | 'none' | ClientCert;
}

function call(path: string, opts: Opts = {}): Promise<{ status: number; body: string; retryAfter?: string }> {
  const who = opts.who ?? 'admin';
  const client = who === 'admin' ? h.pki.clients.find((c) => c.user === 'kubernetes-admin') : who === 'none' ? undefined : who;
  const url = new URL(path, h.url);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (opts.body !== undefined) headers['content-type'] = opts.contentType ?? 'application/json';
  return new Promise((resolve, reject) => {
    const req = request(
      // A connection per request (no keep-alive): a pooled connection the server closes as it idles would
      // be a `socket hang up` of the test's own making (Go's client retries those; Node's does not).
      { hostname: url.hostname, port: url.port, path: url.pathname + url.search, method: opts.method ?? 'GET', ca: h.pki.ca.certPem, ...(client && { cert: client.certPem, key: client.keyPem }), headers, agent: false },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, ...(res.headers['retry-after'] !== undefined && { retryAfter: String(res.headers['retry-after']) }) }));
      },
    );
    req.on('error', (e) => reject(new Error(`${opts.method ?? 'GET'} ${path}: ${e.message}`)));
    req.end(opts.body);
  });
}

const message = (r: { body: string }): string => (JSON.parse(r.body) as { message: string }).message;

async function podNames(): Promise<string[]> {
  const r = await call('/api/v1/namespaces/default/pods');
  return (JSON.parse(r.body) as { items: { metadata: { name: string } }[] }).items.map((p) => p.metadata.name);
}

describe('kubeplay serve against hostile requests', () => {
  it('lets system:anonymous read /version and /healthz and nothing else, with the real 403', async () => {
    expect((await call('/version', { who: 'none' })).status).toBe(200);
    expect((await call('/healthz', { who: 'none' })).status).toBe(200);
    const pods = await call('/api/v1/namespaces/default/pods', { who: 'none' });
    expect(pods.status).toBe(403);
    expect(message(pods)).toBe('pods is forbidden: User "system:anonymous" cannot list resource "pods" in API group "" in the namespace "default"');
  }, 30_000);

  it('answers a client certificate signed by another CA with 401 Unauthorized, and the connection and cluster keep working', async () => {
    // Another cluster's admin: its CA is also CN=kubernetes, so only the signature tells them apart.
    const foreign = makePki([{ name: 'kubernetes-admin', groups: ['system:masters'] }]).clients[0]!;
    for (const path of ['/api/v1/namespaces/default/pods', '/version', '/api']) {
      const r = await call(path, { who: foreign });
      expect(r.status).toBe(401);
      expect(JSON.parse(r.body)).toEqual({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'Unauthorized', reason: 'Unauthorized', code: 401 });
    }
    expect((await call('/api/v1/namespaces/default/pods')).status).toBe(200);
  }, 30_000);

  it('refuses a body over 3 MiB with 413 and stores nothing', async () => {
    const big = JSON.stringify({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'big', annotations: { x: 'a'.repeat(3 * 1024 * 1024) } }, spec: { containers: [{ name: 'c', image: 'nginx:1.25' }] } });
    const r = await call('/api/v1/namespaces/default/pods', { method: 'POST', body: big });
    expect(r.status).toBe(413);
    expect(message(r)).toBe('Request entity too large: limit is 3145728');
    // The same pod, small, would have been stored: the 404 says the big one was not.
    expect((await call('/api/v1/namespaces/default/pods/big')).status).toBe(404);
    expect((await call('/api/v1/namespaces/default/pods', { method: 'POST', body: big.replace(/a{1000,}/, 'small') })).status).toBe(201);
  }, 30_000);

  it('answers malformed JSON with 400 and an unknown path with a 404 Status, and still works afterwards', async () => {
    const before = await podNames();
    const bad = await call('/api/v1/namespaces/default/pods', { method: 'POST', body: '{"apiVersion": "v1", "kind": "Pod", "metadata": {' });
    expect(bad.status).toBe(400);
    const missing = await call('/api/v1/no-such-thing');
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body)).toMatchObject({ kind: 'Status', code: 404 });
    expect(await podNames()).toEqual(before);
    const ok = await call('/api/v1/namespaces/default/pods', { method: 'POST', body: JSON.stringify({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'still-fine' }, spec: { containers: [{ name: 'c', image: 'nginx:1.25' }] } }) });
    expect(ok.status).toBe(201);
  }, 30_000);

  it('answers 429 with Retry-After past the bound of requests in flight from one client, and serves it again once they end', async () => {
    // Paused, as a page pauses the run: requests wait in the simulation, however long the machine
    // takes to send them all (a partition would let the gateway give up on them after 60 simulated
    // seconds, 3 wall seconds at this speed, which a loaded machine may not reach the refused one in).
    const requests = (): number => h.runner.scenario.steps.filter((s) => s.kind === 'request').length;
    const before = requests();
    h.served.session.handle({ type: 'pause' });
    try {
      const waiting = Array.from({ length: MAX_INFLIGHT_PER_CLIENT }, () => call('/api/v1/namespaces/default/pods').catch((e: unknown) => ({ status: 0, body: String(e) })));
      await until(async () => requests() === before + MAX_INFLIGHT_PER_CLIENT, 60_000);
      const refused = await call('/api/v1/namespaces/default/pods');
      expect(refused.status).toBe(429);
      expect(refused.retryAfter).toBe('1');
      expect(refused.body).toBe('Too many requests, please try again later.\n');
      // Refused before it entered the simulation: nothing recorded for it.
      expect(requests()).toBe(before + MAX_INFLIGHT_PER_CLIENT);
      h.served.session.handle({ type: 'play' });
      expect(new Set((await Promise.all(waiting)).map((r) => r.status))).toEqual(new Set([200]));
    } finally {
      h.served.session.handle({ type: 'play' });
    }
    expect((await call('/api/v1/namespaces/default/pods')).status).toBe(200);
  }, 60_000);

  it('bounds the watches one client may hold open', async () => {
    const { request: req } = await import('node:https');
    const admin = h.pki.clients.find((c) => c.user === 'kubernetes-admin')!;
    const url = new URL(h.url);
    const opened: { destroy(): void }[] = [];
    // From resourceVersion 0 a watch starts with the pods there are (an ADDED event each), so its headers come at once.
    await call('/api/v1/namespaces/default/pods', { method: 'POST', body: JSON.stringify({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'watched' }, spec: { containers: [{ name: 'c', image: 'nginx:1.25' }] } }) });
    const watch = (i: number) =>
      new Promise<number>((resolve) => {
        const r = req({ hostname: url.hostname, port: url.port, path: `/api/v1/namespaces/default/pods?watch=true&resourceVersion=0&i=${i}`, ca: h.pki.ca.certPem, cert: admin.certPem, key: admin.keyPem }, (res) => resolve(res.statusCode ?? 0));
        r.on('error', () => resolve(0));
        r.end();
        opened.push(r);
      });
    const first = await Promise.all(Array.from({ length: MAX_WATCHES_PER_CLIENT }, (_, i) => watch(i)));
    expect([...new Set(first)]).toEqual([200]);
    expect(await watch(MAX_WATCHES_PER_CLIENT)).toBe(429);
    for (const r of opened) r.destroy();
    expect((await call('/api/v1/namespaces/default/pods')).status).toBe(200);
  }, 60_000);

  it('answers malformed YAML with 400 and stores nothing', async () => {
    const before = await podNames();
    const bad = await call('/api/v1/namespaces/default/pods', { method: 'POST', contentType: 'application/yaml', body: 'apiVersion: v1\nkind: Pod\nmetadata: {name: [broken\n' });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toMatchObject({ kind: 'Status', status: 'Failure', code: 400 });
    expect(await podNames()).toEqual(before);
  }, 30_000);

  it('closes a watch whose client never reads once 8 MiB wait for it, and the simulation goes on', async () => {
    const admin = h.pki.clients.find((c) => c.user === 'kubernetes-admin')!;
    const url = new URL(h.url);
    // A client that asks for a watch and then reads nothing (no 'data' listener: the socket stays paused).
    const sock = connect({ host: url.hostname, port: Number(url.port), ca: h.pki.ca.certPem, cert: admin.certPem, key: admin.keyPem });
    await once(sock, 'secureConnect');
    sock.on('error', () => undefined);
    sock.write(`GET /api/v1/namespaces/default/configmaps?watch=true HTTP/1.1\r\nHost: ${url.host}\r\nAccept: application/json\r\n\r\n`);
    const hangups = (): number => h.runner.scenario.steps.filter((s) => s.kind === 'hangup').length;
    const hungUp = hangups();
    // 1 MiB ConfigMaps, each an ADDED event for the watcher, until serve gives up on it.
    const mib = 'x'.repeat(1024 * 1024);
    let written = 0;
    for (let i = 0; i < 64 && !logged.some((l) => l.includes('closing a watch whose client has')); i++) {
      const r = await call('/api/v1/namespaces/default/configmaps', { method: 'POST', body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `big-${i}` }, data: { x: mib } }) });
      expect(r.status).toBe(201);
      written++;
      await new Promise((res) => setTimeout(res, 20));
    }
    const line = logged.find((l) => l.includes('closing a watch whose client has'));
    expect(line, `no watch closed after ${written} MiB`).toBeDefined();
    expect(Number(/has (\d+) bytes unread/.exec(line!)![1])).toBeGreaterThan(MAX_UNREAD_WATCH_BYTES);
    // The simulation heard the hang-up (the watch ends there too), and answers as before.
    await until(async () => hangups() > hungUp);
    sock.destroy();
    const after = await call('/api/v1/namespaces/default/configmaps', { method: 'POST', body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'after-the-slow-reader' }, data: { a: '1' } }) });
    expect(after.status).toBe(201);
    for (let i = 0; i < written; i++) expect((await call(`/api/v1/namespaces/default/configmaps/big-${i}`, { method: 'DELETE' })).status).toBe(200);
  }, 120_000);
});
