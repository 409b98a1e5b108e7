// A node shell's state when the node boots. Apart from node-shell.ts because every node's shell
// starts with the cluster, while crictl, systemctl, etcdctl and the other programs only run when
// someone types a command: the app's worker loads them after first paint (../programs.deferred.ts).

import type { EtcdctlEnv, EtcdctlState } from './etcdctl';
import type { NodeShellConfig, NodeShellState } from './node-shell';

export const newEtcdctlState = (env: EtcdctlEnv): EtcdctlState => ({ env, jobs: new Map(), calls: new Map() });

export function startNodeShell(config: NodeShellConfig): NodeShellState {
  const etcd = newEtcdctlState(config.etcd ?? { members: [], addresses: {} });
  return { node: config.nodeName, containerd: config.containerd, pending: new Map(), stoppedUnits: [], etcdctl: etcd, follows: new Map(), ...(config.nodeIP && { nodeIP: config.nodeIP }) };
}
