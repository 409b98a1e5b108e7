// MVCC semantics of the store through apply() and range(), as the etcd docs define them:
// - https://etcd.io/docs/v3.5/learning/data_model/ (revisions, versions, tombstones, compaction)
// - https://etcd.io/docs/v3.5/learning/api/ (Range, Put, DeleteRange, Txn, Compare, KeyValue fields)
// - https://etcd.io/docs/v3.5/learning/api_guarantees/ (compacted history cannot be read)
import { describe, expect, it } from 'vitest';
import { apply } from './apply';
import { newStore, type MvccStore } from './mvcc/kvstore';
import { range } from './mvcc/txn';
import {
  cmpCreateRevision,
  cmpModRevision,
  cmpValue,
  cmpVersion,
  ETCD_ERRORS,
  opCompact,
  opDelete,
  opPut,
  opRange,
  opRangePrefix,
  opTxn,
  prefixRangeEnd,
  type RangeRequest,
  type RangeResponse,
  type TxnResponse,
} from './protocol';

const pod = (name: string, extra: Record<string, unknown> = {}) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'default' },
  ...extra,
});

function read(store: MvccStore, req: RangeRequest): RangeResponse {
  const out = range(store, req);
  if ('error' in out) throw new Error(out.error.message);
  return out.result;
}

function seeded(): MvccStore {
  const s = newStore();
  for (const n of ['web', 'api', 'db']) apply(s, opPut(`/registry/pods/default/${n}`, pod(n)));
  apply(s, opPut('/registry/services/specs/default/web', { kind: 'Service' }));
  return s;
}

describe('revisions and versions', () => {
  it('starts a fresh store at revision 1, so the first write gets revision 2', () => {
    // data_model: "etcd starts at revision 1" (etcdctl shows mod_revision 2 for the first put).
    const s = newStore();
    expect(s.revision).toBe(1);
    const r = apply(s, opPut('/a', 'x'));
    expect(r.revision).toBe(2);
    expect(read(s, opRange('/a')).kvs[0]).toMatchObject({ createRevision: 2, modRevision: 2, version: 1 });
  });

  it('increments version on each put and keeps create_revision until the key is deleted', () => {
    const s = newStore();
    apply(s, opPut('/a', 'v1'));
    apply(s, opPut('/b', 'other'));
    apply(s, opPut('/a', 'v2'));
    expect(read(s, opRange('/a')).kvs[0]).toMatchObject({ createRevision: 2, modRevision: 4, version: 2, value: 'v2' });
  });

  it('turns a deleted key into a tombstone: a new put starts a new generation at version 1', () => {
    // data_model: "Deleting a key generates a key tombstone ... resets the version to 0."
    const s = newStore();
    apply(s, opPut('/a', 'v1'));
    const del = apply(s, opDelete('/a', { prevKv: true }));
    expect(del.result).toEqual({ op: 'deleteRange', deleted: 1, prevKvs: [expect.objectContaining({ key: '/a', version: 1 })] });
    expect(del.events).toEqual([
      expect.objectContaining({ type: 'DELETE', kv: { key: '/a', createRevision: 0, modRevision: 3, version: 0, value: null, valueSize: 0 } }),
    ]);
    expect(read(s, opRange('/a')).count).toBe(0);
    apply(s, opPut('/a', 'again'));
    expect(read(s, opRange('/a')).kvs[0]).toMatchObject({ createRevision: 4, modRevision: 4, version: 1 });
  });

  it('does not take a revision for a delete that deletes nothing', () => {
    const s = newStore();
    const r = apply(s, opDelete('/missing'));
    expect(r).toMatchObject({ result: { op: 'deleteRange', deleted: 0 }, events: [], revision: 1 });
  });
});

describe('range', () => {
  it('returns the keys of a prefix in byte order, with count and more under a limit', () => {
    const s = seeded();
    const all = read(s, opRangePrefix('/registry/pods/'));
    expect(all.kvs.map((kv) => kv.key)).toEqual([
      '/registry/pods/default/api',
      '/registry/pods/default/db',
      '/registry/pods/default/web',
    ]);
    expect(read(s, opRangePrefix('/registry/pods/', { limit: 2 }))).toMatchObject({ count: 3, more: true });
    expect(read(s, opRangePrefix('/registry/pods/', { limit: 2 })).kvs).toHaveLength(2);
    expect(read(s, opRangePrefix('/registry/', { countOnly: true }))).toEqual({ op: 'range', kvs: [], count: 4, more: false });
    expect(read(s, opRangePrefix('/registry/pods/', { keysOnly: true })).kvs[0]!.value).toBeNull();
  });

  it('reads every key at or after key when rangeEnd is \\0', () => {
    const s = seeded();
    expect(read(s, opRange('/registry/pods/default/db', { rangeEnd: '\0' })).count).toBe(3);
  });

  it('computes prefix range ends as clientv3.GetPrefixRangeEnd does', () => {
    const cases: [string, string][] = [
      ['/registry/pods/', '/registry/pods0'],
      ['a', 'b'],
      ['a\xff', 'b'],
      ['\xff\xff', '\0'],
    ];
    for (const [prefix, end] of cases) expect(prefixRangeEnd(prefix)).toBe(end);
  });

  it('reads the store as it was at an older revision', () => {
    const s = newStore();
    apply(s, opPut('/a', 'v1')); // rev 2
    apply(s, opPut('/b', 'b1')); // rev 3
    apply(s, opPut('/a', 'v2')); // rev 4
    apply(s, opDelete('/b')); // rev 5
    const at3 = read(s, opRange('/', { rangeEnd: '0', revision: 3 }));
    expect(at3.kvs.map((kv) => [kv.key, kv.value])).toEqual([
      ['/a', 'v1'],
      ['/b', 'b1'],
    ]);
    expect(read(s, opRange('/', { rangeEnd: '0', revision: 5 })).kvs.map((kv) => kv.value)).toEqual(['v2']);
  });

  it('refuses a revision in the future', () => {
    expect(range(newStore(), opRange('/a', { revision: 9 }))).toEqual({ error: ETCD_ERRORS.futureRev });
  });
});

describe('txn', () => {
  // kube-apiserver's create: Txn(If(mod_revision(key) = 0), Then(Put), Else(Get)) (storage/etcd3/store.go).
  const create = (key: string, value: unknown) =>
    opTxn([cmpModRevision(key, '=', 0)], [opPut(key, value as never)], [opRange(key)]);

  it('runs the success branch when every compare holds and the failure branch otherwise', () => {
    const s = newStore();
    const first = apply(s, create('/registry/pods/default/web', pod('web')));
    expect((first.result as TxnResponse).succeeded).toBe(true);
    expect(first.revision).toBe(2);
    const again = apply(s, create('/registry/pods/default/web', pod('web')));
    const res = again.result as TxnResponse;
    expect(res.succeeded).toBe(false);
    expect(again.revision).toBe(2);
    expect(again.events).toEqual([]);
    expect(res.responses[0]).toMatchObject({ op: 'range', count: 1 });
  });

  it('compares mod revision, create revision, version and value', () => {
    const s = newStore();
    apply(s, opPut('/k', 'a')); // rev 2
    apply(s, opPut('/k', 'b')); // rev 3
    const table: [ReturnType<typeof cmpModRevision>, boolean][] = [
      [cmpModRevision('/k', '=', 3), true],
      [cmpModRevision('/k', '<', 3), false],
      [cmpModRevision('/k', '>', 2), true],
      [cmpCreateRevision('/k', '=', 2), true],
      [cmpCreateRevision('/k', '!=', 2), false],
      [cmpVersion('/k', '=', 2), true],
      [cmpVersion('/missing', '=', 0), true],
      [cmpModRevision('/missing', '=', 0), true],
      [cmpValue('/k', '=', 'b'), true],
      [cmpValue('/k', '>', 'a'), true],
      // etcd applyCompare: a VALUE compare on a missing key always fails.
      [cmpValue('/missing', '!=', 'x'), false],
    ];
    for (const [cmp, want] of table) {
      const r = apply(s, opTxn([cmp], [], []));
      expect((r.result as TxnResponse).succeeded, JSON.stringify(cmp)).toBe(want);
    }
    expect(s.revision).toBe(3);
  });

  it('gives every write of one txn the same revision, and later reads in the txn see earlier writes', () => {
    const s = newStore();
    const r = apply(s, opTxn([], [opPut('/a', '1'), opPut('/b', '2'), opRange('/a')], []));
    expect(r.revision).toBe(2);
    expect(r.events.map((e) => e.kv.modRevision)).toEqual([2, 2]);
    expect((r.result as TxnResponse).responses[2]).toMatchObject({ count: 1 });
  });

  it('checks the revisions of its reads before writing anything', () => {
    const s = newStore();
    const r = apply(s, opTxn([], [opPut('/a', 'x'), opRange('/a', { revision: 50 })], []));
    expect(r.error).toEqual(ETCD_ERRORS.futureRev);
    expect(s.revision).toBe(1);
  });
});

describe('compaction', () => {
  it('fails reads below the compacted revision with the real error and keeps later history', () => {
    // api_guarantees: reading a compacted revision fails with "mvcc: required revision has been compacted".
    const s = newStore();
    apply(s, opPut('/a', 'v1')); // 2
    apply(s, opPut('/a', 'v2')); // 3
    apply(s, opPut('/b', 'b')); // 4
    apply(s, opDelete('/b')); // 5
    apply(s, opPut('/a', 'v3')); // 6
    expect(apply(s, opCompact(4)).result).toEqual({ op: 'compact' });
    expect(range(s, opRange('/a', { revision: 3 }))).toEqual({ error: ETCD_ERRORS.compacted });
    expect(ETCD_ERRORS.compacted.message).toBe('etcdserver: mvcc: required revision has been compacted');
    expect(read(s, opRange('/a', { revision: 4 })).kvs[0]!.value).toBe('v2');
    expect(read(s, opRange('/b', { revision: 4 })).kvs[0]!.value).toBe('b');
    expect(read(s, opRange('/a')).kvs[0]).toMatchObject({ value: 'v3', version: 3, createRevision: 2 });
    apply(s, opCompact(5));
    // /b's tombstone at 5 is gone along with its history.
    expect(s.history.has('/b')).toBe(false);
    expect(apply(s, opCompact(5)).error).toEqual(ETCD_ERRORS.compacted);
    expect(apply(s, opCompact(99)).error).toEqual(ETCD_ERRORS.futureRev);
  });

  it('accounts the bytes of the history it holds and frees them on compaction', () => {
    const s = newStore();
    apply(s, opPut('/a', pod('a', { spec: { big: 'x'.repeat(1000) } })));
    const one = s.sizeInUseBytes;
    expect(one).toBeGreaterThan(1000);
    apply(s, opPut('/a', pod('a')));
    expect(s.sizeInUseBytes).toBeGreaterThan(one);
    apply(s, opCompact(3));
    expect(s.sizeInUseBytes).toBe(2 + JSON.stringify(pod('a')).length);
  });
});
