// kubectl's apps commands driven with plain messages, as kubectl.test.ts does: each test runs one
// command line, answers its HTTP requests and checks the requests and the one cli.output. Texts
// follow kubectl/pkg/cmd/{scale,create,set,label,annotate,rollout} and polymorphichelpers
// (rollout_status.go, history.go, rollback.go) in kubernetes v1.31.
import { describe, expect, it } from 'vitest';
import type { HttpRequest, HttpResponse } from '../../api/http';
import { notFound } from '../../api/errors';
import type { KubeObject } from '../../api/types';
import { rfc3339 } from '../../api/time';
import { RecordingEffects, testMessage } from '../../kernel/recording-effects';
import { ADMIN_CREDENTIALS } from '../../names';
import type { CliExec, CliOutput } from '../protocol';
import { ROLLOUT_POLL_TIMER } from './commands/rollout';
import { kubectl, type KubectlState } from './kubectl';
import { warmDiscovery } from './discovery-cache-testing';

function setup(): { st: KubectlState; ctx: RecordingEffects } {
  const ctx = new RecordingEffects({ self: 'kubectl', now: 0 });
  const st = warmDiscovery(kubectl.start(ctx, { config: { apiserver: 'kube-apiserver', credentials: ADMIN_CREDENTIALS, server: '10.0.0.10:6443' }, persisted: undefined, incarnation: 1 }));
  return { st, ctx };
}

function run(line: string): { st: KubectlState; ctx: RecordingEffects } {
  const t = setup();
  const body: CliExec = { type: 'cli.exec', jobId: 7, line, argv: line.split(' ').slice(1) };
  kubectl.onMessage(t.st, testMessage(body as unknown as { type: string }, { from: 'user' }), t.ctx);
  return t;
}

function last(ctx: RecordingEffects): { id: number; req: HttpRequest } {
  const m = ctx.sent[ctx.sent.length - 1]!;
  return { id: m.id, req: m.body as HttpRequest };
}

function answer(st: KubectlState, ctx: RecordingEffects, status: number, body: unknown): void {
  const resp: HttpResponse = { type: 'http.response', requestId: last(ctx).id, status, body };
  kubectl.onMessage(st, testMessage(resp, { from: 'kube-apiserver' }), ctx);
}

function output(ctx: RecordingEffects): CliOutput {
  expect(ctx.emitted).toHaveLength(1);
  return ctx.emitted[0] as unknown as CliOutput;
}

function deployment(status: Record<string, unknown> = {}, spec: Record<string, unknown> = {}): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'default', uid: 'd1', generation: 2, creationTimestamp: rfc3339(0), labels: { app: 'web' } },
    spec: {
      replicas: 3,
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.26' }] } },
      ...spec,
    },
    status: { observedGeneration: 2, ...status },
  };
}

function rs(revision: number, image: string, owner = 'd1'): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name: `web-${revision}`, namespace: 'default', annotations: { 'deployment.kubernetes.io/revision': String(revision) }, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: owner, controller: true }] },
    spec: { replicas: 0, template: { metadata: { labels: { app: 'web', 'pod-template-hash': `h${revision}` } }, spec: { containers: [{ name: 'nginx', image }] } } },
  };
}

const NOT_FOUND = notFound({ group: 'apps', resource: 'deployments' }, 'nope');

describe('kubectl scale', () => {
  // scale.go ScaleWithRetries patches the scale subresource (commands/patch-verbs-requests.cluster.test.ts).
  it.each(['kubectl scale deployment/web --replicas=5', 'kubectl scale deploy web --replicas=5'])('%s reads, then patches spec.replicas of the scale subresource', (line) => {
    const { st, ctx } = run(line);
    expect(last(ctx).req).toMatchObject({ method: 'GET', path: '/apis/apps/v1/namespaces/default/deployments/web' });
    answer(st, ctx, 200, deployment());
    expect(last(ctx).req).toMatchObject({ method: 'PATCH', path: '/apis/apps/v1/namespaces/default/deployments/web/scale', query: {}, body: { spec: { replicas: 5 } }, contentType: 'application/merge-patch+json' });
    answer(st, ctx, 200, deployment());
    expect(output(ctx)).toEqual({ type: 'cli.output', jobId: 7, stdout: 'deployment.apps/web scaled\n', stderr: '', exitCode: 0 });
  });

  it('requires --replicas and sends nothing', () => {
    const { ctx } = run('kubectl scale deployment/web');
    expect(ctx.sent).toHaveLength(0);
    expect(output(ctx)).toMatchObject({ stderr: 'error: required flag(s) "replicas" not set\n', exitCode: 1 });
  });

  it('reports an unknown deployment as the server does', () => {
    const { st, ctx } = run('kubectl scale deployment nope --replicas=2');
    answer(st, ctx, 404, NOT_FOUND);
    expect(output(ctx)).toMatchObject({ stdout: '', stderr: 'Error from server (NotFound): deployments.apps "nope" not found\n', exitCode: 1 });
  });
});

describe('kubectl create deployment', () => {
  it('posts the Deployment create_deployment.go builds and prints created', () => {
    const { st, ctx } = run('kubectl create deployment web --image=nginx:1.25 --replicas=3 --port=80');
    const req = last(ctx).req;
    expect(req).toMatchObject({ method: 'POST', path: '/apis/apps/v1/namespaces/default/deployments', query: { fieldManager: 'kubectl-create', fieldValidation: 'Strict' } });
    expect(req.body).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web', labels: { app: 'web' }, namespace: 'default' },
      spec: {
        replicas: 3,
        selector: { matchLabels: { app: 'web' } },
        strategy: {},
        template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.25', resources: {}, ports: [{ containerPort: 80 }] }] } },
      },
      status: {},
    });
    answer(st, ctx, 201, deployment());
    expect(output(ctx).stdout).toBe('deployment.apps/web created\n');
  });

  it('defaults to one replica and needs --image', () => {
    const a = run('kubectl create deployment web --image=registry.k8s.io/pause:3.9');
    expect((last(a.ctx).req.body as KubeObject).spec).toMatchObject({ replicas: 1, template: { spec: { containers: [{ name: 'pause' }] } } });
    const b = run('kubectl create deployment web');
    expect(output(b.ctx).stderr).toBe('error: required flag(s) "image" not set\n');
  });

  // create_deployment.go: what follows `--` is the container's command (the docs' example:
  // `kubectl create deployment my-dep --image=busybox -- date`), and only with a single image.
  it('puts what follows -- into the container command', () => {
    const a = run('kubectl create deployment sleeper --image=busybox:1.36 -- sleep 3600');
    expect((last(a.ctx).req.body as KubeObject).spec).toMatchObject({ template: { spec: { containers: [{ name: 'busybox', command: ['sleep', '3600'] }] } } });
    const b = run('kubectl create deployment two --image=busybox --image=nginx -- date');
    expect(output(b.ctx).stderr).toBe('error: cannot specify multiple --image options and command\n');
  });
});

describe('kubectl set image', () => {
  it('patches the container by name with a strategic merge patch', () => {
    const { st, ctx } = run('kubectl set image deployment/web nginx=nginx:1.26');
    answer(st, ctx, 200, deployment());
    expect(last(ctx).req).toMatchObject({
      method: 'PATCH',
      contentType: 'application/strategic-merge-patch+json',
      body: { spec: { template: { spec: { containers: [{ image: 'nginx:1.26', name: 'nginx' }] } } } },
    });
    answer(st, ctx, 200, deployment());
    expect(output(ctx).stdout).toBe('deployment.apps/web image updated\n');
  });

  it('names a container that does not exist', () => {
    const { st, ctx } = run('kubectl set image deployment/web app=nginx:1.26');
    answer(st, ctx, 200, deployment());
    expect(output(ctx)).toMatchObject({ stderr: 'error: unable to find container named "app"\n', exitCode: 1 });
  });
});

describe('kubectl label and annotate', () => {
  const pod = (labels: Record<string, string> = {}): KubeObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'default', labels }, spec: { containers: [] } });

  it('labels a pod', () => {
    const { st, ctx } = run('kubectl label pod web env=prod');
    expect(last(ctx).req).toMatchObject({ method: 'GET', path: '/api/v1/namespaces/default/pods/web' });
    answer(st, ctx, 200, pod());
    expect(last(ctx).req).toMatchObject({ method: 'PATCH', body: { metadata: { labels: { env: 'prod' } } } });
    answer(st, ctx, 200, pod({ env: 'prod' }));
    expect(output(ctx).stdout).toBe('pod/web labeled\n');
  });

  it('refuses to change a label without --overwrite', () => {
    const { st, ctx } = run('kubectl label pod web env=prod');
    answer(st, ctx, 200, pod({ env: 'dev' }));
    expect(output(ctx).stderr).toBe("error: 'env' already has a value (dev), and --overwrite is false\n");
  });

  it('overwrites with --overwrite and removes with key-', () => {
    const { st, ctx } = run('kubectl label pod web env=prod tier- --overwrite');
    answer(st, ctx, 200, pod({ env: 'dev', tier: 'web' }));
    expect(last(ctx).req.body).toEqual({ metadata: { labels: { env: 'prod', tier: null } } });
  });

  it('prints not labeled when nothing changes', () => {
    const { st, ctx } = run('kubectl label pod web env=prod');
    answer(st, ctx, 200, pod({ env: 'prod' }));
    expect(output(ctx).stdout).toBe('pod/web not labeled\n');
  });

  it('annotates a pod', () => {
    const { st, ctx } = run('kubectl annotate pod web note=x');
    answer(st, ctx, 200, pod());
    expect(last(ctx).req.body).toEqual({ metadata: { annotations: { note: 'x' } } });
    answer(st, ctx, 200, pod());
    expect(output(ctx).stdout).toBe('pod/web annotated\n');
  });
});

describe('kubectl rollout status', () => {
  it('polls every second and prints each new progress line until rolled out', () => {
    const { st, ctx } = run('kubectl rollout status deployment/web');
    expect(last(ctx).req).toMatchObject({ method: 'GET', path: '/apis/apps/v1/namespaces/default/deployments/web' });
    answer(st, ctx, 200, deployment({ replicas: 3, updatedReplicas: 3, availableReplicas: 1 }));
    expect(ctx.emitted).toHaveLength(0);
    const timer = ctx.timers.find((t) => t.name === ROLLOUT_POLL_TIMER)!;
    expect(timer).toMatchObject({ afterMs: 1000, name: ROLLOUT_POLL_TIMER });
    kubectl.onTimer(st, { id: timer.id, name: timer.name, payload: timer.payload }, ctx);
    answer(st, ctx, 200, deployment({ replicas: 3, updatedReplicas: 3, availableReplicas: 3 }));
    expect(output(ctx)).toMatchObject({
      stdout: 'Waiting for deployment "web" rollout to finish: 1 of 3 updated replicas are available...\ndeployment "web" successfully rolled out\n',
      exitCode: 0,
    });
  });

  it.each([
    ['an unobserved spec', { observedGeneration: 1 }, 'Waiting for deployment spec update to be observed...\n'],
    ['new replicas not yet updated', { replicas: 3, updatedReplicas: 1 }, 'Waiting for deployment "web" rollout to finish: 1 out of 3 new replicas have been updated...\n'],
    ['old replicas terminating', { replicas: 4, updatedReplicas: 3 }, 'Waiting for deployment "web" rollout to finish: 1 old replicas are pending termination...\n'],
  ])('prints the line for %s', (_name, status, line) => {
    const { st, ctx } = run('kubectl rollout status deployment/web --timeout=1s');
    answer(st, ctx, 200, deployment(status));
    ctx.now = 1000 as typeof ctx.now;
    const timer = ctx.timers.find((t) => t.name === ROLLOUT_POLL_TIMER)!;
    kubectl.onTimer(st, { id: timer.id, name: timer.name, payload: timer.payload }, ctx);
    answer(st, ctx, 200, deployment(status));
    expect(output(ctx)).toMatchObject({ stdout: line, stderr: 'error: timed out waiting for the condition\n', exitCode: 1 });
  });

  it('reports an unknown deployment', () => {
    const { st, ctx } = run('kubectl rollout status deployment/nope');
    answer(st, ctx, 404, NOT_FOUND);
    expect(output(ctx).stderr).toBe('Error from server (NotFound): deployments.apps "nope" not found\n');
  });
});

describe('kubectl rollout history and undo', () => {
  it('lists the revisions of the ReplicaSets the deployment owns', () => {
    const { st, ctx } = run('kubectl rollout history deployment/web');
    answer(st, ctx, 200, deployment());
    expect(last(ctx).req).toMatchObject({ method: 'GET', path: '/apis/apps/v1/namespaces/default/replicasets', query: { labelSelector: 'app=web' } });
    answer(st, ctx, 200, { kind: 'ReplicaSetList', items: [rs(2, 'nginx:1.26'), rs(1, 'nginx:1.25'), rs(7, 'x', 'other')] });
    expect(output(ctx).stdout).toBe('deployment.apps/web \nREVISION  CHANGE-CAUSE\n1         <none>\n2         <none>\n\n');
  });

  it('rolls back to the previous revision with its template, without pod-template-hash', () => {
    const { st, ctx } = run('kubectl rollout undo deployment/web');
    answer(st, ctx, 200, deployment());
    answer(st, ctx, 200, { kind: 'ReplicaSetList', items: [rs(2, 'nginx:1.26'), rs(1, 'nginx:1.25')] });
    expect(last(ctx).req).toMatchObject({
      method: 'PATCH',
      path: '/apis/apps/v1/namespaces/default/deployments/web',
      body: { spec: { template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.25' }] } } } },
    });
    answer(st, ctx, 200, deployment());
    expect(output(ctx).stdout).toBe('deployment.apps/web rolled back\n');
  });

  it('skips a rollback to the template already running and names a missing revision', () => {
    const a = run('kubectl rollout undo deployment/web --to-revision=2');
    answer(a.st, a.ctx, 200, deployment());
    answer(a.st, a.ctx, 200, { kind: 'ReplicaSetList', items: [rs(2, 'nginx:1.26'), rs(1, 'nginx:1.25')] });
    expect(output(a.ctx).stdout).toBe('deployment.apps/web skipped rollback (current template already matches revision 2)\n');
    const b = run('kubectl rollout undo deployment/web --to-revision=5');
    answer(b.st, b.ctx, 200, deployment());
    answer(b.st, b.ctx, 200, { kind: 'ReplicaSetList', items: [rs(1, 'nginx:1.25')] });
    expect(output(b.ctx).stderr).toBe('error: unable to find specified revision 5 in history\n');
  });
});

describe('kubectl delete deployment', () => {
  it('prints the group-qualified name', () => {
    const { st, ctx } = run('kubectl delete deployment web --wait=false');
    expect(last(ctx).req).toMatchObject({ method: 'DELETE', path: '/apis/apps/v1/namespaces/default/deployments/web' });
    answer(st, ctx, 200, deployment());
    expect(output(ctx).stdout).toBe('deployment.apps "web" deleted\n');
  });
});
