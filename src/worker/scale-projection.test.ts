// The draw-only projection of the scale view's measurement (issue 14) is made by the worker's own
// projection: its views carry kube-apiserver's printers' STATUS and READY (printers/tables.ts
// nodeStatus, printers/pod-status.ts podCells), as a real run's would.

import { describe, expect, it } from 'vitest';
import { scaleProjection } from './scale-projection';

describe('scaleProjection', () => {
  it('makes 5,000 worker hosts, their Nodes and pods, with the chosen NotReady nodes and crash-looping pods', () => {
    const p = scaleProjection({ nodes: 5000, podsPerNode: 2, notReadyEvery: 500, crashLoopEvery: 333 });
    const hosts = Object.values(p.hosts);
    expect(hosts).toHaveLength(5000);
    expect(hosts.every((h) => h.role === 'worker' && h.up)).toBe(true);
    const views = Object.values(p.objects);
    const nodes = views.filter((v) => v.kind === 'Node');
    const pods = views.filter((v) => v.kind === 'Pod');
    expect(nodes).toHaveLength(5000);
    expect(pods).toHaveLength(10_000);
    expect(nodes.filter((n) => n.display?.status === 'NotReady').map((n) => n.name)).toEqual(Array.from({ length: 10 }, (_, i) => `worker-${(i + 1) * 500}`));
    const failing = pods.filter((x) => x.display?.status === 'CrashLoopBackOff');
    expect(failing).toHaveLength(30);
    expect(failing.every((x) => x.display?.ready === '0/1')).toBe(true);
    expect(p.objects['pods/default/web-00001']).toMatchObject({ display: { status: 'Running', ready: '1/1' }, object: { spec: { nodeName: 'worker-1' } } });
  });
});
