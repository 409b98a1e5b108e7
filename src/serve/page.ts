// The page of a served run: the built app (dist/, `npx vite build`) over plain HTTP on the loopback
// address, and the WebSocket (/kubeplay/ws) that carries the page's protocol (src/protocol/view.ts)
// to the served simulation (served-session.ts).
//
// Nobody else may drive the simulation: the WebSocket is upgraded only when the Host header names
// this server (127.0.0.1, localhost, [::1] or --address, with its port: a DNS-rebinding name does
// not) and the Origin is exactly the page's own (`http://` and that host: another site's page does
// not); anything else gets 403 before the upgrade. Only files under dist/ are served (a path that
// decodes to one outside it, `..%2f`, is 404), with the page's CSP as a header.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import type { UiToWorker, WorkerToUi } from '../protocol/view';
import { CONTENT_SECURITY_POLICY } from './csp';
import type { PageClient, ServedSession } from './served-session';

export const SOCKET_PATH = '/kubeplay/ws';
/** The mark that tells the page to use the WebSocket (src/ui/app/served-transport.ts reads it). */
export const SERVED_MARK = `<meta name="kubeplay-serve" content="${SOCKET_PATH}" />`;

/** Text safe inside a double-quoted HTML attribute. */
function attribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The marks added to the page's <head>: the WebSocket's path, and the kubeconfig real kubectl uses (the toolbar offers its export line). */
export function servedMarks(kubeconfig?: string): string {
  return kubeconfig === undefined ? SERVED_MARK : `${SERVED_MARK}\n  <meta name="kubeplay-kubeconfig" content="${attribute(kubeconfig)}" />`;
}
/** A command is small; the largest is a terminal line with its stdin (YAML within the API's 3 MiB). */
export const MAX_COMMAND_BYTES = 4 * 1024 * 1024;
/** A page that does not read its frames: past this much unsent, it is disconnected. */
export const MAX_UNSENT_BYTES = 32 * 1024 * 1024;
/** The header CSP adds what a <meta> cannot say: no framing by other pages. */
export const PAGE_CSP = `${CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.yaml': 'text/yaml; charset=utf-8',
  '.yml': 'text/yaml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

export interface PageServerOptions {
  dist: string;
  port: number;
  address: string;
  served: ServedSession;
  /** The kubeconfig file `kubeplay serve` writes, named on the page so that a learner can copy its export line. */
  kubeconfig?: string;
  log?: (line: string) => void;
  /** Unsent bytes past which a page that does not read is disconnected (MAX_UNSENT_BYTES; lower in tests). */
  maxUnsentBytes?: number;
}

export interface PageServer {
  url: string;
  close(): Promise<void>;
}

/** `host:port` for a URL (an IPv6 address in brackets). */
export function hostPort(address: string, port: number): string {
  return address.includes(':') ? `[${address}]:${port}` : `${address}:${port}`;
}

/** The Host values this server answers to. */
export function allowedHosts(address: string, port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, hostPort(address, port)]);
}

/** Why an upgrade to the WebSocket is refused, or undefined when Host and Origin are this page's. */
export function refuseSocket(headers: { host?: string | undefined; origin?: string | undefined }, hosts: Set<string>): string | undefined {
  const host = headers.host?.toLowerCase();
  if (!host || !hosts.has(host)) return `Host ${JSON.stringify(headers.host ?? '')} is not this server`;
  if (headers.origin !== `http://${host}`) return `Origin ${JSON.stringify(headers.origin ?? '')} is not this page's (http://${host})`;
  return undefined;
}

/** The file under `dist` a URL path names, or undefined when it names none there. */
export function fileFor(dist: string, urlPath: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(new URL(urlPath, 'http://x').pathname);
  } catch {
    return undefined;
  }
  if (path.includes('\0') || path.includes('\\')) return undefined;
  if (path.endsWith('/')) path += 'index.html';
  const root = resolve(dist);
  const file = resolve(root, `.${path}`);
  return file.startsWith(root + sep) ? file : undefined;
}

function plain(res: ServerResponse, code: number, text: string): void {
  res.writeHead(code, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(text), 'X-Content-Type-Options': 'nosniff' });
  res.end(text);
}

function refuseUpgrade(socket: Duplex, code: 403 | 404, text: string): void {
  const reason = code === 403 ? 'Forbidden' : 'Not Found';
  socket.end(`HTTP/1.1 ${code} ${reason}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`);
}

/** A command as the page sends it: an object with a `type`. */
function parseCommand(data: Buffer): UiToWorker | undefined {
  try {
    const v: unknown = JSON.parse(data.toString('utf8'));
    return v !== null && typeof v === 'object' && typeof (v as { type?: unknown }).type === 'string' ? (v as UiToWorker) : undefined;
  } catch {
    return undefined;
  }
}

export async function startPageServer(opts: PageServerOptions): Promise<PageServer> {
  const log = opts.log ?? (() => {});
  const dist = resolve(opts.dist);
  const index = await readFile(resolve(dist, 'index.html'), 'utf8').catch(() => {
    throw new Error(`no built app in ${dist}: run \`npx vite build\` first`);
  });
  if (!index.includes('</head>')) throw new Error(`${dist}/index.html has no </head>`);
  const marked = index.replace('</head>', `  ${servedMarks(opts.kubeconfig)}\n  </head>`);
  let hosts = new Set<string>();

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (!hosts.has((req.headers.host ?? '').toLowerCase())) return plain(res, 403, 'forbidden: this server answers only to its own address\n');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      return plain(res, 405, 'method not allowed\n');
    }
    const file = fileFor(dist, req.url ?? '/');
    if (!file) return plain(res, 404, 'not found\n');
    const common = { 'Content-Security-Policy': PAGE_CSP, 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-cache' };
    let body: string | Buffer;
    if (file === resolve(dist, 'index.html')) body = marked;
    else {
      const st = await stat(file).catch(() => undefined);
      if (!st?.isFile()) return plain(res, 404, 'not found\n');
      body = await readFile(file);
    }
    res.writeHead(200, { ...common, 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Content-Length': Buffer.byteLength(body) });
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      log(`kubeplay serve: page: ${e instanceof Error ? e.message : String(e)}`);
      if (!res.headersSent) plain(res, 500, 'internal error\n');
      else res.destroy();
    });
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_COMMAND_BYTES });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (new URL(req.url ?? '/', 'http://x').pathname !== SOCKET_PATH) return refuseUpgrade(socket, 404, 'not found\n');
    const why = refuseSocket(req.headers, hosts);
    if (why) {
      log(`kubeplay serve: page: refused a WebSocket: ${why}`);
      return refuseUpgrade(socket, 403, `forbidden: ${why}\n`);
    }
    wss.handleUpgrade(req, socket, head, (ws) => connect(ws));
  });

  const connect = (ws: WebSocket): void => {
    const client: PageClient = {
      send: (m: WorkerToUi) => {
        if (ws.readyState !== WebSocket.OPEN) return;
        if (ws.bufferedAmount > (opts.maxUnsentBytes ?? MAX_UNSENT_BYTES)) {
          log('kubeplay serve: page: disconnecting a page that does not read its frames');
          ws.terminate();
          return;
        }
        ws.send(JSON.stringify(m));
      },
    };
    ws.on('message', (data) => {
      const cmd = parseCommand(data);
      if (!cmd) return client.send({ type: 'error', message: 'kubeplay serve: a message from the page was not a command', errors: [] });
      opts.served.command(client, cmd);
    });
    ws.on('close', () => opts.served.disconnect(client));
    ws.on('error', (e) => log(`kubeplay serve: page: ${e.message}`));
    opts.served.connect(client);
  };

  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(opts.port, opts.address, () => ok());
  });
  const port = (server.address() as { port: number }).port;
  hosts = allowedHosts(opts.address, port);
  return {
    url: `http://${hostPort(opts.address, port)}/`,
    close: async () => {
      for (const c of wss.clients) c.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((ok) => server.close(() => ok()));
    },
  };
}
