// NodePorts (plugins/nodeports): a pod's host ports must be free on the node. A port bound on
// 0.0.0.0 conflicts with the same port on any IP.

import { hostPorts } from '../../framework/nodeinfo';
import { fixedStatus, PluginNames, success, type Plugin } from '../../framework/types';

export const ErrReasonNodePorts = "node(s) didn't have free ports for the requested pod ports";
const PORTS_TAKEN = fixedStatus('Unschedulable', ErrReasonNodePorts);

function conflicts(want: string, used: string): boolean {
  const [wp, wip, wport] = want.split('/');
  const [up, uip, uport] = used.split('/');
  if (wp !== up || wport !== uport) return false;
  return wip === uip || wip === '0.0.0.0' || uip === '0.0.0.0';
}

export const NodePorts: Plugin = {
  name: PluginNames.NodePorts,
  filter(ctx, node) {
    // The pod's host ports, once per cycle (PreFilter's state in nodeports.go).
    const want = (ctx.state['NodePorts/want'] ??= hostPorts(ctx.pod.pod)) as string[];
    if (want.length === 0 || node.usedPorts.length === 0) return success();
    if (want.some((w) => node.usedPorts.some((u) => conflicts(w, u)))) return PORTS_TAKEN;
    return success();
  },
};
