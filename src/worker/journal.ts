// The small pieces of the worker's journal and restore (session.ts): counting kernel events, the
// fatal answer for an exception, and the words a restore uses to say where a replay went another way.

import type { JournaledCommand, SimPosition, WorkerToUi } from '../protocol/view';
import type { Simulation } from '../sim/kernel/simulation';

/** The `fatal` answer for an exception: message and stack, nothing else (it must clone). */
export function fatal(err: unknown): Extract<WorkerToUi, { type: 'fatal' }> {
  if (err instanceof Error) return err.stack ? { type: 'fatal', message: err.message, stack: err.stack } : { type: 'fatal', message: err.message };
  return { type: 'fatal', message: String(err) };
}

/**
 * Counts the kernel events the run has run: a position a replay can reach exactly, where the clock
 * alone cannot tell apart two events of the same millisecond. The kernel has no such counter yet, so
 * the run's Simulation gets its step() wrapped (runUntil and the runner call step() for each event).
 */
export function countEvents(sim: Simulation, onEvent: () => void): void {
  const step = sim.step.bind(sim);
  sim.step = () => {
    const ran = step();
    if (ran) onEvent();
    return ran;
  };
}

export function showPosition(p: SimPosition): string {
  return `${p.time} ms, ${p.events} events, ${p.records} records`;
}

/** `$ kubectl get pods`, `kill kube-scheduler`: a command in a few words, for the restore's detail. */
export function describeCommand(c: JournaledCommand): string {
  switch (c.type) {
    case 'exec':
      return `$ ${c.line}`;
    case 'kill':
    case 'restart':
    case 'start':
      return `${c.type} ${c.target}`;
    case 'partition':
      return `partition ${c.a.join(',')} from ${c.b.join(',')}`;
    default:
      return c.type;
  }
}
