// The transport to a simulation `kubeplay serve` runs in Node: a WebSocket to the server the page
// came from, carrying the same messages as the worker's postMessage, as JSON text. The server marks
// the pages it serves with `<meta name="kubeplay-serve" content="/kubeplay/ws">`; a page without
// the mark (`npm start`, a static host) runs its own simulation in a Web Worker.

import type { UiToWorker, WorkerToUi } from '../../protocol/view';
import type { SimTransport, TransportListener } from './transport';

export const SERVED_META = 'kubeplay-serve';
/** The kubeconfig file `kubeplay serve` wrote for real kubectl (src/serve/page.ts servedMarks). */
export const KUBECONFIG_META = 'kubeplay-kubeconfig';

/** The kubeconfig path the server named, or null when it named none. */
export function servedKubeconfig(doc: Document): string | null {
  const path = doc.querySelector<HTMLMetaElement>(`meta[name="${KUBECONFIG_META}"]`)?.content;
  return path ? path : null;
}

/** The shell line that points kubectl at the served run, as `kubeplay serve` prints it (quoted only when the path needs it). */
export function exportLine(kubeconfig: string): string {
  const plain = /^[\w@%+=:,./-]+$/.test(kubeconfig);
  return `export KUBECONFIG=${plain ? kubeconfig : `'${kubeconfig.replace(/'/g, `'\\''`)}'`}`;
}

/** The WebSocket URL of the served simulation, or null when the page runs its own. */
export function servedEndpoint(doc: Document, location: Location): string | null {
  const meta = doc.querySelector<HTMLMetaElement>(`meta[name="${SERVED_META}"]`);
  const path = meta?.content;
  if (!path || !path.startsWith('/')) return null;
  const url = new URL(path, location.href);
  // Only the page's own server (`//other.host/...` is a path too).
  if (url.host !== location.host) return null;
  url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}

/** WebSocket.readyState values (named here: Node's test environment has no WebSocket global). */
const CONNECTING = 0;
const OPEN = 1;

export function socketTransport(url: string, make: (url: string) => WebSocket = (u) => new WebSocket(u)): SimTransport {
  const ws = make(url);
  /** Commands given before the connection opened, sent when it does. */
  const queued: string[] = [];
  let listener: TransportListener | null = null;
  let closed = false;
  const fail = (message: string): void => {
    if (closed) return;
    closed = true;
    listener?.fail(message, url);
  };
  ws.onopen = () => {
    for (const m of queued) ws.send(m);
    queued.length = 0;
  };
  ws.onmessage = (e: MessageEvent) => {
    if (closed || typeof e.data !== 'string') return;
    let m: WorkerToUi;
    try {
      m = JSON.parse(e.data) as WorkerToUi;
    } catch {
      fail('A message from kubeplay serve could not be read.');
      ws.close();
      return;
    }
    listener?.message(m, m.type === 'frame' ? e.data.length : 0);
  };
  ws.onclose = (e: CloseEvent) => fail(`The connection to kubeplay serve closed (code ${e.code}${e.reason ? `: ${e.reason}` : ''}).`);
  return {
    kind: 'remote',
    send: (m: UiToWorker) => {
      if (closed) return;
      const text = JSON.stringify(m);
      if (ws.readyState === OPEN) ws.send(text);
      else if (ws.readyState === CONNECTING) queued.push(text);
    },
    listen: (l) => {
      listener = l;
    },
    close: () => {
      closed = true;
      ws.close();
    },
  };
}
