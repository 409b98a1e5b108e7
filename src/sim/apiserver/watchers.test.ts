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
import { addWatcher, fanOut, removeWatcher } from './watchers';

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
