// The elector's steps against hand-written apiserver answers, after client-go's
// tools/leaderelection/leaderelection_test.go (TestTryAcquireOrRenew: create when missing, wait
// while another holder's lease is valid by *observed* time, take an expired one with
// leaderTransitions + 1) and the acquire/renew loops (JitterUntil with factor 1.2; RenewDeadline).
import { describe, expect, it } from 'vitest';
import type { HttpRequest, HttpResponse } from '../api/http';
import { rfc3339Micro } from '../api/time';
import type { Lease } from '../api/types';
import { createClient, type ClientEvent } from '../client/apiclient';
import { RecordingEffects } from '../kernel/recording-effects';
import type { Millis } from '../kernel/units';
import {
  createLeaderElector,
  LEADER_ELECTION_TIMER,
  leaderElectionOnClientEvent,
  leaderElectionOnTimer,
  leaderElectionStart,
  newUUID,
  type LeaderElectionConfig,
  type LeaderTransition,
} from './leaderelection';

const CONFIG: LeaderElectionConfig = {
  lockNamespace: 'kube-system',
  lockName: 'kube-scheduler',
  leaseDurationMs: 15_000,
  renewDeadlineMs: 10_000,
  retryPeriodMs: 2_000,
  eventComponent: 'default-scheduler',
};

function otherLease(renewMs: number, holder = 'control-plane_other'): Lease {
  return {
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    metadata: { name: 'kube-scheduler', namespace: 'kube-system', resourceVersion: '7', uid: 'lease-uid' },
    spec: { holderIdentity: holder, leaseDurationSeconds: 15, acquireTime: rfc3339Micro(0), renewTime: rfc3339Micro(renewMs), leaseTransitions: 3 },
  };
}

function setup() {
  const ctx = new RecordingEffects({ self: 'kube-scheduler', host: 'control-plane' });
  const client = createClient({ apiserver: 'kube-apiserver', credentials: {}, userAgent: 'test', timeoutMs: 30_000 });
  const le = createLeaderElector(CONFIG, ctx);
  /** The last lease request sent. */
  const last = (): HttpRequest => ctx.sent.map((m) => m.body as HttpRequest).filter((b) => b.type === 'http.request' && b.path.includes('/leases')).at(-1)!;
  /** Answer the oldest pending lease call. */
  const answer = (status: number, body: unknown): LeaderTransition | undefined => {
    const call = [...client.pending.values()].find((c) => c.purpose === 'leaderelection')!;
    client.pending.delete(call.id);
    const response = { type: 'http.response', requestId: call.id, status, body } as HttpResponse;
    const ev: ClientEvent = { kind: 'response', call, response };
    return leaderElectionOnClientEvent(le, ctx, client, ev);
  };
  const fire = (): LeaderTransition | undefined => leaderElectionOnTimer(le, ctx, client, { id: 1, name: LEADER_ELECTION_TIMER, payload: undefined } as never);
  const at = (ms: number): void => {
    ctx.now = ms as Millis;
  };
  return { ctx, client, le, last, answer, fire, at };
}

const notFound = { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'NotFound', code: 404, message: 'leases.coordination.k8s.io "kube-scheduler" not found' };

describe('leader elector', () => {
  it('names itself <hostname>_<uuid>', () => {
    const { le } = setup();
    expect(le.identity).toMatch(/^control-plane_[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newUUID(() => 0)).toBe('00000000-0000-4000-8000-000000000000');
  });

  it('creates the Lease when there is none and becomes leader', () => {
    const { ctx, client, le, last, answer } = setup();
    leaderElectionStart(le, ctx, client);
    expect(ctx.logs).toEqual(['attempting to acquire leader lease kube-system/kube-scheduler...']);
    expect(last().method).toBe('GET');
    answer(404, notFound);
    const create = last();
    expect(create.method).toBe('POST');
    expect(create.path).toBe('/apis/coordination.k8s.io/v1/namespaces/kube-system/leases');
    expect((create.body as Lease).spec).toEqual({ holderIdentity: le.identity, leaseDurationSeconds: 15, acquireTime: rfc3339Micro(0), renewTime: rfc3339Micro(0), leaseTransitions: 0 });
    const t = answer(201, { ...(create.body as Lease), metadata: { ...(create.body as Lease).metadata, resourceVersion: '9' } });
    expect(t).toBe('started-leading');
    expect(ctx.logs.at(-1)).toBe('successfully acquired lease kube-system/kube-scheduler');
    const event = ctx.sent.map((m) => m.body as HttpRequest).find((b) => b.path === '/api/v1/namespaces/kube-system/events')!;
    expect((event.body as { reason: string; message: string }).reason).toBe('LeaderElection');
    expect((event.body as { message: string }).message).toBe(`${le.identity} became leader`);
    // renew starts at once with the fast path: a PUT of the Lease last written.
    expect(last().method).toBe('PUT');
    expect((last().body as Lease).metadata.resourceVersion).toBe('9');
  });

  it('waits while another holder\'s Lease is valid by the time it was observed, then takes it', () => {
    const { ctx, client, le, last, answer, fire, at } = setup();
    at(20_000);
    leaderElectionStart(le, ctx, client);
    // renewTime is long past, but the record is new to this candidate: 15 s from now.
    expect(answer(200, otherLease(0))).toBe('none');
    const retry = ctx.timers.at(-1)!;
    expect(retry.name).toBe(LEADER_ELECTION_TIMER);
    // JitterUntil: RetryPeriod + rand x 1.2 x RetryPeriod (rand 0.5 here).
    expect(retry.afterMs).toBe(3_200);
    at(34_000);
    fire();
    expect(answer(200, otherLease(0))).toBe('none');
    at(35_001);
    fire();
    expect(answer(200, otherLease(0))).toBe('none');
    const update = last();
    expect(update.method).toBe('PUT');
    expect((update.body as Lease).spec.holderIdentity).toBe(le.identity);
    expect((update.body as Lease).spec.leaseTransitions).toBe(4);
    expect((update.body as Lease).metadata.resourceVersion).toBe('7');
  });

  it('stops leading when no renewal succeeds within the renew deadline', () => {
    const { ctx, client, le, answer, fire, at } = setup();
    leaderElectionStart(le, ctx, client);
    answer(404, notFound);
    answer(201, otherLease(0, le.identity));
    // The first renewal window: the fast-path PUT fails, the GET fails, again every 2 s.
    const conflict = { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'InternalError', code: 500, message: 'etcdserver: request timed out' };
    let t: LeaderTransition | undefined = 'none';
    for (let now = 0; now < 10_000 && t === 'none'; now += 2_000) {
      at(now);
      if (now > 0) fire();
      if (now === 0) answer(500, conflict);
      t = answer(500, conflict);
    }
    expect(t).toBe('none');
    at(10_000);
    expect(fire()).toBe('stopped-leading');
    expect(le.phase).toBe('lost');
  });
});
