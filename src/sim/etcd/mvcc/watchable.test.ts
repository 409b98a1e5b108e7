// Watch semantics from https://etcd.io/docs/v3.5/learning/api/#watch-api and api_guarantees:
// watches deliver every change in revision order, may start from a past revision (history is
// replayed), and a start revision below the compacted one cancels the watch with compact_revision.
import { describe, expect, it } from 'vitest';
import { apply } from '../apply';
import { opCompact, opDelete, opPut, opWatch, opWatchPrefix } from '../protocol';
import { newStore } from './kvstore';
import { cancelWatch, createWatch, matchEvents, newWatcherRegistry } from './watchable';

const client = { process: 'kube-apiserver', incarnation: 1 };

describe('watchable store', () => {
  it('replays history from a past start revision in revision order, filtered by the range', () => {
    const s = newStore();
    apply(s, opPut('/registry/pods/default/a', 'a1')); // 2
    apply(s, opPut('/registry/nodes/n1', 'n')); // 3
    apply(s, opPut('/registry/pods/default/a', 'a2')); // 4
    apply(s, opDelete('/registry/pods/default/a')); // 5
    const reg = newWatcherRegistry();
    const out = createWatch(reg, s, 7, opWatchPrefix('/registry/pods/', { startRevision: 3 }), client);
    if (!('created' in out)) throw new Error('expected a watch');
    expect(out.replay.map((e) => [e.type, e.kv.modRevision])).toEqual([
      ['PUT', 4],
      ['DELETE', 5],
    ]);
    // Without prevKv asked for, the events carry none.
    expect(out.replay.every((e) => e.prevKv === undefined)).toBe(true);
    expect(out.created.minRev).toBe(6);
  });

  it('sends only future events to a watch without a start revision', () => {
    const s = newStore();
    apply(s, opPut('/a', 'x'));
    const reg = newWatcherRegistry();
    const out = createWatch(reg, s, 1, opWatch('/a'), client);
    expect('created' in out && out.replay).toEqual([]);
    const w = apply(s, opPut('/a', 'y'));
    expect(matchEvents(reg, w.revision, w.events)).toEqual([{ watchId: 1, events: [{ type: 'PUT', kv: expect.objectContaining({ value: 'y' }) }] }]);
  });

  it('routes each event to the watchers whose range selects it, with prevKv only where asked', () => {
    const s = newStore();
    const reg = newWatcherRegistry();
    createWatch(reg, s, 1, opWatchPrefix('/registry/pods/'), client);
    createWatch(reg, s, 2, opWatchPrefix('/registry/nodes/', { prevKv: true }), client);
    createWatch(reg, s, 3, opWatchPrefix('/registry/', { prevKv: true }), client);
    apply(s, opPut('/registry/nodes/n1', 'v1'));
    const w = apply(s, opPut('/registry/nodes/n1', 'v2'));
    const d = matchEvents(reg, w.revision, w.events);
    expect(d.map((x) => x.watchId)).toEqual([2, 3]);
    expect(d[0]!.events[0]!.prevKv).toMatchObject({ value: 'v1' });
    cancelWatch(reg, 3);
    const w2 = apply(s, opPut('/registry/pods/default/p', 'p'));
    expect(matchEvents(reg, w2.revision, w2.events).map((x) => x.watchId)).toEqual([1]);
  });

  it('cancels a watch whose start revision was compacted, reporting the compact revision', () => {
    const s = newStore();
    for (let i = 0; i < 5; i++) apply(s, opPut('/a', `v${i}`)); // revs 2..6
    apply(s, opCompact(5));
    const reg = newWatcherRegistry();
    expect(createWatch(reg, s, 1, opWatch('/a', { startRevision: 3 }), client)).toEqual({ compacted: 5 });
    expect(reg.watchers.size).toBe(0);
    // From the compacted revision itself history is still complete.
    const out = createWatch(reg, s, 2, opWatch('/a', { startRevision: 5 }), client);
    expect('created' in out && out.replay.map((e) => e.kv.value)).toEqual(['v3', 'v4']);
  });

  it('holds a watch from a future revision until the store reaches it', () => {
    const s = newStore();
    const reg = newWatcherRegistry();
    createWatch(reg, s, 1, opWatch('/a', { startRevision: 3 }), client);
    const w2 = apply(s, opPut('/a', 'early')); // 2
    expect(matchEvents(reg, w2.revision, w2.events)).toEqual([]);
    const w3 = apply(s, opPut('/a', 'on time')); // 3
    expect(matchEvents(reg, w3.revision, w3.events)).toHaveLength(1);
  });
});
