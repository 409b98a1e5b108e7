// The small pieces of the worker's journal and restore (session.ts): the fatal answer for an
// exception, and the words a restore uses to say where a replay went another way.

import type { JournaledCommand, SimPosition, WorkerToUi } from '../protocol/view';

/** The `fatal` answer for an exception: message and stack, nothing else (it must clone). */
export function fatal(err: unknown): Extract<WorkerToUi, { type: 'fatal' }> {
  if (err instanceof Error) return err.stack ? { type: 'fatal', message: err.message, stack: err.stack } : { type: 'fatal', message: err.message };
  return { type: 'fatal', message: String(err) };
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
    case 'link':
      return `slow link ${c.a.join(',')} to ${c.b.join(',')}`;
    case 'seek':
      return `seek to ${c.time} ms`;
    case 'traffic':
      return `traffic from ${c.from} to ${c.to}`;
    default:
      return c.type;
  }
}
