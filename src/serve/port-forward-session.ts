// `kubectl port-forward` against kubeplay serve. kubectl v1.31 (KUBECTL_PORT_FORWARD_WEBSOCKETS,
// on unless set to false) dials a WebSocket offering `SPDY/3.1+portforward.k8s.io` and runs a SPDY
// connection inside it (client-go tools/portforward/tunneling_dialer.go); it falls back to plain
// SPDY only when that upgrade fails without a Status. For every connection to its local port it
// opens two streams with the headers `streamtype` (error, then data), `port` and `requestid`
// (portforward.go handleConnection), writes what the local client sent on the data stream and reads
// the answer from it; whatever comes on the error stream it prints as `an error occurred forwarding
// L -> R: <text>` and then drops the whole connection (`error: lost connection to pod`).
// Here each connection is one request into the simulation, sent once the client's request is whole
// (or its side is closed): the pod's program answers (runtime/port-forward.ts), the answer goes
// back on the data stream, and both streams end.

import { isPortForwardStream } from '../sim/api/port-forward';
import { requestComplete } from '../sim/node/runtime/port-forward';
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

/** What one forwarded connection may send before it is forwarded as it is (a request's head, a redis command). */
export const MAX_REQUEST_BYTES = 1024 * 1024;

/** Data frames carry at most this much each (spdystream writes what it is given; kept modest). */
const MAX_DATA_FRAME = 32 * 1024;

export class PortForwardSession {
  private readonly reader = new SpdyReader();
  private readonly inflater = new HeaderInflater();
  private readonly deflater = new HeaderDeflater();
  private readonly streams = new Map<number, Stream>();
  private readonly forwarded = new Set<string>();
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
    if (f.type === RST_STREAM) return void this.streams.delete(f.data.readUInt32BE(0) & 0x7fffffff);
    if (f.type === GOAWAY) return this.close();
    // SETTINGS, WINDOW_UPDATE, HEADERS: nothing to do for a connection this short.
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
    if (this.forwarded.has(requestId)) return;
    const { error, data } = this.pair(requestId);
    if (!error || !data) return;
    const bytes = Buffer.concat(data.data);
    const sent = bytes.toString('latin1');
    // A client that keeps sending without ever ending a request is forwarded at the bound, not buffered for ever.
    if (!data.fin && !requestComplete(sent) && bytes.length < MAX_REQUEST_BYTES) return;
    this.forwarded.add(requestId);
    this.forward(data.port, bytes.toString('base64'), (code, body) => {
      if (this.closed) return;
      if (code === 200 && isPortForwardStream(body)) return this.answer(error.id, data.id, body.data, body.error);
      const message = (body as { message?: unknown } | null)?.message;
      this.answer(error.id, data.id, '', typeof message === 'string' ? message : typeof body === 'string' ? body : `error ${code}`);
    });
  }

  /** The program's answer on the data stream, the kubelet's error (if any) on the error stream, and both ended. */
  private answer(errorId: number, dataId: number, out: string, err: string | undefined): void {
    if (err) this.ws.send(dataFrame(errorId, 0, Buffer.from(err, 'utf8')));
    this.ws.send(dataFrame(errorId, FLAG_FIN, Buffer.alloc(0)));
    const bytes = Buffer.from(out, 'utf8');
    for (let at = 0; at < bytes.length; at += MAX_DATA_FRAME) this.ws.send(dataFrame(dataId, 0, bytes.subarray(at, at + MAX_DATA_FRAME)));
    this.ws.send(dataFrame(dataId, FLAG_FIN, Buffer.alloc(0)));
    this.streams.delete(errorId);
    this.streams.delete(dataId);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.ws.close(1000);
  }
}
