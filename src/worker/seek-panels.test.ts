// Issue 10, time travel: "drag back to any earlier moment and the whole app — graph, objects,
// events, terminal transcript, inspector — shows that moment". What the Events panel and the
// inspector show is what the worker sent for them: the objects (Events among them, read by
// ui/panels/events-table.ts), hosts, components and "why" callouts the frames carry, and the
// scheduler's cycles and process logs the inspector asks for. After going back and forward by
// snapshots, all of it must be exactly what a page that opened the run's link and replayed it from
// the start holds at the same moment: a snapshot restore that forgot a piece of state shows here.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FrameBatch, ObjectView, UiToWorker } from '../protocol/view';
import { eventRow } from '../ui/panels/events-table';
import { openSession, runLink, type TestSession } from './test-session';

const DEFAULT = readFileSync(join(__dirname, '../../public/scenarios/default.yaml'), 'utf8');

/** What the page holds from the frames: the tables the panels read, replaced on a reset frame. */
interface Held {
  time: number;
  hosts: Map<string, unknown>;
  components: Map<string, unknown>;
  objects: Map<string, ObjectView>;
  why: unknown;
  partitions: unknown;
}

function hold(frames: FrameBatch[]): Held {
  const held: Held = { time: 0, hosts: new Map(), components: new Map(), objects: new Map(), why: [], partitions: [] };
  for (const f of frames) {
    if (f.reset) {
      held.hosts.clear();
      held.components.clear();
      held.objects.clear();
    }
    for (const [table, patch] of [[held.hosts, f.hosts], [held.components, f.components], [held.objects, f.objects]] as const) {
      for (const v of [...patch.added, ...patch.updated]) (table as Map<string, unknown>).set(v.id, v);
      for (const id of patch.removed) table.delete(id);
    }
    if (f.why) held.why = f.why;
    held.partitions = [f.partitions, f.degraded ?? []];
    held.time = f.clock.time;
  }
  return held;
}

const sorted = <T>(m: Map<string, T>): [string, T][] => [...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * The Events panel's rows, the inspector's data for every object, host and component, the
 * scheduler's cycles for every pod and the logs of every process, as this page would show them now.
 */
function panels(r: TestSession): unknown {
  const held = hold(r.frames);
  const events = sorted(held.objects).filter(([, o]) => o.kind === 'Event').map(([, o]) => eventRow(o));
  const pods = sorted(held.objects).filter(([, o]) => o.kind === 'Pod').map(([id]) => id.split('/').slice(1).join('/'));
  const ask = (cmd: UiToWorker) => r.s.handle(cmd)[0];
  return {
    time: held.time,
    events,
    objects: sorted(held.objects),
    hosts: sorted(held.hosts),
    components: sorted(held.components),
    why: held.why,
    partitions: held.partitions,
    cycles: pods.map((p) => ask({ type: 'cycles', pod: p })),
    logs: sorted(held.components).map(([id]) => ask({ type: 'logs', process: id, tail: 200 })),
  };
}

/** A page opening the run's link made now: replays from the start to this moment and pauses. */
function freshAt(r: TestSession): TestSession {
  const d = runLink(`#${r.share().fragment}`);
  const fresh = openSession(d.link.scenario, { file: 'link.yaml', at: d.link.at });
  fresh.untilArrived();
  fresh.tick(0);
  return fresh;
}

describe('time travel, the Events panel and the inspector', () => {
  it('after going back and forward by snapshots, show exactly what a fresh replay to the same moment shows', () => {
    const r = openSession(DEFAULT);
    r.play(5_000);
    r.send({ type: 'exec', requestId: 1, line: 'kubectl create deployment web --image=nginx:1.25 --replicas=3' });
    r.play(55_000);
    r.send({ type: 'kill', target: 'node/worker-2', echo: 'ssh worker-2 -- sudo poweroff' });
    r.send({ type: 'kill', target: 'kube-scheduler' });
    r.play(50_000);
    r.send({ type: 'restart', target: 'kube-scheduler' });
    r.send({ type: 'exec', requestId: 2, line: 'kubectl scale deployment web --replicas=5' });
    r.play(45_000);
    const end = r.s.cluster!.sim.now;
    const atEnd = panels(r);
    // Back to between the create and the kills (restored from a snapshot), then to a moment after
    // the node went NotReady (run on from there, over snapshots of the known future), then to the end.
    for (const t of [47_500, 131_234, end]) {
      const seeked = r.send({ type: 'seek', time: t }).find((m) => m.type === 'seeked');
      expect(seeked).toMatchObject({ type: 'seeked', time: t });
      expect(r.frames.at(-1)!.reset).toBe(true);
      const here = panels(r) as { events: { reason: string }[] };
      expect(here).toEqual(panels(freshAt(r)));
      // The moments differ (the comparison is of something): what the events say moves on.
      if (t === 47_500) expect(here.events.map((e) => e.reason)).not.toContain('NodeNotReady');
      if (t === 131_234) expect(here.events.map((e) => e.reason)).toContain('NodeNotReady');
    }
    expect(panels(r)).toEqual(atEnd);
  });
});
