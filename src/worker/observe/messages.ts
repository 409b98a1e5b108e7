// The messages on the wire right now, for the graph's dots. A message is in flight from the moment
// it is sent until the kernel delivers it; its delivery time is the queued event's time.

import type { MessageView } from '../../protocol/view';
import type { Simulation } from '../../sim/kernel/simulation';

/** Every message sent and not yet delivered, oldest first (by id, so the order does not depend on the heap). */
export function observeInFlight(sim: Simulation): MessageView[] {
  const out: MessageView[] = [];
  for (const e of sim.world.queue) {
    if (e.kind !== 'deliver') continue;
    const m = e.msg;
    const v: MessageView = { id: m.id, from: m.from, to: m.to, type: m.body.type, summary: m.summary, phase: m.phase, sentAt: m.sentAt, deliverAt: e.time };
    if (m.object) v.object = m.object;
    out.push(v);
  }
  return out.sort((a, b) => a.id - b.id);
}

/** Just the timing, phase and summary of each message in flight, unsorted: the playing clock asks often. */
export function inFlightTimes(sim: Simulation): Pick<MessageView, 'sentAt' | 'deliverAt' | 'phase' | 'summary'>[] {
  const out: Pick<MessageView, 'sentAt' | 'deliverAt' | 'phase' | 'summary'>[] = [];
  for (const e of sim.world.queue) if (e.kind === 'deliver') out.push({ sentAt: e.msg.sentAt, deliverAt: e.time, phase: e.msg.phase, summary: e.msg.summary });
  return out;
}
