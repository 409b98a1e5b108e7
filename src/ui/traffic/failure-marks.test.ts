import { describe, expect, it } from 'vitest';
import type { FailedFlow } from '../../protocol/traffic';
import type { ObjectView } from '../../protocol/view';
import type { Box, ClusterLayout } from '../graph/layout';
import { failureMarks } from './failure-marks';
import { flowIndex } from './flow';

// Where the graph marks a request that got no answer: kube-proxy REJECTs a packet to a Service
// without endpoints on the client's node (kubernetes.io/docs/reference/networking/virtual-ips/; the
// request gets no further than the Service's rule), a lost packet ends at the backend pod, and a
// request the client gave up on was last sent to the backend's node.
const pod = (name: string, ip: string): ObjectView => ({ id: `pods/default/${name}`, kind: 'Pod', namespace: 'default', name, resourceVersion: '1', object: { status: { podIP: ip } } }) as unknown as ObjectView;
const svc = (name: string, ip: string): ObjectView => ({ id: `services/default/${name}`, kind: 'Service', namespace: 'default', name, resourceVersion: '1', object: { spec: { clusterIP: ip } } }) as unknown as ObjectView;
const ix = flowIndex(Object.fromEntries([pod('client', '10.244.1.3'), pod('web-1', '10.244.3.3'), svc('web', '10.96.0.20'), svc('empty', '10.96.0.30')].map((o) => [o.id, o])));
const box = (id: string, ax: number, ay: number, w: number, h: number): Box => ({ id, kind: 'pod', x: ax, y: ay, w, h, ax, ay, ref: id }) as Box;
const boxes = [box('pod:pods/default/client', 0, 300, 100, 40), box('pod:pods/default/web-1', 400, 300, 100, 40), box('svc:services/default/web', 200, 0, 100, 40), box('svc:services/default/empty', 0, 0, 100, 40), box('host:worker-3', 380, 250, 300, 200)];
const layout = { boxes, byId: Object.fromEntries(boxes.map((b) => [b.id, b])), podRegion: {}, compact: true } as ClusterLayout;
const flow = (dst: string, backend: string) => ({ client: 'pods/default/client', dst, dport: 80, backend });

describe('failure marks', () => {
  it('marks a REJECT on the Service, on its edge facing the client, once per Service', () => {
    const f: FailedFlow = { id: 'load:1:1', time: 1000, flow: flow('10.96.0.30', ''), reason: 'rejected', at: 'service' };
    const marks = failureMarks([f, { ...f, id: 'load:1:2' }], 1200, ix, layout);
    expect(marks.map((m) => [m.kind, m.on, m.service])).toEqual([['rejected', 'svc:services/default/empty', 'services/default/empty']]);
    // The client is straight below the Service: the mark sits under the Service's bottom edge.
    expect(marks[0]!.x).toBeCloseTo(50);
    expect(marks[0]!.y).toBeGreaterThan(40);
    expect(marks[0]!.y).toBeLessThan(60);
  });

  it("marks a client's timeout on the node it was sent to, inside that node's region", () => {
    const f: FailedFlow = { id: 'load:1:3', time: 1000, flow: flow('10.96.0.20', '10.244.3.3'), reason: 'timed out', at: 'node', node: 'worker-3' };
    const [m] = failureMarks([f], 1000, ix, layout);
    expect(m).toMatchObject({ kind: 'timeout', on: 'host:worker-3', node: 'worker-3', backend: 'pods/default/web-1' });
    expect(m!.x).toBeGreaterThan(380);
    expect(m!.x).toBeLessThan(680);
    expect(m!.y).toBeGreaterThan(250);
    expect(m!.y).toBeLessThan(450);
  });

  it('marks a lost packet on the backend pod, and forgets every mark after 1.5 s', () => {
    const f: FailedFlow = { id: 7, time: 1000, flow: flow('10.96.0.20', '10.244.3.3'), reason: 'host-down', at: 'pod' };
    expect(failureMarks([f], 2000, ix, layout).map((m) => [m.kind, m.on])).toEqual([['lost', 'pod:pods/default/web-1']]);
    expect(failureMarks([f], 2600, ix, layout)).toEqual([]);
    expect(failureMarks([f], 900, ix, layout)).toEqual([]);
  });
});
