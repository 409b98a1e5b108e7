// Issue 17, "A slow or vanished client (...reader that never reads) never stalls the simulation or
// grows memory without bound", for the page's WebSocket: a page that stops reading while answers
// keep coming for it is disconnected once its unsent bytes pass the bound (page.ts
// MAX_UNSENT_BYTES, lowered here so that a test reaches it), and the run and the other pages go on.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { UiToWorker, WorkerToUi } from '../protocol/view';
import { parseScenario } from '../sim/scenario/parse';
import { SOCKET_PATH } from './page';
import { serve, type ServeHandle } from './serve';

const SCENARIO = `apiVersion: kubeplay.dev/v1alpha1
kind: Scenario
metadata: {name: served-backpressure}
spec:
  steps: []
`;
const LIMIT = 256 * 1024;

let h: ServeHandle;
let page: URL;
const logged: string[] = [];

beforeAll(async () => {
  const dist = join(mkdtempSync(join(tmpdir(), 'kubeplay-bp-')), 'dist');
  mkdirSync(dist, { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html>\n<html>\n  <head>\n  </head>\n  <body></body>\n</html>\n');
  const p = parseScenario(SCENARIO, 'served-backpressure.yaml');
  if (!p.ok) throw new Error('invalid');
  h = await serve({ scenario: p.scenario, port: 0, address: '127.0.0.1', speed: 20, page: { port: 0, dist, maxUnsentBytes: LIMIT }, log: (l) => logged.push(l) });
  page = new URL(h.pageUrl!);
}, 60_000);

afterAll(async () => {
  await h?.close();
});

function open(): Promise<{ ws: WebSocket; got: WorkerToUi[] }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://${page.host}${SOCKET_PATH}`, { origin: `http://${page.host}` });
    const got: WorkerToUi[] = [];
    ws.on('message', (data) => {
      const m = JSON.parse(data.toString()) as WorkerToUi;
      got.push(m);
      if (m.type === 'frame') ws.send(JSON.stringify({ type: 'frameShown' } satisfies UiToWorker));
    });
    ws.once('error', reject);
    ws.once('open', () => resolve({ ws, got }));
  });
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('a page that stops reading its WebSocket', () => {
  it('is disconnected once its unsent answers pass the bound; the run and the page that reads go on', async () => {
    const reader = await open();
    const stuck = await open();
    expect(h.served.pages).toBe(2);
    // It stops reading (a blocked consumer, a connection that no longer drains) but keeps saying it
    // drew each frame, so frames keep coming for it and queue unsent. Other pages come and go, and
    // the first frame after a page connects carries the whole run to every page (hundreds of KB).
    (stuck.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    let visits = 0;
    for (; visits < 400 && h.served.pages >= 2; visits++) {
      stuck.ws.send(JSON.stringify({ type: 'frameShown' } satisfies UiToWorker));
      const visitor = await open();
      await sleep(30);
      visitor.ws.close();
      while (h.served.pages > 2) await sleep(10);
    }
    for (let i = 0; i < 100 && h.served.pages === 2; i++) await sleep(50);
    expect(logged, `after ${visits} visiting pages`).toContain('kubeplay serve: page: disconnecting a page that does not read its frames');
    expect(h.served.pages).toBe(1);
    // The other page still gets frames, and the simulated clock still moves.
    const before = reader.got.length;
    const t0 = h.cluster.sim.now;
    await sleep(500);
    expect(reader.got.length).toBeGreaterThan(before);
    expect(h.cluster.sim.now).toBeGreaterThan(t0);
    reader.ws.close();
  }, 180_000);
});
