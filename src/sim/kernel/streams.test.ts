import { describe, expect, it } from 'vitest';
import type { ComponentType, Message, StreamClosed, Timer } from './component';
import { Simulation } from './simulation';

// Long-lived streams (a WATCH) and how their ends are told, as TCP tells them: a process that
// exits has its sockets closed by the OS (the peer sees the connection end); nobody listening on
// a live machine answers a new connection with a reset ("connection refused"); a machine that
// lost power tells nobody, but once booted it resets any old connection the peer uses again.

interface ClientState {
  got: string[];
  stream?: number;
}
const watcher: ComponentType<ClientState, { server: string }> = {
  kind: 'watcher',
  start: () => ({ got: [] }),
  onMessage(s, msg: Message) {
    const b = msg.body as { type: string };
    if (b.type === 'stream.closed') {
      const c = msg.body as StreamClosed;
      s.got.push(`closed #${c.stream}${c.lost ? ' lost' : ''}`);
    } else s.got.push(b.type);
  },
  onTimer(s, t: Timer, ctx) {
    if (t.name === 'watch') s.stream = ctx.send(t.payload as string, { type: 'watch' }, { summary: 'WATCH', stream: 'open' });
    if (t.name === 'hello') ctx.send(t.payload as string, { type: 'hello' }, { summary: 'hello' });
  },
};

interface ServerState {
  streams: number[];
}
const server: ComponentType<ServerState, object> = {
  kind: 'server',
  start: () => ({ streams: [] }),
  onMessage(s, msg: Message, ctx) {
    const type = (msg.body as { type: string }).type;
    if (type === 'watch') {
      s.streams.push(msg.id);
      ctx.reply(msg, { type: 'event' }, { summary: 'ADDED' });
    }
    if (type === 'hello') ctx.reply(msg, { type: 'hi' }, { summary: 'hi' });
  },
  onTimer(s, t: Timer, ctx) {
    if (t.name === 'end') for (const id of s.streams) ctx.closeStream(id);
  },
};

function setup(): Simulation {
  const sim = new Simulation({ seed: 1 });
  sim.register(watcher);
  sim.register(server);
  sim.addHost('node', '10.0.0.11');
  sim.addHost('cp', '10.0.0.10');
  sim.addProcess('client', 'node', 'watcher', { server: 'api' });
  sim.addProcess('api', 'cp', 'server', {});
  sim.start('client');
  sim.start('api');
  return sim;
}

/** Have the client do something now (a timer fired from outside, as a test's hand). */
function poke(sim: Simulation, name: string): void {
  const p = sim.process('client')!;
  watcher.onTimer(p.state as ClientState, { id: 0, name, payload: 'api' }, sim['effects'](p, 0, 'user'));
}

function got(sim: Simulation): string[] {
  return (sim.process('client')!.state as ClientState).got;
}

describe('streams', () => {
  it('a WATCH to a dead process on a live machine is refused, and the stream is forgotten', () => {
    const sim = setup();
    sim.kill('api');
    poke(sim, 'watch');
    sim.runUntil(10);
    expect(got(sim)).toEqual(['conn.refused']);
    expect(sim.world.streams.size).toBe(0);
  });

  // The query `kubeplay serve` closes its API port by (serve.ts): it must say what deliver() does.
  it('refuses() says whether a new connection would be refused: dead process on a live, reachable machine only', () => {
    const sim = setup();
    expect(sim.refuses('client', 'api')).toBe(false);
    sim.kill('api');
    expect(sim.refuses('client', 'api')).toBe(true);
    sim.partition(['node'], ['cp']);
    expect(sim.refuses('client', 'api')).toBe(false);
    sim.heal();
    sim.killHost('cp');
    expect(sim.refuses('client', 'api')).toBe(false);
    sim.startHost('cp');
    expect(sim.refuses('client', 'api')).toBe(false);
    sim.kill('api');
    expect(sim.refuses('client', 'api')).toBe(true);
    poke(sim, 'hello');
    sim.runUntil(sim.now + 10);
    expect(got(sim)).toEqual(['conn.refused']);
  });

  it('the server exiting ends the stream as lost; the server ending it is a clean end', () => {
    const sim = setup();
    poke(sim, 'watch');
    sim.runUntil(10);
    const id = (sim.process('client')!.state as ClientState).stream!;
    sim.kill('api');
    sim.runUntil(20);
    expect(got(sim)).toEqual(['event', `closed #${id} lost`]);

    sim.start('api');
    poke(sim, 'watch');
    sim.runUntil(30);
    const id2 = (sim.process('client')!.state as ClientState).stream!;
    server.onTimer(sim.process('api')!.state as ServerState, { id: 0, name: 'end', payload: undefined }, sim['effects'](sim.process('api')!, 0, 'user'));
    sim.runUntil(40);
    expect(got(sim).slice(2)).toEqual(['event', `closed #${id2}`]);
  });

  it('a machine that lost power tells nobody, then resets the old stream when the client talks to it again', () => {
    const sim = setup();
    poke(sim, 'watch');
    sim.runUntil(10);
    const id = (sim.process('client')!.state as ClientState).stream!;
    sim.killHost('cp');
    sim.runUntil(20);
    expect(got(sim)).toEqual(['event']); // no word of the stream's end
    sim.startHost('cp');
    sim.runUntil(30);
    expect(got(sim)).toEqual(['event']); // still none: nothing crossed the old connection
    poke(sim, 'hello');
    sim.runUntil(40);
    expect(got(sim)).toEqual(['event', `closed #${id} lost`, 'hi']);
    expect(sim.world.halfOpen.size).toBe(0);
  });

  // RFC 9293, 3.10.7.1: a segment for a connection that does not exist (state CLOSED) is answered
  // with a reset, every time; a lost reset is not retransmitted, the next segment gets its own.
  it('a reset lost on a lossy link is sent again when the client talks to the rebooted machine again (chaos seed 5246)', () => {
    const sim = setup();
    poke(sim, 'watch');
    sim.runUntil(10);
    const id = (sim.process('client')!.state as ClientState).stream!;
    sim.killHost('cp');
    sim.startHost('cp');
    poke(sim, 'hello');
    // The hello is on its way; the reset it draws, and the answer, are lost.
    sim.degrade(['node'], ['cp'], { loss: 1 });
    sim.runUntil(1000);
    expect(got(sim)).toEqual(['event']);
    expect(sim.world.trace.filter((r) => r.summary.startsWith('connection reset')).map((r) => r.dropped)).toEqual(['loss']);
    sim.heal();
    poke(sim, 'hello');
    sim.runUntil(2000);
    expect(got(sim)).toEqual(['event', `closed #${id} lost`, 'hi']);
    expect(sim.world.halfOpen.size).toBe(0);
  });

  it('a stream that loses a message to a partition is broken: both ends hear so 45 s later, and nothing more travels on it', () => {
    const sim = setup();
    poke(sim, 'watch');
    sim.runUntil(10);
    const id = (sim.process('client')!.state as ClientState).stream!;
    sim.partition(['node'], ['cp']);
    const api = sim.process('api')!;
    // The server sends an event on the stream while the partition holds.
    sim['effects'](api, 0, 'user').send('client', { type: 'event' }, { summary: 'MODIFIED', stream: id });
    sim.heal();
    sim.runUntil(50);
    expect(got(sim)).toEqual(['event']);
    sim.runUntil(10 + 45_000 + 5);
    expect(got(sim)).toEqual(['event', `closed #${id} lost`]);
    expect(sim.world.streams.has(id)).toBe(false);
  });

  // TCP (RFC 9293, 3.10.7.4: data is handed to the user in sequence) never hands the application a
  // segment past a hole; a watch that skipped an event would leave a cache wrong with no error
  // (chaos seed 2: kube-scheduler-2 applied node rv 434 after losing rv 415 on a lossy link).
  it('a message sent on a stream after it lost one never arrives, with or without the link healed', () => {
    const sim = setup();
    poke(sim, 'watch');
    sim.runUntil(10);
    const id = (sim.process('client')!.state as ClientState).stream!;
    const api = sim.process('api')!;
    sim.degrade(['node'], ['cp'], { loss: 1 });
    sim['effects'](api, 0, 'user').send('client', { type: 'event' }, { summary: 'MODIFIED rv=2', stream: id });
    sim.heal();
    sim['effects'](api, 0, 'user').send('client', { type: 'later-event' }, { summary: 'MODIFIED rv=3', stream: id });
    sim.runUntil(10 + 45_000 + 5);
    expect(got(sim)).toEqual(['event', `closed #${id} lost`]);
    expect(sim.world.trace.filter((r) => r.summary === 'MODIFIED rv=3').map((r) => r.dropped)).toEqual(['stream-broken']);
  });

  it('a stream end lost on a lossy link still reaches the client, as a lost connection 45 s later (chaos seed 6)', () => {
    const sim = setup();
    poke(sim, 'watch');
    sim.runUntil(10);
    const id = (sim.process('client')!.state as ClientState).stream!;
    sim.degrade(['node'], ['cp'], { loss: 1 });
    server.onTimer(sim.process('api')!.state as ServerState, { id: 0, name: 'end', payload: undefined }, sim['effects'](sim.process('api')!, 0, 'user'));
    sim.heal();
    sim.runUntil(1000);
    expect(got(sim)).toEqual(['event']);
    sim.runUntil(10 + 45_000 + 5);
    expect(got(sim)).toEqual(['event', `closed #${id} lost`]);
  });
});


// A connection to a machine that is off is never made: its SYN gets no answer, TCP sends it again
// until the connect gives up (RFC 9293, 3.8.1: retransmission; RFC 6298, 5: the timer backs off)
// and the client's dial fails. The stream the WATCH would have opened never existed, so the
// client must hear that it is lost; a machine that boots later knows nothing of it, and answering
// other calls (or PINGs on a new connection) says nothing about it (chaos seed 9867:
// kube-apiserver's etcd watch went to etcd-3 while that machine was off and was never served).
describe('streams to a machine that is off', () => {
  it('a WATCH sent to a machine that is off never opens: the client hears the connection is lost 45 s later', () => {
    const sim = setup();
    sim.killHost('cp');
    poke(sim, 'watch');
    const id = (sim.process('client')!.state as ClientState).stream!;
    sim.runUntil(1000);
    sim.startHost('cp');
    poke(sim, 'hello');
    sim.runUntil(2000);
    expect(got(sim)).toEqual(['hi']); // the booted machine answers new connections only
    sim.runUntil(45_000 + 5);
    expect(got(sim)).toEqual(['hi', `closed #${id} lost`]);
    expect(sim.world.streams.has(id)).toBe(false);
    expect((sim.process('api')!.state as ServerState).streams).toEqual([]);
  });

  it('a WATCH on its way when the machine loses power never opens either', () => {
    const sim = setup();
    poke(sim, 'watch');
    const id = (sim.process('client')!.state as ClientState).stream!;
    sim.killHost('cp');
    sim.runUntil(1000);
    expect(got(sim)).toEqual([]);
    sim.startHost('cp');
    sim.runUntil(45_000 + 1000);
    expect(got(sim)).toEqual([`closed #${id} lost`]);
    expect(sim.world.streams.has(id)).toBe(false);
  });
});
