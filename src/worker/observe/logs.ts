// A process's own log (what `journalctl -u kubelet` or `kubectl logs` of a static pod would read),
// kept by the kernel in world.processes.

import type { Simulation } from '../../sim/kernel/simulation';

export const DEFAULT_LOG_TAIL = 500;

/** The last `tail` lines of a process's log, or undefined when there is no such process. */
export function processLog(sim: Simulation, process: string, tail = DEFAULT_LOG_TAIL): string[] | undefined {
  const p = sim.world.processes.get(process);
  if (!p) return undefined;
  const from = Math.max(0, p.log.length - Math.max(0, tail));
  return p.log.slice(from).map((l) => l.line);
}
