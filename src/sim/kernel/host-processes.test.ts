// ctx.hostProcesses() and ctx.systemctl(): what a node's own systemd and journald know, read and
// acted on without the network, and only for the caller's own host.

import { describe, expect, it } from 'vitest';
import type { ComponentType, Effects, HostProcessInfo } from './component';
import { Simulation } from './simulation';

interface ProbeState {
  seen: HostProcessInfo[];
  acted: boolean[];
}
/** On a message `look`, records hostProcesses(); on `stop <id>`, calls systemctl and records the answer. */
const probe: ComponentType<ProbeState, object> = {
  kind: 'probe',
  start(ctx: Effects) {
    ctx.log('booted');
    return { seen: [], acted: [] };
  },
  onMessage(s, msg, ctx) {
    const b = msg.body as { type: string; id?: string; action?: 'start' | 'stop' | 'restart' };
    if (b.type === 'look') s.seen = ctx.hostProcesses();
    if (b.type === 'act') s.acted.push(ctx.systemctl(b.action!, b.id!));
  },
  onTimer() {},
};

function sim(): Simulation {
  const s = new Simulation({ seed: 1 });
  s.register(probe);
  s.addHost('a', '10.0.0.1');
  s.addHost('b', '10.0.0.2');
  s.addProcess('shell', 'a', 'probe', {});
  s.addProcess('svc', 'a', 'probe', {});
  s.addProcess('far', 'b', 'probe', {});
  for (const id of ['shell', 'svc', 'far']) s.start(id);
  return s;
}

function state(s: Simulation): ProbeState {
  return s.process('shell')!.state as ProbeState;
}

describe('hostProcesses', () => {
  it('lists only the processes of the caller host, with start and stop times and their logs', () => {
    const s = sim();
    s.runUntil(100);
    s.kill('svc');
    s.runUntil(200);
    s.inject('shell', { type: 'look' }, { summary: 'look' });
    s.runUntil(300);
    expect(state(s).seen).toEqual([
      { id: 'shell', kind: 'probe', alive: true, incarnation: 1, startedAt: 0, log: [{ time: 0, line: 'booted' }] },
      { id: 'svc', kind: 'probe', alive: false, incarnation: 1, startedAt: 0, since: 100, stopReason: 'kill', log: [{ time: 0, line: 'booted' }] },
    ]);
  });
});

describe('systemctl', () => {
  it('stops and starts a process on the same host, and refuses other hosts and itself', () => {
    const s = sim();
    const act = (action: string, id: string): void => void s.inject('shell', { type: 'act', action, id } as never, { summary: `systemctl ${action} ${id}` });
    act('stop', 'svc');
    s.runUntil(10);
    expect(s.process('svc')!.alive).toBe(false);
    act('start', 'svc');
    s.runUntil(20);
    expect(s.process('svc')).toMatchObject({ alive: true, incarnation: 2, startedAt: 10 });
    act('stop', 'far');
    act('stop', 'shell');
    s.runUntil(30);
    expect(state(s).acted).toEqual([true, true, false, false]);
    expect(s.process('far')!.alive).toBe(true);
  });
});
