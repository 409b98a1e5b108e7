import { describe, expect, it } from 'vitest';
import type { HttpRequest } from '../api/http';
import type { Node, Pod } from '../api/types';
import { DEFAULT_TIMINGS } from '../config';
import { RecordingEffects, testMessage } from '../kernel/recording-effects';
import { SCHEDULER_CREDENTIALS } from '../names';
import { getSchedulingRecords, kubeScheduler, type SchedulerState } from './scheduler';
import { makeNode, makePod } from './testing';

const config = { apiserver: 'kube-apiserver', credentials: SCHEDULER_CREDENTIALS, timings: DEFAULT_TIMINGS };

/** Boot the scheduler and answer its two LISTs with these nodes and pods. */
function boot(nodes: Node[], pods: Pod[]): { s: SchedulerState; ctx: RecordingEffects } {
  const ctx = new RecordingEffects({ self: 'kube-scheduler', host: 'control-plane' });
  const s = kubeScheduler.start(ctx, { config, persisted: undefined, incarnation: 1 });
  for (const m of [...ctx.sent]) {
    const req = m.body as HttpRequest;
    const list = req.path === '/api/v1/nodes' ? { apiVersion: 'v1', kind: 'NodeList', metadata: { resourceVersion: '10' }, items: nodes } : { apiVersion: 'v1', kind: 'PodList', metadata: { resourceVersion: '10' }, items: pods };
    kubeScheduler.onMessage(s, testMessage({ type: 'http.response', requestId: m.id, status: 200, body: list }, { id: 7, from: 'kube-apiserver', phase: 'watch' }), ctx);
  }
  return { s, ctx };
}

function runTimers(s: SchedulerState, ctx: RecordingEffects, name: string): void {
  for (const t of ctx.timers.filter((x) => x.name === name)) kubeScheduler.onTimer(s, { id: t.id, name: t.name, payload: t.payload }, ctx);
}

const threeWorkers = () => [makeNode('worker-1', { memory: '4Gi' }), makeNode('worker-2'), makeNode('worker-3')];

describe('kubeScheduler', () => {
  it('lists nodes and pods, then binds a pending pod with one POST to kube-apiserver (seed ch. 4, phase 3)', () => {
    const { s, ctx } = boot(threeWorkers(), [makePod('web', { cpu: '100m', memory: '128Mi' })]);
    runTimers(s, ctx, 'scheduleOne');
    const bindings = ctx.sent.filter((m) => (m.body as HttpRequest).path.endsWith('/binding'));
    expect(bindings).toHaveLength(1);
    const req = bindings[0]!.body as HttpRequest;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/api/v1/namespaces/default/pods/web/binding');
    expect(bindings[0]!.meta.phase).toBe('scheduling');
    expect((req.body as { target: { kind: string } }).target.kind).toBe('Node');
    // The scheduler never talks to a node.
    expect(ctx.sent.every((m) => m.to === 'kube-apiserver')).toBe(true);
    expect(getSchedulingRecords(s, 'default/web')).toHaveLength(1);
  });

  it('records the Scheduled event after the binding succeeds', () => {
    const { s, ctx } = boot([makeNode('worker-2')], [makePod('web')]);
    runTimers(s, ctx, 'scheduleOne');
    const bind = ctx.sent.find((m) => (m.body as HttpRequest).path.endsWith('/binding'))!;
    ctx.clear();
    kubeScheduler.onMessage(s, testMessage({ type: 'http.response', requestId: bind.id, status: 201, body: {} }, { from: 'kube-apiserver' }), ctx);
    const ev = ctx.sent.find((m) => (m.body as HttpRequest).path === '/api/v1/namespaces/default/events')!;
    const body = (ev.body as HttpRequest).body as { reason: string; message: string; source: { component: string }; reportingComponent: string; type: string };
    expect(body).toMatchObject({ reason: 'Scheduled', message: 'Successfully assigned default/web to worker-2', type: 'Normal', reportingComponent: 'default-scheduler' });
    expect(body.source.component).toBe('default-scheduler');
  });

  it.each([
    ['nodeSelector', makePod('web', { spec: { nodeSelector: { disk: 'ssd' } } }), 'worker-3'],
    ['a toleration of the only untainted alternative', makePod('web', { spec: { tolerations: [{ key: 'gpu', operator: 'Exists' }], nodeSelector: { gpu: 'yes' } } }), 'worker-2'],
    [
      'required node affinity',
      makePod('web', { spec: { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['worker-1'] }] }] } } } } }),
      'worker-1',
    ],
  ])('lets %s decide the node', (_n, pod, want) => {
    const nodes = [makeNode('worker-1'), makeNode('worker-2', { labels: { gpu: 'yes' }, taints: [{ key: 'gpu', value: 'true', effect: 'NoSchedule' }] }), makeNode('worker-3', { labels: { disk: 'ssd' } })];
    const { s, ctx } = boot(nodes, [pod]);
    runTimers(s, ctx, 'scheduleOne');
    const bind = ctx.sent.find((m) => (m.body as HttpRequest).path.endsWith('/binding'))!;
    expect(((bind.body as HttpRequest).body as { target: { name: string } }).target.name).toBe(want);
  });

  it('leaves a pod asking more memory than any node pending with the exact FailedScheduling message', () => {
    const nodes = [makeNode('worker-1', { memory: '4Gi' }), makeNode('worker-2', { taints: [{ key: 'gpu', value: 'true', effect: 'NoSchedule' }] }), makeNode('worker-3', { taints: [{ key: 'gpu', value: 'true', effect: 'NoSchedule' }] })];
    const { s, ctx } = boot(nodes, [makePod('web', { memory: '64Gi' })]);
    runTimers(s, ctx, 'scheduleOne');
    const msg =
      '0/3 nodes are available: 1 Insufficient memory, 2 node(s) had untolerated taint {gpu: true}. preemption: 0/3 nodes are available: 1 No preemption victims found for incoming pod, 2 Preemption is not helpful for scheduling..';
    expect(ctx.sent.some((m) => (m.body as HttpRequest).path.endsWith('/binding'))).toBe(false);
    const ev = ctx.sent.find((m) => (m.body as HttpRequest).path.endsWith('/events'))!;
    expect((ev.body as HttpRequest).body).toMatchObject({ reason: 'FailedScheduling', type: 'Warning', message: msg });
    const status = ctx.sent.find((m) => (m.body as HttpRequest).path === '/api/v1/namespaces/default/pods/web/status')!;
    expect((status.body as HttpRequest).method).toBe('PATCH');
    expect((status.body as HttpRequest).body).toMatchObject({ status: { conditions: [{ type: 'PodScheduled', status: 'False', reason: 'Unschedulable', message: msg }] } });
    expect(s.queue.pods.get('default/web')!.where).toBe('unschedulable');
    expect(ctx.sent.every((m) => m.to === 'kube-apiserver')).toBe(true);
  });

  it('causes the Binding by the record that brought the pod', () => {
    const ctx = new RecordingEffects({ self: 'kube-scheduler' });
    const { s } = boot(threeWorkers(), []);
    // A watch event delivering a new pod, handled as record 4242.
    ctx.cause(4242);
    const watchId = s.informers.byName.pods.watchId!;
    kubeScheduler.onMessage(s, testMessage({ type: 'watch.event', watchId, event: { type: 'ADDED', object: makePod('late') } }, { id: 4242, from: 'kube-apiserver' }), ctx);
    expect(s.queue.pods.get('default/late')!.cause).toBe(4242);
    ctx.cause(1);
    runTimers(s, ctx, 'scheduleOne');
    expect(ctx.cause()).toBe(4242);
    expect(ctx.sent.some((m) => (m.body as HttpRequest).path === '/api/v1/namespaces/default/pods/late/binding')).toBe(true);
  });

  it('reuses a node snapshot between cycles but sees a bound pod change labels (UpdateSnapshot by generation)', () => {
    // A required anti-affinity to app=db keeps web off worker-1 while db has that label, and lets it
    // on once the watch shows db relabelled, although nothing was bound or removed in between.
    const db = makePod('db', { nodeName: 'worker-1', labels: { app: 'db' } });
    const away = { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: 'db' } }, topologyKey: 'kubernetes.io/hostname' }] } };
    const { s, ctx } = boot([makeNode('worker-1')], [db, makePod('web', { spec: { affinity: away } })]);
    runTimers(s, ctx, 'scheduleOne');
    expect(getSchedulingRecords(s, 'default/web')[0]!.chosen).toBeUndefined();
    const before = s.snapshot.infos.get('worker-1')!.info;
    const watchId = s.informers.byName.pods.watchId!;
    const web2 = makePod('web2', { spec: { affinity: away } });
    const scheduleOne = (): void => kubeScheduler.onTimer(s, { id: 0 as never, name: 'scheduleOne', payload: undefined }, ctx);
    kubeScheduler.onMessage(s, testMessage({ type: 'watch.event', watchId, event: { type: 'ADDED', object: web2 } }, { from: 'kube-apiserver' }), ctx);
    scheduleOne();
    expect(getSchedulingRecords(s, 'default/web2').at(-1)!.chosen).toBeUndefined();
    expect(s.snapshot.infos.get('worker-1')!.info).toBe(before);
    const relabelled = { ...db, metadata: { ...db.metadata, labels: { app: 'cache' }, resourceVersion: '11' } };
    kubeScheduler.onMessage(s, testMessage({ type: 'watch.event', watchId, event: { type: 'MODIFIED', object: relabelled } }, { from: 'kube-apiserver' }), ctx);
    const web3 = makePod('web3', { spec: { affinity: away } });
    kubeScheduler.onMessage(s, testMessage({ type: 'watch.event', watchId, event: { type: 'ADDED', object: web3 } }, { from: 'kube-apiserver' }), ctx);
    scheduleOne();
    expect(getSchedulingRecords(s, 'default/web3').at(-1)!.chosen).toBe('worker-1');
  });
});
