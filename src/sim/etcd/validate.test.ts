// Request checks of etcd's gRPC layer (api/v3rpc/key.go) and their exact error strings
// (api/v3rpc/rpctypes/error.go).
import { describe, expect, it } from 'vitest';
import { prepareRequest } from './validate';
import { ETCD_ERRORS, MAX_REQUEST_BYTES, opDelete, opPut, opRange, opRangePrefix, opTxn, type EtcdError, type EtcdRequest, type PutRequest } from './protocol';

describe('prepareRequest', () => {
  const big = 'x'.repeat(MAX_REQUEST_BYTES);
  const table: [string, EtcdRequest, EtcdError | undefined][] = [
    ['a plain put passes', opPut('/a', { kind: 'Pod' }), undefined],
    ['an empty key is refused', opRange(''), ETCD_ERRORS.emptyKey],
    ['a value over 1.5 MiB is too large', opPut('/a', big), ETCD_ERRORS.requestTooLarge],
    ['a txn over 1.5 MiB in total is too large', opTxn([], [opPut('/a', big.slice(0, 800_000)), opPut('/b', big.slice(0, 800_000))]), ETCD_ERRORS.requestTooLarge],
    ['two puts to one key in a txn branch are duplicates', opTxn([], [opPut('/a', '1'), opPut('/a', '2')]), ETCD_ERRORS.duplicateKey],
    ['a put inside a deleted range is a duplicate', opTxn([], [opDelete('/a/', { rangeEnd: '/a0' }), opPut('/a/x', '1')]), ETCD_ERRORS.duplicateKey],
    ['puts to one key in different branches are fine', opTxn([], [opPut('/a', '1')], [opPut('/a', '2')]), undefined],
    ['more than 128 ops in a branch are too many', opTxn([], Array.from({ length: 129 }, (_, i) => opRange(`/k${i}`))), ETCD_ERRORS.tooManyOps],
    ['a prefix range passes', opRangePrefix('/registry/'), undefined],
  ];
  for (const [name, req, want] of table) {
    it(name, () => {
      const out = prepareRequest(req);
      if (want) expect(out).toEqual({ error: want });
      else expect('request' in out).toBe(true);
    });
  }

  it('fills in valueSize from the JSON length', () => {
    const out = prepareRequest(opPut('/a', { kind: 'Pod' }));
    expect('request' in out && (out.request as PutRequest).valueSize).toBe(JSON.stringify({ kind: 'Pod' }).length);
  });

  it('uses the real error strings', () => {
    expect(ETCD_ERRORS.requestTooLarge.message).toBe('etcdserver: request is too large');
    expect(ETCD_ERRORS.timeout.message).toBe('etcdserver: request timed out');
    expect(ETCD_ERRORS.noLeader.message).toBe('etcdserver: no leader');
  });
});
