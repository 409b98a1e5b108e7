// What a pod answers when a request reaches it, decided by its image: nginx's html/index.html (615
// bytes) and its access line in the docker image's `main` log_format (nginx.conf in
// docker-library/nginx: '$remote_addr - $remote_user [$time_local] "$request" $status
// $body_bytes_sent "$http_referer" "$http_user_agent" "$http_x_forwarded_for"'); a port nobody
// listens on refuses; a listener that does not speak HTTP (redis) resets.
import { describe, expect, it } from 'vitest';
import type { Container, ContainerdState } from './state';
import { HTTPD_404_HTML, HTTPD_INDEX_HTML, NGINX_INDEX_HTML, serveRequest, timeLocal } from './serve-request';

function state(image: string, listening: Container['listening']): ContainerdState {
  const c = { id: 'c1', podSandboxId: 's1', metadata: { name: 'app', attempt: 0 }, image, state: 'CONTAINER_RUNNING', startedAt: 0, listening, logs: [], processEnv: [['NGINX_VERSION', '1.27.1']] } as unknown as Container;
  const sb = { id: 's1', ip: '10.244.2.2', metadata: { name: 'web-1', namespace: 'default' }, state: 'SANDBOX_READY' };
  return { containers: new Map([['c1', c]]), sandboxes: new Map([['s1', sb]]) } as unknown as ContainerdState;
}
const req = { method: 'GET', path: '/', src: '10.244.1.5', userAgent: 'Wget' };

describe('serveRequest', () => {
  it('nginx serves its 615-byte welcome page and logs the access line', () => {
    const got = serveRequest(state('docker.io/library/nginx:1.27', [{ port: 80, http: { okPaths: ['/', '/index.html'] } }]), '10.244.2.2', 80, req, 0);
    expect(NGINX_INDEX_HTML.length).toBe(615);
    expect(got).toEqual({
      kind: 'response', status: 200, reason: 'OK', body: NGINX_INDEX_HTML, container: 'app',
      log: { stream: 'stdout', text: `10.244.1.5 - - [${timeLocal(0)}] "GET / HTTP/1.1" 200 615 "-" "Wget" "-"` },
    });
    expect(timeLocal(0)).toMatch(/^\d\d\/[A-Z][a-z]{2}\/\d{4}:\d\d:\d\d:\d\d \+0000$/);
  });

  it('nginx answers 404 with its error page for a path it does not have', () => {
    const got = serveRequest(state('docker.io/library/nginx:1.27', [{ port: 80, http: { okPaths: ['/'] } }]), '10.244.2.2', 80, { ...req, path: '/nope' }, 0);
    expect(got).toMatchObject({ kind: 'response', status: 404, reason: 'Not Found' });
    expect(got.kind === 'response' && got.body).toContain('<center>nginx/1.27.1</center>');
  });

  // httpd 2.4's image: htdocs/index.html (45 bytes), `CustomLog /proc/self/fd/1 common` (httpd.conf's
  // `LogFormat "%h %l %u %t \"%r\" %>s %b" common`; docker-library/httpd's Dockerfile points it at
  // stdout), and a 404 is the canned page of modules/http/http_protocol.c (196 bytes, as `404 196` in
  // any httpd 2.4 access log).
  it('httpd serves "It works!" and a 404 page, logging each in common log format', () => {
    const st = state('docker.io/library/httpd:2.4', [{ port: 80, http: { okPaths: ['/', '/index.html'] } }]);
    expect(serveRequest(st, '10.244.2.2', 80, req, 0)).toEqual({
      kind: 'response', status: 200, reason: 'OK', body: HTTPD_INDEX_HTML, container: 'app',
      log: { stream: 'stdout', text: `10.244.1.5 - - [${timeLocal(0)}] "GET / HTTP/1.1" 200 45` },
    });
    expect(HTTPD_404_HTML.length).toBe(196);
    expect(serveRequest(st, '10.244.2.2', 80, { ...req, path: '/nope' }, 0)).toEqual({
      kind: 'response', status: 404, reason: 'Not Found', body: HTTPD_404_HTML, container: 'app',
      log: { stream: 'stdout', text: `10.244.1.5 - - [${timeLocal(0)}] "GET /nope HTTP/1.1" 404 196` },
    });
  });

  it('redis answers PING with +PONG', () => {
    expect(serveRequest(state('docker.io/library/redis:7', [{ port: 6379 }]), '10.244.2.2', 6379, { ...req, path: 'PING', protocol: 'redis' }, 0)).toEqual({ kind: 'response', status: 200, reason: 'OK', body: '+PONG\r\n', container: 'app' });
  });

  it('refuses a port nobody listens on, and a non-HTTP listener resets', () => {
    expect(serveRequest(state('docker.io/library/nginx:1.27', [{ port: 80, http: { okPaths: ['/'] } }]), '10.244.2.2', 8080, req, 0)).toEqual({ kind: 'refused' });
    expect(serveRequest(state('docker.io/library/redis:7', [{ port: 6379 }]), '10.244.2.2', 6379, req, 0)).toEqual({ kind: 'reset', container: 'app' });
  });
});
