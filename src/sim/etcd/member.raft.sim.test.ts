// Three etcd members on three hosts, driving the Raft core over the simulated network, with a
// scripted client on a fourth host. Facts checked (etcd docs, https://etcd.io/docs/v3.5/learning/
// api_guarantees/ and faq/; Jepsen's etcd 0.4.1 analysis for reads in a minority): one leader per
// term; a write is acknowledged only once a quorum has it and then applies on every member; a
// watcher hears of a write only after it commits; a member cut off from the quorum neither
// acknowledges a write nor serves a linearizable read; a restarted member catches up from its data
// dir and the leader; a leader's death fails the requests that depended on it with etcd's texts.
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMINGS } from '../config';
import type { ComponentType, Message } from '../kernel/component';
import { Simulation } from '../kernel/simulation';
import { etcdMember, type EtcdMemberConfig, type EtcdMemberState } from './member';
import { etcdRequest, opPut, opRange, opWatchPrefix, summarizeRequest, type EtcdRequest, type EtcdResponseBody, type EtcdWatchBody } from './protocol';

interface Action {
  at: number;
  to: string;
  req: EtcdRequest;
  stream?: boolean;
}

interface ClientState {
  actions: Action[];
  got: { t: number; from: string; text: string }[];
}

/** A client on a host of its own: sends each scripted request at its time and records every answer. */
const scriptClient: ComponentType<ClientState, { actions: Action[] }> = {
  kind: 'etcd-script-client',
  start(ctx, { config }) {
    config.actions.forEach((a, i) => ctx.setTimer(a.at, 'act', i));
    return { actions: config.actions, got: [] };
  },
  onMessage(s, msg: Message, ctx) {
    const b = msg.body;
    let text = b.type;
    if (b.type === 'etcd.response') {
      const r = b as EtcdResponseBody;
      text = r.error ? `error ${r.error.message}` : `ok ${msg.summary}`;
    } else if (b.type === 'etcd.watch') text = `watch ${(b as EtcdWatchBody).events.length || (b as EtcdWatchBody).canceled ? msg.summary : 'created'}`;
    s.got.push({ t: ctx.now, from: msg.from, text });
  },
  onTimer(s, t, ctx) {
    const a = s.actions[t.payload as number]!;
    ctx.send(a.to, etcdRequest(a.req), { summary: summarizeRequest(a.req), phase: 'persistence', ...(a.stream ? { stream: 'open' as const } : {}) });
  },
};

const MEMBERS = ['etcd/etcd-1', 'etcd/etcd-2', 'etcd/etcd-3'];

/** Three members, one per host (etcd-1 .. etcd-3), and the scripted client. */
function cluster(actions: Action[], seed = 7): Simulation {
  const sim = new Simulation({ seed });
  sim.register(etcdMember);
  sim.register(scriptClient);
  MEMBERS.forEach((id, i) => {
    const name = id.slice(5);
    sim.addHost(name, `10.0.0.${21 + i}`);
    const cfg: EtcdMemberConfig = { name, peers: MEMBERS, timings: DEFAULT_TIMINGS };
    sim.addProcess(id, name, 'etcd', cfg);
  });
  sim.addHost('client', '10.0.0.99');
  sim.addProcess('client', 'client', 'etcd-script-client', { actions });
  for (const id of MEMBERS) sim.start(id);
  sim.start('client');
  return sim;
}

const member = (sim: Simulation, id: string) => sim.process(id)!.state as EtcdMemberState;
const leaderOf = (sim: Simulation): string => {
  const leaders = MEMBERS.filter((id) => sim.process(id)!.alive && member(sim, id).raft!.raftState === 'StateLeader');
  expect(leaders).toHaveLength(1);
  return leaders[0]!;
};
const got = (sim: Simulation) => (sim.process('client')!.state as ClientState).got;
const KEY = '/registry/pods/default/web';

describe('etcd members driving Raft', () => {
  it('elect exactly one leader, whom every member follows at the same term', () => {
    const sim = cluster([]);
    sim.runUntil(3000);
    const lead = leaderOf(sim);
    const terms = MEMBERS.map((id) => member(sim, id).raftTerm);
    expect(new Set(terms).size).toBe(1);
    for (const id of MEMBERS) expect(member(sim, id).raft!.lead).toBe(lead.slice(5));
    expect(sim.process(lead)!.log.some((l) => l.line.includes(`became leader at term ${terms[0]}`))).toBe(true);
  });

  it('acknowledge a write sent to a follower once a quorum has it, and apply it on every member', () => {
    const sim = cluster([]);
    sim.runUntil(3000);
    const follower = MEMBERS.find((id) => id !== leaderOf(sim))!;
    sim.inject(follower, etcdRequest(opPut(KEY, { kind: 'Pod' })), { summary: 'Put', phase: 'persistence' });
    sim.runUntil(3500);
    for (const m of MEMBERS) {
      expect(member(sim, m).store.revision).toBe(2);
      expect(member(sim, m).store.history.has(KEY)).toBe(true);
    }
    // Raft traffic is in the raft phase, with the message type first in the summary.
    const raft = sim.world.trace.filter((r) => r.kind === 'message' && r.phase === 'raft').map((r) => r.summary);
    expect(raft.some((s) => /^MsgApp term \d+ index \d+ \+1 entry commit \d+$/.test(s))).toBe(true);
    expect(raft.some((s) => s.startsWith('MsgProp term'))).toBe(true);
  });

  it('never acknowledge a write nor serve a linearizable read on a member cut off from the quorum, and fire no watch for it', () => {
    const leader = probeLeader();
    const actions: Action[] = [
      { at: 3000, to: leader, req: opWatchPrefix('/registry/'), stream: true },
      { at: 3010, to: leader, req: opPut(KEY, { kind: 'Pod' }) },
      { at: 3020, to: leader, req: opRange(KEY) },
      { at: 3030, to: leader, req: opRange(KEY, { serializable: true }) },
    ];
    const sim = cluster(actions);
    sim.runUntil(2500);
    expect(leaderOf(sim)).toBe(leader);
    const others = MEMBERS.filter((m) => m !== leader).map((m) => m.slice(5));
    sim.partition([leader.slice(5)], others);
    sim.runUntil(12_000);
    const texts = got(sim).map((g) => g.text);
    // The serializable read is served from the local store; the write and the linearizable read
    // wait for a quorum that never answers, and fail after etcd's request timeout (7 s). The watch
    // hears no PUT; after three election timeouts without a leader the member ends it (a client
    // that requires a leader, as kube-apiserver does, then watches through another member).
    expect(texts).toEqual([
      'watch created',
      'ok 0 keys rev 1',
      'watch watch canceled: etcdserver: no leader',
      'stream.closed',
      'error etcdserver: request timed out',
      'error etcdserver: request timed out',
    ]);
    // The old leader stepped down by check-quorum; the majority elected another at a higher term.
    const old = member(sim, leader);
    expect(old.raft!.raftState).not.toBe('StateLeader');
    expect(old.raft!.lead).toBe('');
    const next = MEMBERS.find((m) => m !== leader && member(sim, m).raft!.raftState === 'StateLeader');
    expect(next).toBeDefined();
    expect(member(sim, next!).raftTerm).toBeGreaterThan(old.raftTerm);
    expect(old.store.revision).toBe(1);
  });

  it('tell a watcher on a follower about a write only once it has committed', () => {
    const leader = probeLeader();
    const follower = MEMBERS.find((m) => m !== leader)!;
    const sim = cluster([
      { at: 3000, to: follower, req: opWatchPrefix('/registry/'), stream: true },
      { at: 3100, to: leader, req: opPut(KEY, { kind: 'Pod' }) },
    ]);
    sim.runUntil(4000);
    const g = got(sim);
    expect(g.map((x) => `${x.from} ${x.text}`)).toEqual([`${follower} watch created`, `${leader} ok OK rev 2`, `${follower} watch PUT ${KEY} rev 2`]);
    // The follower hears of the commit from the leader after the leader has applied and answered.
    expect(g[2]!.t).toBeGreaterThanOrEqual(g[1]!.t);
  });

  it('bring a restarted member up to date from its data dir and the leader', () => {
    const leader = probeLeader();
    const follower = MEMBERS.find((m) => m !== leader)!;
    const sim = cluster([1, 2, 3].map((i) => ({ at: 3000 + i * 10, to: leader, req: opPut(`/registry/pods/default/p${i}`, { kind: 'Pod' }) })));
    sim.runUntil(2500);
    sim.kill(follower);
    sim.runUntil(4000);
    expect(member(sim, leader).store.revision).toBe(4);
    sim.start(follower);
    sim.runUntil(6000);
    const f = member(sim, follower);
    expect(f.store.revision).toBe(4);
    expect(f.dataDir.applied).toBe(member(sim, leader).dataDir.applied);
    expect(sim.process(follower)!.log.some((l) => l.line.includes('recovered v3 backend'))).toBe(true);
  });

  it('fail requests that depended on a dead leader: a forwarded write times out, a pending read sees the leader change', () => {
    const leader = probeLeader();
    const follower = MEMBERS.find((m) => m !== leader)!;
    const sim = cluster([
      { at: 3000, to: follower, req: opPut(KEY, { kind: 'Pod' }) },
      { at: 3000, to: follower, req: opRange(KEY) },
    ]);
    sim.runUntil(2900);
    sim.kill(leader);
    sim.runUntil(12_000);
    // etcd's parseProposeCtxErr: a proposal that started just before a new leader was elected most
    // likely died with the old one; linearizableReadLoop fails waiting reads on a leader change.
    expect(got(sim).map((g) => g.text).sort()).toEqual(['error etcdserver: leader changed', 'error etcdserver: request timed out, possibly due to previous leader failure']);
  });

  it('gives the same trace for the same seed', () => {
    const run = () => {
      const sim = cluster([{ at: 3000, to: MEMBERS[0]!, req: opPut(KEY, { kind: 'Pod' }) }], 11);
      sim.runUntil(2500);
      sim.kill(MEMBERS[1]!);
      sim.runUntil(8000);
      return sim.traceHash();
    };
    expect(run()).toBe(run());
  });
});

/** Which member leads with the default seed (the run is deterministic, so a second boot agrees). */
function probeLeader(): string {
  const sim = cluster([]);
  sim.runUntil(2500);
  return leaderOf(sim);
}
