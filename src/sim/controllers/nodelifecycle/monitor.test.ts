// monitorNodeHealth and the node sync of the node lifecycle controller
// (pkg/controller/nodelifecycle/node_lifecycle_controller.go), asserted on the writes they ask for.
// Seed chapter 3: a node whose kubelet stops is NotReady after 40 s; its pods are evicted 5 min later.
import { describe, expect, it } from 'vitest';
import type { HttpRequest } from '../../api/http';
import type { Event, Node, Pod } from '../../api/types';
import { runWorker } from '../framework/controller';
import type { ControllerEnv } from '../framework/env';
import { putLease, putNode, putPod, testEnv, testLease, testNode, testPod } from '../testing';
import { createNodeLifecycle, syncNode, type NodeLifecycleState } from './controller';
import { monitorNodeHealth } from './monitor';
import type { RecordingEffects } from '../../kernel/recording-effects';
import { ms } from '../../kernel/units';

function requests(ctx: RecordingEffects): HttpRequest[] {
  return ctx.sent.map((m) => m.body as HttpRequest);
}

function summaries(ctx: RecordingEffects): string[] {
  return ctx.sent.map((m) => m.meta.summary);
}

/** Run monitor passes every 5 s from `from` to `to` (inclusive), with `now` moving. */
function passes(s: NodeLifecycleState, env: ControllerEnv, ctx: RecordingEffects, from: number, to: number): void {
  for (let t = from; t <= to; t += 5_000) {
    ctx.now = ms(t);
    monitorNodeHealth(s, env);
  }
}

function work(s: NodeLifecycleState, env: ControllerEnv, ctx: RecordingEffects): void {
  runWorker(s.rt, ctx, env.client, env.credentials, (sc) => syncNode(s, env, sc));
}

describe('node sync', () => {
  it('PUTs the node with its resourceVersion and the taints in line with its conditions', () => {
    const { env, ctx } = testEnv(3_000);
    const s = createNodeLifecycle();
    putNode(env, testNode('worker-1', { taints: [{ key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }], rv: '42' }));
    s.rt.queue.queue.push('worker-1');
    work(s, env, ctx);
    const [put] = requests(ctx);
    expect(put).toMatchObject({ method: 'PUT', path: '/api/v1/nodes/worker-1', credentials: { bearerToken: 'kubeplay.serviceaccount.kube-system.node-controller' } });
    const body = put!.body as Node;
    expect(body.metadata.resourceVersion).toBe('42');
    expect(body.spec.taints).toBeUndefined();
    expect(summaries(ctx)[0]).toBe('PUT /api/v1/nodes/worker-1 (remove taint node.kubernetes.io/not-ready:NoSchedule)');
    expect(ctx.sent[0]!.meta.phase).toBe('controller');
  });

  it('asks for nothing when the taints are already right', () => {
    const { env, ctx } = testEnv();
    const s = createNodeLifecycle();
    putNode(env, testNode('worker-1'));
    s.rt.queue.queue.push('worker-1');
    work(s, env, ctx);
    expect(ctx.sent).toEqual([]);
  });
});

describe('monitorNodeHealth', () => {
  function cluster() {
    const { env, ctx } = testEnv(0);
    const s = createNodeLifecycle();
    for (const n of ['control-plane', 'worker-1', 'worker-2', 'worker-3']) {
      putNode(env, testNode(n));
      putLease(env, testLease(n, 0));
    }
    putPod(env, testPod('web', 'worker-1'));
    return { env, ctx, s };
  }

  it('records RegisteredNode for every node it sees first', () => {
    const { env, ctx, s } = cluster();
    monitorNodeHealth(s, env);
    const evs = requests(ctx).map((r) => r.body as Event);
    expect(evs.map((e) => `${e.reason}: ${e.message}`)).toEqual([
      'RegisteredNode: Node control-plane event: Registered Node control-plane in Controller',
      'RegisteredNode: Node worker-1 event: Registered Node worker-1 in Controller',
      'RegisteredNode: Node worker-2 event: Registered Node worker-2 in Controller',
      'RegisteredNode: Node worker-3 event: Registered Node worker-3 in Controller',
    ]);
    expect(evs[1]).toMatchObject({ metadata: { namespace: 'default' }, involvedObject: { kind: 'Node', name: 'worker-1', uid: 'uid-worker-1' }, source: { component: 'node-controller' }, type: 'Normal' });
  });

  it('marks a node whose lease stopped NOT at 40 s but at the first pass after, with its pods', () => {
    const { env, ctx, s } = cluster();
    // The others keep renewing; worker-1's lease stays at 0.
    for (let t = 0; t <= 40_000; t += 5_000) {
      for (const n of ['control-plane', 'worker-2', 'worker-3']) putLease(env, testLease(n, t));
      ctx.now = ms(t);
      monitorNodeHealth(s, env);
    }
    expect(summaries(ctx).filter((x) => !x.startsWith('POST event RegisteredNode'))).toEqual([]);
    ctx.clear();
    for (const n of ['control-plane', 'worker-2', 'worker-3']) putLease(env, testLease(n, 45_000));
    ctx.now = ms(45_000);
    monitorNodeHealth(s, env);
    expect(summaries(ctx)).toEqual([
      'PUT /api/v1/nodes/worker-1/status (Ready=Unknown: NodeStatusUnknown)',
      'POST event NodeNotReady: Node worker-1 status is now: NodeNotReady',
      'PUT /api/v1/namespaces/default/pods/web/status (Ready=False: node worker-1 not ready)',
      'POST event NodeNotReady: Node is not ready',
    ]);
    const [status, nodeEvent, podStatus, podEvent] = requests(ctx);
    const ready = (status!.body as Node).status?.conditions?.find((c) => c.type === 'Ready');
    expect(ready).toMatchObject({ status: 'Unknown', reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.', lastTransitionTime: '2024-08-13T09:00:45Z' });
    expect(nodeEvent!.body).toMatchObject({ type: 'Normal', reason: 'NodeNotReady', involvedObject: { kind: 'Node', name: 'worker-1' } });
    expect((podStatus!.body as Pod).status?.conditions).toEqual([{ type: 'Ready', status: 'False', lastTransitionTime: '2024-08-13T09:00:45Z' }]);
    expect(podEvent!.body).toMatchObject({ type: 'Warning', reason: 'NodeNotReady', message: 'Node is not ready', involvedObject: { kind: 'Pod', namespace: 'default', name: 'web' } });
  });

  it('taints an unreachable node NoExecute at the pass after it went Unknown, and removes it once Ready', () => {
    const { env, ctx, s } = cluster();
    passes(s, env, ctx, 0, 0);
    const unknown = testNode('worker-1', { conditions: { Ready: 'Unknown' }, taints: [{ key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule' }] });
    putNode(env, unknown);
    ctx.clear();
    ctx.now = ms(5_000);
    monitorNodeHealth(s, env);
    work(s, env, ctx);
    const put = requests(ctx).find((r) => r.path === '/api/v1/nodes/worker-1')!;
    expect((put.body as Node).spec.taints).toEqual([
      { key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule' },
      { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute', timeAdded: '2024-08-13T09:00:05Z' },
    ]);
    // The kubelet comes back: Ready again with a fresh heartbeat.
    putNode(env, testNode('worker-1', { heartbeat: 60_000, taints: (put.body as Node).spec.taints }));
    ctx.clear();
    ctx.now = ms(60_000);
    monitorNodeHealth(s, env);
    s.rt.queue.queue.push('worker-1');
    work(s, env, ctx);
    expect(summaries(ctx)).toContain('PUT /api/v1/nodes/worker-1 (remove taint node.kubernetes.io/unreachable:NoSchedule, node.kubernetes.io/unreachable:NoExecute)');
  });

  it('adds no NoExecute taint when most nodes of a small zone are down (partial disruption)', () => {
    const { env, ctx, s } = cluster();
    for (const n of ['worker-1', 'worker-2', 'worker-3']) putNode(env, testNode(n, { conditions: { Ready: 'Unknown' } }));
    passes(s, env, ctx, 0, 10_000);
    expect(s.zoneStates.get('')).toBe('PartialDisruption');
    expect([...s.noExecute.entries()].filter(([, d]) => d !== 'reachable')).toEqual([]);
  });
});
