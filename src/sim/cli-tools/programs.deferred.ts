// programs.ts as the app's worker has it (vite.config.ts swaps it in): the processes start with the
// cluster (their start needs only ./kubectl/start.ts and ./node/start.ts), and everything that runs a
// command (kubectl's verbs and printers, `explain`, the node shells' programs) is one chunk that
// loadCliPrograms() fetches. sim.worker.ts starts fetching it right after the first scenario is on
// screen and holds back every command until it is here, so a process never gets a command it cannot
// run, and a command enters the simulation at the simulated time it is handed over, as it would have.

import type { ComponentType } from '../kernel/component';
import type { KubectlConfig, KubectlState } from './kubectl/job';
import { startKubectl } from './kubectl/start';
import type { Vocabulary } from './kubectl/vocabulary';
import type { NodeShellConfig, NodeShellState } from './node/node-shell';
import { startNodeShell } from './node/start';
import { deferredModule } from '../deferred-module';

const PROGRAMS = deferredModule(
  () => import('./programs'),
  'a command reached kubectl or a node shell before their programs loaded (sim.worker.ts waits for loadCliPrograms())',
);

export const cliProgramsReady = PROGRAMS.ready;

export const loadCliPrograms = PROGRAMS.load;

export const kubectlVocabulary = (): Vocabulary | undefined => PROGRAMS.loaded()?.kubectlVocabulary();

const programs = PROGRAMS.get;

export const kubectl: ComponentType<KubectlState, KubectlConfig> = {
  kind: 'kubectl',
  start: (_ctx, input) => startKubectl(input.config),
  onMessage: (state, msg, ctx) => programs().kubectl.onMessage(state, msg, ctx),
  onTimer: (state, timer, ctx) => programs().kubectl.onTimer(state, timer, ctx),
};

export const nodeShell: ComponentType<NodeShellState, NodeShellConfig> = {
  kind: 'node-shell',
  start: (_ctx, input) => startNodeShell(input.config),
  onMessage: (state, msg, ctx) => programs().nodeShell.onMessage(state, msg, ctx),
  onTimer: (state, timer, ctx) => programs().nodeShell.onTimer(state, timer, ctx),
};
