import { describe, expect, it } from 'vitest';
import {
  cmpModRevision,
  opCompact,
  opDelete,
  opPut,
  opRange,
  opRangePrefix,
  opTxn,
  opWatchPrefix,
  summarizeRequest,
  summarizeWatch,
  type EtcdRequest,
} from './protocol';

describe('trace summaries', () => {
  const key = '/registry/pods/default/web';
  const table: [EtcdRequest, string][] = [
    [opTxn([cmpModRevision(key, '=', 0)], [opPut(key, {})], [opRange(key)]), `Txn put ${key} if mod_revision=0 else range ${key}`],
    [opTxn([cmpModRevision(key, '=', 0)], [opPut(key, {})]), `Txn put ${key} if mod_revision=0`],
    [opTxn([cmpModRevision('/other', '=', 4)], [opDelete(key)]), `Txn delete ${key} if mod_revision(/other)=4`],
    [opRangePrefix('/registry/pods/'), 'Range /registry/pods/ prefix'],
    [opRangePrefix('/registry/pods/', { limit: 500, revision: 7 }), 'Range /registry/pods/ prefix limit 500 at rev 7'],
    [opRange(key), `Range ${key}`],
    [opPut(key, {}), `Put ${key}`],
    [opCompact(12), 'Compact rev 12'],
    [opWatchPrefix('/registry/', { startRevision: 5 }), 'Watch /registry/ from rev 5'],
  ];
  for (const [req, want] of table) {
    it(`reads "${want}"`, () => expect(summarizeRequest(req)).toBe(want));
  }

  it('summarizes watch messages by their events', () => {
    const kv = { key, createRevision: 2, modRevision: 6, version: 1, value: null, valueSize: 0 };
    const header = { clusterId: 'c', memberId: 'm', revision: 6, raftTerm: 1 };
    expect(summarizeWatch({ type: 'etcd.watch', watchId: 1, events: [{ type: 'PUT', kv }], header })).toBe(`PUT ${key} rev 6`);
    expect(summarizeWatch({ type: 'etcd.watch', watchId: 1, events: [], header, created: true })).toBe('watch created rev 6');
  });
});
