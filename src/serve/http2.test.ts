// kubeplay serve speaks HTTP/2 as kube-apiserver v1.31 does: offered in TLS's ALPN next to
// HTTP/1.1 (Go's net/http server, which kubectl and client-go take, `GODEBUG=http2debug=1 kubectl
// get pods` shows `http2: Transport creating client conn`), with the settings of
// apiserver/pkg/server/secure_serving.go (MaxConcurrentStreams 100 since the CVE-2023-44487 fix,
// MaxUploadBufferPerStream and MaxReadFrameSize resourceBody99Percentile = 256 KiB). A watch is a
// stream of DATA frames without HTTP/1.1's chunked framing, and many watches share one connection.
import { connect, type ClientHttp2Session, type ClientHttp2Stream } from 'node:http2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneNodeScenario } from './served-scenario';
import { HTTP2_MAX_STREAMS, MAX_UNREAD_WATCH_BYTES, serve, type ServeHandle } from './serve';

describe('kubeplay serve over HTTP/2', () => {
  let h: ServeHandle;
  let session: ClientHttp2Session;
  /** What serve logged (its stderr). */
  const logged: string[] = [];
  const admin = (): { cert: string; key: string } => {
    const c = h.pki.clients.find((x) => x.user === 'kubernetes-admin')!;
    return { cert: c.certPem, key: c.keyPem };
  };

  beforeAll(async () => {
    h = await serve({ scenario: oneNodeScenario('http2').scenario, port: 0, address: '127.0.0.1', speed: 10, log: (l) => logged.push(l) });
    session = connect(h.url, { ca: h.pki.ca.certPem, ...admin() });
    await new Promise<void>((resolve, reject) => {
      session.once('remoteSettings', () => resolve());
      session.once('error', reject);
    });
  }, 60_000);

  afterAll(async () => {
    session?.destroy();
    await h?.close();
  });

  const request = (headers: Record<string, string>, body?: string): ClientHttp2Stream => {
    const st = session.request(headers, { endStream: body === undefined });
    if (body !== undefined) st.end(body);
    return st;
  };
  const answer = (st: ClientHttp2Stream): Promise<{ status: number; headers: Record<string, unknown>; body: string }> =>
    new Promise((resolve, reject) => {
      let headers: Record<string, unknown> = {};
      const chunks: Buffer[] = [];
      st.on('response', (hs) => (headers = hs));
      st.on('data', (c: Buffer) => chunks.push(c));
      st.on('end', () => resolve({ status: Number(headers[':status']), headers, body: Buffer.concat(chunks).toString() }));
      st.on('error', reject);
    });

  it('is negotiated through ALPN, with kube-apiserver’s stream limit, window and frame size', () => {
    expect(session.alpnProtocol).toBe('h2');
    expect(HTTP2_MAX_STREAMS).toBe(100);
    expect(session.remoteSettings).toMatchObject({ maxConcurrentStreams: 100, initialWindowSize: 262144, maxFrameSize: 262144 });
  });

  it('answers with the client certificate’s identity, as over HTTP/1.1', async () => {
    const r = await answer(request({ ':method': 'POST', ':path': '/apis/authentication.k8s.io/v1/selfsubjectreviews', 'content-type': 'application/json' }, JSON.stringify({ apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' })));
    expect(r.status).toBe(201);
    expect(JSON.parse(r.body).status.userInfo).toMatchObject({ username: 'kubernetes-admin', groups: ['system:masters', 'system:authenticated'] });
    // Connection-specific headers are not HTTP/2's (RFC 9113 8.2.2).
    expect(r.headers['transfer-encoding']).toBeUndefined();
  });

  it('carries many watches on one connection, each event a line of its stream, and a create reaches every one', async () => {
    const watches = Array.from({ length: 50 }, () => request({ ':method': 'GET', ':path': '/api/v1/namespaces/default/pods?watch=true', accept: 'application/json' }));
    const lines = watches.map(() => [] as string[]);
    await Promise.all(
      watches.map(
        (st, i) =>
          new Promise<void>((resolve) => {
            let pending = '';
            st.once('response', (hs) => {
              expect(hs[':status']).toBe(200);
              expect(hs['transfer-encoding']).toBeUndefined();
              resolve();
            });
            st.on('data', (c: Buffer) => {
              const parts = (pending + c.toString()).split('\n');
              pending = parts.pop()!;
              lines[i]!.push(...parts);
            });
          }),
      ),
    );
    const created = await answer(request({ ':method': 'POST', ':path': '/api/v1/namespaces/default/pods', 'content-type': 'application/json' }, JSON.stringify({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'over-h2' }, spec: { containers: [{ name: 'c', image: 'nginx:1.25' }] } })));
    expect(created.status).toBe(201);
    for (let i = 0; i < 100 && lines.some((l) => l.length === 0); i++) await new Promise((r) => setTimeout(r, 20));
    for (const l of lines) expect(JSON.parse(l[0]!)).toMatchObject({ type: 'ADDED', object: { metadata: { name: 'over-h2' } } });
    for (const st of watches) st.close();
  }, 30_000);

  it('closes a watch stream whose reader never reads once 8 MiB wait for it, and the simulation and other connections go on', async () => {
    // Its own connection: a stream that is not read holds back its connection's window too.
    const slow = connect(h.url, { ca: h.pki.ca.certPem, ...admin() });
    slow.on('error', () => undefined);
    const st = slow.request({ ':method': 'GET', ':path': '/api/v1/namespaces/default/configmaps?watch=true', accept: 'application/json' });
    st.on('error', () => undefined);
    st.pause();
    await new Promise((r) => st.once('response', r));
    const mib = 'x'.repeat(1024 * 1024);
    let written = 0;
    for (let i = 0; i < 64 && !logged.some((l) => l.includes('closing a watch whose client has')); i++) {
      const r = await answer(request({ ':method': 'POST', ':path': '/api/v1/namespaces/default/configmaps', 'content-type': 'application/json' }, JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `big-${i}` }, data: { x: mib } })));
      expect(r.status).toBe(201);
      written++;
      await new Promise((res) => setTimeout(res, 20));
    }
    const line = logged.find((l) => l.includes('closing a watch whose client has'));
    expect(line, `no watch closed after ${written} MiB`).toBeDefined();
    expect(Number(/has (\d+) bytes unread/.exec(line!)![1])).toBeGreaterThan(MAX_UNREAD_WATCH_BYTES);
    slow.destroy();
    const after = await answer(request({ ':method': 'GET', ':path': '/api/v1/namespaces/default/configmaps/big-0' }));
    expect(after.status).toBe(200);
  }, 60_000);
});
