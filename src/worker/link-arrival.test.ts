// Issue 10: a page that opens a run's link replays it to the link's moment and is then told it
// `arrived`. The replay runs on a wall-clock budget per tick (REPLAY_MS_PER_TICK), and while the
// clock slows for the dots each frame carries at most FRAME_LIMITS (batch.ts), so how much of the
// moment the replay's frames had carried by then depended on how fast the machine was: on a slow
// one the page showed the moment with objects missing until later frames came
// (src/worker/seek-panels.test.ts failed in 2 of 3 runs). The frame that says it arrived is whole.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { heldObjects, openSession, runLink } from './test-session';

const DEFAULT = readFileSync(join(__dirname, '../../public/scenarios/default.yaml'), 'utf8');

describe("a link's replay arriving at its moment", () => {
  it('sends all of that moment with the frame that says it arrived, however slow the machine', () => {
    const live = openSession(DEFAULT, { file: 'x.yaml' });
    live.s.handle({ type: 'speed', speed: 100 });
    live.s.handle({ type: 'play' });
    while (live.s.cluster!.sim.now < 5_000) live.tick(16);
    live.s.handle({ type: 'exec', requestId: 1, line: 'kubectl create deployment web --image=nginx:1.25 --replicas=40' });
    while (live.s.cluster!.sim.now < 9_000) live.tick(16);
    live.s.handle({ type: 'pause' });
    live.tick(0);
    const d = runLink(`#${live.share().fragment}`);

    // A slow machine: each tick's wall-clock budget fits one replay slice.
    let wall = 0;
    const slow = openSession(d.link.scenario, { file: 'link.yaml', at: d.link.at }, () => (wall += 100));
    slow.untilArrived();
    expect(slow.messages.some((m) => m.type === 'arrived')).toBe(true);
    const atArrival = heldObjects(slow.frames);
    // What a seek to the same moment (a whole reset frame) holds.
    slow.send({ type: 'seek', time: d.link.at! });
    expect(slow.frames.at(-1)!.reset).toBe(true);
    const whole = heldObjects(slow.frames);
    expect([...whole.keys()].filter((k) => k.startsWith('pods/')).length).toBeGreaterThanOrEqual(40);
    expect([...atArrival.keys()].sort()).toEqual([...whole.keys()].sort());
    expect(atArrival).toEqual(whole);
  });
});
