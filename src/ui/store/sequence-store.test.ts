// Issue 11, "One UI store built from slices": the Request tab's book of requests is a slice of the
// one store, fed from the frames' trace by sequence/collect.ts. The book's logs grow in place while
// immer deep-freezes the state after every change through a draft; the slice keeps them writable.

import { describe, expect, it } from 'vitest';
import type { FrameBatch, TraceRecord } from '../../protocol/view';
import { startCollecting } from '../sequence/collect';
import { findRequest } from '../sequence/requests';
import { useAppStore, useSequenceStore, useSimStore, useUiStore } from './app-store';

const frame = (over: Partial<FrameBatch>): FrameBatch => ({
  type: 'frame',
  clock: { time: 1000, playing: false, speed: 1 },
  checkpoint: { time: 1000, events: 1, records: 1, commands: 0, traceHash: '0123456789abcdef' },
  hosts: { added: [], updated: [], removed: [] },
  components: { added: [], updated: [], removed: [] },
  objects: { added: [], updated: [], removed: [] },
  trace: [],
  inFlight: { added: [], removed: [] },
  partitions: [],
  outputs: [],
  ...over,
});
const rec = (id: number, cause: number | null, over: Partial<TraceRecord> = {}): TraceRecord => ({
  id,
  time: id as TraceRecord['time'],
  kind: 'message',
  type: 'http.request',
  from: 'kubectl',
  to: 'kube-apiserver',
  summary: `#${id}`,
  phase: 'persistence',
  cause,
  ...over,
});
const command = (id: number) => rec(id, null, { type: 'cli.exec', from: 'user', to: 'kubectl', phase: 'user', summary: '$ kubectl run web --image=nginx:1.25' });
const ids = (root: number) => findRequest(useSequenceStore.getState().requestBook, root)?.records.map((r) => r.id);

describe('the Request tab\'s book as a slice of the one store', () => {
  it('is the same store as the other slices, under its old hook name', () => {
    expect(useSequenceStore).toBe(useAppStore);
    expect(useSequenceStore.getState().requestBook.requests).toEqual([]);
  });

  it('collects a command and its chain from the frames, and keeps growing it after other slices changed the store through immer', () => {
    startCollecting();
    const sim = useSimStore.getState();
    sim.applyBatch(frame({ trace: [command(10), rec(11, 10)] }), 0);
    expect(ids(10)).toEqual([10, 11]);
    // Changes through a draft (immer deep-freezes the state they finish with).
    useUiStore.getState().setDockTab('sequence');
    sim.applyBatch(frame({ trace: [rec(12, 11), rec(13, null)] }), 0);
    useUiStore.getState().setDockTab('events');
    sim.applyBatch(frame({ trace: [rec(14, 12)] }), 0);
    expect(ids(10)).toEqual([10, 11, 12, 14]);
    expect(findRequest(useSequenceStore.getState().requestBook, 10)!.version).toBe(3);
  });

  it('gives a new book when a followed chain grows (so the diagram redraws) and none for records of other chains', () => {
    const sim = useSimStore.getState();
    const before = useSequenceStore.getState().requestBook;
    sim.applyBatch(frame({ trace: [rec(20, null, { type: 'raft.message', from: 'etcd/etcd-1', to: 'etcd/etcd-2' })] }), 0);
    expect(useSequenceStore.getState().requestBook).toBe(before);
    sim.applyBatch(frame({ trace: [rec(21, 14)] }), 0);
    expect(useSequenceStore.getState().requestBook).not.toBe(before);
    expect(ids(10)).toEqual([10, 11, 12, 14, 21]);
    // Record 20 was seen: a window that holds it again adds nothing.
    sim.applyBatch(frame({ trace: [rec(20, 10), rec(22, 21)] }), 0);
    expect(ids(10)).toEqual([10, 11, 12, 14, 21, 22]);
  });

  it('starts again from a reset frame (a seek back in time replaced the past)', () => {
    const sim = useSimStore.getState();
    sim.applyBatch(frame({ reset: true, trace: [command(5), rec(6, 5)] }), 0);
    expect(useSequenceStore.getState().requestBook.requests.map((q) => q.root.id)).toEqual([5]);
    expect(ids(5)).toEqual([5, 6]);
  });
});
