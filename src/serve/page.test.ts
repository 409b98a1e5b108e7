import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { FrameBatch, UiToWorker, WorkerToUi } from '../protocol/view';
import { parseScenario } from '../sim/scenario/parse';
import { CONTENT_SECURITY_POLICY } from './csp';
import { runKubectl } from './kubectl-compare';
import { describeWithKubectl, kubectlEnv, kubectlFor } from './kubectl-compare-setup';
import { fileFor, refuseSocket, allowedHosts, SERVED_MARK, SOCKET_PATH } from './page';
import { serve, type ServeHandle } from './serve';
import { STALE_MS } from './served-session';
import { FRAMES_AHEAD } from '../worker/session';

// Issue 17, point 4 and "What nobody may do to it": kubeplay serve serves the built app, and the
// page's WebSocket carries the worker's protocol (src/protocol/view.ts) to the served run. Only
// this page may drive it: the Host must name this server (against DNS rebinding) and the Origin
// must be the page's own (against another site's page), checked before the upgrade (RFC 6455 10.2:
// "servers that are not intended to process input from any web page but only for certain sites
// SHOULD verify the |Origin| field"). Only files under dist/ are served.

const SCENARIO = `apiVersion: kubeplay.dev/v1alpha1
kind: Scenario
metadata: {name: served-page}
spec:
  steps: []
`;

let h: ServeHandle;
let page: URL;
let dist: string;

beforeAll(async () => {
  const root = mkdtempSync(join(tmpdir(), 'kubeplay-page-'));
  dist = join(root, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html>\n<html>\n  <head>\n    <meta charset="UTF-8" />\n  </head>\n  <body></body>\n</html>\n');
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1);\n');
  // Next to dist/, not in it: must never be served.
  writeFileSync(join(root, 'secret.txt'), 'the private key\n');
  const p = parseScenario(SCENARIO, 'served-page.yaml');
  if (!p.ok) throw new Error('invalid');
  h = await serve({ scenario: p.scenario, port: 0, address: '127.0.0.1', speed: 20, page: { port: 0, dist, kubeconfig: '/home/ann/"k&8s"/kubeplay.kubeconfig' } });
  page = new URL(h.pageUrl!);
}, 60_000);

afterAll(async () => {
  await h?.close();
});

function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    // `path` goes out as written (Node does not normalise it), as a hostile client would send it.
    const req = request({ hostname: page.hostname, port: page.port, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

interface Page {
  ws: WebSocket;
  got: WorkerToUi[];
  send(m: UiToWorker): void;
  next(pred: (m: WorkerToUi) => boolean, ms?: number): Promise<WorkerToUi>;
}

/**
 * A WebSocket as the page opens it (or with other headers); resolves with the page or the refusal's
 * status. Like the page, it says it drew each frame (`frameShown`), unless `draws` is false.
 */
function connect(headers?: { host?: string; origin?: string | null }, draws = true): Promise<Page | { status: number }> {
  const host = headers?.host ?? page.host;
  const origin = headers?.origin === undefined ? `http://${page.host}` : headers.origin;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://${page.host}${SOCKET_PATH}`, { headers: { Host: host }, ...(origin !== null && { origin }) });
    const got: WorkerToUi[] = [];
    const waiters: { pred: (m: WorkerToUi) => boolean; ok: (m: WorkerToUi) => void }[] = [];
    ws.on('message', (data) => {
      const m = JSON.parse(data.toString()) as WorkerToUi;
      got.push(m);
      if (draws && m.type === 'frame') ws.send(JSON.stringify({ type: 'frameShown' } satisfies UiToWorker));
      for (const w of [...waiters]) if (w.pred(m)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.ok(m);
      }
    });
    ws.once('unexpected-response', (_req, res) => resolve({ status: res.statusCode ?? 0 }));
    ws.once('error', reject);
    ws.once('open', () =>
      resolve({
        ws,
        got,
        send: (m) => ws.send(JSON.stringify(m)),
        next: (pred, ms = 10_000) =>
          new Promise((ok, fail) => {
            const seen = got.find(pred);
            if (seen) return ok(seen);
            const t = setTimeout(() => fail(new Error('no such message in time')), ms);
            waiters.push({ pred, ok: (m) => (clearTimeout(t), ok(m)) });
          }),
      }),
    );
  });
}

async function open(draws = true): Promise<Page> {
  const p = await connect(undefined, draws);
  if (!('ws' in p)) throw new Error(`refused: ${p.status}`);
  return p;
}

const isFrame = (m: WorkerToUi): m is FrameBatch => m.type === 'frame';

describe('the page of a served run', () => {
  it('serves the built app with the serve mark and the page CSP as a header', async () => {
    const r = await get('/');
    expect(r.status).toBe(200);
    expect(r.body).toContain(SERVED_MARK);
    // The kubeconfig real kubectl uses, for the toolbar's export line, as an attribute that cannot break out.
    expect(r.body).toContain('<meta name="kubeplay-kubeconfig" content="/home/ann/&quot;k&amp;8s&quot;/kubeplay.kubeconfig" />');
    expect(r.headers['content-security-policy']).toBe(`${CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    const js = await get('/assets/app.js');
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.body).toBe('console.log(1);\n');
  });

  it('serves nothing outside dist/: encoded dot-dot segments are 404, and the file next to dist/ never leaks', async () => {
    for (const path of ['/..%2fsecret.txt', '/assets/..%2f..%2fsecret.txt', '/%2e%2e/secret.txt', '/..%5csecret.txt', '/assets%2f..%2f..%2fsecret.txt', '/../secret.txt']) {
      const r = await get(path);
      expect(r.status, path).toBe(404);
      expect(r.body).not.toContain('private key');
    }
    expect(fileFor(dist, '/..%2fsecret.txt')).toBeUndefined();
    expect(fileFor(dist, '/assets/app.js')).toBe(join(dist, 'assets', 'app.js'));
  });

  it('answers only to its own Host (a DNS-rebinding name gets 403)', async () => {
    expect((await get('/', { Host: `evil.example:${page.port}` })).status).toBe(403);
    expect((await get('/', { Host: `localhost:${page.port}` })).status).toBe(200);
  });

  it('refuses the WebSocket before the upgrade unless Host is this server and Origin is exactly the page', async () => {
    const port = page.port;
    expect(await connect({ origin: 'http://evil.example' })).toEqual({ status: 403 });
    expect(await connect({ origin: null })).toEqual({ status: 403 });
    expect(await connect({ origin: `https://${page.host}` })).toEqual({ status: 403 });
    expect(await connect({ origin: `http://localhost:${port}` })).toEqual({ status: 403 });
    // DNS rebinding: the attacker's name resolves to 127.0.0.1, the browser sends its own Host and Origin.
    expect(await connect({ host: `evil.example:${port}`, origin: `http://evil.example:${port}` })).toEqual({ status: 403 });
    const hosts = allowedHosts('127.0.0.1', 8080);
    expect(refuseSocket({ host: 'localhost:8080', origin: 'http://localhost:8080' }, hosts)).toBeUndefined();
    expect(refuseSocket({ host: '[::1]:8080', origin: 'http://[::1]:8080' }, hosts)).toBeUndefined();
    expect(refuseSocket({ host: 'localhost:8081', origin: 'http://localhost:8081' }, hosts)).toMatch(/^Host/);
    const ok = await open();
    ok.ws.close();
  });

  it('sends a page that connects mid-run the run as it is; pausing from one page pauses every page and the clock', async () => {
    const a = await open();
    expect(a.got[0]).toMatchObject({ type: 'loaded', name: 'served-page' });
    const first = (await a.next((m) => isFrame(m) && m.reset === true)) as FrameBatch;
    expect(Object.keys(first.hosts.added).length).toBeGreaterThan(0);
    const b = await open();
    await b.next((m) => isFrame(m) && m.reset === true);
    a.send({ type: 'pause' });
    const paused = (await b.next((m) => isFrame(m) && !m.clock.playing)) as FrameBatch;
    await new Promise((r) => setTimeout(r, 300));
    expect(h.cluster.sim.now).toBe(paused.clock.time);
    b.send({ type: 'play' });
    await a.next((m) => isFrame(m) && m.clock.playing && m.clock.time > paused.clock.time);
    a.send({ type: 'load', file: 'x.yaml', text: SCENARIO });
    expect(await a.next((m) => m.type === 'error')).toMatchObject({ type: 'error', message: expect.stringContaining('not available in a served run') });
    a.ws.close();
    b.ws.close();
  });

  it('sends a page no more frames than it can draw (FRAMES_AHEAD, as the worker), and a page that stops drawing no longer holds the others back', async () => {
    const idle = await open(false);
    await new Promise((r) => setTimeout(r, 1000));
    // The served clock runs at 20x: without back-pressure that second would have been ~60 frames.
    expect(idle.got.filter(isFrame).length).toBe(FRAMES_AHEAD);
    await new Promise((r) => setTimeout(r, STALE_MS));
    const drawing = await open();
    const t0 = drawing.got.length;
    // A page that draws keeps getting frames (about 30 in 500 ms idle; a loaded machine sends fewer,
    // so the count is waited for rather than taken after a fixed time).
    for (let waited = 0; drawing.got.slice(t0).filter(isFrame).length <= 5 && waited < 10_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
    expect(drawing.got.slice(t0).filter(isFrame).length).toBeGreaterThan(5);
    expect(idle.got.filter(isFrame).length).toBe(FRAMES_AHEAD);
    idle.ws.close();
    drawing.ws.close();
  });
});

// Go's http.Client words the same timeout three ways, by where the request was when the deadline
// passed (all seen from kubectl v1.31.9 here): canceled while awaiting headers, the context's deadline
// while awaiting headers, or the context's deadline before the connection was made (no suffix).
const TIMEOUT_ERROR = /^Unable to connect to the server: (net\/http: request canceled|context deadline exceeded)( \(Client\.Timeout exceeded while awaiting headers\))?\n$/;
const KUBECTL = kubectlFor('page.test (its real-kubectl part)');

describeWithKubectl(KUBECTL, 'a paused page holds real kubectl', () => {
  it('kubectl waits while the page is paused, times out with its own error past --request-timeout, and finishes once resumed', async () => {
    const env = kubectlEnv(h, 'kubeplay-page-kubectl');
    // Discovery is cached from here on, so the held request is the GET of the pods.
    expect((await runKubectl(KUBECTL!, ['get', 'pods', '-A'], env)).exitCode).toBe(0);
    const p = await open();
    p.send({ type: 'pause' });
    await p.next((m) => isFrame(m) && !m.clock.playing);
    const started = Date.now();
    const timedOut = await runKubectl(KUBECTL!, ['get', 'pods', '--request-timeout=2s'], env);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
    expect(timedOut.exitCode).toBe(1);
    expect(timedOut.stderr).toMatch(TIMEOUT_ERROR);
    const held = runKubectl(KUBECTL!, ['get', 'pods'], env);
    let done = false;
    void held.then(() => (done = true));
    await new Promise((r) => setTimeout(r, 1500));
    expect(done).toBe(false);
    p.send({ type: 'play' });
    const out = await held;
    expect(out).toMatchObject({ exitCode: 0, stderr: 'No resources found in default namespace.\n' });
    p.ws.close();
  }, 60_000);
});
