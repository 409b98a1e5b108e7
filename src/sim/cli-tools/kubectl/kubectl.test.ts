// Drives the kubectl component with plain messages, as etcd-io/raft's tests drive Step: each test
// executes a command line, answers the HTTP requests it sends and checks the one cli.output.
import { describe, expect, it } from 'vitest';
import type { HttpRequest, HttpResponse, WatchEventBody } from '../../api/http';
import { alreadyExists, notFound } from '../../api/errors';
import type { KubeObject } from '../../api/types';
import { rfc3339 } from '../../api/time';
import { RecordingEffects, testMessage } from '../../kernel/recording-effects';
import { ADMIN_CREDENTIALS } from '../../names';
import type { CliExec, CliOutput } from '../protocol';
import { LAST_APPLIED, lastAppliedFor, withLastApplied } from './commands/apply';
import { kubectl, type KubectlState } from './kubectl';
import { toTable } from '../../apiserver/table';
import { resourceForName } from '../../api/resources';
import { warmDiscovery } from './discovery-cache-testing';

const WEB_YAML = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  containers:\n  - name: web\n    image: nginx:1.25\n';

function setup(now = 0): { st: KubectlState; ctx: RecordingEffects } {
  const ctx = new RecordingEffects({ self: 'kubectl', now });
  const st = warmDiscovery(kubectl.start(ctx, { config: { apiserver: 'kube-apiserver', credentials: ADMIN_CREDENTIALS, server: '10.0.0.10:6443' }, persisted: undefined, incarnation: 1 }), now);
  return { st, ctx };
}

function exec(st: KubectlState, ctx: RecordingEffects, line: string, files?: Record<string, string>): void {
  const body: CliExec = { type: 'cli.exec', jobId: 7, line, argv: line.split(' ').slice(1), files };
  kubectl.onMessage(st, testMessage(body as unknown as { type: string }, { from: 'user' }), ctx);
}

/** The last request sent, then forget what was recorded. */
function lastRequest(ctx: RecordingEffects): { id: number; req: HttpRequest; phase?: string } {
  const m = ctx.sent[ctx.sent.length - 1]!;
  return { id: m.id, req: m.body as HttpRequest, phase: m.meta.phase };
}

function answer(st: KubectlState, ctx: RecordingEffects, id: number, status: number, body: unknown): void {
  const resp: HttpResponse = { type: 'http.response', requestId: id, status, body };
  kubectl.onMessage(st, testMessage(resp, { from: 'kube-apiserver' }), ctx);
}

function output(ctx: RecordingEffects): CliOutput {
  expect(ctx.emitted).toHaveLength(1);
  return ctx.emitted[0] as unknown as CliOutput;
}

/**
 * Answer apply's client-side validation (commands/apply-openapi.ts): GET /openapi/v3, then the v1
 * document the root lists; the cache is warm, so the object's own GET follows.
 */
function answerOpenApi(st: KubectlState, ctx: RecordingEffects): void {
  const root = lastRequest(ctx);
  expect(`${root.req.method} ${root.req.path}`).toBe('GET /openapi/v3');
  answer(st, ctx, root.id, 200, { paths: { 'api/v1': { serverRelativeURL: '/openapi/v3/api/v1?hash=ABC' } } });
  const doc = lastRequest(ctx);
  expect([doc.req.path, doc.req.query]).toEqual(['/openapi/v3/api/v1', { hash: 'ABC', timeout: '32s' }]);
  answer(st, ctx, doc.id, 200, { openapi: '3.0.0', paths: {} });
}

const livePod = (extra: Partial<KubeObject['metadata']> = {}): KubeObject => ({
  apiVersion: 'v1', kind: 'Pod',
  metadata: { name: 'web', namespace: 'default', uid: 'u1', resourceVersion: '5', creationTimestamp: rfc3339(0), ...extra },
  spec: { containers: [{ name: 'web', image: 'nginx:1.25', terminationMessagePath: '/dev/termination-log' }], restartPolicy: 'Always' },
  status: { phase: 'Pending' },
});

describe('kubectl apply (client-side apply)', () => {
  it('creates a missing object: GET 404, then POST with the last-applied annotation', () => {
    const { st, ctx } = setup();
    exec(st, ctx, 'kubectl apply -f web.yaml', { 'web.yaml': WEB_YAML });
    answerOpenApi(st, ctx);
    const get = lastRequest(ctx);
    expect(get.req.method).toBe('GET');
    expect(get.req.path).toBe('/api/v1/namespaces/default/pods/web');
    expect(get.phase).toBe('user');
    answer(st, ctx, get.id, 404, notFound({ group: '', resource: 'pods' }, 'web'));
    const post = lastRequest(ctx);
    expect(post.req.method).toBe('POST');
    expect(post.phase).toBe('persistence');
    const sent = post.req.body as KubeObject;
    // util.GetModifiedConfiguration keeps an empty annotations map: real kubectl v1.31.9 sends `"annotations":{}`.
    expect(sent.metadata.annotations?.[LAST_APPLIED]).toBe(
      '{"apiVersion":"v1","kind":"Pod","metadata":{"annotations":{},"name":"web","namespace":"default"},"spec":{"containers":[{"image":"nginx:1.25","name":"web"}]}}\n',
    );
    answer(st, ctx, post.id, 201, { ...sent, metadata: { ...sent.metadata, uid: 'u1' } });
    expect(output(ctx)).toEqual({ type: 'cli.output', jobId: 7, stdout: 'pod/web created\n', stderr: '', exitCode: 0 });
  });

  it('prints unchanged and sends no write when the live object matches', () => {
    const { st, ctx } = setup();
    exec(st, ctx, 'kubectl apply -f web.yaml', { 'web.yaml': WEB_YAML });
    answerOpenApi(st, ctx);
    const get = lastRequest(ctx);
    const cfg = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'default' }, spec: { containers: [{ name: 'web', image: 'nginx:1.25' }] } };
    const live = livePod({ annotations: { [LAST_APPLIED]: lastAppliedFor(cfg as KubeObject) } });
    answer(st, ctx, get.id, 200, live);
    // The two OpenAPI GETs and the object's: no write.
    expect(ctx.sent).toHaveLength(3);
    expect(output(ctx).stdout).toBe('pod/web unchanged\n');
  });

  it('PATCHes a changed object with a strategic merge patch and prints configured', () => {
    const { st, ctx } = setup();
    exec(st, ctx, 'kubectl apply -f web.yaml', { 'web.yaml': WEB_YAML.replace('nginx:1.25', 'nginx:1.26') });
    answerOpenApi(st, ctx);
    const get = lastRequest(ctx);
    const old = withLastApplied({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'default' }, spec: { containers: [{ name: 'web', image: 'nginx:1.25' }] } } as KubeObject);
    answer(st, ctx, get.id, 200, livePod({ annotations: old.metadata.annotations }));
    const patch = lastRequest(ctx);
    expect(patch.req.method).toBe('PATCH');
    expect(patch.req.contentType).toBe('application/strategic-merge-patch+json');
    expect((patch.req.body as { spec: unknown }).spec).toEqual({ containers: [{ name: 'web', image: 'nginx:1.26' }] });
    answer(st, ctx, patch.id, 200, livePod());
    expect(output(ctx).stdout).toBe('pod/web configured\n');
  });

  it('never writes when the YAML is malformed', () => {
    const { st, ctx } = setup();
    exec(st, ctx, 'kubectl apply -f web.yaml', { 'web.yaml': 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\n   labels: x\n' });
    expect(ctx.sent).toHaveLength(0);
    expect(output(ctx)).toMatchObject({
      stderr: 'error: error parsing web.yaml: error converting YAML to JSON: yaml: line 5: mapping values are not allowed in this context\n',
      exitCode: 1,
    });
  });

  it('reports an unknown kind as cli-runtime mapper.go does', () => {
    const { st, ctx } = setup();
    exec(st, ctx, 'kubectl apply -f f.yaml', { 'f.yaml': 'apiVersion: v1\nkind: Foo\nmetadata:\n  name: x\n' });
    expect(output(ctx).stderr).toBe(
      'error: resource mapping not found for name: "x" namespace: "" from "f.yaml": no matches for kind "Foo" in version "v1"\nensure CRDs are installed first\n',
    );
  });

  it('reports a missing kind with the document as JSON (apimachinery runtime/error.go)', () => {
    const { st, ctx } = setup();
    exec(st, ctx, 'kubectl apply -f f.yaml', { 'f.yaml': 'apiVersion: v1\nmetadata:\n  name: x\n' });
    expect(output(ctx).stderr).toBe('error: unable to decode "f.yaml": Object \'Kind\' is missing in \'{"apiVersion":"v1","metadata":{"name":"x"}}\'\n');
  });

  it('says the path does not exist', () => {
    const { st, ctx } = setup();
    exec(st, ctx, 'kubectl apply -f nope.yaml', {});
    expect(output(ctx).stderr).toBe('error: the path "nope.yaml" does not exist\n');
  });
});

describe('kubectl create and run', () => {
  it('prints AlreadyExists with the file name', () => {
    const { st, ctx } = setup();
    exec(st, ctx, 'kubectl create -f web.yaml', { 'web.yaml': WEB_YAML });
    // create -f validates as apply -f does (commands/write-openapi.cluster.test.ts).
    answerOpenApi(st, ctx);
    const post = lastRequest(ctx);
    expect(post.req.method).toBe('POST');
    answer(st, ctx, post.id, 409, alreadyExists({ group: '', resource: 'pods' }, 'web'));
    expect(output(ctx)).toMatchObject({ stderr: 'Error from server (AlreadyExists): error when creating "web.yaml": pods "web" already exists\n', exitCode: 1 });
  });

  it('runs a pod with the run=<name> label and restart policy', () => {
    const { st, ctx } = setup();
    exec(st, ctx, 'kubectl run web --image=nginx --restart=Never --port=80');
    const post = lastRequest(ctx);
    expect(post.req.body).toEqual({
      apiVersion: 'v1', kind: 'Pod',
      metadata: { labels: { run: 'web' }, name: 'web', namespace: 'default' },
      spec: { containers: [{ name: 'web', image: 'nginx', resources: {}, ports: [{ containerPort: 80 }] }], dnsPolicy: 'ClusterFirst', restartPolicy: 'Never' },
      status: {},
    });
    answer(st, ctx, post.id, 201, livePod());
    expect(output(ctx).stdout).toBe('pod/web created\n');
  });

  it('requires --image', () => {
    const { st, ctx } = setup();
    exec(st, ctx, 'kubectl run web');
    expect(output(ctx)).toMatchObject({ stderr: 'error: required flag(s) "image" not set\n', exitCode: 1 });
  });
});

describe('kubectl get', () => {
  it('lists pods as a table', () => {
    const { st, ctx } = setup(65_000);
    exec(st, ctx, 'kubectl get pods');
    const list = lastRequest(ctx);
    expect(list.req.path).toBe('/api/v1/namespaces/default/pods');
    // kubectl get asks the server to print (kubectl pkg/cmd/get/get.go, transformRequests).
    expect(list.req.accept).toBe('application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json');
    answer(st, ctx, list.id, 200, toTable(resourceForName('pods')!, [livePod()], 65_000, '9', undefined));
    expect(output(ctx).stdout).toBe('NAME   READY   STATUS    RESTARTS   AGE\nweb    0/1     Pending   0          65s\n');
  });

  it('says no resources were found on stderr', () => {
    const { st, ctx } = setup();
    exec(st, ctx, 'kubectl get pods -n kube-system');
    answer(st, ctx, lastRequest(ctx).id, 200, { apiVersion: 'v1', kind: 'PodList', metadata: { resourceVersion: '9' }, items: [] });
    expect(output(ctx)).toMatchObject({ stdout: '', stderr: 'No resources found in kube-system namespace.\n', exitCode: 0 });
  });

  // kubectl/pkg/cmd/get/get.go: only the human-readable path says "No resources found"; the
  // generic printers print what the template gives, even nothing.
  it('prints nothing (and no "No resources found") when a jsonpath finds an empty field', () => {
    const { st, ctx } = setup();
    exec(st, ctx, 'kubectl get pod web -o jsonpath={.metadata.deletionTimestamp}');
    answer(st, ctx, lastRequest(ctx).id, 200, livePod());
    expect(output(ctx)).toMatchObject({ stdout: '', stderr: '', exitCode: 0 });
  });

  it('prints NotFound for a missing name', () => {
    const { st, ctx } = setup();
    exec(st, ctx, 'kubectl get pod x');
    answer(st, ctx, lastRequest(ctx).id, 404, notFound({ group: '', resource: 'pods' }, 'x'));
    expect(output(ctx)).toMatchObject({ stderr: 'Error from server (NotFound): pods "x" not found\n', exitCode: 1 });
  });

  // client-go restmapper/discovery.go: a miss in the (not fresh) discovery cache resets it and maps
  // once more from GET /api and GET /apis, which discovery_client.go asks with timeout=32s.
  it('fetches discovery again for an unknown resource type, then rejects it', () => {
    const { st, ctx } = setup();
    exec(st, ctx, 'kubectl get foo');
    expect(lastRequest(ctx).req).toMatchObject({ method: 'GET', path: '/api', query: { timeout: '32s' } });
    answer(st, ctx, lastRequest(ctx).id, 200, { kind: 'APIGroupDiscoveryList', items: [{ metadata: {}, versions: [{ version: 'v1' }] }] });
    expect(lastRequest(ctx).req).toMatchObject({ method: 'GET', path: '/apis', query: { timeout: '32s' } });
    answer(st, ctx, lastRequest(ctx).id, 200, { kind: 'APIGroupDiscoveryList', items: [{ metadata: { name: 'apps' }, versions: [{ version: 'v1' }] }] });
    expect(output(ctx).stderr).toBe('error: the server doesn\'t have a resource type "foo"\n');
    expect(st.discovery).toEqual(['v1', 'apps/v1']);
  });

  it('runs a JSONPath template over the list', () => {
    const { st, ctx } = setup();
    exec(st, ctx, 'kubectl get pods -o jsonpath={.items[*].metadata.name}');
    answer(st, ctx, lastRequest(ctx).id, 200, { apiVersion: 'v1', kind: 'PodList', metadata: { resourceVersion: '9' }, items: [livePod(), livePod({ name: 'db' })] });
    expect(output(ctx).stdout).toBe('web db');
  });

  it('prints the connection-refused text when the apiserver is down', () => {
    const { st, ctx } = setup();
    exec(st, ctx, 'kubectl get nodes');
    kubectl.onMessage(st, testMessage({ type: 'conn.refused', inReplyTo: lastRequest(ctx).id }), ctx);
    expect(output(ctx).stderr).toBe('The connection to the server 10.0.0.10:6443 was refused - did you specify the right host or port?\n');
  });

  it('prints unknown flags with cobra usage hint', () => {
    const { st, ctx } = setup();
    exec(st, ctx, 'kubectl get pods --foo');
    expect(output(ctx).stderr).toBe("error: unknown flag: --foo\nSee 'kubectl get --help' for usage.\n");
  });

  it('adds impersonation for --as', () => {
    const { st, ctx } = setup();
    exec(st, ctx, 'kubectl get pods --as=bob');
    expect(lastRequest(ctx).req.credentials.impersonateUser).toBe('bob');
  });
});

describe('kubectl delete', () => {
  it('deletes, prints, and waits for the DELETED watch event', () => {
    const { st, ctx } = setup();
    exec(st, ctx, 'kubectl delete pod web');
    const del = lastRequest(ctx);
    expect(del.req.method).toBe('DELETE');
    answer(st, ctx, del.id, 200, livePod({ deletionTimestamp: rfc3339(1000) }));
    const get = lastRequest(ctx);
    expect(get.req.method).toBe('GET');
    answer(st, ctx, get.id, 200, livePod({ deletionTimestamp: rfc3339(1000) }));
    const watch = lastRequest(ctx);
    expect(watch.req.query).toMatchObject({ watch: 'true', fieldSelector: 'metadata.name=web' });
    expect(ctx.emitted).toHaveLength(0);
    const ev: WatchEventBody = { type: 'watch.event', watchId: watch.id, event: { type: 'DELETED', object: livePod() } };
    kubectl.onMessage(st, testMessage(ev, { from: 'kube-apiserver', stream: watch.id }), ctx);
    expect(output(ctx)).toMatchObject({ stdout: 'pod "web" deleted\n', exitCode: 0 });
    expect(ctx.closed).toContain(watch.id);
  });

  it('prints NotFound for a missing object', () => {
    const { st, ctx } = setup();
    exec(st, ctx, 'kubectl delete pod x');
    answer(st, ctx, lastRequest(ctx).id, 404, notFound({ group: '', resource: 'pods' }, 'x'));
    expect(output(ctx).stderr).toBe('Error from server (NotFound): pods "x" not found\n');
  });
});

describe('kubectl logs and describe', () => {
  it('GETs the pod, then its log for the first container', () => {
    const { st, ctx } = setup();
    exec(st, ctx, 'kubectl logs web --tail 5');
    answer(st, ctx, lastRequest(ctx).id, 200, livePod());
    const log = lastRequest(ctx);
    expect(log.req.path).toBe('/api/v1/namespaces/default/pods/web/log');
    expect(log.req.query).toEqual({ container: 'web', tailLines: '5' });
    answer(st, ctx, log.id, 200, 'hello\n');
    expect(output(ctx).stdout).toBe('hello\n');
  });

  it('describes a pod with aligned sections and events', () => {
    const { st, ctx } = setup(120_000);
    exec(st, ctx, 'kubectl describe pod web');
    const p = livePod({ labels: { run: 'web' } }) as KubeObject & { spec: Record<string, unknown> };
    p.spec.serviceAccountName = 'default';
    answer(st, ctx, lastRequest(ctx).id, 200, p);
    const events = {
      apiVersion: 'v1', kind: 'EventList', metadata: { resourceVersion: '1' },
      items: [{ apiVersion: 'v1', kind: 'Event', metadata: { name: 'web.1' }, involvedObject: { kind: 'Pod', name: 'web', uid: 'u1' }, type: 'Normal', reason: 'Scheduled', message: 'Successfully assigned default/web to worker-1', source: { component: 'default-scheduler' }, firstTimestamp: rfc3339(60_000), lastTimestamp: rfc3339(60_000), count: 1 }],
    };
    answer(st, ctx, lastRequest(ctx).id, 200, events);
    expect(output(ctx).stdout).toBe(
      [
        'Name:             web',
        'Namespace:        default',
        'Service Account:  default',
        'Node:             <none>',
        'Labels:           run=web',
        'Annotations:      <none>',
        'Status:           Pending',
        'IP:               ',
        'IPs:              <none>',
        'Containers:',
        '  web:',
        '    Image:        nginx:1.25',
        '    Port:         <none>',
        '    Host Port:    <none>',
        '    Environment:  <none>',
        '    Mounts:       <none>',
        'Volumes:          <none>',
        'QoS Class:        BestEffort',
        'Node-Selectors:   <none>',
        'Tolerations:      <none>',
        'Events:',
        '  Type    Reason     Age   From               Message',
        '  ----    ------     ----  ----               -------',
        '  Normal  Scheduled  60s   default-scheduler  Successfully assigned default/web to worker-1',
        '',
      ].join('\n'),
    );
  });
});
