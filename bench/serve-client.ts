// The HTTPS client of bench/serve.bench.ts, shared by its in-process LIST client and its watch
// clients' worker thread (bench/serve-watchers.ts), so it takes plain data (address and PEMs), not
// the server's handle.

import { Agent, request } from 'node:https';
import { connect, type ClientHttp2Session } from 'node:http2';

export interface ClientConfig {
  url: string;
  ca: string;
  cert: string;
  key: string;
  /** Watches this client opens (HTTP/1.1: a connection each). */
  watches: number;
  /**
   * Speak HTTP/2 as client-go does (Go's net/http offers h2 in ALPN and kube-apiserver takes it):
   * the watches share a connection until it holds the server's SETTINGS_MAX_CONCURRENT_STREAMS
   * (100), then another is opened (Go's http2.Transport with StrictMaxConcurrentStreams false), and
   * the calls have a connection of their own, as a separate kubectl process would. Else HTTP/1.1,
   * a connection per watch.
   */
  http2?: boolean;
}

/**
 * Go's HTTP/2 client windows (golang.org/x/net/http2 transport.go: transportDefaultConnFlow 1 GiB,
 * transportDefaultStreamFlow 4 MiB), which client-go keeps.
 */
const GO_CONN_WINDOW = 1 << 30;
const GO_STREAM_WINDOW = 4 << 20;

function h2Pool(cfg: ClientConfig): { stream(headers: Record<string, string>, body?: string): Promise<import('node:http2').ClientHttp2Stream>; close(): void } {
  const sessions: { session: ClientHttp2Session; streams: number }[] = [];
  const open = async (): Promise<{ session: ClientHttp2Session; streams: number }> => {
    const session = connect(cfg.url, { ca: cfg.ca, cert: cfg.cert, key: cfg.key, settings: { initialWindowSize: GO_STREAM_WINDOW } });
    await new Promise<void>((resolve, reject) => {
      session.once('remoteSettings', () => resolve());
      session.once('error', reject);
    });
    session.setLocalWindowSize(GO_CONN_WINDOW);
    const s = { session, streams: 0 };
    sessions.push(s);
    return s;
  };
  let opening: Promise<{ session: ClientHttp2Session; streams: number }> | undefined;
  const pick = async (): Promise<{ session: ClientHttp2Session; streams: number }> => {
    for (;;) {
      const s = sessions.find((x) => x.streams < (x.session.remoteSettings.maxConcurrentStreams ?? 100));
      if (s) {
        // Taken at once: concurrent callers see the slot gone.
        s.streams++;
        return s;
      }
      opening ??= open().finally(() => (opening = undefined));
      await opening;
    }
  };
  return {
    stream: async (headers, body) => {
      const s = await pick();
      const st = s.session.request(headers, { endStream: body === undefined });
      st.once('close', () => s.streams--);
      if (body !== undefined) st.end(body);
      return st;
    },
    close: () => {
      for (const s of sessions) s.session.destroy();
    },
  };
}

export interface Client {
  call(path: string, opts?: { method?: string; body?: string; accept?: string }): Promise<{ status: number; body: string }>;
  watch(path: string, onLine: (line: Buffer) => void): Promise<void>;
  close(): void;
}

/** A watch's bytes, cut into its newline-ended event lines (kept as bytes) for onLine. */
function lines(onLine: (line: Buffer) => void): (chunk: Buffer) => void {
  let pending: Buffer | undefined;
  return (c) => {
    let buf = pending ? Buffer.concat([pending, c]) : c;
    pending = undefined;
    let nl: number;
    while ((nl = buf.indexOf(10)) >= 0) {
      onLine(buf.subarray(0, nl));
      buf = buf.subarray(nl + 1);
    }
    if (buf.length) pending = buf;
  };
}

export function client(cfg: ClientConfig): Client {
  const url = new URL(cfg.url);
  const tls = { ca: cfg.ca, cert: cfg.cert, key: cfg.key };
  // Each watch on a connection of its own, never reused.
  const agent = new Agent({ keepAlive: false, maxSockets: cfg.watches + 8, ...tls });
  // Calls on one kept-alive connection, as kubectl makes them: client-go's transport is Go's
  // net/http Transport (HTTP/2 where the server offers it, else HTTP/1.1 keep-alive, as here), one
  // per config (k8s.io/client-go/transport/cache.go), so a `kubectl create` sends its POST on the
  // connection its discovery and openapi requests opened, not after a TLS handshake of its own. The calls come back to back, well inside the server's 5 s keep-alive
  // timeout (node:http keepAliveTimeout), so the connection is never closed under a request.
  const kept = new Agent({ keepAlive: true, maxSockets: 1, ...tls });
  const base = { hostname: url.hostname, port: url.port, agent };
  if (cfg.http2) return http2Client(cfg);
  return {
    call: (path, o = {}) =>
      new Promise((resolve, reject) => {
        const headers: Record<string, string> = { accept: o.accept ?? 'application/json' };
        if (o.body !== undefined) headers['content-type'] = 'application/json';
        const r = request({ ...base, agent: kept, path, method: o.method ?? 'GET', headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        });
        r.on('error', reject);
        r.end(o.body);
      }),
    // Resolves once the headers are in (the watch is established), then reports each event line as
    // bytes: 200 watchers in one thread stand for 200 processes, so they decode only what the bench
    // reads (serve-watchers.ts), not each 3-4 KB line into a string.
    watch: (path, onLine) =>
      new Promise((resolve, reject) => {
        const r = request({ ...base, path, headers: { accept: 'application/json' } }, (res) => {
          res.on('data', lines(onLine));
          resolve();
        });
        r.on('error', reject);
        r.end();
      }),
    close: () => {
      agent.destroy();
      kept.destroy();
    },
  };
}

/** The same client over HTTP/2: one pool of connections for the watches, one for the calls. */
function http2Client(cfg: ClientConfig): Client {
  const watches = h2Pool(cfg);
  const calls = h2Pool(cfg);
  return {
    call: async (path, o = {}) => {
      const headers: Record<string, string> = { ':method': o.method ?? 'GET', ':path': path, accept: o.accept ?? 'application/json' };
      if (o.body !== undefined) headers['content-type'] = 'application/json';
      const st = await calls.stream(headers, o.body);
      return new Promise((resolve, reject) => {
        let status = 0;
        const chunks: Buffer[] = [];
        st.on('response', (h) => (status = Number(h[':status'])));
        st.on('data', (c: Buffer) => chunks.push(c));
        st.on('end', () => resolve({ status, body: Buffer.concat(chunks).toString() }));
        st.on('error', reject);
      });
    },
    watch: async (path, onLine) => {
      const st = await watches.stream({ ':method': 'GET', ':path': path, accept: 'application/json' });
      await new Promise<void>((resolve, reject) => {
        st.once('response', (h) => (Number(h[':status']) === 200 ? resolve() : reject(new Error(`watch answered ${h[':status']}`))));
        st.once('error', reject);
      });
      st.on('data', lines(onLine));
    },
    close: () => {
      watches.close();
      calls.close();
    },
  };
}
