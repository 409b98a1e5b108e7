// `kubeplay serve`: the simulation in this Node process, its simulated time following wall time,
// and an HTTPS endpoint that speaks the Kubernetes API to real clients. A request is read and
// checked here (credentials from the verified client certificate, the body within 3 MiB), then it
// enters the simulated network at the API gateway on the laptop and goes to kube-apiserver like any
// client's; the answer (or, for a watch, each event) is written back as it arrives. The simulation
// is the page's own SimSession (served-session.ts), and the built app is served next to the API
// (page.ts), so a page can watch, pause and step what real kubectl does.

import { X509Certificate } from 'node:crypto';
import { createSecureServer, type Http2SecureServer, type Http2ServerResponse, type ServerHttp2Session } from 'node:http2';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Cluster } from '../sim/cluster';
import type { Credentials } from '../sim/api/http';
import type { GatewayOutput } from '../sim/gateway/api-gateway';
import type { ScenarioRunner } from '../sim/scenario/run';
import type { RecordedRequest, Scenario } from '../sim/scenario/schema';
import { serializeScenario } from '../sim/scenario/serialize';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { decodeCommand, encodeCommand, isExecStream, queryBool } from '../sim/api/exec-options';
import { isPortForwardStream } from '../sim/api/port-forward';
import { isAttachStream } from '../sim/api/attach-stream';
import { execFrames, execQuery, isExecPath, pickSubprotocol, refuseUpgrade } from './exec-stream';
import { ExecTtySession, type RunInContainer } from './exec-session';
import { AttachSession, isAttachPath, POLL_MS, type ReadAttached } from './attach-session';
import { isPortForwardPath, PORT_FORWARD_SUBPROTOCOL, PortForwardSession, type ForwardConnection } from './port-forward-session';
import { credentialsOf, decodeBody, isHttp2, readBody, readRequestLine, status, type ApiRequest, type ApiResponse, type StatusBody } from './http-request';
import { ApiPort } from './api-port';
import { kubeconfig } from './kubeconfig';
import { hostPort, startPageServer, type PageServer } from './page';
import { makePki, type Pki } from './pki';
import { ServedSession } from './served-session';
import { DueTicks } from './due-tick';
import { isTable, tableJson } from './table-json';
import { watchLine, wireJson } from '../sim/api/wire-json';
import { isFollowedLog, LOG_POLL_MS, LogFollow, type Ask } from './logs-follow';

export interface ServeOptions {
  scenario: Scenario;
  port: number;
  address: string;
  /** Simulated seconds per wall second. */
  speed: number;
  /** The scenario's own text, for the pages (`loaded` carries it); made from `scenario` when absent. */
  source?: { file: string; text: string };
  /** Also serve the built app (`dist`) over plain HTTP on `address:port`, its page showing this run. */
  page?: { port: number; dist: string; kubeconfig?: string; maxUnsentBytes?: number };
  log?: (line: string) => void;
  /**
   * The wall-clock time this run starts at (ms; Date.now() in the Node process): simulated time 0 is
   * set to it (whole seconds), so that real kubectl's AGE column counts from now, and the recording
   * keeps it (`spec.cluster.epoch`). A scenario that names its own epoch keeps it.
   */
  epochMs?: number;
  /** Each finished answer (not a watch) with its server time: from reading the request to the last byte written (bench/serve.bench.ts). */
  onAnswered?: (a: { method: string; path: string; status: number; ms: number }) => void;
  /**
   * Where a request's time goes (bench serve-watch-200's phases), at `performance.timeOrigin +
   * performance.now()` so that another thread's times compare: `arrived` when its headers are read,
   * `entered` once it is in the simulation, and each gateway output just before it is written.
   */
  onMilestone?: (m: { kind: 'arrived'; method: string; path: string; at: number } | { kind: 'entered'; method: string; path: string; at: number } | { kind: 'output'; output: GatewayOutput; at: number }) => void;
}

export interface ServeHandle {
  url: string;
  /** The page's address, when `page` was asked for. */
  pageUrl?: string;
  pki: Pki;
  kubeconfig: string;
  cluster: Cluster;
  runner: ScenarioRunner;
  served: ServedSession;
  /** The run so far as a scenario: every request at its simulated time, pausing at now (`--record`). */
  recorded(): string;
  /** Simulated time follows wall time again from its current value (after someone ran the simulation ahead). */
  resync(): void;
  close(): Promise<void>;
}

/**
 * Requests one client (one identity from one address) may have in flight before the next gets 429,
 * as kube-apiserver's max-in-flight filter answers a server that is full (apiserver/pkg/server/
 * filters/maxinflight.go: `Retry-After: 1`, text `Too many requests, please try again later.`).
 * Watches are long-running and counted apart, with their own bound.
 */
export const MAX_INFLIGHT_PER_CLIENT = 64;
export const MAX_WATCHES_PER_CLIENT = 256;
/**
 * A watcher that does not read: once this much is queued unread on its connection, it is closed,
 * as kube-apiserver closes a watcher whose buffer is full ("Forcing watcher close due to
 * unresponsiveness"), so a reader that never reads cannot grow the process without bound.
 */
export const MAX_UNREAD_WATCH_BYTES = 8 * 1024 * 1024;

/**
 * Simulated time moves and a frame is made every this many wall milliseconds (a page's frame rate,
 * as the worker's). While real clients are connected, a kernel event due sooner gets a tick of its
 * own at its wall time (due-tick.ts), so that an answer or a watch event is written when the
 * simulation has it, not at the next frame.
 */
const TICK_MS = 16;
const ADMIN = { name: 'kubernetes-admin', groups: ['system:masters'] };

interface Open {
  /** The response to write; an exec's upgrade has none, and takes its answer with `answer`. */
  res?: ApiResponse;
  answer?: (status: number, body: unknown) => void;
  socket?: Duplex;
  watch: boolean;
  client: string;
}

/** A Warning header as the apiserver writes it (RFC 7234 warn-code 299, agent `-`, the text quoted). */
export function warningHeader(text: string): string {
  return `299 - ${JSON.stringify(text)}`;
}

function send(res: ApiResponse, code: number, body: unknown, contentType = 'application/json', warnings: string[] = []): void {
  if (res.headersSent || res.destroyed) return;
  const text = typeof body === 'string' ? body : isTable(body) ? tableJson(body) : wireJson(body);
  const headers: Record<string, string | number | string[]> = { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(text), 'Cache-Control': 'no-cache, private' };
  if (warnings.length) headers.Warning = warnings.map(warningHeader);
  res.writeHead(code, headers);
  res.end(text);
}

/**
 * A watch event as one JSON line's bytes. One write to kube-apiserver reaches every watcher with the
 * same object, so its line is encoded once (by the object's identity and the event's type) and the
 * same bytes are written to every watcher (bench: serve-watch-200).
 */
const eventBytes = new WeakMap<object, { json: string; lines: Map<string, Buffer> }>();
export function eventLine(event: { type: string; object: unknown }): Buffer {
  const obj = event.object;
  if (typeof obj !== 'object' || obj === null) return Buffer.from(JSON.stringify(event) + '\n');
  let e = eventBytes.get(obj);
  if (e === undefined) eventBytes.set(obj, (e = { json: wireJson(obj), lines: new Map() }));
  let line = e.lines.get(event.type);
  if (line === undefined) e.lines.set(event.type, (line = Buffer.from(watchLine(event.type, e.json))));
  return line;
}

/**
 * A stream's headers (a watch, a followed log), sent and flushed at once (handlers/watch.go
 * serveWatch). HTTP/1.1 frames it in chunks; HTTP/2 frames every message and forbids the header.
 */
function startStream(res: ApiResponse, contentType = 'application/json'): void {
  if (res.headersSent || res.destroyed) return;
  const headers: Record<string, string> = { 'Content-Type': contentType, 'Cache-Control': 'no-cache, private' };
  if (!isHttp2(res)) headers['Transfer-Encoding'] = 'chunked';
  streamed.add(res);
  res.writeHead(200, headers);
  // HTTP/2's writeHead sends the HEADERS frame itself.
  if (!isHttp2(res)) res.flushHeaders();
}

/** A stream's next bytes, on either protocol. */
function write(res: ApiResponse, chunk: Buffer | string): void {
  if (isHttp2(res)) res.write(chunk);
  else res.write(chunk);
}

/** Answers that are streams (a watch, a followed log): no server time is reported for them. */
const streamed = new WeakSet<ApiResponse>();

/**
 * HTTP/2 as kube-apiserver v1.31 configures it (apiserver/pkg/server/secure_serving.go): at most 100
 * concurrent streams per connection (the CVE-2023-44487 fix; Go's client opens another connection
 * past it), 256 KiB as both the stream's receive window and the largest frame
 * (resourceBody99Percentile), and a connection window of that times the streams.
 */
export const HTTP2_MAX_STREAMS = 100;
const HTTP2_STREAM_WINDOW = 256 * 1024;

/** Who a request comes from, for the per-client bounds: its address and the identity it presents. */
function clientOf(req: ApiRequest, c: Credentials): string {
  return `${req.socket.remoteAddress ?? ''}|${c.clientCertificate?.commonName ?? ''}|${c.bearerToken ?? ''}`;
}

function fail(res: ApiResponse, st: StatusBody): void {
  send(res, st.code, st);
}

/** The content type client-go needs to see on aggregated discovery. */
function contentTypeFor(path: string, body: unknown): string {
  // Health answers and logs are text (healthz.go, the kubelet's log stream).
  if (typeof body === 'string') return 'text/plain; charset=utf-8';
  const kind = (body as { kind?: string } | undefined)?.kind;
  if ((path === '/api' || path === '/apis') && kind === 'APIGroupDiscoveryList') return 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList';
  return 'application/json';
}

/** The scenario with its epoch at `epochMs`, unless it names one or none is given. */
export function withEpoch(scenario: Scenario, epochMs: number | undefined): Scenario {
  if (epochMs === undefined || scenario.cluster.epoch !== undefined) return scenario;
  const epoch = new Date(Math.floor(epochMs / 1000) * 1000).toISOString().replace('.000Z', 'Z');
  return { ...scenario, cluster: { ...scenario.cluster, epoch } };
}

export async function serve(options: ServeOptions): Promise<ServeHandle> {
  const opts = { ...options, scenario: withEpoch(options.scenario, options.epochMs) };
  const log = opts.log ?? (() => {});
  const users = [ADMIN, ...(opts.scenario.cluster.users ?? []).map((u) => ({ name: u.name, groups: u.groups ?? [] }))];
  const pki = makePki(users);
  const open = new Map<number, Open>();
  let nextId = 1;

  const milestone = opts.onMilestone;
  let rawSocketOf: (res: Http2ServerResponse) => Socket | undefined = () => undefined;
  const deliver = (o: GatewayOutput): void => {
    milestone?.({ kind: 'output', output: o, at: performance.timeOrigin + performance.now() });
    const c = open.get(o.id);
    if (!c) return;
    if (!c.res) {
      open.delete(o.id);
      if (o.type === 'gateway.response') c.answer?.(o.status, o.body);
      else c.socket?.destroy();
      return;
    }
    if (o.type === 'gateway.response') {
      open.delete(o.id);
      send(c.res, o.status, o.body, contentTypeFor(new URL(c.res.req.url ?? '/', 'https://x').pathname, o.body), o.warnings);
    } else if (o.type === 'gateway.watching') {
      startStream(c.res);
    } else if (o.type === 'gateway.event') {
      startStream(c.res);
      write(c.res, eventLine(o.event));
      // A reader that does not read: drop it rather than queue for it forever.
      if (c.res.writableLength > MAX_UNREAD_WATCH_BYTES) {
        log(`kubeplay serve: closing a watch whose client has ${c.res.writableLength} bytes unread`);
        c.res.destroy();
      }
    } else if (o.type === 'gateway.end') {
      open.delete(o.id);
      if (!c.res.headersSent) c.res.writeHead(200, { 'Content-Type': 'application/json' });
      c.res.end();
    } else {
      open.delete(o.id);
      // No answer from kube-apiserver: to the client it is a connection that broke, as when the
      // process is gone (on HTTP/2 the whole connection, every stream on it, not a reset stream,
      // which kube-apiserver sends only for a handler that failed).
      if (isHttp2(c.res)) rawSocketOf(c.res)?.destroy();
      else c.res.socket?.destroy();
    }
  };

  // Simulated time follows wall time while playing; a page may pause, step or change the speed.
  const source = opts.source ?? { file: `${opts.scenario.name}.yaml`, text: serializeScenario(opts.scenario) };
  const served = new ServedSession(opts.scenario, { ...source, files: {} }, opts.speed, deliver);
  const runner = served.runner;
  const cluster = served.cluster;
  const due = new DueTicks({ advance: () => served.advance(), msToNextEvent: () => served.wallMsToNextEvent(), waiting: () => open.size > 0, frameMs: TICK_MS });
  const schedule = (): void => due.schedule();
  // The API port is open while the simulated kube-apiserver takes connections (api-port.ts).
  const apiPort = new ApiPort(opts.address, (socket) => server.emit('connection', socket), log);
  const timer = setInterval(() => {
    served.tick();
    apiPort.follow(!cluster.gatewayRefused());
    schedule();
  }, TICK_MS);

  const handle = async (req: ApiRequest, res: ApiResponse): Promise<void> => {
    if (opts.onAnswered) {
      const t0 = performance.now();
      const report = opts.onAnswered;
      res.once('finish', () => {
        if (!streamed.has(res)) report({ method: req.method ?? '', path: req.url ?? '', status: res.statusCode, ms: performance.now() - t0 });
      });
    }
    milestone?.({ kind: 'arrived', method: req.method ?? '', path: req.url ?? '', at: performance.timeOrigin + performance.now() });
    const line = readRequestLine(req);
    if ('kind' in line) return fail(res, line);
    const credentials = credentialsOf(req, caCert);
    const raw = await readBody(req);
    if (!Buffer.isBuffer(raw)) return fail(res, raw);
    const decoded = decodeBody(raw, req.headers['content-type']);
    if ('kind' in decoded) return fail(res, decoded);
    const watch = line.query.watch === 'true' || line.query.watch === '1';
    const client = clientOf(req, credentials);
    let mine = 0;
    for (const o of open.values()) if (o.client === client && o.watch === watch) mine++;
    if (mine >= (watch ? MAX_WATCHES_PER_CLIENT : MAX_INFLIGHT_PER_CLIENT)) {
      if (!res.headersSent) res.writeHead(429, { 'Retry-After': '1', 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' });
      res.end('Too many requests, please try again later.\n');
      return;
    }
    if (line.method === 'GET' && isFollowedLog(line.path, line.query)) return followLog(req, res, line, credentials, client);
    const id = nextId++;
    open.set(id, { res, watch, client });
    res.on('close', () => {
      if (open.delete(id)) runner.record({ kind: 'hangup', id });
    });
    enter(id, req, { ...line, body: decoded.body }, credentials, watch);
  };

  // `kubectl logs -f`: a chunked text stream kept open while the container runs, fed by repeated
  // reads (logs-follow.ts), each one recorded request.
  const followLog = (req: ApiRequest, res: ApiResponse, line: { path: string; query: Record<string, string> }, credentials: Credentials, client: string): void => {
    const ids: number[] = [];
    const polling: { timer?: ReturnType<typeof setInterval> } = {};
    const ask: Ask = (path, query, done) => {
      const id = nextId++;
      ids.push(id);
      open.set(id, { answer: done, watch: false, client });
      enter(id, req, { method: 'GET', path, query }, credentials, false);
    };
    const session = new LogFollow(line.path, line.query, ask, {
      start: () => startStream(res, 'text/plain'),
      write: (text) => void (res.destroyed || write(res, text)),
      end: () => {
        clearInterval(polling.timer);
        res.end();
      },
      fail: (code, body) => {
        clearInterval(polling.timer);
        send(res, code, body, contentTypeFor(line.path, body));
      },
    });
    res.on('close', () => {
      session.stop();
      clearInterval(polling.timer);
      for (const x of ids) if (open.delete(x)) runner.record({ kind: 'hangup', id: x });
    });
    session.start();
    polling.timer = setInterval(() => (session.done ? clearInterval(polling.timer) : session.poll()), LOG_POLL_MS);
  };

  /** The request into the simulation, recorded at its simulated time so that `kubeplay run` of the recording is this run. */
  const enter = (id: number, req: ApiRequest, line: { method: RecordedRequest['method']; path: string; query: Record<string, string>; body?: unknown }, credentials: Credentials, watch: boolean): void => {
    const request: RecordedRequest = {
      id,
      method: line.method,
      path: line.path,
      query: line.query,
      ...(line.body !== undefined && { body: line.body }),
      ...(req.headers['content-type'] && { contentType: req.headers['content-type'] }),
      ...(req.headers.accept && { accept: req.headers.accept }),
      // A copy per request: one object shared by several (a session's lines, a forward's connections)
      // is written as a YAML anchor and alias, which the scenario reader does not take.
      credentials: structuredClone(credentials),
      userAgent: req.headers['user-agent'] ?? '',
      watch,
    };
    // At the simulated time of its arrival: the wall time since the last tick is played first.
    served.advance(true);
    runner.record({ kind: 'request', request });
    milestone?.({ kind: 'entered', method: line.method, path: line.path, at: performance.timeOrigin + performance.now() });
    schedule();
  };

  const TUNNELLED = 'portforward.k8s.io';
  // `kubectl exec`: a WebSocket (or, as kubectl's fallback, SPDY) upgrade of pods/<pod>/exec (exec-stream.ts).
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: 64 * 1024,
    handleProtocols: (offered, req) => (isPortForwardPath(new URL(req.url ?? '/', 'https://x').pathname) ? offered.has(TUNNELLED) && PORT_FORWARD_SUBPROTOCOL : pickSubprotocol(offered)),
  });
  const upgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const line = readRequestLine(req);
    if ('kind' in line) return refuseUpgrade(socket, line.code, line);
    if (isPortForwardPath(line.path)) return portForward(req, socket, head, line);
    if (isAttachPath(line.path)) return attach(req, socket, head, line);
    if (!isExecPath(line.path)) return refuseUpgrade(socket, 404, status(404, 'NotFound', 'the server could not find the requested resource'));
    const credentials = credentialsOf(req, caCert);
    const client = clientOf(req, credentials);
    let mine = 0;
    for (const o of open.values()) if (o.client === client && !o.watch) mine++;
    if (mine >= MAX_INFLIGHT_PER_CLIENT) return refuseUpgrade(socket, 429, 'Too many requests, please try again later.\n');
    const websocket = String(req.headers.upgrade ?? '').toLowerCase() === 'websocket';
    const id = nextId++;
    const query = execQuery(new URL(req.url ?? '/', 'https://x'));
    const lines: number[] = [];
    // A line typed in an interactive session: one more exec in the container, recorded as any request.
    const runLine: RunInContainer = (argv, done) => {
      const lineId = nextId++;
      lines.push(lineId);
      open.set(lineId, { answer: done, socket, watch: false, client });
      enter(lineId, req, { method: line.method, path: line.path, query: { ...query, command: encodeCommand(argv) } }, credentials, false);
    };
    const answer = (code: number, body: unknown): void => {
      if (code !== 200 || !isExecStream(body)) return refuseUpgrade(socket, code, body);
      if (!websocket) return refuseUpgrade(socket, 400, 'kubeplay serve streams exec over WebSocket (v5.channel.k8s.io) only\n');
      wss.handleUpgrade(req, socket, head, (ws) => {
        if (body.prompt !== undefined && queryBool(query, 'stdin') && queryBool(query, 'tty')) {
          const session = new ExecTtySession(ws, decodeCommand(query) ?? ['sh'], body.prompt, runLine);
          ws.on('message', (data: Buffer) => session.onMessage(data));
          return session.start();
        }
        for (const f of execFrames(body)) ws.send(f);
        ws.close(1000);
      });
    };
    open.set(id, { answer, socket, watch: false, client });
    socket.on('close', () => {
      for (const x of [id, ...lines]) if (open.delete(x)) runner.record({ kind: 'hangup', id: x });
    });
    enter(id, req, { method: line.method, path: line.path, query }, credentials, false);
  };

  // `kubectl port-forward`: the upgrade is one request (kube-apiserver and the kubelet check the pod),
  // then every connection to kubectl's local port is one more (port-forward-session.ts).
  const portForward = (req: IncomingMessage, socket: Duplex, head: Buffer, line: { method: RecordedRequest['method']; path: string }): void => {
    const credentials = credentialsOf(req, caCert);
    const client = clientOf(req, credentials);
    const websocket = String(req.headers.upgrade ?? '').toLowerCase() === 'websocket';
    const ids: number[] = [];
    const forward: ForwardConnection = (port, data, done) => {
      const id = nextId++;
      ids.push(id);
      open.set(id, { answer: done, socket, watch: false, client });
      enter(id, req, { method: line.method, path: line.path, query: { port, data } }, credentials, false);
    };
    const answer = (code: number, body: unknown): void => {
      if (code !== 200 || !isPortForwardStream(body)) return refuseUpgrade(socket, code, body);
      // kubectl's fallback (KUBECTL_PORT_FORWARD_WEBSOCKETS=false) asks for SPDY itself: not served.
      if (!websocket) return refuseUpgrade(socket, 400, 'kubeplay serve forwards ports over WebSocket (SPDY/3.1+portforward.k8s.io) only\n');
      // `/` is no token character (RFC 7230), so ws refuses the header as kubectl writes it: it
      // sees the protocol's plain name, and the answer names the tunnelled one kubectl asked for.
      req.headers['sec-websocket-protocol'] = String(req.headers['sec-websocket-protocol'] ?? '').includes(PORT_FORWARD_SUBPROTOCOL) ? TUNNELLED : '';
      wss.handleUpgrade(req, socket, head, (ws) => {
        const session = new PortForwardSession(ws, forward);
        ws.on('message', (data: Buffer) => session.onMessage(data));
      });
    };
    const id = nextId++;
    ids.push(id);
    open.set(id, { answer, socket, watch: false, client });
    socket.on('close', () => {
      for (const x of ids) if (open.delete(x)) runner.record({ kind: 'hangup', id: x });
    });
    enter(id, req, { method: line.method, path: line.path, query: {} }, credentials, false);
  };

  // `kubectl attach`: the upgrade is the first read (it answers nothing written before it); while
  // kubectl stays attached, each read of what the container wrote since is one more request.
  const attach = (req: IncomingMessage, socket: Duplex, head: Buffer, line: { method: RecordedRequest['method']; path: string }): void => {
    const credentials = credentialsOf(req, caCert);
    const client = clientOf(req, credentials);
    const websocket = String(req.headers.upgrade ?? '').toLowerCase() === 'websocket';
    const query = execQuery(new URL(req.url ?? '/', 'https://x'));
    const ids: number[] = [];
    const read: ReadAttached = (after, done) => {
      const id = nextId++;
      ids.push(id);
      open.set(id, { answer: done, socket, watch: false, client });
      enter(id, req, { method: line.method, path: line.path, query: { ...query, after } }, credentials, false);
    };
    let timer: ReturnType<typeof setInterval> | undefined;
    const answer = (code: number, body: unknown): void => {
      if (code !== 200 || !isAttachStream(body)) return refuseUpgrade(socket, code, body);
      if (!websocket) return refuseUpgrade(socket, 400, 'kubeplay serve streams attach over WebSocket (v5.channel.k8s.io) only\n');
      wss.handleUpgrade(req, socket, head, (ws) => {
        const session = new AttachSession(ws, queryBool(query, 'tty'), body.cursor, read);
        timer = setInterval(() => (session.done ? clearInterval(timer) : session.poll()), POLL_MS);
        ws.on('close', () => {
          session.stop();
          clearInterval(timer);
        });
      });
    };
    const id = nextId++;
    ids.push(id);
    open.set(id, { answer, socket, watch: false, client });
    socket.on('close', () => {
      clearInterval(timer);
      for (const x of ids) if (open.delete(x)) runner.record({ kind: 'hangup', id: x });
    });
    enter(id, req, { method: line.method, path: line.path, query }, credentials, false);
  };

  // The client certificate is asked for but checked by credentialsOf, not by OpenSSL (pki.ts signedByCa).
  const caCert = new X509Certificate(pki.ca.certPem);
  const server: Http2SecureServer = createSecureServer(
    {
      key: pki.server.keyPem,
      cert: pki.server.certPem,
      requestCert: true,
      rejectUnauthorized: false,
      allowHTTP1: true,
      settings: { maxConcurrentStreams: HTTP2_MAX_STREAMS, initialWindowSize: HTTP2_STREAM_WINDOW, maxFrameSize: HTTP2_STREAM_WINDOW },
    },
    (req, res) => {
    handle(req, res).catch((e: unknown) => {
      log(`kubeplay serve: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
      fail(res, status(500, 'InternalError', 'an error on the server has prevented the request from succeeding'));
    });
    },
  );
  // Every connection, whichever protocol it speaks, so that close() can end them: an idle HTTP/2
  // session or kept-alive HTTP/1.1 connection would otherwise hold the server open.
  const connections = new Set<Socket>();
  /** The TLS socket under each HTTP/2 session (its `socket` is a view that may not be destroyed), by the client's address and port. */
  const byPeer = new Map<string, Socket>();
  const peerOf = (s: { remoteAddress?: string; remotePort?: number }): string => `${s.remoteAddress}|${s.remotePort}`;
  server.on('secureConnection', (socket: Socket) => {
    connections.add(socket);
    const peer = peerOf(socket);
    byPeer.set(peer, socket);
    socket.once('close', () => {
      connections.delete(socket);
      byPeer.delete(peer);
    });
  });
  rawSocketOf = (res) => (res.stream.session ? byPeer.get(peerOf(res.stream.session.socket)) : undefined);
  server.on('session', (session: ServerHttp2Session) => {
    session.once('connect', () => session.setLocalWindowSize(HTTP2_STREAM_WINDOW * HTTP2_MAX_STREAMS));
  });
  server.on('upgrade', upgrade);
  let port: number;
  try {
    port = await apiPort.listen(opts.port);
  } catch (e) {
    clearInterval(timer);
    throw e;
  }
  const url = `https://${hostPort(opts.address, port)}`;
  let page: PageServer | undefined;
  if (opts.page) {
    try {
      page = await startPageServer({
        dist: opts.page.dist,
        port: opts.page.port,
        address: opts.address,
        served,
        log,
        ...(opts.page.kubeconfig !== undefined && { kubeconfig: opts.page.kubeconfig }),
        ...(opts.page.maxUnsentBytes !== undefined && { maxUnsentBytes: opts.page.maxUnsentBytes }),
      });
    } catch (e) {
      clearInterval(timer);
      await apiPort.close();
      throw e;
    }
  }
  return {
    url,
    ...(page && { pageUrl: page.url }),
    served,
    pki,
    kubeconfig: kubeconfig(pki, url, ADMIN.name),
    cluster,
    runner,
    recorded: () => {
      // A whole millisecond, as the recorded steps have: the file says the moment exactly.
      runner.advanceTo(Math.ceil(runner.now));
      return serializeScenario({ ...runner.scenario, cluster: { ...runner.scenario.cluster, gateway: true }, pauseAt: runner.now }, `Recorded by kubeplay serve: npx kubeplay run <this file> replays it (trace hash ${cluster.sim.traceHash()})`);
    },
    resync: () => served.resync(),
    close: async () => {
      clearInterval(timer);
      await page?.close();
      due.stop();
      for (const c of wss.clients) c.terminate();
      wss.close();
      for (const c of open.values()) (c.res ?? c.socket)?.destroy();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of connections) socket.destroy();
      await apiPort.close();
      await closed;
    },
  };
}
