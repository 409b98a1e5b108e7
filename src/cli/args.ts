// Command-line arguments of `kubeplay`: `run FILE|LINK [--until 5m] [--json] [--trace] [--seed N]`,
// `export LINK -o FILE` and `help`.

import { parseDuration } from '../sim/scenario/duration';

export type CliCommand =
  | { kind: 'help' }
  | { kind: 'run'; file: string; untilMs?: number; json: boolean; trace: boolean; seed?: number }
  | { kind: 'export'; link: string; output: string }
  | { kind: 'serve'; file?: string; port: number; pagePort: number; address: string; kubeconfig?: string; speed: number; record?: string };

export const USAGE = `Kubeplay: a Kubernetes v1.31 cluster, simulated deterministically.

Usage:
  kubeplay run FILE|LINK [--until DURATION] [--seed N] [--json] [--trace]
  kubeplay export LINK -o FILE
  kubeplay serve [SCENARIO] [--port 6443] [--page-port 8080] [--address 127.0.0.1] [--kubeconfig FILE] [--speed X] [--record FILE]
  kubeplay proxy-cost [--services 10,100,1000,10000] [--modes iptables,ipvs,nftables] [--json]
  kubeplay help

Commands:
  run     Run a scenario (YAML) headless and print its transcript, the failed
          expectations and the trace hash. Given a link the app shared (the whole
          URL or its #fragment), run its scenario to the shared moment: the trace
          hash is the one the app shows.
  export  Write the scenario a link holds (with the steps the user took) to FILE.
  serve   Run the simulation here, its time following the wall clock (times
          --speed), and serve the Kubernetes API over HTTPS so that a real
          kubectl can use it: it writes a kubeconfig (a CA made for this run,
          a client certificate per user) and prints the export line to use it.
          --record FILE writes, when it ends, the run as a scenario (every
          request at its simulated time) that run replays to the same hash.
          The page at http://ADDRESS:PAGE-PORT/ (--page-port, 0: any free
          port) shows the served run and pauses, steps or speeds it.
  proxy-cost
          Count, in kube-proxy's own tables, the rules a node's kernel tests
          for the first packet to a Service, per mode and number of Services,
          and what one changed endpoint costs to re-program.
  help    Show this help.

Flags for run:
  --until DURATION   keep the simulation running until this simulated time
                     after the last step (e.g. 90s, 5m, 1m30s)
  --seed N           override the scenario's seed (a non-negative integer)
  --json             print one JSON report instead of the transcript
  --trace            also print every trace record (message, timer, drop)

Exit status: 0 all expectations passed, 1 an expectation failed,
2 the scenario is invalid or a file is missing.

Example:
  npx kubeplay run public/scenarios/pod-lifecycle.yaml --until 2m
`;

export function parseArgs(argv: string[]): CliCommand | { kind: 'error'; message: string } {
  const [cmd, ...rest] = argv;
  if (cmd === undefined || cmd === 'help' || cmd === '--help' || cmd === '-h') return { kind: 'help' };
  if (cmd === 'export') return parseExport(rest);
  if (cmd === 'serve') return parseServe(rest);
  if (cmd !== 'run') return { kind: 'error', message: `unknown command "${cmd}"` };
  let file: string | undefined;
  const out: { untilMs?: number; json: boolean; trace: boolean; seed?: number } = { json: false, trace: false };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = (): string | undefined => inline ?? rest[++i];
    switch (flag) {
      case '--json':
        out.json = true;
        break;
      case '--trace':
        out.trace = true;
        break;
      case '--until': {
        const v = value();
        const ms = v === undefined ? undefined : parseDuration(v);
        if (ms === undefined) return { kind: 'error', message: `--until: invalid duration ${JSON.stringify(v ?? '')} (examples: 90s, 5m, 1m30s)` };
        out.untilMs = ms;
        break;
      }
      case '--seed': {
        const v = value();
        const n = v !== undefined && /^\d+$/.test(v) ? Number(v) : NaN;
        if (!Number.isSafeInteger(n) || n > 0xffffffff) return { kind: 'error', message: `--seed: expected a non-negative integer, got ${JSON.stringify(v ?? '')}` };
        out.seed = n;
        break;
      }
      case '-h':
      case '--help':
        return { kind: 'help' };
      default:
        if (arg.startsWith('-') && arg !== '-') return { kind: 'error', message: `unknown flag "${flag}"` };
        if (file !== undefined) return { kind: 'error', message: `run takes one scenario file, got "${file}" and "${arg}"` };
        file = arg;
    }
  }
  if (file === undefined) return { kind: 'error', message: 'run needs a scenario file, e.g. kubeplay run public/scenarios/pod-lifecycle.yaml' };
  return { kind: 'run', file, ...out };
}

function parseExport(rest: string[]): CliCommand | { kind: 'error'; message: string } {
  let link: string | undefined;
  let output: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '-o' || arg === '--output') output = rest[++i];
    else if (arg.startsWith('--output=')) output = arg.slice('--output='.length);
    else if (arg.startsWith('-') && arg !== '-') return { kind: 'error', message: `unknown flag "${arg}"` };
    else if (link !== undefined) return { kind: 'error', message: 'export takes one link' };
    else link = arg;
  }
  if (link === undefined) return { kind: 'error', message: 'export needs a link, e.g. kubeplay export "http://127.0.0.1:4173/#run=..." -o run.yaml' };
  if (!output) return { kind: 'error', message: 'export needs -o FILE' };
  return { kind: 'export', link, output };
}

function parseServe(rest: string[]): CliCommand | { kind: 'error'; message: string } {
  const out: Extract<CliCommand, { kind: 'serve' }> = { kind: 'serve', port: 6443, pagePort: 8080, address: '127.0.0.1', speed: 1 };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = (): string => inline ?? rest[++i] ?? '';
    if (flag === '--port') {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 0 || n > 65535) return { kind: 'error', message: '--port: expected a port number (0-65535)' };
      out.port = n;
    } else if (flag === '--page-port') {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 0 || n > 65535) return { kind: 'error', message: '--page-port: expected a port number (0-65535)' };
      out.pagePort = n;
    } else if (flag === '--address') out.address = value();
    else if (flag === '--kubeconfig') out.kubeconfig = value();
    else if (flag === '--record') {
      const f = value();
      if (!f) return { kind: 'error', message: '--record: expected a file name' };
      out.record = f;
    }
    else if (flag === '--speed') {
      const n = Number(value());
      if (!(n > 0 && n <= 1000)) return { kind: 'error', message: '--speed: expected a number above 0, at most 1000' };
      out.speed = n;
    } else if (arg.startsWith('-')) return { kind: 'error', message: `unknown flag "${flag}"` };
    else if (out.file !== undefined) return { kind: 'error', message: 'serve takes one scenario' };
    else out.file = arg;
  }
  return out;
}
