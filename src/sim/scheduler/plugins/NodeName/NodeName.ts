// NodeName (plugins/nodename): a pod that names a node in spec.nodeName fits only that node.

import { fixedStatus, PluginNames, success, type Plugin } from '../../framework/types';

export const ErrReasonNodeName = "node(s) didn't match the requested node name";
const MISMATCH = fixedStatus('UnschedulableAndUnresolvable', ErrReasonNodeName);

export const NodeName: Plugin = {
  name: PluginNames.NodeName,
  filter(ctx, node) {
    const want = ctx.pod.pod.spec.nodeName;
    if (!want || want === node.name) return success();
    return MISMATCH;
  },
};
