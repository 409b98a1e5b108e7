// kube-scheduler with --leader-elect (cmd/kube-scheduler/app/server.go: the informers run at once,
// sched.Run only in OnStartedLeading): no scheduling cycle runs before the Lease is held.
import { describe, expect, it } from 'vitest';
import type { HttpRequest } from '../api/http';
import { DEFAULT_TIMINGS } from '../config';
import { RecordingEffects, testMessage } from '../kernel/recording-effects';
import { SCHEDULER_CREDENTIALS } from '../names';
import { kubeScheduler } from './scheduler';
import { makeNode, makePod } from './testing';

const config = {
  apiserver: 'kube-apiserver',
  credentials: SCHEDULER_CREDENTIALS,
  timings: DEFAULT_TIMINGS,
  leaderElection: { lockNamespace: 'kube-system', lockName: 'kube-scheduler', leaseDurationMs: 15_000, renewDeadlineMs: 10_000, retryPeriodMs: 2_000, eventComponent: 'default-scheduler' },
};

describe('kubeScheduler with leader election', () => {
  it('lists and watches at once but schedules only once it holds the Lease', () => {
    const ctx = new RecordingEffects({ self: 'kube-scheduler', host: 'control-plane' });
    const s = kubeScheduler.start(ctx, { config, persisted: undefined, incarnation: 1 });
    const reqs = ctx.sent.map((m) => ({ id: m.id, req: m.body as HttpRequest }));
    expect(reqs.map((r) => `${r.req.method} ${r.req.path.split('?')[0]}`)).toEqual([
      'GET /api/v1/nodes',
      'GET /api/v1/pods',
      // VolumeBinding's listers.
      'GET /api/v1/persistentvolumeclaims',
      'GET /api/v1/persistentvolumes',
      'GET /apis/storage.k8s.io/v1/storageclasses',
      'GET /apis/coordination.k8s.io/v1/namespaces/kube-system/leases/kube-scheduler',
    ]);
    for (const { id, req } of reqs.slice(0, 5)) {
      const path = req.path.split('?')[0];
      const items = path === '/api/v1/nodes' ? [makeNode('worker-1')] : path === '/api/v1/pods' ? [makePod('web')] : [];
      kubeScheduler.onMessage(s, testMessage({ type: 'http.response', requestId: id, status: 200, body: { apiVersion: 'v1', kind: 'List', metadata: { resourceVersion: '10' }, items } }, { from: 'kube-apiserver' }), ctx);
    }
    expect(ctx.timers.filter((t) => t.name === 'scheduleOne')).toHaveLength(0);
    // The Lease is held by someone else whose record this candidate has just seen: wait.
    const held = { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'kube-scheduler', namespace: 'kube-system', resourceVersion: '5' }, spec: { holderIdentity: 'control-plane-2_x', leaseDurationSeconds: 15 } };
    kubeScheduler.onMessage(s, testMessage({ type: 'http.response', requestId: reqs[5]!.id, status: 200, body: held }, { from: 'kube-apiserver' }), ctx);
    expect(ctx.timers.filter((t) => t.name === 'scheduleOne')).toHaveLength(0);
    expect(ctx.sent.some((m) => (m.body as HttpRequest).path.endsWith('/binding'))).toBe(false);
  });
});
