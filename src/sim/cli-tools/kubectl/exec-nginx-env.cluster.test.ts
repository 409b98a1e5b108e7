// `kubectl exec POD -- env` in nginx containers prints the image config's Env after PATH and
// HOSTNAME, as each release's Dockerfile set it (nginx/docker-nginx: commits named in
// node/registry/userland.ts), then the pod's Service variables; the version nginx itself reports
// (its 404 page) is the release, also where NGINX_VERSION was the Debian package version (stretch).
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';

describe('kubectl exec -- env in nginx containers', () => {
  const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 3 });
  c.run('kubectl run old --image=nginx:1.14.2');
  c.run('kubectl run alp --image=nginx:1.25-alpine');
  c.sim.runUntil(c.sim.now + 60_000);
  const imageEnv = (pod: string): string[] => {
    const lines = c.run(`kubectl exec ${pod} -- env`).stdout.split('\n');
    return lines.slice(2, lines.findIndex((l) => l.startsWith('KUBERNETES_')));
  };

  it("prints nginx:1.14.2's stretch ENV lines and nginx:1.25-alpine's alpine-slim then alpine lines", () => {
    expect(imageEnv('old')).toEqual(['NGINX_VERSION=1.14.2-1~stretch', 'NJS_VERSION=1.14.2.0.2.6-1~stretch']);
    expect(imageEnv('alp')).toEqual(['NGINX_VERSION=1.25.5', 'PKG_RELEASE=1', 'NJS_VERSION=0.8.4', 'NJS_RELEASE=3']);
  });

  it('serves its 404 page as nginx/1.14.2, not the package version', () => {
    const out = c.run('kubectl exec old -- curl -s http://localhost/nope');
    expect(out.stdout).toContain('<hr><center>nginx/1.14.2</center>');
  });
});
