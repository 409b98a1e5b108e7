// `kubectl port-forward` against kubeplay serve. kubectl v1.31 (KUBECTL_PORT_FORWARD_WEBSOCKETS,
// on unless set to false) dials a WebSocket offering `SPDY/3.1+portforward.k8s.io` and runs a SPDY
// connection inside it (client-go tools/portforward/tunneling_dialer.go); it falls back to plain
// SPDY only when that upgrade fails without a Status. For every connection to its local port it
// opens two streams with the headers `streamtype` (error, then data), `port` and `requestid`
// (portforward.go handleConnection), writes what the local client sent on the data stream and reads
// the answer from it; whatever comes on the error stream it prints as `an error occurred forwarding
// L -> R: <text>` and then drops the whole connection (`error: lost connection to pod`).
// Here a forwarded connection is a byte stream: each whole request the client wrote on it (an HTTP
// request, a redis command; runtime/port-forward.ts requestLength) is one request into the
// simulation, one at a time and in order; the pod's program answers and its answer goes back on
// the data stream, which stays open (HTTP keep-alive, a redis session) until the program closes
// the connection or the client ends its side, and then both streams end. Bytes that never make a
// whole request are forwarded as they are when the client ends its side, or at MAX_REQUEST_BYTES.

import { isPortForwardStream } from '../sim/api/port-forward';
import { requestLength } from '../sim/node/runtime/port-forward';
import { dataFrame, FLAG_FIN, GOAWAY, HeaderDeflater, HeaderInflater, PING, RST_STREAM, SpdyReader, SYN_STREAM, controlFrame, synReply, type SpdyFrame } from './spdy-frames';
import type { SessionSocket } from './exec-session';

/** The WebSocket subprotocol of SPDY tunnelled over WebSockets (constants.WebsocketsSPDYTunnelingPrefix + portforward.k8s.io). */
export const PORT_FORWARD_SUBPROTOCOL = 'SPDY/3.1+portforward.k8s.io';

const PORT_FORWARD_PATH = /^\/api\/v1\/namespaces\/[^/]+\/pods\/[^/]+\/portforward$/;

export function isPortForwardPath(path: string): boolean {
  return PORT_FORWARD_PATH.test(path);
}

/** One forwarded connection into the simulation: the remote port and what the client sent (base64); `done` gets the answer (code, body). */
export type ForwardConnection = (port: string, data: string, done: (code: number, body: unknown) => void) => void;

interface Stream {
  id: number;
  type: string;
  requestId: string;
  port: string;
  data: Buffer[];
  fin: boolean;
}

/** One forwarded connection: its two streams, what the client sent that is not forwarded yet, and whether a request is out. */
interface Connection {
  error: Stream;
  data: Stream;
  busy: boolean;
  ended: boolean;
  /** At least one request went into the simulation. */
  dialled: boolean;
}

/** What one forwarded connection may send before it is forwarded as it is (a request's head, a redis command). */
export const MAX_REQUEST_BYTES = 1024 * 1024;

/** Data frames carry at most this much each (spdystream writes what it is given; kept modest). */
const MAX_DATA_FRAME = 32 * 1024;

export class PortForwardSession {
  private readonly reader = new SpdyReader();
  private readonly inflater = new HeaderInflater();
  private readonly deflater = new HeaderDeflater();
  private readonly streams = new Map<number, Stream>();
  private readonly connections = new Map<string, Connection>();
  private closed = false;

  constructor(
    private readonly ws: SessionSocket,
    private readonly forward: ForwardConnection,
  ) {}

  /** Bytes of the SPDY connection, as the WebSocket's binary messages bring them. */
  onMessage(chunk: Buffer): void {
    if (this.closed) return;
    let frames: SpdyFrame[];
    try {
      frames = this.reader.push(chunk);
      for (const f of frames) this.onFrame(f);
    } catch {
      // Not SPDY, or headers that do not inflate: the connection is unusable.
      this.close();
    }
  }

  private onFrame(f: SpdyFrame): void {
    if (!f.control) {
      const s = this.streams.get(f.streamId);
      if (!s) return;
      if (f.data.length) s.data.push(Buffer.from(f.data));
      if (f.flags & FLAG_FIN) s.fin = true;
      return this.maybeForward(s.requestId);
    }
    if (f.type === SYN_STREAM) {
      const id = f.data.readUInt32BE(0) & 0x7fffffff;
      const h = this.inflater.read(f.data.subarray(10));
      const s: Stream = { id, type: h.get('streamtype') ?? '', requestId: h.get('requestid') ?? '', port: h.get('port') ?? '', data: [], fin: (f.flags & FLAG_FIN) !== 0 };
      this.streams.set(id, s);
      this.ws.send(synReply(id, this.deflater.write([])));
      return this.maybeForward(s.requestId);
    }
    if (f.type === PING) return this.ws.send(controlFrame(PING, 0, Buffer.from(f.data)));
    if (f.type === RST_STREAM) return this.reset(f.data.readUInt32BE(0) & 0x7fffffff);
    if (f.type === GOAWAY) return this.close();
    // SETTINGS, WINDOW_UPDATE, HEADERS: nothing to do (the frames written stay far below the window).
  }

  /** The client reset a stream: its connection is gone, whatever is still out answers nobody. */
  private reset(id: number): void {
    const s = this.streams.get(id);
    this.streams.delete(id);
    if (!s) return;
    const conn = this.connections.get(s.requestId);
    if (conn) {
      conn.ended = true;
      this.connections.delete(s.requestId);
      this.streams.delete(conn.error.id);
      this.streams.delete(conn.data.id);
    }
  }

  private pair(requestId: string): { error?: Stream; data?: Stream } {
    const p: { error?: Stream; data?: Stream } = {};
    for (const s of this.streams.values()) {
      if (s.requestId !== requestId) continue;
      if (s.type === 'error') p.error = s;
      else if (s.type === 'data') p.data = s;
    }
    return p;
  }

  private maybeForward(requestId: string): void {
    let conn = this.connections.get(requestId);
    if (!conn) {
      const { error, data } = this.pair(requestId);
      if (!error || !data) return;
      conn = { error, data, busy: false, ended: false, dialled: false };
      this.connections.set(requestId, conn);
    }
    this.pump(requestId, conn);
  }

  /** Forward the next whole request of the connection, if none is out; end it once the client has ended and nothing is left. */
  private pump(requestId: string, conn: Connection): void {
    if (conn.busy || conn.ended || this.closed) return;
    const bytes = Buffer.concat(conn.data.data);
    // A connection that ended without sending anything is still dialled once (nobody listening is an error then too).
    if (bytes.length === 0 && (!conn.data.fin || conn.dialled)) {
      if (conn.data.fin) this.end(requestId, conn);
      return;
    }
    const whole = requestLength(bytes.toString('latin1'));
    // A client that keeps sending without ever ending a request is forwarded at the bound, not buffered for ever.
    const n = whole ?? (conn.data.fin || bytes.length >= MAX_REQUEST_BYTES ? bytes.length : undefined);
    if (n === undefined) return;
    conn.data.data = n < bytes.length ? [bytes.subarray(n)] : [];
    conn.busy = true;
    conn.dialled = true;
    this.forward(conn.data.port, bytes.subarray(0, n).toString('base64'), (code, body) => {
      conn.busy = false;
      if (this.closed || conn.ended) return;
      if (code === 200 && isPortForwardStream(body)) {
        if (body.error) return this.fail(requestId, conn, body.error);
        this.write(conn.data.id, body.data);
        if (body.close) return this.end(requestId, conn);
        return this.pump(requestId, conn);
      }
      const message = (body as { message?: unknown } | null)?.message;
      this.fail(requestId, conn, typeof message === 'string' ? message : typeof body === 'string' ? body : `error ${code}`);
    });
  }

  /** What the program wrote, on the data stream, in frames of a modest size. */
  private write(dataId: number, out: string): void {
    const bytes = Buffer.from(out, 'utf8');
    for (let at = 0; at < bytes.length; at += MAX_DATA_FRAME) this.ws.send(dataFrame(dataId, 0, bytes.subarray(at, at + MAX_DATA_FRAME)));
  }

  /** The kubelet's error on the error stream; then the connection ends. */
  private fail(requestId: string, conn: Connection, err: string): void {
    this.ws.send(dataFrame(conn.error.id, 0, Buffer.from(err, 'utf8')));
    this.end(requestId, conn);
  }

  /** Both streams end. */
  private end(requestId: string, conn: Connection): void {
    if (conn.ended) return;
    conn.ended = true;
    this.ws.send(dataFrame(conn.error.id, FLAG_FIN, Buffer.alloc(0)));
    this.ws.send(dataFrame(conn.data.id, FLAG_FIN, Buffer.alloc(0)));
    this.streams.delete(conn.error.id);
    this.streams.delete(conn.data.id);
    this.connections.delete(requestId);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.ws.close(1000);
  }
}
