// The command-line programs the cluster runs as processes: kubectl on the laptop, the shell of each
// node (crictl, systemctl, journalctl, etcdctl, iptables-save, curl ...), the words kubectl's Tab
// completion offers, and the schema's descriptions for `kubectl explain`. Here they are all loaded
// at once, as Node (the tests, the CLI, `kubeplay serve`) uses them. The app's worker build swaps this
// module for programs.deferred.ts (vite.config.ts), whose programs arrive after first paint: the
// cluster boots without them and sim.worker.ts waits for loadCliPrograms() before it hands the
// simulation a command.

import { K8S_DESCRIBED_SCHEMA } from '../../api-schema/descriptions';
import { serveDescriptions } from '../apiserver/openapi';
import { kubectlVocabulary as vocabulary, type Vocabulary } from './kubectl/vocabulary';

// The schema's descriptions come with kubectl: only `kubectl explain` reads them, through the
// apiserver's /openapi/v3 documents.
serveDescriptions(K8S_DESCRIBED_SCHEMA);

export { kubectl } from './kubectl/kubectl';
export { nodeShell } from './node/node-shell';

/** Whether a command can run now. Here always. */
export const cliProgramsReady = (): boolean => true;

/** Resolves once commands can run. Here at once. */
export const loadCliPrograms = (): Promise<void> => Promise.resolve();

/** kubectl's words for Tab completion, or undefined while the programs are not loaded. */
export const kubectlVocabulary = (): Vocabulary | undefined => vocabulary();
