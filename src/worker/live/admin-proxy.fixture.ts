// Tests only: `kubectl proxy`'s part in front of `kubeplay serve`, for live mode's tests (the e2e
// test runs the real one). Plain HTTP in, the admin's client certificate out, streams passed through
// as they come.

import { createServer, type Server } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { ServeHandle } from '../../serve/serve';

export function startAdminProxy(h: ServeHandle, port: number): Promise<Server> {
  const admin = h.pki.clients.find((c) => c.user === 'kubernetes-admin')!;
  const target = new URL(h.url);
  const server = createServer((req, res) => {
    const up = httpsRequest(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host }, cert: admin.certPem, key: admin.keyPem, ca: h.pki.ca.certPem },
      (ur) => {
        res.writeHead(ur.statusCode ?? 502, ur.headers);
        ur.pipe(res);
        // The cluster's end broke mid-stream (kube-apiserver died): break ours too, as kubectl proxy's
        // reverse proxy does. Left open, the client would wait on a watch that can never deliver.
        ur.on('close', () => {
          if (!ur.complete) res.destroy();
        });
      },
    );
    up.on('error', () => res.destroy());
    res.on('close', () => up.destroy());
    req.pipe(up);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
