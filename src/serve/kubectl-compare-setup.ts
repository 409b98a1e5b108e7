// What the kubectl-compare suites (issue 17) share: finding real kubectl v1.31 or saying why the
// suite does not run, serving a scenario with the environment real kubectl runs in, running the
// in-page kubectl on the same cluster, and making both outputs comparable.
// For *.test.ts files only: this module loads `serve` and the simulation, and e2e/ (Playwright)
// imports kubectl-compare.ts, whose loader refuses the simulation's JSON imports (commit 9243f10
// put these helpers there and was reverted). e2e/ must not import this file.

import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe } from 'vitest';
import { parseScenario } from '../sim/scenario/parse';
import { findKubectl131, normalise, runKubectl, type Output } from './kubectl-compare';
import { serve, type ServeHandle, type ServeOptions } from './serve';

const WHERE = '($KUBECTL or kubectl.1.31 next to the Google Cloud SDK kubectl)';

/**
 * Real kubectl v1.31 for the suite `suite`. None found: with CI=true the suite fails with one line;
 * elsewhere it says on stderr that it is skipped (and describeWithKubectl says so in the test list).
 * A $KUBECTL that names no file fails with one line wherever it runs: whoever set it asked for that
 * kubectl, and the machine's kubectl.1.31 answering instead would hide the mistake.
 */
export function kubectlFor(suite: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.KUBECTL && !existsSync(env.KUBECTL)) throw new Error(`${suite}: $KUBECTL is ${env.KUBECTL}, which does not exist`);
  const bin = findKubectl131(env);
  if (!bin && env.CI === 'true') throw new Error(`${suite}: no kubectl v1.31 found ${WHERE}`);
  if (!bin) console.warn(`${suite}: skipped, no kubectl v1.31 found ${WHERE}`);
  return bin;
}

/** `describe` when real kubectl was found, else a skipped describe whose title says why. */
export function describeWithKubectl(kubectl: string | undefined, title: string, body: () => void): void {
  if (kubectl) describe(title, body);
  else describe.skip(`${title} (skipped: no kubectl v1.31 found)`, body);
}

/**
 * The environment real kubectl runs in against a served run: the run's kubeconfig in a directory of
 * its own, which is also kubectl's HOME and discovery cache (so no earlier run's cache answers for
 * this one).
 */
export function kubectlEnv(h: ServeHandle, name: string): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), `${name}-`));
  writeFileSync(join(dir, 'kubeconfig'), h.kubeconfig, { mode: 0o600 });
  return { KUBECONFIG: join(dir, 'kubeconfig'), HOME: dir, KUBECACHEDIR: join(dir, 'cache') };
}

/**
 * `kubeplay serve` of a scenario on a free port of 127.0.0.1 (at --speed 1 unless `options` say
 * otherwise), with the environment real kubectl runs in beside it (kubectlEnv).
 */
export async function serveForKubectl(scenarioText: string, name: string, options: Partial<Pick<ServeOptions, 'speed' | 'epochMs'>> = {}): Promise<{ h: ServeHandle; env: Record<string, string> }> {
  const p = parseScenario(scenarioText, `${name}.yaml`);
  if (!p.ok) throw new Error(`invalid scenario ${name}`);
  const h = await serve({ scenario: p.scenario, port: 0, address: '127.0.0.1', speed: 1, ...options });
  return { h, env: kubectlEnv(h, name) };
}

/** Real kubectl with a command line's words; a word in single quotes may hold spaces. */
export function realKubectl(bin: string, line: string, env: Record<string, string>, stdin?: string): Promise<Output> {
  const args = line.match(/(?:[^\s']+|'[^']*')+/g)!.map((a) => a.replace(/'([^']*)'/g, '$1'));
  return runKubectl(bin, args, env, stdin);
}

/** The in-page kubectl on the served cluster, then a resync so that what it did is served too. */
export function inPage(h: ServeHandle, line: string, stdin?: string): Output {
  const out = h.cluster.run(`kubectl ${line}`, stdin === undefined ? {} : { stdin });
  h.resync();
  return { stdout: out.stdout, stderr: out.stderr, exitCode: out.exitCode };
}

/** Masked output (normalise); for a write, its side's object names (`r-api`, `p-api`) made `x-api`. */
export function comparable(o: Output, side?: 'r' | 'p'): Output {
  const named = (t: string): string => (side ? t.replace(new RegExp(`\\b${side}-`, 'g'), 'x-') : t);
  return { stdout: normalise(named(o.stdout)), stderr: normalise(named(o.stderr)), exitCode: o.exitCode };
}
