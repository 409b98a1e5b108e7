import { describe, expect, it } from 'vitest';
import type { TraceRecord } from '../../protocol/view';
import { emptyBook, feed } from '../sequence/requests';
import { followedRoot, isRunFragment, selectionOf } from './run-links';

describe('isRunFragment', () => {
  it.each([
    ['#run=abc', true],
    ['run=abc', true],
    ['#scenario=etcd-quorum-loss', true],
    ['#scenario=default&at=42s', true],
    ['#at=42s&scenario=default', true],
    ['', false],
    ['#', false],
    ['#section-2', false],
    ['#running', false],
  ])('%j is a Kubeplay link: %s', (hash, want) => {
    expect(isRunFragment(hash)).toBe(want);
  });
});

describe('selectionOf', () => {
  const sim = {
    hosts: { 'worker-1': {} },
    components: { 'kubelet/worker-1': {}, 'kube-scheduler': {} },
    objects: { 'pods/default/web': {} },
  };
  it.each([
    ['host:worker-1', { kind: 'host', id: 'worker-1' }],
    ['kubelet/worker-1', { kind: 'component', id: 'kubelet/worker-1' }],
    ['pods/default/web', { kind: 'object', id: 'pods/default/web' }],
    ['host:worker-9', null],
    ['pods/default/gone', null],
    ['__proto__', null],
    ['constructor', null],
  ])('a link that selected %j selects %j', (selected, want) => {
    expect(selectionOf(selected, sim)).toEqual(want);
  });
});

describe('followedRoot', () => {
  // Issue 10: a link keeps the request the Request tab follows; the page that opens it follows the
  // same request once its replay holds it (the same run makes the same record ids).
  const root = { id: 42, kind: 'message', type: 'cli.exec', from: 'user', to: 'kubectl', cause: null } as unknown as TraceRecord;
  const book = feed(emptyBook(), [root]);
  it.each([
    ['request:42', 42],
    ['request:43', null],
    ['request:', null],
    ['request:4e2', null],
    ['42', null],
    ['pods/default/web', null],
    ['__proto__', null],
  ])('a link that followed %j follows %j', (follow, want) => {
    expect(followedRoot(follow, book)).toBe(want);
  });
});
