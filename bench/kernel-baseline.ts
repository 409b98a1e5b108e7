// `kernel-baseline`: the bare event loop. 100 processes on 10 hosts ping each other every 10
// simulated ms and answer every ping, with handlers that do nothing else, so the figure is the
// kernel's own cost per message: the queue, delivery, the trace record, the cause chain.

import type { ComponentType, Message, Timer } from '../src/sim/kernel/component';
import { Simulation } from '../src/sim/kernel/simulation';
import { HeapPeak, round, type Line } from './lines';

const noop: ComponentType<{ peer: string }, { peer: string }> = {
  kind: 'noop',
  start(ctx, input) {
    ctx.setTimer(10, 'ping');
    return { peer: input.config.peer };
  },
  onMessage(_s, msg: Message, ctx) {
    if ((msg.body as { type: string }).type === 'ping') ctx.reply(msg, { type: 'pong' }, { summary: 'pong' });
  },
  onTimer(s, _t: Timer, ctx) {
    ctx.send(s.peer, { type: 'ping' }, { summary: 'ping', phase: 'heartbeat' });
    ctx.setTimer(10, 'ping');
  },
};

export function kernelBaseline(simSeconds: number): Line {
  const sim = new Simulation({ seed: 1, traceLimit: 200_000 });
  sim.register(noop);
  for (let h = 0; h < 10; h++) sim.addHost(`h${h}`, `10.0.0.${h + 1}`);
  for (let i = 0; i < 100; i++) sim.addProcess(`p${i}`, `h${i % 10}`, 'noop', { peer: `p${(i + 1) % 100}` });
  for (let i = 0; i < 100; i++) sim.start(`p${i}`);
  const heap = new HeapPeak();
  const t0 = performance.now();
  for (let s = 1; s <= simSeconds; s++) {
    sim.runUntil(s * 1000);
    heap.sample();
  }
  const wall = (performance.now() - t0) / 1000;
  const messages = sim.world.traceCount;
  return { name: 'kernel-baseline', wallSeconds: round(wall, 3), simSeconds, messages, messagesPerWallSecond: Math.round(messages / wall), peakHeapMB: heap.mb };
}
