import { describe, expect, it } from 'vitest';
import type { MessageView, TraceRecord } from '../../protocol/view';
import { keepLatest, latestEtcdPeer } from './sim-store';

const rec = (id: number, from: string, to: string, kind: TraceRecord['kind'] = 'message'): TraceRecord => ({ id, time: id as TraceRecord['time'], kind, type: 'etcd.request', from, to, summary: 'Txn', phase: 'persistence', cause: null });
const msg = (id: number, from: string, to: string): MessageView => ({ id, from, to, type: 'etcd.request', summary: 'Txn', phase: 'persistence', sentAt: id, deliverAt: id + 1 });

describe('keepLatest', () => {
  it.each([
    [[1, 2, 3], [4], 10, [1, 2, 3, 4]],
    [[1, 2, 3], [4, 5], 3, [3, 4, 5]],
    [[1, 2], [3, 4, 5, 6], 3, [4, 5, 6]],
    [[], [], 3, []],
  ])('keeps the latest of %j then %j, at most %i', (older, newer, keep, want) => {
    expect(keepLatest(older, newer, keep)).toEqual(want);
  });
});

describe('latestEtcdPeer', () => {
  it('is the etcd member the apiserver sent its newest message to, in flight or traced', () => {
    const trace = [rec(5, 'kube-apiserver', 'etcd/etcd-1'), rec(7, 'kube-apiserver', 'etcd/etcd-2'), rec(8, 'etcd/etcd-2', 'etcd/etcd-3')];
    expect(latestEtcdPeer({ trace, inFlight: [] })).toBe('etcd/etcd-2');
    expect(latestEtcdPeer({ trace, inFlight: [msg(9, 'kube-apiserver', 'etcd/etcd-3')] })).toBe('etcd/etcd-3');
  });

  it('ignores timers and other senders, and is undefined when the apiserver sent nothing to etcd', () => {
    expect(latestEtcdPeer({ trace: [rec(3, 'kube-apiserver', 'etcd/etcd-1', 'timer'), rec(4, 'kubectl', 'kube-apiserver')], inFlight: [] })).toBeUndefined();
  });
});
