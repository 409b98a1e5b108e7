// Issue 17 point 6, live mode's reads beyond list and watch, through a proxy that adds the admin's
// certificate in front of `kubeplay serve` (e2e/live.spec.ts runs the real `kubectl proxy`):
// - the inspector's pod log is `kubectl logs POD -c C --tail N [--previous]`'s request
//   (GET /api/v1/namespaces/NS/pods/NAME/log, kubectl/pkg/cmd/logs), and says the API's own error;
// - the control plane's box reads kube-apiserver's `/readyz?verbose` and `/livez?verbose`
//   (k8s.io/apiserver/pkg/server/healthz/healthz.go: `[+]name ok`, `[-]name failed: reason withheld`).

import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type ServeHandle } from '../../serve/serve';
import { parseScenario } from '../../sim/scenario/parse';
import { startAdminProxy } from './admin-proxy.fixture';
import { parseHealth, readHealth, readPodLog, type ReadDeps } from './cluster-reads';

const SCENARIO = `apiVersion: kubeplay.dev/v1alpha1
kind: Scenario
metadata: {name: live-reads}
spec:
  steps:
    - at: 0s
      run: kubectl run hello --image=busybox:1.36 -- sh -c 'echo hello from the pod; echo second line; sleep 3600'
`;

let h: ServeHandle;
let proxy: Server;
let deps: ReadDeps;
const asked: string[] = [];

/**
 * What the in-page kubectl prints for the same request (`Error from server (...)` dropped from an
 * error). For a container the pod does not have, kubectl checks before asking and prints the
 * server's words itself (`error: container X is not valid for pod P`), so its `error: ` goes too.
 */
function inPage(line: string): { stdout: string; error: string } {
  const out = h.cluster.run(line);
  h.resync();
  // kubectl wraps the API's message: `Error from server (NotFound): ...`, and for `logs` (through
  // its polymorphic helpers) `error: error from server (NotFound): ... in namespace "default"`.
  const api = out.stderr.trimEnd().replace(/^error: /, '').replace(/^[Ee]rror from server \([A-Za-z]+\): /, '').replace(/ in namespace "[^"]*"$/, '');
  return { stdout: out.stdout, error: api };
}

beforeAll(async () => {
  const p = parseScenario(SCENARIO, 'live-reads.yaml');
  if (!p.ok) throw new Error('invalid');
  h = await serve({ scenario: p.scenario, port: 0, address: '127.0.0.1', speed: 20 });
  proxy = await startAdminProxy(h, 0);
  const root = `http://127.0.0.1:${(proxy.address() as { port: number }).port}/`;
  deps = {
    apiRoot: root,
    fetch: (u, init) => {
      asked.push(u.slice(root.length - 1));
      return fetch(u, init);
    },
  };
  for (let i = 0; i < 200; i++) {
    if (inPage('kubectl get pod hello -o jsonpath={.status.phase}').stdout === 'Running') break;
    await new Promise((r) => setTimeout(r, 100));
  }
}, 60_000);

afterAll(async () => {
  proxy?.closeAllConnections();
  await new Promise<void>((r) => (proxy ? proxy.close(() => r()) : r()));
  await h?.close();
});

describe('live mode: the inspector\'s pod log', () => {
  it('is what kubectl logs prints, read with kubectl\'s request', async () => {
    asked.length = 0;
    const got = await readPodLog(deps, { type: 'podLog', namespace: 'default', pod: 'hello', container: 'hello', tail: 200 });
    expect(asked).toEqual(['/api/v1/namespaces/default/pods/hello/log?container=hello&tailLines=200']);
    expect(got).toEqual({ type: 'podLog', namespace: 'default', pod: 'hello', container: 'hello', previous: false, text: 'hello from the pod\nsecond line\n' });
    expect(got.text).toBe(inPage('kubectl logs hello -c hello --tail 200').stdout);
    const one = await readPodLog(deps, { type: 'podLog', namespace: 'default', pod: 'hello', container: 'hello', tail: 1 });
    expect(one.text).toBe('second line\n');
  });

  it('says the API\'s own error, as kubectl prints it after "Error from server"', async () => {
    const cases: [Parameters<typeof readPodLog>[1], string][] = [
      [{ type: 'podLog', namespace: 'default', pod: 'hello', container: 'nope', tail: 200 }, 'kubectl logs hello -c nope --tail 200'],
      [{ type: 'podLog', namespace: 'default', pod: 'hello', container: 'hello', tail: 200, previous: true }, 'kubectl logs hello -c hello --tail 200 --previous'],
      [{ type: 'podLog', namespace: 'default', pod: 'missing', container: 'c', tail: 200 }, 'kubectl logs missing -c c --tail 200'],
    ];
    for (const [q, line] of cases) {
      const got = await readPodLog(deps, q);
      expect(got.text, line).toBeUndefined();
      expect(got.error, line).toBe(inPage(line).error);
    }
    expect((await readPodLog(deps, cases[0]![0])).error).toBe('container nope is not valid for pod hello');
    expect((await readPodLog(deps, cases[2]![0])).error).toBe('pods "missing" not found');
  });

  it('says why when the proxy is not there', async () => {
    const gone = await readPodLog({ ...deps, apiRoot: 'http://127.0.0.1:1/' }, { type: 'podLog', namespace: 'default', pod: 'hello', container: 'hello', tail: 200 });
    expect(gone.text).toBeUndefined();
    expect(gone.error).toBeTruthy();
  });
});

describe('live mode: the control plane\'s health', () => {
  it('reads kube-apiserver\'s verbose /readyz and /livez checks, and a failing check once etcd is gone', async () => {
    const ready = await readHealth(deps, 'readyz');
    expect(ready.passed).toBe(true);
    expect(ready.error).toBeUndefined();
    expect(ready.checks).toContainEqual({ name: 'etcd', ok: true });
    expect(ready.checks).toContainEqual({ name: 'ping', ok: true });
    const live = await readHealth(deps, 'livez');
    expect(live.passed).toBe(true);
    expect(live.checks.length).toBeGreaterThan(0);
    expect(h.served.session.handle({ type: 'kill', target: 'etcd/etcd-1' }).filter((m) => m.type === 'error')).toEqual([]);
    try {
      const failing = await readHealth(deps, 'readyz');
      expect(failing.passed).toBe(false);
      expect(failing.checks).toContainEqual({ name: 'etcd', ok: false, detail: 'failed: reason withheld' });
    } finally {
      h.served.session.handle({ type: 'start', target: 'etcd/etcd-1' });
    }
  }, 60_000);

  it('parses healthz.go\'s text, and says when an answer has no checks', () => {
    expect(parseHealth('[+]ping ok\n[+]etcd excluded: ok\n[-]informer-sync failed: reason withheld\nreadyz check failed\n', false)).toEqual({
      passed: false,
      checks: [
        { name: 'ping', ok: true },
        { name: 'etcd', ok: true, detail: 'excluded: ok' },
        { name: 'informer-sync', ok: false, detail: 'failed: reason withheld' },
      ],
    });
    expect(parseHealth('<html>Bad Gateway</html>', false)).toEqual({ passed: false, checks: [], error: '<html>Bad Gateway</html>' });
  });
});
