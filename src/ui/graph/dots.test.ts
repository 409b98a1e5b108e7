import { describe, expect, it } from 'vitest';
import type { MessageView } from '../../protocol/view';
import { computeDots, progressOf } from './dots';

const msg = (id: number, over: Partial<MessageView> = {}): MessageView => ({
  id,
  from: 'kubectl',
  to: 'kube-apiserver',
  type: 'http.request',
  summary: 'POST /api/v1/namespaces/default/pods',
  phase: 'persistence',
  sentAt: 100,
  deliverAt: 200,
  ...over,
});
const all = { hideHeartbeats: false, hideRaft: false };

describe('progressOf', () => {
  it('is (now - sentAt) / (deliverAt - sentAt), clamped to 0..1', () => {
    expect(progressOf(msg(1), 150)).toBe(0.5);
    expect(progressOf(msg(1), 50)).toBe(0);
    expect(progressOf(msg(1), 500)).toBe(1);
    expect(progressOf(msg(1, { deliverAt: 100 }), 100)).toBe(1);
  });
});

describe('computeDots', () => {
  it('draws one dot per message with its phase and summary', () => {
    const d = computeDots([msg(1), msg(2, { from: 'kube-apiserver', to: 'etcd/etcd-1', summary: 'PUT /registry/pods/default/web' })], 150, all);
    expect(d.map((x) => [x.key, x.progress, x.summary])).toEqual([
      ['m1', 0.5, 'POST /api/v1/namespaces/default/pods'],
      ['m2', 0.5, 'PUT /registry/pods/default/web'],
    ]);
  });

  it('hides heartbeats and raft traffic when the filters say so', () => {
    const ms = [msg(1), msg(2, { phase: 'heartbeat' }), msg(3, { phase: 'raft', from: 'etcd/etcd-1', to: 'etcd/etcd-2' })];
    expect(computeDots(ms, 150, { hideHeartbeats: true, hideRaft: false }).map((d) => d.key)).toEqual(['m1', 'm3']);
    expect(computeDots(ms, 150, { hideHeartbeats: false, hideRaft: true }).map((d) => d.key)).toEqual(['m1', 'm2']);
  });

  it('merges the dots of one type on a crowded edge into one dot with a count', () => {
    const ms = Array.from({ length: 10 }, (_, i) => msg(i + 1, { type: 'watch.event', phase: 'watch', sentAt: 100 + i * 10, deliverAt: 300 }));
    ms.push(msg(99, { type: 'http.request' }));
    const d = computeDots(ms, 200, all);
    expect(d).toHaveLength(2);
    const merged = d.find((x) => x.count > 1)!;
    expect(merged.count).toBe(10);
    expect(merged.key).toBe('kubectl>kube-apiserver>watch.event');
    expect(merged.summary).toMatch(/^10 × watch\.event/);
    expect(d.find((x) => x.count === 1)!.key).toBe('m99');
  });

  it('keeps dots on a quiet edge separate even when another edge is crowded', () => {
    const crowded = Array.from({ length: 9 }, (_, i) => msg(i + 1));
    const quiet = [msg(50, { to: 'x' }), msg(51, { to: 'x' })];
    const d = computeDots([...crowded, ...quiet], 150, all);
    expect(d.filter((x) => x.to === 'x')).toHaveLength(2);
    expect(d.filter((x) => x.to === 'kube-apiserver')).toHaveLength(1);
  });
});

describe('computeDots with the Raft filters', () => {
  const raft = (id: number, summary: string) => msg(id, { from: 'etcd/etcd-1', to: 'etcd/etcd-2', type: 'raft.message', phase: 'raft', summary });
  const msgs = [raft(1, 'MsgApp term 3 index 41 +1 entries commit 40'), raft(2, 'MsgVote term 4'), raft(3, 'MsgPreVote term 5'), raft(4, 'MsgHeartbeat term 3')];

  it.each([
    [['heartbeat'], ['MsgApp', 'MsgVote', 'MsgPreVote']],
    [['app', 'vote'], ['MsgHeartbeat']],
    [[], ['MsgApp', 'MsgVote', 'MsgPreVote', 'MsgHeartbeat']],
  ] as const)('hiding %j leaves %j', (hidden, shown) => {
    const d = computeDots(msgs, 150, { ...all, hideRaftKinds: hidden });
    expect(d.map((x) => x.summary.split(' ')[0])).toEqual(shown);
  });
});

