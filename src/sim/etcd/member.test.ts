// The etcd member driven with plain messages and a RecordingEffects, as etcd-io/raft's tests drive
// Step and read Ready.
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMINGS } from '../config';
import { RecordingEffects, testMessage } from '../kernel/recording-effects';
import { etcdMember, type EtcdDataDir, type EtcdMemberState } from './member';
import {
  cmpModRevision,
  etcdRequest,
  opPut,
  opRange,
  opTxn,
  opWatchCancel,
  opWatchProgress,
  opWatchPrefix,
  opStatus,
  opMemberList,
  type EtcdRequest,
  type EtcdResponseBody,
  type EtcdWatchBody,
} from './protocol';
import { memberIdOf } from './identity';

const config = { name: 'etcd-1', peers: ['etcd/etcd-1'], timings: DEFAULT_TIMINGS };
let nextId = 1;

function boot(persisted?: unknown): { s: EtcdMemberState; ctx: RecordingEffects } {
  const ctx = new RecordingEffects({ self: 'etcd/etcd-1', host: 'control-plane' });
  const s = etcdMember.start(ctx, { config, persisted, incarnation: persisted ? 2 : 1 });
  ctx.clear();
  return { s, ctx };
}

function send(s: EtcdMemberState, ctx: RecordingEffects, req: EtcdRequest, opts: Parameters<typeof testMessage>[1] = {}) {
  const msg = testMessage(etcdRequest(req), { id: nextId++, from: 'kube-apiserver', ...opts });
  etcdMember.onMessage(s, msg, ctx);
  return msg;
}

const responses = (ctx: RecordingEffects) => ctx.sent.filter((m) => m.body.type === 'etcd.response').map((m) => m.body as EtcdResponseBody);
const watches = (ctx: RecordingEffects) => ctx.sent.filter((m) => m.body.type === 'etcd.watch');

describe('etcd member', () => {
  it('answers a put with the new revision and its own member id, term 1', () => {
    const { s, ctx } = boot();
    const msg = send(s, ctx, opPut('/registry/pods/default/web', { kind: 'Pod' }), { phase: 'persistence' });
    const [res] = responses(ctx);
    expect(res).toEqual({
      type: 'etcd.response',
      requestId: msg.id,
      header: { clusterId: s.clusterId, memberId: memberIdOf('etcd-1'), revision: 2, raftTerm: 1 },
      result: { op: 'put' },
    });
    expect(s.memberId).toMatch(/^[0-9a-f]{16}$/);
    expect(ctx.sent[0]!.meta).toMatchObject({ summary: 'OK rev 2', phase: 'persistence' });
  });

  it('answers the create txn the apiserver sends, and its failure on a second create', () => {
    const { s, ctx } = boot();
    const key = '/registry/pods/default/web';
    const create = opTxn([cmpModRevision(key, '=', 0)], [opPut(key, { kind: 'Pod' })], [opRange(key)]);
    send(s, ctx, create);
    send(s, ctx, create);
    expect(responses(ctx).map((r) => r.result && r.result.op === 'txn' && r.result.succeeded)).toEqual([true, false]);
  });

  it('answers errors with the real etcd text', () => {
    const { s, ctx } = boot();
    send(s, ctx, opPut('/big', 'x'.repeat(2 * 1024 * 1024)));
    send(s, ctx, opRange('/a', { revision: 100 }));
    expect(responses(ctx).map((r) => r.error?.message)).toEqual([
      'etcdserver: request is too large',
      'etcdserver: mvcc: required revision is a future revision',
    ]);
  });

  it('streams watch events on the watch stream, in the heartbeat phase for lease renewals', () => {
    const { s, ctx } = boot();
    const w = send(s, ctx, opWatchPrefix('/registry/'), { id: 500, stream: 500 });
    expect(watches(ctx)[0]!.body).toMatchObject({ type: 'etcd.watch', watchId: 500, created: true, events: [] });
    expect(watches(ctx)[0]!.meta.stream).toBe(w.id);
    ctx.clear();
    send(s, ctx, opPut('/registry/pods/default/web', { kind: 'Pod' }), { phase: 'persistence', object: { kind: 'pod', name: 'web', namespace: 'default' } });
    send(s, ctx, opPut('/registry/leases/kube-node-lease/worker-1', { kind: 'Lease' }), { phase: 'heartbeat' });
    const ws = watches(ctx);
    expect(ws.map((m) => [m.meta.phase, m.meta.summary, m.meta.stream])).toEqual([
      ['watch', 'PUT /registry/pods/default/web rev 2', 500],
      ['heartbeat', 'PUT /registry/leases/kube-node-lease/worker-1 rev 3', 500],
    ]);
    expect(ws[0]!.meta.object).toEqual({ kind: 'pod', name: 'web', namespace: 'default' });
    expect(ws[0]!.to).toEqual({ process: 'kube-apiserver', incarnation: 1 });
  });

  it('replays history to a watch from an old revision and cancels one from a compacted revision', () => {
    const { s, ctx } = boot();
    for (let i = 0; i < 4; i++) send(s, ctx, opPut('/registry/pods/default/web', { kind: 'Pod', i }));
    send(s, ctx, { op: 'compact', revision: 4 });
    ctx.clear();
    send(s, ctx, opWatchPrefix('/registry/', { startRevision: 4 }), { id: 600, stream: 600 });
    expect(watches(ctx).map((m) => (m.body as EtcdWatchBody).events.map((e) => e.kv.modRevision))).toEqual([[], [4, 5]]);
    ctx.clear();
    send(s, ctx, opWatchPrefix('/registry/', { startRevision: 2 }), { id: 601, stream: 601 });
    expect(watches(ctx)[0]!.body).toMatchObject({ canceled: true, compactRevision: 4, cancelReason: 'mvcc: required revision has been compacted' });
    expect(ctx.closed).toEqual([601]);
  });

  it('forgets a watch when it is cancelled or its stream closes', () => {
    const { s, ctx } = boot();
    send(s, ctx, opWatchPrefix('/a/'), { id: 700, stream: 700 });
    send(s, ctx, opWatchPrefix('/b/'), { id: 701, stream: 701 });
    send(s, ctx, opWatchCancel(700));
    expect(ctx.closed).toEqual([700]);
    etcdMember.onMessage(s, testMessage({ type: 'stream.closed', stream: 701 }), ctx);
    expect(s.watches.watchers.size).toBe(0);
  });

  it('answers a progress request with an event-less message carrying the current revision', () => {
    const { s, ctx } = boot();
    send(s, ctx, opPut('/a', 'x'));
    send(s, ctx, opWatchPrefix('/registry/'), { id: 900, stream: 900 });
    ctx.clear();
    send(s, ctx, opWatchProgress(900));
    expect(ctx.sent).toHaveLength(1);
    expect(ctx.sent[0]!.body).toMatchObject({ type: 'etcd.watch', watchId: 900, events: [], header: { revision: 2 } });
    expect(ctx.sent[0]!.meta).toMatchObject({ stream: 900, summary: 'progress rev 2' });
  });

  it('keeps its data across a restart but not its watches', () => {
    const first = boot();
    const ctx0 = new RecordingEffects();
    const s0 = etcdMember.start(ctx0, { config, persisted: undefined, incarnation: 1 });
    const dataDir = ctx0.persisted as EtcdDataDir;
    expect(dataDir.store).toBe(s0.store);
    send(s0, ctx0, opPut('/a', 'x'));
    send(s0, ctx0, opWatchPrefix('/'), { id: 800, stream: 800 });
    const { s, ctx } = boot(dataDir);
    expect(s.store.revision).toBe(2);
    expect(s.watches.watchers.size).toBe(0);
    send(s, ctx, opRange('/a'));
    expect(responses(ctx)[0]!.result).toMatchObject({ op: 'range', count: 1 });
    expect(first.s.memberId).toBe(s.memberId);
  });

  it('logs its start in etcd zap style', () => {
    const ctx = new RecordingEffects();
    etcdMember.start(ctx, { config, persisted: undefined, incarnation: 1 });
    const first = JSON.parse(ctx.logs[0]!) as Record<string, unknown>;
    expect(first).toMatchObject({ level: 'info', msg: 'starting an etcd server', name: 'etcd-1' });
    expect(first.ts).toBe('2024-08-13T09:00:00.000000Z');
  });

  it('alone, commits without Raft: no peer message, no tick timer', () => {
    const ctx = new RecordingEffects({ self: 'etcd/etcd-1', host: 'control-plane' });
    const s = etcdMember.start(ctx, { config, persisted: undefined, incarnation: 1 });
    send(s, ctx, opPut('/registry/pods/default/web', { kind: 'Pod' }));
    expect(ctx.timers).toEqual([]);
    expect(ctx.sent.map((m) => m.body.type)).toEqual(['etcd.response']);
    expect(s.raft).toBeUndefined();
  });

  it('answers Status and MemberList from its own state, as etcdctl endpoint status and member list read them', () => {
    const { s, ctx } = boot();
    s.addresses = { 'etcd-1': '10.0.0.10' };
    send(s, ctx, opStatus());
    send(s, ctx, opMemberList());
    const [status, members] = responses(ctx);
    expect(status!.result).toMatchObject({ op: 'status', version: '3.5.15', leader: memberIdOf('etcd-1'), raftTerm: 1, isLearner: false, errors: [] });
    expect(members!.result).toEqual({
      op: 'memberList',
      members: [{ id: memberIdOf('etcd-1'), name: 'etcd-1', peerURLs: ['https://10.0.0.10:2380'], clientURLs: ['https://10.0.0.10:2379'], isLearner: false }],
    });
  });

  it('in a cluster, starts as a follower of no leader that ticks every heartbeat interval (100 ms)', () => {
    const ctx = new RecordingEffects({ self: 'etcd/etcd-1', host: 'etcd-1' });
    const peers = ['etcd/etcd-1', 'etcd/etcd-2', 'etcd/etcd-3'];
    const s = etcdMember.start(ctx, { config: { ...config, peers }, persisted: undefined, incarnation: 1 });
    expect(s.raft!.raftState).toBe('StateFollower');
    expect(s.raft!.lead).toBe('');
    expect(ctx.timers.map((t) => [t.name, t.afterMs])).toEqual([['raft.tick', 100]]);
    // A write with no leader known waits (raft's node takes no proposal then) until etcd's request timeout.
    ctx.clear();
    send(s, ctx, opPut('/k', 'v'));
    expect(ctx.sent).toEqual([]);
    expect(ctx.timers.map((t) => [t.name, t.afterMs])).toEqual([['etcd.request.timeout', 7000]]);
    const persisted = ctx.persisted as EtcdDataDir;
    expect(persisted.raft).toBeDefined();
  });
});
