// The fan-out of cache events to watchers: node watches that select one node by metadata.name are
// indexed by that name, as kube-apiserver's cacher indexes them (pkg/registry/core/node/storage:
// TriggerFunc "metadata.name" -> NodeNameTriggerFunc), and every watcher that selects an event still
// gets it, in the order the watchers arrived.

import { describe, expect, it } from 'vitest';
import { parseFieldSelector, type FieldSelector } from '../api/fields';
import { parseSelector } from '../api/labels';
import type { Node } from '../api/types';
import type { Effects } from '../kernel/component';
import type { ApiserverState, Watcher } from './state';
import { addWatcher, eventFor, fanOut, mayBeSelected, removeWatcher } from './watchers';

function state(): ApiserverState {
  return { watchers: new Map(), watcherIndex: new Map() } as unknown as ApiserverState;
}

function watcher(id: number, client: string, fields = ''): Watcher {
  return { id, client, resource: 'nodes', namespace: '', labels: parseSelector(''), fields: parseFieldSelector(fields) as FieldSelector, phase: 'watch' } as unknown as Watcher;
}

function node(name: string): Node {
  return { apiVersion: 'v1', kind: 'Node', metadata: { name, resourceVersion: '7' }, spec: {}, status: {} } as Node;
}

function sentTo(s: ApiserverState, name: string): string[] {
  const to: string[] = [];
  const ctx = { send: (client: string) => void to.push(client), now: 0 } as unknown as Effects;
  fanOut(ctx, s, 'nodes', { type: 'MODIFIED', obj: node(name), prev: node(name), rv: 7 });
  return to;
}

describe('node watchers by metadata.name', () => {
  it("sends a node's event to its own watchers and the cluster-wide ones, in arrival order", () => {
    const s = state();
    addWatcher(s, watcher(1, 'kubelet-a', 'metadata.name=a'));
    addWatcher(s, watcher(2, 'controller-manager'));
    addWatcher(s, watcher(3, 'kube-proxy-a', 'metadata.name=a'));
    addWatcher(s, watcher(4, 'kubelet-b', 'metadata.name=b'));
    addWatcher(s, watcher(5, 'scheduler'));
    // Only the cluster-wide watchers are looked at for every node; the others by name.
    expect([...s.watcherIndex.get('nodes')!.any]).toEqual([2, 5]);
    expect([...s.watcherIndex.get('nodes')!.byName!.get('a')!]).toEqual([1, 3]);
    expect(sentTo(s, 'a')).toEqual(['kubelet-a', 'controller-manager', 'kube-proxy-a', 'scheduler']);
    expect(sentTo(s, 'b')).toEqual(['controller-manager', 'kubelet-b', 'scheduler']);
    expect(sentTo(s, 'c')).toEqual(['controller-manager', 'scheduler']);
  });

  it('forgets a removed watcher; one that watches again comes last', () => {
    const s = state();
    addWatcher(s, watcher(1, 'kubelet-a', 'metadata.name=a'));
    addWatcher(s, watcher(2, 'controller-manager'));
    removeWatcher(s, 1);
    expect(sentTo(s, 'a')).toEqual(['controller-manager']);
    addWatcher(s, watcher(3, 'kubelet-a', 'metadata.name=a'));
    expect(sentTo(s, 'a')).toEqual(['controller-manager', 'kubelet-a']);
  });
});

// A new watch replays the cached events after its resourceVersion (cacher's watchCache interval);
// the index key lets it pass over events of other nodes without evaluating the field selector.
describe('mayBeSelected (the replay of a new watch)', () => {
  const pod = (name: string, nodeName?: string) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', resourceVersion: '9' }, spec: nodeName ? { nodeName, containers: [] } : { containers: [] } }) as unknown as Node;
  const podWatcher = (fields: string): Watcher => ({ ...watcher(1, 'kubelet-a', fields), resource: 'pods' }) as Watcher;
  const events = [
    { type: 'ADDED' as const, obj: pod('p1'), rv: 2 },
    { type: 'MODIFIED' as const, obj: pod('p1', 'a'), prev: pod('p1'), rv: 3 },
    { type: 'MODIFIED' as const, obj: pod('p2', 'b'), prev: pod('p2', 'b'), rv: 4 },
    { type: 'DELETED' as const, obj: pod('p1', 'a'), prev: pod('p1', 'a'), rv: 5 },
    { type: 'MODIFIED' as const, obj: pod('p3', 'b'), prev: pod('p3', 'a'), rv: 6 },
  ];

  it('rules out only events the field selector would not select, before and after', () => {
    for (const fields of ['spec.nodeName=a', 'spec.nodeName=b', 'spec.nodeName=', '']) {
      const s = state();
      const w = podWatcher(fields);
      addWatcher(s, w);
      for (const ev of events) if (!mayBeSelected(w, ev)) expect(eventFor(w, ev), `${fields} rv=${ev.rv}`).toBeUndefined();
    }
  });

  it("passes over another node's pods and keeps its own", () => {
    const s = state();
    const w = podWatcher('spec.nodeName=a');
    addWatcher(s, w);
    expect(events.map((ev) => mayBeSelected(w, ev))).toEqual([false, true, false, true, true]);
    const n = watcher(2, 'kubelet-a', 'metadata.name=a');
    addWatcher(s, n);
    expect(mayBeSelected(n, { type: 'MODIFIED', obj: node('b'), prev: node('b'), rv: 7 })).toBe(false);
    expect(mayBeSelected(n, { type: 'MODIFIED', obj: node('a'), prev: node('a'), rv: 7 })).toBe(true);
  });
});
