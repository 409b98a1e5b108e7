// kubectl's state when the laptop's process starts: its API client and the files kubeadm and the
// admin left on the laptop (kubeconfigs, the cluster CA). Apart from the rest of kubectl because the
// process starts with the cluster, while the verbs only run when someone types a command: the app's
// worker loads them after first paint (../programs.deferred.ts).

import { createClient } from '../../client/apiclient';
import { DIAL_TIMEOUT_MS, type KubectlConfig, type KubectlState } from './job';
import { initialFiles } from './kubeconfig/machine';

export function startKubectl(config: KubectlConfig): KubectlState {
  return {
    config,
    client: createClient({
      apiserver: config.apiserver,
      credentials: config.credentials,
      userAgent: 'kubectl/v1.31.0 (linux/amd64) kubernetes/9edcffc',
      timeoutMs: DIAL_TIMEOUT_MS,
    }),
    jobs: new Map(),
    files: initialFiles(config),
  };
}
