// Live mode's frames (live-view.ts) from what the reflectors report: the page gets a patch against
// what it was last sent, as the simulation's frames are (worker/observe/objects.ts), kubectl's STATUS
// from kube-apiserver's printers, and a host per Node (kubeadm's control-plane label:
// https://kubernetes.io/docs/reference/labels-annotations-taints/#node-role-kubernetes-io-control-plane;
// a Node whose Ready condition is Unknown has stopped posting status: node-lifecycle controller).

import { describe, expect, it } from 'vitest';
import { SIM_EPOCH_MS } from '../../apimachinery/epoch';
import { LiveView } from './live-view';
import { LIVE_RESOURCES, type KubeObject } from './resources';

const [NODES, PODS] = [LIVE_RESOURCES.find((r) => r.resource === 'nodes')!, LIVE_RESOURCES.find((r) => r.resource === 'pods')!];

const node = (name: string, rv: string, ready: string, cp = false): KubeObject => ({
  metadata: { name, resourceVersion: rv, ...(cp ? { labels: { 'node-role.kubernetes.io/control-plane': '' } } : {}) },
  status: { addresses: [{ type: 'InternalIP', address: `10.0.0.${name.length}` }], conditions: [{ type: 'Ready', status: ready }] },
});
const pod = (name: string, rv: string, phase = 'Pending'): KubeObject => ({
  metadata: { name, namespace: 'default', resourceVersion: rv },
  spec: { containers: [{ name: 'c', image: 'nginx' }] },
  status: { phase },
});

describe('live view frames', () => {
  it('sends the list as added objects with kubectl STATUS, a host per Node, and the wall clock on the simulation epoch', () => {
    const v = new LiveView();
    v.replace(NODES, [node('cp-1', '5', 'True', true), node('cp-2', '6', 'True', true), node('node-a', '7', 'Unknown')]);
    v.replace(PODS, [pod('web', '8')]);
    const f = v.build(SIM_EPOCH_MS + 90_000)!;
    expect(f.clock.time).toBe(90_000);
    expect(f.objects.added.map((o) => [o.id, o.display?.status])).toEqual([
      ['nodes//cp-1', 'Ready'],
      ['nodes//cp-2', 'Ready'],
      ['nodes//node-a', 'NotReady'],
      ['pods/default/web', 'Pending'],
    ]);
    // The graph has one control-plane region: the first control-plane Node by name; the rest are drawn as workers.
    expect(f.hosts.added.map((h) => [h.id, h.role, h.up])).toEqual([
      ['cp-1', 'control-plane', true],
      ['cp-2', 'worker', true],
      ['node-a', 'worker', false],
    ]);
    expect(f.components.added).toEqual([]);
    expect(f.inFlight).toEqual({ added: [], removed: [] });
  });

  it('sends a change once, by resourceVersion, and nothing (but the clock once a second) when nothing changed', () => {
    const v = new LiveView();
    v.replace(PODS, [pod('web', '8')]);
    v.build(SIM_EPOCH_MS);
    expect(v.build(SIM_EPOCH_MS + 500)).toBeUndefined();
    v.apply(PODS, 'MODIFIED', pod('web', '8'));
    expect(v.build(SIM_EPOCH_MS + 600)).toBeUndefined();
    v.apply(PODS, 'MODIFIED', pod('web', '9', 'Running'));
    expect(v.build(SIM_EPOCH_MS + 700)!.objects.updated.map((o) => o.resourceVersion)).toEqual(['9']);
    expect(v.build(SIM_EPOCH_MS + 1000)!.objects).toEqual({ added: [], updated: [], removed: [] });
  });

  it('sends nothing for an object added and deleted between two frames, and removes what a relist no longer has', () => {
    const v = new LiveView();
    v.replace(PODS, [pod('a', '1'), pod('b', '2')]);
    v.build(SIM_EPOCH_MS);
    v.apply(PODS, 'ADDED', pod('brief', '3'));
    v.apply(PODS, 'DELETED', pod('brief', '4'));
    v.replace(PODS, [pod('a', '1')]);
    expect(v.build(SIM_EPOCH_MS + 1000)!.objects).toEqual({ added: [], updated: [], removed: ['pods/default/b'] });
  });

  it('is connected when every resource answered, and reports the first failure with its retry', () => {
    const v = new LiveView();
    expect(v.connection()).toEqual({ connected: false });
    v.state(NODES, { connected: true });
    v.state(PODS, { connected: false, error: 'Failed to fetch', retryInMs: 1600 });
    expect(v.connection()).toEqual({ connected: false, error: 'Failed to fetch', retryInMs: 1600 });
    expect(v.connectionChanged()).toBe(true);
    expect(v.connectionChanged()).toBe(false);
    v.state(PODS, { connected: true });
    expect(v.connection()).toEqual({ connected: true });
  });
});
