import { describe, expect, it } from 'vitest';
import type { TraceRecord } from '../../protocol/view';
import { RUNNING_POD } from './fixtures';
import { emptyBook, feed, findRequest, MAX_REQUESTS } from './requests';

function rec(id: number, cause: number | null, extra: Partial<TraceRecord> = {}): TraceRecord {
  return { id, time: id as TraceRecord['time'], kind: 'message', type: 'http.request', from: 'kubectl', to: 'kube-apiserver', summary: `#${id}`, phase: 'persistence', cause, ...extra };
}
function command(id: number): TraceRecord {
  return rec(id, null, { type: 'cli.exec', from: 'user', to: 'kubectl', phase: 'user', summary: `$ kubectl get pods #${id}` });
}

describe('collecting the requests a person can follow', () => {
  it('starts a request at each command and adds every record whose cause it holds', () => {
    const noise = [rec(1, null, { type: 'raft.message', from: 'etcd/etcd-1', to: 'etcd/etcd-2' }), rec(2, 1)];
    let book = feed(emptyBook(), noise);
    expect(book.requests).toEqual([]);
    book = feed(book, RUNNING_POD);
    const q = findRequest(book, 786)!;
    expect(q.records.map((r) => r.id)).toEqual(RUNNING_POD.map((r) => r.id));
  });

  it('keeps a request after the store\'s trace window has moved past its command', () => {
    let book = feed(emptyBook(), [command(10), rec(11, 10)]);
    // The next window no longer holds #10 and #11, only what came after.
    book = feed(book, [rec(12, 11), rec(13, 99), rec(14, 12)]);
    expect(findRequest(book, 10)!.records.map((r) => r.id)).toEqual([10, 11, 12, 14]);
  });

  it('sees a record once even when windows overlap', () => {
    const a = feed(emptyBook(), [command(10), rec(11, 10)]);
    const b = feed(a, [command(10), rec(11, 10), rec(12, 11)]);
    expect(findRequest(b, 10)!.records.map((r) => r.id)).toEqual([10, 11, 12]);
  });

  it('returns the same book when nothing it follows changed, and a new one (with a new version) when something did', () => {
    const a = feed(emptyBook(), [command(10)]);
    const v = findRequest(a, 10)!.version;
    expect(feed(a, [rec(11, null)])).toBe(a);
    const b = feed(a, [rec(12, 10)]);
    expect(b).not.toBe(a);
    expect(findRequest(b, 10)!.version).toBeGreaterThan(v);
  });

  it(`remembers the last ${MAX_REQUESTS} commands`, () => {
    let book = emptyBook();
    for (let i = 1; i <= MAX_REQUESTS + 3; i++) book = feed(book, [command(i * 10)]);
    expect(book.requests.length).toBe(MAX_REQUESTS);
    expect(book.requests[0]!.root.id).toBe(40);
  });
});
