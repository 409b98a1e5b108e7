// The controller shape of kube-controller-manager: a sync's writes decide whether its key is
// forgotten or retried through the rate limiter (pkg/controller, processNextWorkItem + handleErr).
import { describe, expect, it } from 'vitest';
import type { HttpRequest, HttpResponse } from '../../api/http';
import { clientOnMessage, createClient } from '../../client/apiclient';
import { RecordingEffects, testMessage } from '../../kernel/recording-effects';
import { armWorker, createRuntime, onSyncWriteResult, runWorker, syncWrite, WORKER_TIMER } from './controller';
import { queueAdd, queueGet } from './workqueue';

function setup() {
  const ctx = new RecordingEffects();
  const client = createClient({ apiserver: 'kube-apiserver', credentials: {}, userAgent: 't', timeoutMs: 30_000 });
  const rt = createRuntime('test-controller');
  return { ctx, client, rt };
}

function answer(ctx: RecordingEffects, id: number, status: number) {
  const resp: HttpResponse = { type: 'http.response', requestId: id, status, body: {} } as HttpResponse;
  return testMessage(resp, { id: 99 });
}

describe('controller runtime', () => {
  it('arms one zero-delay worker timer however many keys are enqueued', () => {
    const { ctx, rt } = setup();
    queueAdd(rt.queue, 'a');
    armWorker(rt, ctx);
    queueAdd(rt.queue, 'b');
    armWorker(rt, ctx);
    expect(ctx.timers.map((t) => [t.afterMs, t.name])).toEqual([[0, WORKER_TIMER]]);
  });

  it('syncs each ready key once and sends its writes with the controller identity', () => {
    const { ctx, client, rt } = setup();
    queueAdd(rt.queue, 'a');
    queueAdd(rt.queue, 'b');
    const synced: string[] = [];
    runWorker(rt, ctx, client, { bearerToken: 'tok' }, (sc) => {
      synced.push(sc.key);
      if (sc.key === 'a') syncWrite(sc, { method: 'PUT', path: '/api/v1/nodes/a', body: {} }, { phase: 'controller' });
      return 'ok';
    });
    expect(synced).toEqual(['a', 'b']);
    expect(ctx.sent.map((m) => (m.body as HttpRequest).credentials)).toEqual([{ bearerToken: 'tok' }]);
    expect(rt.inflight.get('a')).toEqual({ pending: 1, failed: false });
    expect(rt.queue.processing.has('a')).toBe(true);
    expect(rt.queue.processing.has('b')).toBe(false);
  });

  it('forgets a key whose writes succeeded', () => {
    const { ctx, client, rt } = setup();
    queueAdd(rt.queue, 'a');
    runWorker(rt, ctx, client, {}, (sc) => (syncWrite(sc, { method: 'PUT', path: '/x' }, { phase: 'controller' }), 'ok'));
    const ev = clientOnMessage(client, answer(ctx, ctx.sent[0]!.id, 200), ctx)!;
    expect(onSyncWriteResult(rt, ctx, ev)).toBe(true);
    expect(rt.queue.processing.size).toBe(0);
    expect(rt.queue.failures.size).toBe(0);
    expect(queueGet(rt.queue)).toBeUndefined();
  });

  it('re-queues a key after 5 ms when a write gets 409 Conflict', () => {
    const { ctx, client, rt } = setup();
    queueAdd(rt.queue, 'a');
    runWorker(rt, ctx, client, {}, (sc) => (syncWrite(sc, { method: 'PUT', path: '/x' }, { phase: 'controller' }), 'ok'));
    ctx.clear();
    onSyncWriteResult(rt, ctx, clientOnMessage(client, answer(ctx, 1000, 409), ctx)!);
    expect(rt.queue.failures.get('a')).toBe(1);
    expect(ctx.timers.some((t) => t.afterMs === 5 && (t.payload as { key: string }).key === 'a')).toBe(true);
  });

  it('re-queues a key whose sync asked for a retry without writing', () => {
    const { ctx, client, rt } = setup();
    queueAdd(rt.queue, 'a');
    runWorker(rt, ctx, client, {}, () => 'retry');
    expect(rt.queue.failures.get('a')).toBe(1);
    expect(rt.queue.waiting.has('a')).toBe(true);
  });
});
