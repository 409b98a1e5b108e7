// `kubeplay serve`: start the served simulation, write the kubeconfig, print what a person needs
// (the export line and the page's address), and end cleanly on Ctrl-C.

import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CliCommand } from '../cli/args';
import type { CliIO } from '../cli/run-command';
import { parseScenario } from '../sim/scenario/parse';
import { formatScenarioError } from '../sim/scenario/schema';
import { readFileSync } from 'node:fs';
import { serve } from './serve';

/** The built app (`npx vite build` writes it), next to src/ in the package. */
export const DIST = fileURLToPath(new URL('../../dist', import.meta.url));

const IDLE = `apiVersion: kubeplay.dev/v1alpha1
kind: Scenario
metadata: {name: default}
spec:
  steps: []
`;

export async function serveMain(cmd: Extract<CliCommand, { kind: 'serve' }>, io: CliIO): Promise<number> {
  let text = IDLE;
  if (cmd.file) {
    try {
      text = readFileSync(cmd.file, 'utf8');
    } catch (e) {
      io.err(`kubeplay: cannot read scenario ${cmd.file}: ${(e as NodeJS.ErrnoException).code ?? String(e)}\n`);
      return 2;
    }
  }
  const parsed = parseScenario(text, cmd.file ?? 'default.yaml');
  if (!parsed.ok) {
    io.err(parsed.errors.map((e) => `kubeplay: ${formatScenarioError(e)}\n`).join(''));
    return 2;
  }
  if (cmd.address !== '127.0.0.1' && cmd.address !== 'localhost' && cmd.address !== '::1') {
    io.err(`kubeplay: warning: serving on ${cmd.address}: anyone who can reach this address and has the kubeconfig's credentials controls the simulation; nothing else is exposed, but prefer 127.0.0.1\n`);
  }
  const built = existsSync(join(DIST, 'index.html'));
  const file = resolve(io.cwd, cmd.kubeconfig ?? 'kubeplay.kubeconfig');
  let h;
  try {
    h = await serve({
      scenario: parsed.scenario,
      source: { file: cmd.file ?? 'default.yaml', text },
      port: cmd.port,
      address: cmd.address,
      speed: cmd.speed,
      // Simulated time 0 is now, so that real kubectl's AGE is right (the simulation never reads a clock).
      epochMs: Date.now(),
      ...(built && { page: { port: cmd.pagePort, dist: DIST, kubeconfig: file } }),
      log: (l) => io.err(l + '\n'),
    });
  } catch (e) {
    io.err(`kubeplay: cannot serve on ${cmd.address}:${cmd.port} (page port ${cmd.pagePort}): ${(e as NodeJS.ErrnoException).code ?? String(e)}\n`);
    return 2;
  }
  writeFileSync(file, h.kubeconfig, { mode: 0o600 });
  io.out(`export KUBECONFIG=${file}\n`);
  io.out(h.pageUrl ? `page: ${h.pageUrl} (watch, pause and step this run)\n` : `page: not built: run \`npx vite build\` in ${resolve(DIST, '..')} and start kubeplay serve again\n`);
  io.out(`kube-apiserver: ${h.url} (scenario ${parsed.scenario.name}, ${cmd.speed}x)\n`);
  return await new Promise<number>((done) => {
    const stop = (): void => {
      if (cmd.record) {
        const out = resolve(io.cwd, cmd.record);
        writeFileSync(out, h.recorded());
        io.out(`recorded: ${out} (npx kubeplay run ${cmd.record})\n`);
      }
      void h.close().then(() => done(0));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
