import { describe, expect, it, vi } from 'vitest';
import type { FrameBatch, MessageView, ObjectView, TraceRecord } from '../../protocol/view';
import { HOLD_ABOVE, OBJECTS_EVERY_MS } from './objects-hold';
import { applyInFlight, keepLatest, latestEtcdPeer } from './sim-store';
import { useSimStore } from './app-store';

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

  it.each([
    [[1, 2, 3], [4], 3, 1, [1, 2, 3, 4]],
    [[1, 2, 3, 4], [5], 3, 1, [3, 4, 5]],
    [[1, 2], [3, 4, 5, 6, 7], 3, 1, [5, 6, 7]],
  ])('with a slack, lets %j then %j grow to %i + %i before cutting back', (older, newer, keep, slack, want) => {
    expect(keepLatest(older, newer, keep, slack)).toEqual(want);
  });
});

describe('latestEtcdPeer', () => {
  it('is the etcd member the apiserver sent its newest message to, in flight or traced', () => {
    const trace = [rec(5, 'kube-apiserver', 'etcd/etcd-1'), rec(7, 'kube-apiserver', 'etcd/etcd-2'), rec(8, 'etcd/etcd-2', 'etcd/etcd-3')];
    expect(latestEtcdPeer({ trace, inFlight: { added: [], removed: [] } })).toBe('etcd/etcd-2');
    expect(latestEtcdPeer({ trace, inFlight: { added: [msg(9, 'kube-apiserver', 'etcd/etcd-3')], removed: [] } })).toBe('etcd/etcd-3');
  });

  it('ignores timers and other senders, and is undefined when the apiserver sent nothing to etcd', () => {
    expect(latestEtcdPeer({ trace: [rec(3, 'kube-apiserver', 'etcd/etcd-1', 'timer'), rec(4, 'kubectl', 'kube-apiserver')], inFlight: { added: [], removed: [] } })).toBeUndefined();
  });
});

// Issue 11: "the worker sends at most one batch per animation frame": a frame says which messages
// were sent and which delivered since the last one (src/protocol/view.ts InFlightPatch), not all of them.
describe('applyInFlight', () => {
  const ids = (ms: readonly MessageView[]) => ms.map((m) => m.id);
  const a = msg(1, 'kubectl', 'kube-apiserver');
  const b = msg(2, 'kube-apiserver', 'etcd/etcd-1');
  const c = msg(3, 'etcd/etcd-1', 'kube-apiserver');

  it('adds the messages sent and drops the delivered ones, oldest first', () => {
    expect(ids(applyInFlight([a, b], { added: [c], removed: [1] }))).toEqual([2, 3]);
    expect(ids(applyInFlight([], { added: [a, b, c], removed: [] }))).toEqual([1, 2, 3]);
    expect(ids(applyInFlight([a, b, c], { added: [], removed: [3, 1] }))).toEqual([2]);
  });

  it('replaces a message sent again with another delivery time, keeping the order by id', () => {
    const later = { ...a, deliverAt: 50 };
    const out = applyInFlight([a, b, c], { added: [later], removed: [] });
    expect(ids(out)).toEqual([1, 2, 3]);
    expect(out[0]!.deliverAt).toBe(50);
  });

  it('returns the same array when nothing changed and a new one otherwise, never changing its input', () => {
    const was = Object.freeze([a, b]) as readonly MessageView[];
    expect(applyInFlight(was, { added: [], removed: [] })).toBe(was);
    expect(applyInFlight(was, { added: [], removed: [9] })).not.toBe(was);
    expect(ids(was)).toEqual([1, 2]);
  });

  it("keeps the store's messages across frames that carry only their changes", () => {
    const sim = useSimStore.getState();
    sim.reset();
    const f = (added: MessageView[], removed: number[]): FrameBatch => ({
      type: 'frame',
      clock: { time: 1, playing: true, speed: 1 },
      checkpoint: { time: 1, events: 1, records: 1, commands: 0, traceHash: '0123456789abcdef' },
      hosts: { added: [], updated: [], removed: [] },
      components: { added: [], updated: [], removed: [] },
      objects: { added: [], updated: [], removed: [] },
      trace: [],
      inFlight: { added, removed },
      partitions: [],
      outputs: [],
    });
    sim.applyBatch(f([a, b], []), 0);
    const first = useSimStore.getState().inFlight;
    sim.applyBatch(f([], []), 0);
    expect(useSimStore.getState().inFlight).toBe(first);
    sim.applyBatch(f([c], [1]), 0);
    expect(ids(useSimStore.getState().inFlight)).toEqual([2, 3]);
    sim.applyBatch({ ...f([a], []), reset: true }, 0);
    expect(ids(useSimStore.getState().inFlight)).toEqual([1]);
  });

  it('keeps the last measured batch size when a frame comes unmeasured (bytes 0)', () => {
    const sim = useSimStore.getState();
    sim.reset();
    const f: FrameBatch = {
      type: 'frame',
      clock: { time: 1, playing: true, speed: 1 },
      checkpoint: { time: 1, events: 1, records: 1, commands: 0, traceHash: '0123456789abcdef' },
      hosts: { added: [], updated: [], removed: [] },
      components: { added: [], updated: [], removed: [] },
      objects: { added: [], updated: [], removed: [] },
      trace: [],
      inFlight: { added: [], removed: [] },
      partitions: [],
      outputs: [],
    };
    sim.applyBatch(f, 1234);
    sim.applyBatch(f, 0);
    expect(useSimStore.getState().lastBatchBytes).toBe(1234);
  });
});

describe('applyBatch with a reset frame (a seek went back in time)', () => {
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
  const obj = (id: string) => ({ id, kind: 'Pod', namespace: 'default', name: id, resourceVersion: '1', object: {} });
  const out = (line: string) => ({ time: 0, line, stdout: '', stderr: '', exitCode: 0 });

  it('replaces objects, trace and outputs instead of patching them, and counts the reset', () => {
    const sim = useSimStore.getState();
    sim.reset();
    sim.applyBatch(frame({ objects: { added: [obj('a'), obj('b')], updated: [], removed: [] }, outputs: [out('one'), out('two')], trace: [rec(1, 'a', 'b')] }), 0);
    expect(Object.keys(useSimStore.getState().objects)).toEqual(['a', 'b']);
    const epoch = useSimStore.getState().resetEpoch;
    sim.applyBatch(
      frame({ reset: true, objects: { added: [obj('a')], updated: [], removed: [] }, outputs: [out('one')], clock: { time: 400, playing: false, speed: 1 } }),
      0,
    );
    const s = useSimStore.getState();
    expect(Object.keys(s.objects)).toEqual(['a']);
    expect(s.outputs.map((o) => o.line)).toEqual(['one']);
    expect(s.trace).toEqual([]);
    expect(s.clock.time).toBe(400);
    expect(s.resetEpoch).toBe(epoch + 1);
  });

  it('keeps the trace hash, the timeline and a replay from the frames, and the reset count across a new scenario', () => {
    const sim = useSimStore.getState();
    sim.applyBatch(frame({ timeline: { end: 5000, snapshots: [0], marks: [] }, replay: { time: 100, target: 5000 } }), 0);
    expect(useSimStore.getState()).toMatchObject({ traceHash: '0123456789abcdef', timeline: { end: 5000 }, replay: { time: 100, target: 5000 } });
    // A frame with no `replay` means the replay is over; one with no `timeline` leaves it as it was.
    sim.applyBatch(frame({}), 0);
    expect(useSimStore.getState().replay).toBeNull();
    expect(useSimStore.getState().timeline?.end).toBe(5000);
    const epoch = useSimStore.getState().resetEpoch;
    sim.reset();
    expect(useSimStore.getState()).toMatchObject({ resetEpoch: epoch, timeline: null, traceHash: '' });
  });

  it('keeps the scenario progress a frame carries until the next one that carries it, replaces it on a reset frame, and forgets it for a new scenario', () => {
    const sim = useSimStore.getState();
    const progress = (passed: number, pending: number) => ({ name: 't', steps: [], recorded: 0, passed, failed: 0, pending, errors: 0, done: pending === 0 });
    sim.applyBatch(frame({ progress: progress(0, 2) }), 0);
    sim.applyBatch(frame({}), 0);
    expect(useSimStore.getState().progress).toMatchObject({ passed: 0, pending: 2 });
    sim.applyBatch(frame({ progress: progress(2, 0) }), 0);
    expect(useSimStore.getState().progress).toMatchObject({ passed: 2, done: true });
    sim.applyBatch(frame({ reset: true, progress: progress(1, 1) }), 0);
    expect(useSimStore.getState().progress).toMatchObject({ passed: 1, pending: 1 });
    sim.setLoaded('other', []);
    expect(useSimStore.getState().progress).toBeNull();
  });

  it('keeps the kubectl vocabulary the worker sent with loaded, for Tab completion', () => {
    const vocabulary = { verbs: [{ name: 'get', flags: ['-o'] }], globalFlags: ['-n'], valueFlags: ['-n', '-o'], kinds: [] };
    useSimStore.getState().setLoaded('default', [], vocabulary);
    expect(useSimStore.getState().vocabulary).toEqual(vocabulary);
    useSimStore.getState().setLoaded('again', []);
    expect(useSimStore.getState().vocabulary).toEqual(vocabulary);
  });
});

// Issue 11: at 50 workers the objects table (3,700 entries) was copied on nearly every frame; past
// HOLD_ABOVE objects the changes of OBJECTS_EVERY_MS reach it together (objects-hold.ts).
describe('a big objects table', () => {
  const pod = (id: string, rv = '1'): ObjectView => ({ id, kind: 'Pod', namespace: 'default', name: id, resourceVersion: rv, object: {} });
  const f = (objects: Partial<FrameBatch['objects']>, reset = false): FrameBatch => ({
    type: 'frame',
    clock: { time: 1, playing: true, speed: 1 },
    checkpoint: { time: 1, events: 1, records: 1, commands: 0, traceHash: '0123456789abcdef' },
    hosts: { added: [], updated: [], removed: [] },
    components: { added: [], updated: [], removed: [] },
    objects: { added: [], updated: [], removed: [], ...objects },
    trace: [],
    inFlight: { added: [], removed: [] },
    partitions: [],
    outputs: [],
    ...(reset && { reset: true as const }),
  });

  it('gets the changes of a frame within OBJECTS_EVERY_MS of the last ones by the timer, together', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      const sim = useSimStore.getState();
      sim.reset();
      const many = Array.from({ length: HOLD_ABOVE + 1 }, (_, i) => pod(`pods/default/p${i}`));
      sim.applyBatch(f({ added: many }, true), 0);
      const first = useSimStore.getState().objects;
      vi.advanceTimersByTime(16);
      sim.applyBatch(f({ updated: [pod('pods/default/p1', '2')] }), 0);
      vi.advanceTimersByTime(16);
      sim.applyBatch(f({ removed: ['pods/default/p2'] }), 0);
      expect(useSimStore.getState().objects).toBe(first);
      vi.advanceTimersByTime(OBJECTS_EVERY_MS);
      const later = useSimStore.getState().objects;
      expect(later['pods/default/p1']!.resourceVersion).toBe('2');
      expect(later['pods/default/p2']).toBeUndefined();
      // A small table follows every frame.
      sim.applyBatch(f({ added: [pod('pods/default/a')] }, true), 0);
      sim.applyBatch(f({ added: [pod('pods/default/b')] }), 0);
      expect(Object.keys(useSimStore.getState().objects)).toEqual(['pods/default/a', 'pods/default/b']);
    } finally {
      vi.useRealTimers();
    }
  });
});
