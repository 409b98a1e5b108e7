// The Node entry point of `kubeplay` (bin/kubeplay.mjs registers tsx and calls main). The cluster
// module is loaded only for `run`, so `kubeplay help` answers even while the simulation is broken.

import { parseArgs } from './args';
import { runCli, type CliIO } from './run-command';

export async function main(argv: string[]): Promise<number> {
  const io: CliIO = {
    out: (s) => process.stdout.write(s),
    err: (s) => process.stderr.write(s),
    cwd: process.cwd(),
  };
  if (argv[0] === 'proxy-cost') {
    const { proxyCostMain } = await import('./proxy-cost');
    return proxyCostMain(argv.slice(1), io);
  }
  const cmd = parseArgs(argv);
  if (cmd.kind === 'serve') {
    const { serveMain } = await import('../serve/main');
    return serveMain(cmd, io);
  }
  if (cmd.kind !== 'run') {
    return runCli(argv, io, () => {
      throw new Error('no cluster needed');
    });
  }
  const { buildCluster } = await import('../sim/cluster');
  return runCli(argv, io, buildCluster);
}
