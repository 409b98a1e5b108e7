// The scale view's model (issue 14: "pods as counts and colours per node, failing objects never
// aggregated away"). Node conditions follow kubectl's node STATUS (printers/tables.go printNode:
// Ready when the Ready condition is True, NotReady otherwise) and the Ready condition's three values
// (https://kubernetes.io/docs/reference/node/node-status/#condition: True, False, Unknown).

import { describe, expect, it } from 'vitest';
import type { HostView, ObjectView } from '../../protocol/view';
import { scaleModel, tileInTrouble } from './scale-model';

const host = (id: string, up = true): HostView => ({ id, address: '10.0.0.1', role: 'worker', up });
function node(name: string, ready: 'True' | 'False' | 'Unknown' | undefined): ObjectView {
  const conditions = ready ? [{ type: 'Ready', status: ready }] : [];
  return { id: `nodes//${name}`, kind: 'Node', namespace: '', name, resourceVersion: '1', object: { status: { conditions } }, display: { status: ready === 'True' ? 'Ready' : ready ? 'NotReady' : 'Unknown' } };
}
function pod(name: string, nodeName: string | undefined, status: string, ready = '1/1'): ObjectView {
  return { id: `pods/default/${name}`, kind: 'Pod', namespace: 'default', name, resourceVersion: '1', object: { spec: { nodeName } }, display: { status, ready } };
}
const table = (...xs: ObjectView[]) => Object.fromEntries(xs.map((x) => [x.id, x]));

describe('scaleModel', () => {
  it('makes a tile per worker in numeric name order, coloured by the Ready condition', () => {
    const hosts = { 'control-plane': { ...host('control-plane'), role: 'control-plane' as const }, 'worker-10': host('worker-10'), 'worker-2': host('worker-2'), 'worker-1': host('worker-1') };
    const m = scaleModel(hosts, table(node('worker-1', 'True'), node('worker-2', 'False'), node('worker-10', 'Unknown')));
    expect(m.tiles.map((t) => [t.name, t.condition, t.status])).toEqual([
      ['worker-1', 'Ready', 'Ready'],
      ['worker-2', 'NotReady', 'NotReady'],
      ['worker-10', 'Unknown', 'NotReady'],
    ]);
    expect(m.notReady.map((t) => t.name)).toEqual(['worker-2', 'worker-10']);
  });

  it('counts a node that has not registered yet as Unknown, and a host that is down as not Ready', () => {
    const m = scaleModel({ 'worker-1': host('worker-1', false), 'worker-2': host('worker-2') }, table(node('worker-1', 'True')));
    expect(m.tiles.map((t) => [t.name, t.condition, t.hostUp])).toEqual([
      ['worker-1', 'Ready', false],
      ['worker-2', 'Unknown', true],
    ]);
    expect(m.notReady.map((t) => t.name)).toEqual(['worker-1', 'worker-2']);
  });

  it('counts pods per node by look and lists every failing or not-ready pod by name', () => {
    const m = scaleModel(
      { 'worker-1': host('worker-1') },
      table(
        node('worker-1', 'True'),
        pod('a', 'worker-1', 'Running'),
        pod('b', 'worker-1', 'Running', '0/1'),
        pod('c', 'worker-1', 'CrashLoopBackOff', '0/1'),
        pod('d', 'worker-1', 'ContainerCreating', '0/1'),
        pod('e', 'worker-1', 'Error', '0/1'),
        pod('f', undefined, 'Pending', '0/1'),
      ),
    );
    const t = m.tiles[0]!;
    expect(t.counts).toEqual({ running: 1, 'not-ready': 1, failing: 2, creating: 1, pending: 0, terminating: 0, completed: 0 });
    expect(t.pods).toBe(5);
    expect(t.problems.map((p) => `${p.name} ${p.status} ${p.ready}`)).toEqual(['b Running 0/1', 'c CrashLoopBackOff 0/1', 'e Error 0/1']);
    expect(tileInTrouble(t)).toBe(true);
    expect(m.unscheduled).toBe(1);
    expect(m.pods).toBe(6);
  });

  it('keeps every problem of 5,000 nodes individually', () => {
    const hosts: Record<string, HostView> = {};
    const views: ObjectView[] = [];
    for (let i = 1; i <= 5000; i++) {
      hosts[`worker-${i}`] = host(`worker-${i}`);
      views.push(node(`worker-${i}`, i % 500 === 0 ? 'False' : 'True'), pod(`p-${i}`, `worker-${i}`, i % 170 === 0 ? 'CrashLoopBackOff' : 'Running', i % 170 === 0 ? '0/1' : '1/1'));
    }
    const m = scaleModel(hosts, table(...views));
    expect(m.tiles).toHaveLength(5000);
    expect(m.notReady.map((t) => t.name)).toEqual(Array.from({ length: 10 }, (_, i) => `worker-${(i + 1) * 500}`));
    expect(m.problemPods).toHaveLength(29);
    expect(new Set(m.tiles.filter(tileInTrouble).map((t) => t.name))).toEqual(new Set([...m.notReady.map((t) => t.name), ...m.problemPods.map((x) => x.node)]));
  });
});
