// `stress` (Amos Waterland's load generator, the polinux/stress image of the Kubernetes docs'
// "Assign Memory Resources to Containers and Pods"): `--vm N --vm-bytes B` starts N workers that
// each touch B bytes of memory, `--cpu N` spins, `--timeout T` ends the run. The master prints one
// `dispatching hogs` line; a run that reaches its timeout ends with `successful run completed`.

import type { Step } from './program';

/** stress's memory touch rate, roughly: 250 MiB are reached in about a quarter of a second. */
const TOUCH_BYTES_PER_MS = 1024 * 1024;
/** stress's default --vm-bytes (256M). */
const DEFAULT_VM_BYTES = 256 * 1024 * 1024;

/** stress's atoll_b: a count with an optional b/k/m/g suffix, powers of 1024. */
export function stressBytes(arg: string): number | undefined {
  const m = /^(\d+)([bBkKmMgG]?)$/.exec(arg);
  if (!m) return undefined;
  const factor = { '': 1, b: 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[m[2]!.toLowerCase()]!;
  return Number(m[1]) * factor;
}

/** stress's atoll_s: seconds with an optional s/m/h/d/y suffix. */
function stressSeconds(arg: string): number | undefined {
  const m = /^(\d+)([smhdy]?)$/.exec(arg);
  if (!m) return undefined;
  const factor = { '': 1, s: 1, m: 60, h: 3600, d: 86_400, y: 31_536_000 }[m[2]!]!;
  return Number(m[1]) * factor;
}

/** The steps of `stress <args>` (the args after the program name). */
export function stressSteps(args: string[]): Step[] {
  const opt = (long: string, short: string): string | undefined => {
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      if (a === `--${long}` || a === `-${short}`) return args[i + 1];
      if (a.startsWith(`--${long}=`)) return a.slice(long.length + 3);
    }
    return undefined;
  };
  const count = (long: string, short: string): number => Number(opt(long, short) ?? 0) || 0;
  const [cpu, io, vm, hdd] = [count('cpu', 'c'), count('io', 'i'), count('vm', 'm'), count('hdd', 'd')];
  if (cpu + io + vm + hdd === 0) {
    return [{ op: 'log', stream: 'stderr', text: "`stress' imposes certain types of compute stress on your system" }, { op: 'exit', code: 1 }];
  }
  const steps: Step[] = [{ op: 'log', stream: 'stdout', text: `stress: info: [1] dispatching hogs: ${cpu} cpu, ${io} io, ${vm} vm, ${hdd} hdd` }];
  const vmBytes = stressBytes(opt('vm-bytes', '') ?? '') ?? DEFAULT_VM_BYTES;
  const total = vm * vmBytes;
  if (total > 0) {
    // The workers touch their pages as fast as the machine allows, then hold them (--vm-hang).
    steps.push({ op: 'sleep', ms: Math.max(1, Math.round(total / TOUCH_BYTES_PER_MS)) }, { op: 'alloc', bytes: total });
  }
  const timeout = stressSeconds(opt('timeout', 't') ?? '');
  if (timeout === undefined) return [...steps, { op: 'wait' }];
  return [
    ...steps,
    { op: 'sleep', ms: timeout * 1000 },
    { op: 'log', stream: 'stdout', text: `stress: info: [1] successful run completed in ${timeout}s` },
    { op: 'exit', code: 0 },
  ];
}
