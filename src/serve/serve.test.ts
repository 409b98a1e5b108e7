import { request } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCluster } from '../sim/cluster';
import { decodeLink } from '../sim/scenario/link';
import { parseScenario } from '../sim/scenario/parse';
import { ScenarioRunner } from '../sim/scenario/run';
import { serve, type ServeHandle } from './serve';

// Issue 17: kubeplay serve answers real HTTPS clients from the simulation: a client certificate
// made for the run authenticates, kube-apiserver's answers come back, Tables when asked for.

const SCENARIO = `apiVersion: kubeplay.dev/v1alpha1
kind: Scenario
metadata: {name: served}
spec:
  users: [{name: jane, groups: [developers]}]
  steps: []
`;

let h: ServeHandle;
/** The wall-clock time this run started at, as main.ts passes Date.now(): simulated time 0 is its whole second. */
const STARTED = Date.UTC(2026, 11, 3, 0, 45, 30, 750);

beforeAll(async () => {
  const p = parseScenario(SCENARIO, 'served.yaml');
  if (!p.ok) throw new Error('invalid');
  h = await serve({ scenario: p.scenario, port: 0, address: '127.0.0.1', speed: 20, epochMs: STARTED });
}, 60_000);

afterAll(async () => {
  await h?.close();
});

function get(path: string, opts: { user?: string; accept?: string; method?: string; body?: string } = {}): Promise<{ status: number; body: string; type: string; warning?: string | string[] }> {
  const client = h.pki.clients.find((c) => c.user === (opts.user ?? 'kubernetes-admin'));
  const url = new URL(path, h.url);
  const headers: Record<string, string> = { accept: opts.accept ?? 'application/json' };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const req = request(
      { hostname: url.hostname, port: url.port, path: url.pathname + url.search, method: opts.method ?? 'GET', ca: h.pki.ca.certPem, ...(client && { cert: client.certPem, key: client.keyPem }), headers },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, type: String(res.headers['content-type']), warning: res.headers.warning }));
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

describe('kubeplay serve', () => {
  it('answers /version and /readyz, and a LIST as a Table with the printer columns', async () => {
    expect(JSON.parse((await get('/version')).body)).toMatchObject({ major: '1', minor: '31' });
    expect((await get('/readyz')).body).toBe('ok');
    const table = JSON.parse((await get('/api/v1/nodes', { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json' })).body);
    expect(table.kind).toBe('Table');
    expect(table.columnDefinitions.map((c: { name: string; priority: number }) => `${c.name}:${c.priority}`)).toEqual([
      'Name:0', 'Status:0', 'Roles:0', 'Age:0', 'Version:0', 'Internal-IP:1', 'External-IP:1', 'OS-Image:1', 'Kernel-Version:1', 'Container-Runtime:1',
    ]);
    expect(table.rows.map((r: { cells: string[] }) => r.cells[0])).toEqual(['control-plane', 'worker-1', 'worker-2', 'worker-3']);
  }, 30_000);

  it("writes JSON in kube-apiserver's field order: kind before apiVersion, ObjectMeta's order, typed lists' items without TypeMeta, Status (meta/v1 types.go; unstructured.go decodeToList)", async () => {
    expect((await get('/api/v1/namespaces/default')).body).toMatch(/^\{"kind":"Namespace","apiVersion":"v1","metadata":\{"name":"default","uid":"[^"]+","resourceVersion":"\d+","creationTimestamp":/);
    expect((await get('/api/v1/namespaces')).body).toMatch(/^\{"kind":"NamespaceList","apiVersion":"v1","metadata":\{"resourceVersion":"\d+"\},"items":\[\{"metadata":\{"name":"default",/);
    expect((await get('/api/v1/namespaces/default/pods/nope')).body).toBe('{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"pods \\"nope\\" not found","reason":"NotFound","details":{"name":"nope","kind":"pods"},"code":404}');
    expect((await get('/api/v1/namespaces?watch=1&timeoutSeconds=1')).body.split('\n')[0]).toMatch(/^\{"type":"ADDED","object":\{"kind":"Namespace","apiVersion":"v1","metadata":\{"name":/);
  });

  it('answers the health endpoints as text from the simulated kube-apiserver, and a Warn create with a Warning header per unknown field', async () => {
    const health = await get('/livez?verbose');
    expect(health.type).toBe('text/plain; charset=utf-8');
    expect(health.body).toMatch(/^\[\+\]ping ok\n[\s\S]*\[\+\]etcd ok\n[\s\S]*livez check passed\n$/);
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'warned' }, spec: { foo: 1, containers: [{ name: 'c', image: 'nginx:1.25' }] } };
    const created = await get('/api/v1/namespaces/default/pods?fieldValidation=Warn', { method: 'POST', body: JSON.stringify(pod) });
    expect(created.status).toBe(201);
    expect(created.warning).toBe('299 - "unknown field \\"spec.foo\\""');
  }, 30_000);

  it('sends a watch\'s headers as soon as the watch is established, before any event (handlers/watch.go serveWatch flushes them)', async () => {
    const admin = h.pki.clients.find((c) => c.user === 'kubernetes-admin')!;
    const url = new URL(h.url);
    // A namespace with nothing in it: no event will come, only the headers.
    const headers = await new Promise<{ status: number; type: string; encoding: string }>((resolve, reject) => {
      const r = request({ hostname: url.hostname, port: url.port, path: '/api/v1/namespaces/nothing-here/pods?watch=true', ca: h.pki.ca.certPem, cert: admin.certPem, key: admin.keyPem }, (res) => {
        resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), encoding: String(res.headers['transfer-encoding']) });
        r.destroy();
      });
      r.on('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNRESET' ? undefined : reject(e)));
      r.end();
    });
    expect(headers).toEqual({ status: 200, type: 'application/json', encoding: 'chunked' });
  }, 30_000);

  it('refuses a fieldValidation value outside Ignore, Warn and Strict with 422 on the options (handlers/create.go ValidateCreateOptions)', async () => {
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'never' }, spec: { containers: [{ name: 'c', image: 'nginx:1.25' }] } };
    const created = await get('/api/v1/namespaces/default/pods?fieldValidation=strict', { method: 'POST', body: JSON.stringify(pod) });
    expect(created.status).toBe(422);
    expect(JSON.parse(created.body)).toMatchObject({
      reason: 'Invalid',
      message: 'CreateOptions.meta.k8s.io "" is invalid: fieldValidation: Unsupported value: "strict": supported values: "", "Ignore", "Strict", "Warn"',
      details: { name: '', group: 'meta.k8s.io', kind: 'CreateOptions', causes: [{ reason: 'FieldValueNotSupported', message: 'Unsupported value: "strict": supported values: "", "Ignore", "Strict", "Warn"', field: 'fieldValidation' }] },
    });
    expect((await get('/api/v1/namespaces/default/pods/never')).status).toBe(404);
    const patched = await get('/api/v1/namespaces/default/pods/never?fieldValidation=Loose', { method: 'PATCH', body: '{}' });
    expect(JSON.parse(patched.body).message).toMatch(/^PatchOptions\.meta\.k8s\.io "" is invalid: fieldValidation: Unsupported value: "Loose"/);
  }, 30_000);

  it('serves aggregated discovery with the content type client-go looks for', async () => {
    const r = await get('/api', { accept: 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json' });
    expect(r.type).toBe('application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList');
  }, 30_000);

  it('starts simulated time at the wall-clock second serve started, so real kubectl prints true ages', async () => {
    const node = JSON.parse((await get('/api/v1/nodes/worker-1')).body) as { metadata: { creationTimestamp: string } };
    const created = Date.parse(node.metadata.creationTimestamp);
    // The nodes registered during the boot, just before simulated time 0, now measured from the start.
    expect(created).toBeLessThanOrEqual(Date.UTC(2026, 11, 3, 0, 45, 30));
    expect(created).toBeGreaterThan(Date.UTC(2026, 11, 3, 0, 45, 0));
    const table = JSON.parse((await get('/api/v1/nodes/worker-1', { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' })).body) as { rows: { cells: string[] }[] };
    expect(table.rows[0]!.cells[3]).toMatch(/^\d+s$/);
  }, 30_000);

  it('knows each user by their certificate, and RBAC answers as in the page', async () => {
    const r = await get('/api/v1/namespaces/default/pods', { user: 'jane' });
    expect(r.status).toBe(403);
    expect(JSON.parse(r.body).message).toBe('pods is forbidden: User "jane" cannot list resource "pods" in API group "" in the namespace "default"');
  }, 30_000);

  it('hands a page\'s Share a link that carries the real clients\' requests and replays to the same trace hash', async () => {
    const created = await get('/api/v1/namespaces/default/configmaps', { method: 'POST', body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'shared' }, data: { a: '1' } }) });
    expect(created.status).toBe(201);
    const [answer] = h.served.session.handle({ type: 'share', purpose: 'link', view: {} });
    if (answer?.type !== 'run') throw new Error(`share answered ${JSON.stringify(answer)}`);
    const link = decodeLink(answer.fragment);
    if (!('kind' in link) || link.kind !== 'run') throw new Error(`the link did not decode: ${JSON.stringify(link)}`);
    // The run has the gateway the requests came in through; without it the page could not replay them.
    expect(link.scenario.cluster.gateway).toBe(true);
    expect(link.scenario.steps.some((s) => s.kind === 'request' && s.request.path === '/api/v1/namespaces/default/configmaps')).toBe(true);
    const cluster = buildCluster(link.scenario.cluster, { seed: link.scenario.seed, timings: link.scenario.timings });
    new ScenarioRunner(link.scenario, cluster).advanceTo(link.link.at);
    expect(cluster.sim.traceHash()).toBe(answer.traceHash);
    h.resync();
  }, 60_000);

  it('records every request at its simulated time: kubeplay run of the recording reaches the same trace hash (--record)', async () => {
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'recorded', labels: { __proto__: 'x' } }, spec: { containers: [{ name: 'c', image: 'nginx:1.25' }] } };
    const created = await get('/api/v1/namespaces/default/pods', { method: 'POST', body: JSON.stringify(pod).replace('"labels":{}', '"labels":{"__proto__":"x"}') });
    expect(created.status).toBe(422);
    const ok = await get('/api/v1/namespaces/default/pods', { method: 'POST', body: JSON.stringify({ ...pod, metadata: { name: 'recorded' } }) });
    expect(ok.status).toBe(201);
    await get('/api/v1/namespaces/default/pods/recorded');
    const text = h.recorded();
    const hash = /trace hash ([0-9a-f]{16})/.exec(text)![1];
    const p = parseScenario(text, 'recorded.yaml');
    if (!p.ok) throw new Error(p.errors.map((e) => e.message).join('\n'));
    expect(p.scenario.cluster.gateway).toBe(true);
    expect(p.scenario.steps.filter((s) => s.kind === 'request').length).toBeGreaterThanOrEqual(3);
    expect(p.scenario.cluster.epoch).toBe('2026-12-03T00:45:30Z');
    const cluster = buildCluster(p.scenario.cluster, { seed: p.scenario.seed, timings: p.scenario.timings });
    new ScenarioRunner(p.scenario, cluster).advanceTo(p.scenario.pauseAt!);
    expect(cluster.sim.traceHash()).toBe(hash);
    // The epoch is part of the run: the same requests counted from the default epoch are another run.
    // (Building that cluster sets this process's epoch back to the default, so this test comes last.)
    const { epoch: _epoch, ...otherEpoch } = p.scenario.cluster;
    const other = buildCluster(otherEpoch, { seed: p.scenario.seed, timings: p.scenario.timings });
    new ScenarioRunner({ ...p.scenario, cluster: otherEpoch }, other).advanceTo(p.scenario.pauseAt!);
    expect(other.sim.traceHash()).not.toBe(hash);
  }, 60_000);

});
