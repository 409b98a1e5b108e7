// kube-apiserver with a real etcd member inside the kernel, driven by a small client built like
// client-go (apiclient.ts + informer.ts). Facts checked: create answers 201 with the stored object
// (seed chapter 4, phase 1); a duplicate answers 409 AlreadyExists and a stale resourceVersion
// 409 Conflict with the apiserver's exact texts (apimachinery pkg/api/errors); a watch with
// fieldSelector spec.nodeName sees a pod only once it is bound (seed chapter 4, phase 4: the
// kubelet's filter on its own node); LIST filters by labelSelector; deleting a bound pod is
// graceful (pkg/registry/core/pod/strategy.go CheckGracefulDelete).
import { describe, expect, it } from 'vitest';
import type { HttpResponse } from '../api/http';
import type { KubeList, KubeObject, Pod, Status } from '../api/types';
import { apiRequest, clientOnMessage, createClient, type ClientState, type RequestSpec } from '../client/apiclient';
import {
  createInformer,
  informerList,
  informerOnClientEvent,
  informerOnWatchEvent,
  isInformerEvent,
  type InformerState,
} from '../client/informer';
import { DEFAULT_TIMINGS } from '../config';
import type { ComponentType, Message } from '../kernel/component';
import { Simulation } from '../kernel/simulation';
import { etcdMember } from '../etcd/member';
import { ADMIN_CREDENTIALS } from '../names';
import { kubeApiserver } from './apiserver';

interface TestClientState {
  client: ClientState;
  informer: InformerState;
  responses: { status: number; body: unknown }[];
  deltas: string[];
}

/** A client that sends the requests injected into it and watches pods on worker-1, as a kubelet does. */
const testClient: ComponentType<TestClientState, Record<string, never>> = {
  kind: 'test-client',
  start(ctx) {
    const client = createClient({ apiserver: 'kube-apiserver', credentials: ADMIN_CREDENTIALS, userAgent: 'test', timeoutMs: 30_000 });
    const informer = createInformer({ name: 'pods', path: '/api/v1/pods', fieldSelector: 'spec.nodeName=worker-1' });
    informerList(ctx, client, informer);
    return { client, informer, responses: [], deltas: [] };
  },
  onMessage(s, msg: Message, ctx) {
    if (msg.body.type === 'do') {
      apiRequest(ctx, s.client, (msg.body as unknown as { req: RequestSpec }).req, 'test', null, { phase: 'user' });
      return;
    }
    const watched = informerOnWatchEvent(ctx, s.client, s.informer, msg);
    if (watched) {
      for (const d of watched.deltas) s.deltas.push(`${d.type} ${d.object.metadata.name} node=${(d.object as Pod).spec?.nodeName ?? ''}`);
      return;
    }
    const ev = clientOnMessage(s.client, msg, ctx);
    if (!ev) return;
    if (isInformerEvent(ev, s.informer)) {
      informerOnClientEvent(ctx, s.client, s.informer, ev);
      return;
    }
    if (ev.kind === 'response') s.responses.push({ status: ev.response.status, body: (ev.response as HttpResponse).body });
    else s.responses.push({ status: 0, body: ev.kind === 'error' ? ev.error : 'ended' });
  },
  onTimer() {},
};

function cluster(): Simulation {
  const sim = new Simulation({ seed: 7 });
  sim.register(etcdMember);
  sim.register(kubeApiserver);
  sim.register(testClient);
  sim.addHost('control-plane', '10.0.0.10');
  sim.addHost('laptop', '10.0.0.2');
  sim.addProcess('etcd/etcd-1', 'control-plane', 'etcd', { name: 'etcd-1', peers: ['etcd/etcd-1'], timings: DEFAULT_TIMINGS });
  sim.addProcess('kube-apiserver', 'control-plane', 'kube-apiserver', {
    etcd: ['etcd/etcd-1'],
    timings: DEFAULT_TIMINGS,
    tokens: {},
    advertiseAddress: '10.0.0.10',
  });
  sim.addProcess('client', 'laptop', 'test-client', {});
  sim.start('etcd/etcd-1');
  sim.start('kube-apiserver');
  sim.start('client');
  sim.runFor(1000);
  // The ServiceAccount admission plugin looks up the pod's ServiceAccount; with no
  // controller-manager here, `default` is made by hand as its serviceaccounts controller would.
  send(sim, { method: 'POST', path: '/api/v1/namespaces/default/serviceaccounts', body: { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'default' } } });
  return sim;
}

function send(sim: Simulation, req: RequestSpec): { status: number; body: unknown } {
  const st = sim.process('client')!.state as TestClientState;
  const before = st.responses.length;
  sim.inject('client', { type: 'do', req } as never, { summary: `${req.method} ${req.path}` });
  sim.runFor(500);
  expect(st.responses.length).toBe(before + 1);
  return st.responses[before]!;
}

const pod = (name: string, labels: Record<string, string> = {}): KubeObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, labels },
  // Written out with the fields SetDefaults_Pod would add, so the test does not depend on defaulting.
  spec: {
    containers: [{ name: 'nginx', image: 'nginx:1.25', imagePullPolicy: 'IfNotPresent', terminationMessagePolicy: 'File', terminationMessagePath: '/dev/termination-log' }],
    restartPolicy: 'Always',
    dnsPolicy: 'ClusterFirst',
    terminationGracePeriodSeconds: 30,
  },
});

const PODS = '/api/v1/namespaces/default/pods';

describe('kube-apiserver with etcd in the kernel', () => {
  it('bootstraps the system namespaces through etcd', () => {
    const sim = cluster();
    const r = send(sim, { method: 'GET', path: '/api/v1/namespaces' });
    expect(r.status).toBe(200);
    const names = (r.body as KubeList).items.map((n) => n.metadata.name);
    expect(names).toEqual(['default', 'kube-node-lease', 'kube-public', 'kube-system']);
  });

  it('creates a pod (201), refuses a duplicate (409) and a stale update (409) with the exact texts', () => {
    const sim = cluster();
    const created = send(sim, { method: 'POST', path: PODS, body: pod('web') });
    expect(created.status).toBe(201);
    const obj = created.body as Pod;
    expect(obj.status).toEqual({ phase: 'Pending', qosClass: 'BestEffort' });
    expect(obj.metadata.uid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(obj.metadata.creationTimestamp).toMatch(/^2024-08-13T09:00:0\dZ$/);
    expect(Number(obj.metadata.resourceVersion)).toBeGreaterThan(0);

    const dup = send(sim, { method: 'POST', path: PODS, body: pod('web') });
    expect(dup.status).toBe(409);
    expect((dup.body as Status).message).toBe('pods "web" already exists');

    const fresh = { ...obj, metadata: { ...obj.metadata, labels: { app: 'web' } } };
    const ok = send(sim, { method: 'PUT', path: `${PODS}/web`, body: fresh });
    expect(ok.status).toBe(200);
    const stale = send(sim, { method: 'PUT', path: `${PODS}/web`, body: { ...fresh, metadata: { ...fresh.metadata, labels: { app: 'x' } } } });
    expect(stale.status).toBe(409);
    expect((stale.body as Status).message).toBe(
      'Operation cannot be fulfilled on pods "web": the object has been modified; please apply your changes to the latest version and try again',
    );
  });

  it('shows a pod to a spec.nodeName=worker-1 watch only after it is bound, and refuses a second binding', () => {
    const sim = cluster();
    const st = sim.process('client')!.state as TestClientState;
    send(sim, { method: 'POST', path: PODS, body: pod('web') });
    expect(st.deltas).toEqual([]);
    const binding = { apiVersion: 'v1', kind: 'Binding', metadata: { name: 'web' }, target: { apiVersion: 'v1', kind: 'Node', name: 'worker-1' } };
    const bound = send(sim, { method: 'POST', path: `${PODS}/web/binding`, body: binding });
    expect(bound.status).toBe(201);
    expect(st.deltas).toEqual(['ADDED web node=worker-1']);
    const again = send(sim, { method: 'POST', path: `${PODS}/web/binding`, body: { ...binding, target: { ...binding.target, name: 'worker-2' } } });
    expect(again.status).toBe(409);
    expect((again.body as Status).message).toBe('Operation cannot be fulfilled on pods/binding "web": pod web is already assigned to node "worker-1"');
    const got = send(sim, { method: 'GET', path: `${PODS}/web` });
    const conds = (got.body as Pod).status?.conditions ?? [];
    expect(conds.map((c) => `${c.type}=${c.status}`)).toEqual(['PodScheduled=True']);
  });

  it('lists with a labelSelector and returns a PodList whose items carry apiVersion and kind', () => {
    const sim = cluster();
    send(sim, { method: 'POST', path: PODS, body: pod('a', { app: 'web' }) });
    send(sim, { method: 'POST', path: PODS, body: pod('b', { app: 'db' }) });
    const r = send(sim, { method: 'GET', path: PODS, query: { labelSelector: 'app=web' } });
    const list = r.body as KubeList;
    expect(list.kind).toBe('PodList');
    expect(list.items.map((p) => `${p.apiVersion}/${p.kind}/${p.metadata.name}`)).toEqual(['v1/Pod/a']);
    const bad = send(sim, { method: 'GET', path: PODS, query: { fieldSelector: 'foo=bar' } });
    expect(bad.status).toBe(400);
    expect((bad.body as Status).message).toBe('field label not supported: foo');
    // A bad labelSelector is labels.Parse's error, unchanged, as a 400 BadRequest (kubernetes PR #52971).
    const badLabels = send(sim, { method: 'GET', path: PODS, query: { labelSelector: 'app web' } });
    expect(badLabels.status).toBe(400);
    expect((badLabels.body as Status).reason).toBe('BadRequest');
    expect((badLabels.body as Status).message).toBe("unable to parse requirement: found 'web', expected: in, notin, =, ==, !=, gt, lt");
  });

  it('deletes a bound pod gracefully, then for good with grace 0', () => {
    const sim = cluster();
    const st = sim.process('client')!.state as TestClientState;
    send(sim, { method: 'POST', path: PODS, body: pod('web') });
    send(sim, { method: 'POST', path: `${PODS}/web/binding`, body: { apiVersion: 'v1', kind: 'Binding', metadata: { name: 'web' }, target: { kind: 'Node', name: 'worker-1' } } });
    const del = send(sim, { method: 'DELETE', path: `${PODS}/web` });
    expect(del.status).toBe(200);
    const meta = (del.body as Pod).metadata;
    expect(meta.deletionGracePeriodSeconds).toBe(30);
    expect(meta.deletionTimestamp).toBeDefined();
    const gone = send(sim, { method: 'DELETE', path: `${PODS}/web`, query: { gracePeriodSeconds: '0' } });
    expect(gone.status).toBe(200);
    const after = send(sim, { method: 'GET', path: `${PODS}/web` });
    expect(after.status).toBe(404);
    expect((after.body as Status).message).toBe('pods "web" not found');
    expect(st.deltas).toEqual(['ADDED web node=worker-1', 'MODIFIED web node=worker-1', 'DELETED web node=worker-1']);
  });

  it('answers an unknown path with the NotFound handler text', () => {
    const sim = cluster();
    const r = send(sim, { method: 'GET', path: '/api/v1/foos' });
    expect(r.status).toBe(404);
    expect((r.body as Status).message).toBe('the server could not find the requested resource');
  });
});

// pkg/registry/apps/deployment/storage/storage.go ScaleREST: a Scale in autoscaling/v1 that reads
// and writes only spec.replicas of the Deployment; generation grows, status stays.
describe('deployments/scale', () => {
  it('answers a Scale and a PUT of one changes only spec.replicas', () => {
    const sim = cluster();
    const d = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web' },
      spec: { replicas: 3, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.25' }] } } },
    };
    const base = '/apis/apps/v1/namespaces/default/deployments';
    expect(send(sim, { method: 'POST', path: base, body: d, credentials: ADMIN_CREDENTIALS }).status).toBe(201);
    const got = send(sim, { method: 'GET', path: `${base}/web/scale`, credentials: ADMIN_CREDENTIALS });
    const scale = got.body as KubeObject;
    expect(scale).toMatchObject({ apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'web', namespace: 'default' }, spec: { replicas: 3 }, status: { replicas: 0, selector: 'app=web' } });
    const put = send(sim, { method: 'PUT', path: `${base}/web/scale`, body: { ...scale, spec: { replicas: 5 } }, credentials: ADMIN_CREDENTIALS });
    expect(put.status).toBe(200);
    expect((put.body as KubeObject).spec).toEqual({ replicas: 5 });
    const after = send(sim, { method: 'GET', path: `${base}/web`, credentials: ADMIN_CREDENTIALS }).body as KubeObject;
    expect((after.spec as { replicas: number }).replicas).toBe(5);
    expect(after.metadata.generation).toBe(2);
  });
});

// pkg/registry/core/pod/storage/eviction.go: POST pods/{name}/eviction with a policy/v1 Eviction
// deletes the pod gracefully (201 and a Success Status); a missing pod is 404 and a name that does
// not match the URL is 400. Budgets: the describe block below.
describe('pods/eviction', () => {
  const eviction = (name: string, grace?: number) => ({
    apiVersion: 'policy/v1',
    kind: 'Eviction',
    metadata: { name, namespace: 'default' },
    ...(grace === undefined ? {} : { deleteOptions: { gracePeriodSeconds: grace } }),
  });
  const bind = (sim: Simulation, name: string) =>
    send(sim, { method: 'POST', path: `${PODS}/${name}/binding`, body: { apiVersion: 'v1', kind: 'Binding', metadata: { name }, target: { kind: 'Node', name: 'worker-1' } } });

  it('evicts a bound pod as a graceful delete with the pod grace period and answers 201 Success', () => {
    const sim = cluster();
    send(sim, { method: 'POST', path: PODS, body: pod('web') });
    bind(sim, 'web');
    const r = send(sim, { method: 'POST', path: `${PODS}/web/eviction`, body: eviction('web') });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ kind: 'Status', status: 'Success', code: 201 });
    const got = send(sim, { method: 'GET', path: `${PODS}/web` }).body as Pod;
    expect(got.metadata.deletionGracePeriodSeconds).toBe(30);
    expect(got.metadata.deletionTimestamp).toBeDefined();
    // addConditionAndDeletePod: the PodDisruptionConditions condition says why the pod goes.
    expect(got.status?.conditions?.find((c) => c.type === 'DisruptionTarget')).toMatchObject({ status: 'True', reason: 'EvictionByEvictionAPI', message: 'Eviction API: evicting' });
  });

  it('uses the grace period of the Eviction deleteOptions, and 0 removes the pod at once', () => {
    const sim = cluster();
    send(sim, { method: 'POST', path: PODS, body: pod('web') });
    bind(sim, 'web');
    expect(send(sim, { method: 'POST', path: `${PODS}/web/eviction`, body: eviction('web', 0) }).status).toBe(201);
    const after = send(sim, { method: "GET", path: `${PODS}/web` });
    expect(after.status).toBe(404);
  });

  it('answers 404 for a missing pod and 400 when the Eviction names another pod', () => {
    const sim = cluster();
    const missing = send(sim, { method: 'POST', path: `${PODS}/nope/eviction`, body: eviction('nope') });
    expect(missing.status).toBe(404);
    expect((missing.body as Status).message).toBe('pods "nope" not found');
    send(sim, { method: 'POST', path: PODS, body: pod('web') });
    const wrong = send(sim, { method: 'POST', path: `${PODS}/web/eviction`, body: eviction('other') });
    expect(wrong.status).toBe(400);
    expect((wrong.body as Status).message).toBe('name in URL does not match name in Eviction object');
  });
});

// pkg/registry/core/pod/storage/eviction.go (v1.31) with a PodDisruptionBudget: EvictionREST.Create
// finds the budget whose selector matches the running, ready pod, and checkAndDecrement either
// spends one disruption (status.disruptionsAllowed - 1, the pod in status.disruptedPods) or answers
// 429 TooManyRequests "Cannot evict pod as it would violate the pod's disruption budget." with a
// DisruptionBudget cause. The budget's status is written here as the disruption controller would.
describe('pods/eviction with a PodDisruptionBudget', () => {
  const PDBS = '/apis/policy/v1/namespaces/default/poddisruptionbudgets';
  const eviction = (name: string) => ({ apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name, namespace: 'default' } });

  /** A bound pod whose status says Running and Ready, as the kubelet would write it. */
  function runningPod(sim: Simulation, name: string): void {
    send(sim, { method: 'POST', path: PODS, body: pod(name, { app: 'web' }) });
    send(sim, { method: 'POST', path: `${PODS}/${name}/binding`, body: { apiVersion: 'v1', kind: 'Binding', metadata: { name }, target: { kind: 'Node', name: 'worker-1' } } });
    const got = send(sim, { method: 'GET', path: `${PODS}/${name}` }).body as Pod;
    const status = { ...got.status, phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] };
    expect(send(sim, { method: 'PUT', path: `${PODS}/${name}/status`, body: { ...got, status } }).status).toBe(200);
  }

  function budget(sim: Simulation, allowed: number): void {
    const body = { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'web-pdb' }, spec: { minAvailable: 1, selector: { matchLabels: { app: 'web' } } } };
    const created = send(sim, { method: 'POST', path: PDBS, body }).body as KubeObject;
    expect(created.metadata.generation).toBe(1);
    const status = { observedGeneration: 1, disruptionsAllowed: allowed, currentHealthy: 1 + allowed, desiredHealthy: 1, expectedPods: 1 + allowed };
    expect(send(sim, { method: 'PUT', path: `${PDBS}/web-pdb/status`, body: { ...created, status } }).status).toBe(200);
  }

  it('refuses with 429 and the DisruptionBudget cause when the budget allows no disruption', () => {
    const sim = cluster();
    runningPod(sim, 'web');
    budget(sim, 0);
    const r = send(sim, { method: 'POST', path: `${PODS}/web/eviction`, body: eviction('web') });
    expect(r.status).toBe(429);
    expect(r.body).toMatchObject({
      kind: 'Status',
      status: 'Failure',
      reason: 'TooManyRequests',
      message: "Cannot evict pod as it would violate the pod's disruption budget.",
      details: { causes: [{ reason: 'DisruptionBudget', message: 'The disruption budget web-pdb needs 1 healthy pods and has 1 currently' }] },
      code: 429,
    });
    expect((send(sim, { method: 'GET', path: `${PODS}/web` }).body as Pod).metadata.deletionTimestamp).toBeUndefined();
  });

  it('spends one disruption: the pod is deleted and the budget records it in the same write', () => {
    const sim = cluster();
    runningPod(sim, 'web');
    runningPod(sim, 'web-2');
    budget(sim, 1);
    expect(send(sim, { method: 'POST', path: `${PODS}/web/eviction`, body: eviction('web') }).status).toBe(201);
    const pdb = send(sim, { method: 'GET', path: `${PDBS}/web-pdb` }).body as KubeObject;
    const st = pdb.status as { disruptionsAllowed: number; disruptedPods: Record<string, string>; conditions: { type: string; status: string; reason: string }[] };
    expect(st.disruptionsAllowed).toBe(0);
    expect(Object.keys(st.disruptedPods)).toEqual(['web']);
    expect(st.conditions).toMatchObject([{ type: 'DisruptionAllowed', status: 'False', reason: 'InsufficientPods' }]);
    // The budget is spent: the next pod is refused.
    expect(send(sim, { method: 'POST', path: `${PODS}/web-2/eviction`, body: eviction('web-2') }).status).toBe(429);
  });

  it('lets a pending pod go without asking its budget (canIgnorePDB)', () => {
    const sim = cluster();
    send(sim, { method: 'POST', path: PODS, body: pod('web', { app: 'web' }) });
    budget(sim, 0);
    expect(send(sim, { method: 'POST', path: `${PODS}/web/eviction`, body: eviction('web') }).status).toBe(201);
  });
});
