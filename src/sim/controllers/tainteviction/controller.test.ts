// The taint eviction controller (pkg/controller/tainteviction/taint_eviction.go) and
// kubernetes.io/docs/concepts/scheduling-eviction/taint-and-toleration/#taint-based-evictions:
// pods that do not tolerate a NoExecute taint are evicted at once; pods with tolerationSeconds
// (300 s from the DefaultTolerationSeconds admission plugin) are evicted when it runs out.
import { describe, expect, it } from 'vitest';
import type { HttpRequest, HttpResponse } from '../../api/http';
import type { Taint } from '../../api/types';
import { clientOnMessage } from '../../client/apiclient';
import { testMessage } from '../../kernel/recording-effects';
import { ms } from '../../kernel/units';
import { runWorker } from '../framework/controller';
import { putNode, putPod, testEnv, testNode, testPod } from '../testing';
import { createTaintEviction, onTaintEvictionNodeDelta, syncTaintEvictionNode, taintEvictionOnClientEvent, taintEvictionOnTimer } from './controller';
import { getMinTolerationTimeMs } from './tolerations';

const UNREACHABLE: Taint = { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute', timeAdded: '2024-08-13T09:00:00Z' };

function setup(pod = testPod('web', 'worker-1')) {
  const { env, ctx } = testEnv(0);
  const s = createTaintEviction();
  putPod(env, pod);
  const node = testNode('worker-1', { conditions: { Ready: 'Unknown' }, taints: [UNREACHABLE] });
  putNode(env, node);
  onTaintEvictionNodeDelta(s, env, { type: 'MODIFIED', object: node, old: testNode('worker-1') });
  runWorker(s.rt, ctx, env.client, env.credentials, (sc) => syncTaintEvictionNode(s, env, sc));
  return { env, ctx, s };
}

describe('taint eviction', () => {
  it.each([
    [[{ tolerationSeconds: 300 }], 300_000],
    [[{ tolerationSeconds: 300 }, { tolerationSeconds: 60 }], 60_000],
    [[{}], -1],
    [[{ tolerationSeconds: 0 }], 0],
    [[{ tolerationSeconds: -5 }], 0],
  ])('getMinTolerationTime of %j is %i ms', (tolerations, expected) => {
    expect(getMinTolerationTimeMs(tolerations)).toBe(expected);
  });

  it('schedules the eviction of a pod tolerating the taint for 300 s, 300 s later', () => {
    const { ctx, s } = setup();
    expect(s.scheduled.get('default/web')).toMatchObject({ createdAt: 0, fireAt: 300_000 });
    expect(ctx.timers.find((t) => t.name === 'taint-eviction.fire')).toMatchObject({ afterMs: 300_000, payload: { pod: 'default/web' } });
    expect(ctx.sent).toEqual([]);
  });

  it('at 300 s records TaintManagerEviction, sets DisruptionTarget, then deletes the pod', () => {
    const { env, ctx, s } = setup();
    const timer = ctx.timers.find((t) => t.name === 'taint-eviction.fire')!;
    ctx.clear();
    ctx.now = ms(300_000);
    expect(taintEvictionOnTimer(s, env, { id: timer.id, name: timer.name, payload: timer.payload })).toBe(true);
    const [event, patch] = ctx.sent.map((m) => m.body as HttpRequest);
    expect(event!.body).toMatchObject({
      type: 'Normal',
      reason: 'TaintManagerEviction',
      message: 'Marking for deletion Pod default/web',
      involvedObject: { kind: 'Pod', namespace: 'default', name: 'web' },
      source: { component: 'taint-eviction-controller' },
    });
    expect(patch).toMatchObject({ method: 'PATCH', path: '/api/v1/namespaces/default/pods/web/status', contentType: 'application/strategic-merge-patch+json' });
    expect(patch!.body).toMatchObject({
      status: { conditions: [{ type: 'DisruptionTarget', status: 'True', reason: 'DeletionByTaintManager', message: 'Taint manager: deleting due to NoExecute taint' }] },
    });
    const resp = testMessage({ type: 'http.response', requestId: ctx.sent[1]!.id, status: 200, body: {} } as HttpResponse);
    ctx.clear();
    expect(taintEvictionOnClientEvent(env, clientOnMessage(env.client, resp, ctx)!)).toBe(true);
    expect(ctx.sent.map((m) => m.meta.summary)).toEqual(['DELETE /api/v1/namespaces/default/pods/web (NoExecute taint)']);
  });

  it('evicts at once a pod that does not tolerate the taint', () => {
    const { s } = setup(testPod('batch', 'worker-1', { tolerations: [] }));
    expect(s.scheduled.get('default/batch')).toMatchObject({ createdAt: 0, fireAt: 0 });
  });

  it('never evicts a pod that tolerates the taint without tolerationSeconds', () => {
    const { s } = setup(testPod('ds', 'worker-1', { tolerations: [{ operator: 'Exists' }] }));
    expect(s.scheduled.size).toBe(0);
  });

  it('cancels the eviction, with an event, when the taint goes away', () => {
    const { env, ctx, s } = setup();
    ctx.clear();
    const healed = testNode('worker-1');
    putNode(env, healed);
    onTaintEvictionNodeDelta(s, env, { type: 'MODIFIED', object: healed, old: testNode('worker-1', { taints: [UNREACHABLE] }) });
    runWorker(s.rt, ctx, env.client, env.credentials, (sc) => syncTaintEvictionNode(s, env, sc));
    expect(s.scheduled.size).toBe(0);
    expect(ctx.cancelled).toHaveLength(1);
    expect(ctx.sent.map((m) => (m.body as HttpRequest).body)).toMatchObject([{ reason: 'TaintManagerEviction', message: 'Cancelling deletion of Pod default/web' }]);
  });
});
