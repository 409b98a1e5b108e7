// `kubectl get --raw` on a watch path. Sources: kubectl pkg/cmd/get/get.go v1.31 (raw: RawGet in
// pkg/cmd/util/helpers.go, which io.Copy's the response body to stdout until EOF and exits 0), the
// apiserver's watch handler (apiserver/pkg/endpoints/handlers/watch.go: a JSON stream, one
// `{"type":...,"object":...}` per line, ended after timeoutSeconds, else after a random 1x to 2x
// --min-request-timeout), and the apiserver's requestinfo (`watch=1` is a watch, as `watch=true`).

import { describe, expect, it } from 'vitest';
import { buildCluster, type Cluster } from '../../cluster';

function cluster(): Cluster {
  const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 7 });
  c.sim.runUntil(c.sim.now + 5_000);
  expect(c.run('kubectl run db --image=nginx:1.25').exitCode).toBe(0);
  c.sim.runUntil(c.sim.now + 20_000);
  return c;
}

type Line = { type: string; object: { kind?: string; apiVersion?: string; metadata: { name: string } } };
const lines = (text: string): Line[] =>
  text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Line);

describe("kubectl get --raw '...?watch=1'", () => {
  it('streams each event as one JSON line and ends, exit 0, when the server ends the watch at timeoutSeconds', () => {
    const c = cluster();
    const job = c.exec("kubectl get --raw '/api/v1/namespaces/default/pods?watch=1&timeoutSeconds=10'");
    c.sim.runUntil(c.sim.now + 1_000);
    // Watching from "now": the current pods first, as ADDED, each on its own line.
    const first = c.takeChunks(job);
    expect(first).toMatch(/^\{"type":"ADDED","object":\{.*\}\}\n$/);
    expect(lines(first)).toMatchObject([{ type: 'ADDED', object: { kind: 'Pod', apiVersion: 'v1', metadata: { name: 'db' } } }]);
    expect(c.output(job)).toBeUndefined();
    expect(c.run('kubectl run web --image=nginx:1.25').exitCode).toBe(0);
    c.sim.runUntil(c.sim.now + 3_000);
    const later = lines(c.takeChunks(job));
    expect(later[0]).toMatchObject({ type: 'ADDED', object: { metadata: { name: 'web' } } });
    expect(later.slice(1).every((l) => l.type === 'MODIFIED' && l.object.metadata.name === 'web')).toBe(true);
    // Still open before the 10 s are up; ended cleanly after them.
    expect(c.output(job)).toBeUndefined();
    c.sim.runUntil(c.sim.now + 7_000);
    expect(c.output(job)).toMatchObject({ exitCode: 0, stderr: '' });
  });

  it('without timeoutSeconds stays open (the server ends it after 30 to 60 minutes) until Ctrl-C ends it with 130', () => {
    const c = cluster();
    const job = c.exec("kubectl get --raw '/api/v1/namespaces/default/pods?watch=true'");
    c.sim.runUntil(c.sim.now + 60_000);
    expect(lines(c.takeChunks(job)).map((l) => `${l.type} ${l.object.metadata.name}`)).toEqual(['ADDED db']);
    expect(c.output(job)).toBeUndefined();
    c.cancel(job);
    c.sim.runUntil(c.sim.now + 100);
    expect(c.output(job)).toMatchObject({ exitCode: 130, stderr: '' });
    // The apiserver forgot the watch: a new pod sends nothing to the ended command.
    expect(c.run('kubectl run web --image=nginx:1.25').exitCode).toBe(0);
    c.sim.runUntil(c.sim.now + 5_000);
    expect(c.takeChunks(job)).toBe('');
  });

  it('a plain GET of the same path is still one answer', () => {
    const c = cluster();
    const out = c.run("kubectl get --raw '/api/v1/namespaces/default/pods?watch=false'");
    expect(out.exitCode).toBe(0);
    expect(JSON.parse(out.stdout)).toMatchObject({ kind: 'PodList', items: [{ metadata: { name: 'db' } }] });
  });
});
