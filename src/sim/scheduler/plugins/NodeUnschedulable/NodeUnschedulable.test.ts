import { describe, expect, it } from 'vitest';
import { makeNode, makePod } from '../../testing';
import { filterOne, nodeInfoOf } from '../pluginTestUtil';
import { NodeName } from '../NodeName/NodeName';
import { NodePorts } from '../NodePorts/NodePorts';
import { NodeUnschedulable } from './NodeUnschedulable';

// Sources: plugins/nodeunschedulable, plugins/nodename, plugins/nodeports.
describe('NodeUnschedulable, NodeName and NodePorts', () => {
  const cordoned = nodeInfoOf(makeNode('w', { unschedulable: true }));
  it.each([
    ['a cordoned node rejects a pod', NodeUnschedulable, makePod('p'), cordoned, ['node(s) were unschedulable']],
    [
      'a cordoned node admits a pod tolerating node.kubernetes.io/unschedulable',
      NodeUnschedulable,
      makePod('p', { spec: { tolerations: [{ key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' }] } }),
      cordoned,
      [],
    ],
    ['spec.nodeName picks another node', NodeName, makePod('p', { spec: { nodeName: 'x' } }), cordoned, ["node(s) didn't match the requested node name"]],
  ] as const)('%s', (_n, plugin, pod, node, reasons) => {
    expect(filterOne(plugin, pod, node).reasons).toEqual([...reasons]);
  });

  it('rejects a host port already taken on the node', () => {
    const withPort = (name: string, nodeName?: string) =>
      makePod(name, { nodeName, spec: { containers: [{ name: 'c', ports: [{ containerPort: 80, hostPort: 8080 } as never] }] } });
    const node = nodeInfoOf(makeNode('w'), [withPort('a', 'w')]);
    expect(filterOne(NodePorts, withPort('b'), node).reasons).toEqual(["node(s) didn't have free ports for the requested pod ports"]);
  });
});
