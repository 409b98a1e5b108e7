// The messages on the wire right now, for the graph's dots. A message is in flight from the moment
// it is sent until the kernel delivers it; its delivery time is the queued event's time.

import type { InFlightPatch, MessageView } from '../../protocol/view';
import type { Message } from '../../sim/kernel/component';
import type { Simulation } from '../../sim/kernel/simulation';
import { messageFlow } from './traffic';

/** What the UI was last told is in flight: each message's id and delivery time. */
export type SentFlights = Map<number, number>;

/**
 * The change to the messages in flight since `sent` (which it updates): messages sent since, or whose
 * delivery time moved, are added (as views, oldest first, `limit` at most: the rest stay unsent and
 * come with the next calls if they are still on the wire); messages no longer queued are removed.
 * Only the messages sent get a view, so a frame costs a look at each queued event, not a copy.
 */
export function diffInFlight(sent: SentFlights, sim: Simulation, limit = Infinity): InFlightPatch {
  const fresh: { id: number; time: number; msg: Message }[] = [];
  const live = new Set<number>();
  /** Messages on the wire that `sent` holds (left out ones are not in it), to tell whether it holds others. */
  let liveSent = 0;
  for (const e of sim.world.queue) {
    if (e.kind !== 'deliver') continue;
    const m = e.msg;
    live.add(m.id);
    const was = sent.get(m.id);
    if (was !== undefined) liveSent++;
    if (was !== e.time) fresh.push({ id: m.id, time: e.time, msg: m });
  }
  fresh.sort((a, b) => a.id - b.id);
  const added: MessageView[] = [];
  for (const { time, msg: m } of fresh.length > limit ? fresh.slice(0, limit) : fresh) {
    if (!sent.has(m.id)) liveSent++;
    sent.set(m.id, time);
    const v: MessageView = { id: m.id, from: m.from, to: m.to, type: m.body.type, summary: m.summary, phase: m.phase, sentAt: m.sentAt, deliverAt: time };
    if (m.object) v.object = m.object;
    const flow = messageFlow(sim, m);
    if (flow) v.flow = flow;
    added.push(v);
  }
  const removed: number[] = [];
  if (liveSent < sent.size) {
    for (const id of sent.keys()) {
      if (live.has(id)) continue;
      removed.push(id);
      sent.delete(id);
    }
  }
  removed.sort((a, b) => a - b);
  return { added, removed };
}

/** Just the timing, phase and summary of each message in flight, unsorted: the playing clock asks often. */
export function inFlightTimes(sim: Simulation): Pick<MessageView, 'sentAt' | 'deliverAt' | 'phase' | 'summary'>[] {
  const out: Pick<MessageView, 'sentAt' | 'deliverAt' | 'phase' | 'summary'>[] = [];
  for (const e of sim.world.queue) if (e.kind === 'deliver') out.push({ sentAt: e.msg.sentAt, deliverAt: e.time, phase: e.msg.phase, summary: e.msg.summary });
  return out;
}
