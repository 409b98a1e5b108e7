// Issue 10: a page that opens a run's link replays it to the link's moment and is then told it
// `arrived`. The replay runs on a wall-clock budget per tick (REPLAY_MS_PER_TICK), and while the
// clock slows for the dots each frame carries at most FRAME_LIMITS (batch.ts), so how much of the
// moment the replay's frames had carried by then depended on how fast the machine was: on a slow
// one the page showed the moment with objects missing until later frames came
// (src/worker/seek-panels.test.ts failed in 2 of 3 runs). The frame that says it arrived is whole.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FrameBatch, UiToWorker, WorkerToUi } from '../protocol/view';
import { decodeLink } from '../sim/scenario/link';
import { SimSession } from './session';

const DEFAULT = readFileSync(join(__dirname, '../../public/scenarios/default.yaml'), 'utf8');

/** The objects a page holds after these frames (a reset frame replaces them). */
function held(frames: FrameBatch[]): Map<string, unknown> {
  const objects = new Map<string, unknown>();
  for (const f of frames) {
    if (f.reset) objects.clear();
    for (const v of [...f.objects.added, ...f.objects.updated]) objects.set(v.id, v);
    for (const id of f.objects.removed) objects.delete(id);
  }
  return objects;
}

function session(text: string, extra: Partial<Extract<UiToWorker, { type: 'load' }>> = {}, wallClock?: () => number) {
  const s = new SimSession(undefined, wallClock);
  expect(s.handle({ type: 'load', file: 'x.yaml', text, ...extra })[0]?.type).toBe('loaded');
  const frames: FrameBatch[] = [];
  const messages: WorkerToUi[] = [];
  const tick = (ms: number) => {
    const f = s.tick(ms);
    if (f) frames.push(f);
    messages.push(...s.takeMessages());
  };
  tick(0);
  return { s, frames, messages, tick };
}

describe("a link's replay arriving at its moment", () => {
  it('sends all of that moment with the frame that says it arrived, however slow the machine', () => {
    const live = session(DEFAULT);
    live.s.handle({ type: 'speed', speed: 100 });
    live.s.handle({ type: 'play' });
    while (live.s.cluster!.sim.now < 5_000) live.tick(16);
    live.s.handle({ type: 'exec', requestId: 1, line: 'kubectl create deployment web --image=nginx:1.25 --replicas=40' });
    while (live.s.cluster!.sim.now < 9_000) live.tick(16);
    live.s.handle({ type: 'pause' });
    live.tick(0);
    const run = live.s.handle({ type: 'share', purpose: 'link', view: {} })[0] as Extract<WorkerToUi, { type: 'run' }>;
    const d = decodeLink(`#${run.fragment}`);
    if ('error' in d || d.kind !== 'run') throw new Error(JSON.stringify(d));

    // A slow machine: each tick's wall-clock budget fits one replay slice.
    let wall = 0;
    const slow = session(d.link.scenario, { file: 'link.yaml', at: d.link.at }, () => (wall += 100));
    for (let i = 0; i < 10_000 && !slow.messages.some((m) => m.type === 'arrived'); i++) slow.tick(16);
    expect(slow.messages.some((m) => m.type === 'arrived')).toBe(true);
    const atArrival = held(slow.frames);
    // What a seek to the same moment (a whole reset frame) holds.
    slow.s.handle({ type: 'seek', time: d.link.at! });
    slow.tick(0);
    expect(slow.frames.at(-1)!.reset).toBe(true);
    const whole = held(slow.frames);
    expect([...whole.keys()].filter((k) => k.startsWith('pods/')).length).toBeGreaterThanOrEqual(40);
    expect([...atArrival.keys()].sort()).toEqual([...whole.keys()].sort());
    expect(atArrival).toEqual(whole);
  });
});
