// Cancelled timers leave the queue once they are over a quarter of it, as Go's runtime clears a P's
// deleted timers once they are over a quarter of its heap (runtime/proc.go checkTimers:
// `if ... int(pp.deletedTimers.Load()) > len(pp.timers)/4 { clearDeletedTimers(pp) }`). A request's
// timeout (context.WithTimeout) is cancelled when the answer comes; before, every one stayed queued
// until its 30-60 s ran out (issue 14: ~30 per pod at the lifecycle bench). Nothing that fires changes.
import { describe, expect, it } from 'vitest';
import type { ComponentType, Timer } from './component';
import type { TimerId } from './units';
import { heapPop, heapPush, heapRemoveWhere } from './heap';
import { Simulation } from './simulation';

describe('heapRemoveWhere', () => {
  it('leaves a heap whose items pop in (time, seq) order, without the removed ones', () => {
    const h: { time: number; seq: number }[] = [];
    for (let seq = 0; seq < 200; seq++) heapPush(h, { time: (seq * 37) % 23, seq });
    heapRemoveWhere(h, (e) => e.seq % 3 === 0);
    const out: string[] = [];
    for (let e = heapPop(h); e; e = heapPop(h)) out.push(`${e.time}/${e.seq}`);
    const want = Array.from({ length: 200 }, (_, seq) => ({ time: (seq * 37) % 23, seq }))
      .filter((e) => e.seq % 3 !== 0)
      .sort((a, b) => a.time - b.time || a.seq - b.seq)
      .map((e) => `${e.time}/${e.seq}`);
    expect(out).toEqual(want);
  });
});

// Every 10 ms it sets a 60 s timeout and cancels the one before: a client whose requests get answers.
// A live timer due before them (a lease renewal at 50 s) keeps them from coming up and being skipped.
interface ClientState { fired: string[]; pending?: TimerId; n: number }
const client: ComponentType<ClientState, object> = {
  kind: 'client',
  start(ctx) {
    ctx.setTimer(10, 'tick');
    ctx.setTimer(50_000, 'renew');
    return { fired: [], n: 0 };
  },
  onMessage() {},
  onTimer(s, t: Timer, ctx) {
    s.fired.push(`${t.name}@${ctx.now}`);
    if (t.name !== 'tick') return;
    if (s.pending !== undefined) ctx.cancelTimer(s.pending);
    s.pending = ctx.setTimer(60_000, 'timeout');
    if (++s.n < 1000) ctx.setTimer(10, 'tick');
  },
};

function run(): Simulation {
  const sim = new Simulation({ seed: 1 });
  sim.register(client);
  sim.addHost('a', '10.0.0.1');
  sim.addProcess('c', 'a', 'client', {});
  sim.start('c');
  return sim;
}

describe('cancelled timers', () => {
  it('leave the queue once they are over a quarter of it', () => {
    const sim = run();
    sim.runUntil(10_005); // 1,000 ticks: 999 timeouts cancelled, none due yet
    expect(sim.world.queue.length).toBeLessThanOrEqual(5);
    expect(sim.world.cancelledTimers.size).toBeLessThanOrEqual(1);
  });

  it('change nothing that fires: only the last timeout, 60 s after it was set', () => {
    const sim = run();
    sim.runUntil(80_000);
    const fired = (sim.process('c')!.state as ClientState).fired;
    expect(fired.filter((f) => f.startsWith('tick'))).toHaveLength(1000);
    expect(fired.filter((f) => f.startsWith('timeout'))).toEqual(['timeout@70000']);
  });
});
