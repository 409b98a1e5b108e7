// What `kubectl logs` shows for nginx, by the image build the tag runs (nginx/docker-nginx):
// - docker-entrypoint.sh arrived with 1.19.0 (docker-nginx e36b4f5 "Introduced entrypoint",
//   2020-05-26); before it the image's CMD is `nginx -g 'daemon off;'` (stable/stretch/Dockerfile
//   at b71469a for 1.14.2).
// - the nginx.org packages' nginx.conf logs at `notice` since 1.20.0 (nginx/pkg-oss ea2a245,
//   "Bumped default error log level to notice"); at `warn` before, so no startup or stop notices.
// - 15-local-resolvers.envsh came in May 2023 (docker-nginx 2b0c285): mainline/debian at 0f26b68
//   (1.23.4) has no such file, stable/debian at cd3d076 (1.24.0) has it.
// - 1.23.4 and 1.24.0 are bullseye builds (PKG_RELEASE 1~bullseye): gcc 10.2.1-6.
// - the alpine tags: alpine-slim FROM alpine:3.19 for 1.25.5 (9abe4ae), alpine:3.20 for 1.27.1
//   (d8e9176); their gcc's `gcc -v` version string is nginx's `built by gcc` line.
// - STOPSIGNAL SIGQUIT since docker-nginx 3fb70dd (Nov 2020): containerd stops the container with it,
//   nginx's graceful shutdown (ngx_process_cycle.c: `gracefully shutting down` in each worker).
// The kubernetes.io Deployment tutorials run nginx:1.14.2 and nginx:1.16.1.
import { describe, expect, it } from 'vitest';
import { programFor } from './behaviour';

const logs = (image: string): string[] => programFor(image, undefined, undefined).steps.flatMap((s) => (s.op === 'log' ? [s.text] : []));

describe('nginx startup lines by release', () => {
  it.each(['nginx:1.14.2', 'nginx:1.16.1', 'nginx:1.7.9'])('%s prints nothing when it starts or stops', (image) => {
    expect(logs(image)).toEqual([]);
    expect(programFor(image, undefined, undefined).sigtermLogs).toBeUndefined();
  });

  it('nginx:1.23.4 has no 15-local-resolvers.envsh and was built by bullseye gcc', () => {
    const l = logs('nginx:1.23.4');
    expect(l.some((t) => t.includes('15-local-resolvers'))).toBe(false);
    expect(l).toContain('{nginxTime} [notice] 1#1: built by gcc 10.2.1 20210110 (Debian 10.2.1-6) ');
    expect(l).toContain('{nginxTime} [notice] 1#1: nginx/1.23.4');
  });

  it('nginx:1.24 sources 15-local-resolvers.envsh, bullseye gcc; nginx:1.27 bookworm gcc; both stop with notices', () => {
    expect(logs('nginx:1.24')).toContain('/docker-entrypoint.sh: Sourcing /docker-entrypoint.d/15-local-resolvers.envsh');
    expect(logs('nginx:1.24')).toContain('{nginxTime} [notice] 1#1: built by gcc 10.2.1 20210110 (Debian 10.2.1-6) ');
    expect(logs('nginx:1.27')).toContain('{nginxTime} [notice] 1#1: built by gcc 12.2.0 (Debian 12.2.0-14) ');
    expect(logs('nginx:1.27')[0]).toBe('/docker-entrypoint.sh: /docker-entrypoint.d/ is not empty, will attempt to perform configuration');
    expect(programFor('nginx:1.24', undefined, undefined).sigtermLogs?.[0]?.text).toBe('{nginxTime} [notice] 1#1: signal 3 (SIGQUIT) received, shutting down');
  });

  it('stops nginx 1.19.5 and later with SIGQUIT, older builds with SIGTERM (their STOPSIGNAL), httpd with SIGWINCH', () => {
    expect(programFor('nginx:1.27', undefined, undefined).stopSignal).toBe('SIGQUIT');
    expect(programFor('nginx:1.23.4', undefined, undefined).stopSignal).toBe('SIGQUIT');
    expect(programFor('nginx:1.16.1', undefined, undefined).stopSignal).toBeUndefined();
    expect(programFor('nginx:1.14.2', undefined, undefined).stopSignal).toBeUndefined();
    expect(programFor('httpd:2.4', undefined, undefined).stopSignal).toBe('SIGWINCH');
  });

  it('nginx:alpine and nginx:1.25-alpine were built by their alpine release\'s gcc', () => {
    expect(logs('nginx:alpine')).toContain('{nginxTime} [notice] 1#1: built by gcc 13.2.1 20240309 (Alpine 13.2.1_git20240309) ');
    expect(logs('nginx:1.27.1-alpine')).toContain('{nginxTime} [notice] 1#1: nginx/1.27.1');
    expect(logs('nginx:1.25-alpine')).toContain('{nginxTime} [notice] 1#1: built by gcc 13.2.1 20231014 (Alpine 13.2.1_git20231014) ');
    expect(logs('nginx:1.25-alpine')).toContain('{nginxTime} [notice] 1#1: nginx/1.25.5');
  });
});
