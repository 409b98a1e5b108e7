// The messages on the wire right now, for the graph's dots. A message is in flight from the moment
// it is sent until the kernel delivers it; its delivery time is the queued event's time.

import type { InFlightPatch, MessageView } from '../../protocol/view';
import type { Simulation } from '../../sim/kernel/simulation';
import { messageFlow } from './traffic';

/** What the UI was last told is in flight: each message's id and delivery time. */
export type SentFlights = Map<number, number>;

/**
 * The change to the messages in flight since `sent` (which it updates): messages sent since, or whose
 * delivery time moved, are added (as views, oldest first); messages no longer queued are removed.
 * Only the changed messages get a view, so a frame costs a look at each queued event, not a copy.
 */
export function diffInFlight(sent: SentFlights, sim: Simulation): InFlightPatch {
  const added: MessageView[] = [];
  const live = new Set<number>();
  for (const e of sim.world.queue) {
    if (e.kind !== 'deliver') continue;
    const m = e.msg;
    live.add(m.id);
    if (sent.get(m.id) === e.time) continue;
    sent.set(m.id, e.time);
    const v: MessageView = { id: m.id, from: m.from, to: m.to, type: m.body.type, summary: m.summary, phase: m.phase, sentAt: m.sentAt, deliverAt: e.time };
    if (m.object) v.object = m.object;
    const flow = messageFlow(sim, m);
    if (flow) v.flow = flow;
    added.push(v);
  }
  const removed: number[] = [];
  if (live.size < sent.size) {
    for (const id of sent.keys()) {
      if (live.has(id)) continue;
      removed.push(id);
      sent.delete(id);
    }
  }
  added.sort((a, b) => a.id - b.id);
  removed.sort((a, b) => a - b);
  return { added, removed };
}

/** Just the timing, phase and summary of each message in flight, unsorted: the playing clock asks often. */
export function inFlightTimes(sim: Simulation): Pick<MessageView, 'sentAt' | 'deliverAt' | 'phase' | 'summary'>[] {
  const out: Pick<MessageView, 'sentAt' | 'deliverAt' | 'phase' | 'summary'>[] = [];
  for (const e of sim.world.queue) if (e.kind === 'deliver') out.push({ sentAt: e.msg.sentAt, deliverAt: e.time, phase: e.msg.phase, summary: e.msg.summary });
  return out;
}
