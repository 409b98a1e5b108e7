// The HTTPS client of bench/serve.bench.ts, shared by its in-process LIST client and its watch
// clients' worker thread (bench/serve-watchers.ts), so it takes plain data (address and PEMs), not
// the server's handle.

import { Agent, request } from 'node:https';

export interface ClientConfig {
  url: string;
  ca: string;
  cert: string;
  key: string;
  /** Connections for watches, one each. */
  watches: number;
}

export interface Client {
  call(path: string, opts?: { method?: string; body?: string; accept?: string }): Promise<{ status: number; body: string }>;
  watch(path: string, onLine: (line: Buffer) => void): Promise<void>;
  close(): void;
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
          let pending: Buffer | undefined;
          res.on('data', (c: Buffer) => {
            let buf = pending ? Buffer.concat([pending, c]) : c;
            pending = undefined;
            let nl: number;
            while ((nl = buf.indexOf(10)) >= 0) {
              onLine(buf.subarray(0, nl));
              buf = buf.subarray(nl + 1);
            }
            if (buf.length) pending = buf;
          });
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
