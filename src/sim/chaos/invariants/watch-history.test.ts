// The watch-history invariant must be able to fail: it is shown etcd's committed writes and one
// informer's LISTs and events, healthy and then broken in each way a watch can break its promise
// (kubernetes.io, "API Concepts", Efficient detection of changes: a watch from a resourceVersion
// gets all changes after it, in order; client-go tools/cache/reflector.go keeps its cache from
// them, and re-lists after 410 Gone).

import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/types';
import { buildCluster } from '../../cluster';
import type { InformerProbe } from '../../client/informer-probe';
import type { EtcdAppliedProbe } from '../../etcd/member-core';
import type { KeyValue } from '../../etcd/protocol';
import type { Probe } from '../../kernel/component';
import type { Millis } from '../../kernel/units';
import { createWatchHistory, finishWatchHistory, observeProbe, type WatchHistory } from './watch-history';

const pod = (name: string, labels: Record<string, string> = { app: 'web' }, node?: string): KubeObject =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', labels }, spec: node ? { nodeName: node } : {} }) as unknown as KubeObject;

const kv = (name: string, rev: number, value: KubeObject | null): KeyValue =>
  ({ key: `/registry/pods/default/${name}`, createRevision: rev, modRevision: rev, version: value ? 1 : 0, value, valueSize: 1 }) as unknown as KeyValue;

function feed(h: WatchHistory, note: EtcdAppliedProbe | InformerProbe, process = 'kube-scheduler', incarnation = 1): void {
  observeProbe(h, { process, incarnation, time: 0 as Millis, note: note as unknown as Probe });
}

/** etcd commits: web-a created at 5, web-b created at 6, web-a changed at 7 (and relabelled out of app=web at 8), web-b deleted at 9. */
function committed(h: WatchHistory): void {
  const a = pod('web-a');
  const a2 = pod('web-a', { app: 'web' }, 'worker-1');
  const b = pod('web-b');
  const writes: EtcdAppliedProbe[] = [
    { type: 'etcd.applied', member: 'etcd-1', revision: 5, events: [{ type: 'PUT', kv: kv('web-a', 5, a) }] },
    { type: 'etcd.applied', member: 'etcd-1', revision: 6, events: [{ type: 'PUT', kv: kv('web-b', 6, b) }] },
    { type: 'etcd.applied', member: 'etcd-1', revision: 7, events: [{ type: 'PUT', kv: kv('web-a', 7, a2), prevKv: kv('web-a', 5, a) }] },
    { type: 'etcd.applied', member: 'etcd-1', revision: 8, events: [{ type: 'PUT', kv: kv('web-a', 8, pod('web-a', { app: 'db' })), prevKv: kv('web-a', 7, a2) }] },
    { type: 'etcd.applied', member: 'etcd-1', revision: 9, events: [{ type: 'DELETE', kv: kv('web-b', 9, null), prevKv: kv('web-b', 6, b) }] },
  ];
  for (const w of writes) feed(h, w, 'etcd/etcd-1');
}

type Ev = Extract<InformerProbe, { type: 'informer.event' }>;
const ev = (event: Ev['event'], name: string, rv: number, watchId = 100): Ev => ({ type: 'informer.event', informer: 'pods', watchId, event, key: name ? `default/${name}` : '', rv });
const list = (rv: number, labelSelector?: string): InformerProbe => ({ type: 'informer.list', informer: 'pods', rv, path: '/api/v1/pods', ...(labelSelector ? { labelSelector } : {}) });
const watch = (rv: number, watchId = 100): InformerProbe => ({ type: 'informer.watch', informer: 'pods', watchId, rv });

function check(notes: InformerProbe[], opts: { selector?: string } = {}): string[] {
  const h = createWatchHistory();
  committed(h);
  for (const n of notes) feed(h, n.type === 'informer.list' && opts.selector ? { ...n, labelSelector: opts.selector } : n);
  return finishWatchHistory(h).map((v) => v.detail);
}

const healthy: InformerProbe[] = [list(4), watch(4), ev('ADDED', 'web-a', 5), ev('ADDED', 'web-b', 6), ev('MODIFIED', 'web-a', 7), ev('MODIFIED', 'web-a', 8), ev('DELETED', 'web-b', 9)];
const who = 'kube-scheduler#1 pods (listed at rv 4)';

describe('the watch-history invariant', () => {
  it('finds nothing wrong with an informer that applied every committed change once, in order', () => {
    expect(check(healthy)).toEqual([]);
  });

  it('sees a dropped event', () => {
    expect(check(healthy.filter((n) => !(n.type === 'informer.event' && n.rv === 6)))).toEqual([`${who}: missed ADDED default/web-b rv=6 (it saw up to rv 9)`]);
  });

  it('sees a reordered event', () => {
    const swapped = [...healthy];
    [swapped[3], swapped[4]] = [swapped[4]!, swapped[3]!];
    expect(check(swapped)).toEqual([`${who}: out of order, ADDED default/web-b rv=6 after rv 7`]);
  });

  it('sees a duplicate event', () => {
    expect(check([...healthy.slice(0, 5), ev('MODIFIED', 'web-a', 7), ...healthy.slice(5)])).toEqual([`${who}: duplicate MODIFIED default/web-a rv=7`]);
  });

  it('sees an event that is not a committed change of the selection, and one of the wrong type', () => {
    expect(check([list(4), watch(4), ev('ADDED', 'web-a', 5), ev('ADDED', 'web-b', 6), ev('ADDED', 'web-a', 7), ev('MODIFIED', 'web-c', 8)])).toEqual([
      `${who}: ADDED default/web-a rv=7 should be MODIFIED`,
      `${who}: MODIFIED default/web-c rv=8 is no committed change of its selection`,
      `${who}: missed MODIFIED default/web-a rv=8 (it saw up to rv 8)`,
    ]);
  });

  it('expects DELETED when an object leaves a label selection, and nothing of objects outside it', () => {
    const sel = 'app=web';
    expect(check(healthy, { selector: sel })).toEqual([`${who}: MODIFIED default/web-a rv=8 should be DELETED`]);
    expect(check([list(4), watch(4), ev('ADDED', 'web-a', 5), ev('ADDED', 'web-b', 6), ev('MODIFIED', 'web-a', 7), ev('DELETED', 'web-a', 8), ev('DELETED', 'web-b', 9)], { selector: sel })).toEqual([]);
  });

  it('owes nothing past the newest version an informer was told of, or before its LIST; a BOOKMARK counts', () => {
    expect(check([list(6), watch(6), ev('MODIFIED', 'web-a', 7)])).toEqual([]);
    expect(check([list(6), watch(6), ev('BOOKMARK', '', 8)])).toEqual(['kube-scheduler#1 pods (listed at rv 6): missed MODIFIED default/web-a rv=7 (it saw up to rv 8)', 'kube-scheduler#1 pods (listed at rv 6): missed MODIFIED default/web-a rv=8 (it saw up to rv 8)']);
  });

  it('starts again at each LIST, and wants a WATCH to resume where the informer was', () => {
    expect(check([list(4), watch(4), ev('ADDED', 'web-a', 5), list(7), watch(7), ev('MODIFIED', 'web-a', 8)])).toEqual([]);
    expect(check([list(4), watch(4), ev('ADDED', 'web-a', 5), watch(6, 101), ev('MODIFIED', 'web-a', 7, 101)])).toEqual([
      'kube-scheduler#1 pods: WATCH from rv 6 after seeing up to rv 5',
      `${who}: missed ADDED default/web-b rv=6 (it saw up to rv 7)`,
    ]);
  });

  it('wants a LIST after a watch ended with 410 Gone', () => {
    const gone: InformerProbe = { type: 'informer.error', informer: 'pods', watchId: 100, code: 410, message: 'too old resource version: 4 (5)' };
    expect(check([list(4), watch(4), gone, list(9), watch(9)])).toEqual([]);
    expect(check([list(4), watch(4), gone, watch(4, 101)])).toEqual(['kube-scheduler#1 pods: a watch ended by 410 Gone was followed by a WATCH from rv 4, not a LIST']);
  });

  it('sees two etcd members that applied different writes at one revision', () => {
    const h = createWatchHistory();
    committed(h);
    feed(h, { type: 'etcd.applied', member: 'etcd-2', revision: 6, events: [{ type: 'PUT', kv: kv('web-c', 6, pod('web-c')) }] } satisfies EtcdAppliedProbe, 'etcd/etcd-2');
    expect(finishWatchHistory(h)).toEqual([{ invariant: 'etcd members apply the same writes', detail: 'etcd-2 applied revision 6 as [PUT /registry/pods/default/web-c], another member as [PUT /registry/pods/default/web-b]' }]);
  });

  it('finds nothing wrong in a real cluster that starts, runs a Deployment and restarts its scheduler', () => {
    const h = createWatchHistory();
    const c = buildCluster({ etcd: { members: 3 } }, { seed: 3, onProbe: (p) => observeProbe(h, p) });
    c.run('kubectl create deployment web --image=nginx:1.25 --replicas=2');
    c.sim.runUntil(c.sim.now + 20_000);
    c.sim.restart('kube-scheduler');
    c.run('kubectl scale deployment web --replicas=3');
    c.sim.runUntil(c.sim.now + 40_000);
    expect(finishWatchHistory(h)).toEqual([]);
    // It looked at something: every component's informers, and etcd's writes.
    expect([...h.watchers.keys()].filter((k) => k.startsWith('kube-scheduler#2 '))).not.toEqual([]);
    expect(h.lastRevision).toBeGreaterThan(50);
  });
});
