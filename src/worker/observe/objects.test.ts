import { describe, expect, it } from 'vitest';
import { apply } from '../../sim/etcd/apply';
import { newStore, type MvccStore } from '../../sim/etcd/mvcc/kvstore';
import { diffObjects, newObjectTracker, objectIdOfKey } from './objects';

const pod = (name: string, extra: Record<string, unknown> = {}) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' }, ...extra });
const put = (s: MvccStore, key: string, value: Record<string, unknown> | string) => apply(s, { op: 'put', key, value });

describe('objectIdOfKey', () => {
  // The storage prefixes are kube-apiserver's own (pkg/registry/*/storage): nodes live under `minions`.
  it.each([
    ['/registry/pods/default/web', 'pods/default/web'],
    ['/registry/minions/worker-1', 'nodes//worker-1'],
    ['/registry/leases/kube-node-lease/worker-2', 'leases/kube-node-lease/worker-2'],
    ['/registry/namespaces/default', 'namespaces//default'],
  ])('names %s as %s', (key, id) => {
    expect(objectIdOfKey(key)?.id).toBe(id);
  });

  it.each(['/registry/pods/web', '/registry/unknown/x', '/other/pods/default/web', 'compact_rev_key'])('ignores %s', (key) => {
    expect(objectIdOfKey(key)).toBeUndefined();
  });
});

describe('diffObjects', () => {
  it('sends every object once, then only the keys written since, by resourceVersion', () => {
    const s = newStore();
    put(s, '/registry/pods/default/web', pod('web'));
    put(s, '/registry/pods/default/db', pod('db'));
    const t = newObjectTracker();
    const first = diffObjects(t, s);
    expect(first.added.map((o) => `${o.id}@${o.resourceVersion}`)).toEqual(['pods/default/db@3', 'pods/default/web@2']);
    expect(first.added[1]!.object).toEqual({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'default', resourceVersion: '2' } });
    expect(diffObjects(t, s)).toEqual({ added: [], updated: [], removed: [] });
    put(s, '/registry/pods/default/web', pod('web', { spec: { nodeName: 'worker-1' } }));
    apply(s, { op: 'deleteRange', key: '/registry/pods/default/db' });
    put(s, '/registry/pods/default/new', pod('new'));
    const next = diffObjects(t, s);
    expect(next.updated.map((o) => `${o.id}@${o.resourceVersion}`)).toEqual(['pods/default/web@4']);
    expect(next.removed).toEqual(['pods/default/db']);
    expect(next.added.map((o) => o.id)).toEqual(['pods/default/new']);
  });

  it('does not send an object that was created and deleted between two reads', () => {
    const s = newStore();
    const t = newObjectTracker();
    diffObjects(t, s);
    put(s, '/registry/pods/default/brief', pod('brief'));
    apply(s, { op: 'deleteRange', key: '/registry/pods/default/brief' });
    expect(diffObjects(t, s)).toEqual({ added: [], updated: [], removed: [] });
  });

  it('reads everything again when a compaction dropped part of the log it needs', () => {
    const s = newStore();
    put(s, '/registry/pods/default/a', pod('a'));
    const t = newObjectTracker();
    diffObjects(t, s);
    put(s, '/registry/pods/default/a', pod('a', { spec: {} }));
    apply(s, { op: 'deleteRange', key: '/registry/pods/default/a' });
    put(s, '/registry/pods/default/b', pod('b'));
    apply(s, { op: 'compact', revision: s.revision });
    expect(diffObjects(t, s)).toEqual({ added: [expect.objectContaining({ id: 'pods/default/b' })], updated: [], removed: ['pods/default/a'] });
  });

  it('skips values that are not Kubernetes objects', () => {
    const s = newStore();
    put(s, '/registry/pods/default/raw', 'not json');
    expect(diffObjects(newObjectTracker(), s).added).toEqual([]);
  });
});

describe('display', () => {
  // DESIGN.md section 9: the UI shows kube-apiserver's printer words, it does not derive them.
  it("carries kubectl's STATUS and READY for pods and STATUS for nodes, from the apiserver's printers", () => {
    const s = newStore();
    const running = {
      spec: { containers: [{ name: 'a' }, { name: 'b' }] },
      status: {
        phase: 'Running',
        conditions: [{ type: 'Ready', status: 'False' }],
        containerStatuses: [
          { name: 'a', ready: true, restartCount: 0, state: { running: {} } },
          { name: 'b', ready: false, restartCount: 3, state: { waiting: { reason: 'CrashLoopBackOff' } } },
        ],
      },
    };
    put(s, '/registry/pods/default/web', pod('web', running));
    put(s, '/registry/pods/default/gone', pod('gone', { spec: { containers: [{ name: 'a' }] }, status: { phase: 'Running' }, metadata: { name: 'gone', namespace: 'default', deletionTimestamp: '2024-01-01T00:00:00Z' } }));
    put(s, '/registry/minions/worker-1', { apiVersion: 'v1', kind: 'Node', metadata: { name: 'worker-1' }, spec: { unschedulable: true }, status: { conditions: [{ type: 'Ready', status: 'True' }] } });
    const views = Object.fromEntries(diffObjects(newObjectTracker(), s).added.map((o) => [o.id, o.display]));
    expect(views['pods/default/web']).toEqual({ status: 'CrashLoopBackOff', ready: '1/2' });
    expect(views['pods/default/gone']).toEqual({ status: 'Terminating', ready: '0/1' });
    expect(views['nodes//worker-1']).toEqual({ status: 'Ready,SchedulingDisabled' });
  });
});
