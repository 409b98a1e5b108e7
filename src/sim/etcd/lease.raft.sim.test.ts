// Leases in a three-member etcd cluster: only the leader's lessor expires leases, and it revokes
// them through Raft, so every member deletes the same keys at the same revision; a new leader
// gives every lease its TTL again plus the election timeout (etcd server/lease/lessor.go
// Promote/Demote, etcdserver's updateLeadership).
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMINGS } from '../config';
import type { ComponentType, Message } from '../kernel/component';
import { Simulation } from '../kernel/simulation';
import { etcdMember, type EtcdDataDir, type EtcdMemberConfig, type EtcdMemberState } from './member';
import { currentKv } from './mvcc/kvstore';
import { lookupLease } from './mvcc/lessor';
import { etcdRequest, opLeaseGrant, opPut, summarizeRequest, type EtcdRequest, type EtcdResponseBody, type LeaseGrantResponse } from './protocol';

interface ClientState {
  answers: EtcdResponseBody[];
}

/**
 * At 5 s grants a 60 s lease through etcd-1; when the grant is answered, puts KEY with it. Keeps
 * every answer.
 */
const client: ComponentType<ClientState, object> = {
  kind: 'lease-client',
  start(ctx) {
    ctx.setTimer(5_000, 'grant');
    return { answers: [] };
  },
  onMessage(s, msg: Message, ctx) {
    if (msg.body.type !== 'etcd.response') return;
    const r = msg.body as EtcdResponseBody;
    s.answers.push(r);
    if (r.result?.op === 'leaseGrant') send(ctx, opPut(KEY, { reason: 'Scheduled' }, { lease: r.result.id }));
  },
  onTimer(_s, _t, ctx) {
    send(ctx, opLeaseGrant(60));
  },
};

function send(ctx: Parameters<typeof client.onTimer>[2], req: EtcdRequest): void {
  ctx.send('etcd/etcd-1', etcdRequest(req), { summary: summarizeRequest(req), phase: 'persistence' });
}

const MEMBERS = ['etcd/etcd-1', 'etcd/etcd-2', 'etcd/etcd-3'];
const KEY = '/registry/events/default/web.1';

function cluster(): Simulation {
  const sim = new Simulation({ seed: 3 });
  sim.register(etcdMember);
  sim.register(client);
  MEMBERS.forEach((id, i) => {
    const name = id.slice(5);
    sim.addHost(name, `10.0.0.${21 + i}`);
    const cfg: EtcdMemberConfig = { name, peers: MEMBERS, timings: DEFAULT_TIMINGS };
    sim.addProcess(id, name, 'etcd', cfg);
  });
  sim.addHost('client', '10.0.0.99');
  sim.addProcess('client', 'client', 'lease-client', {});
  for (const id of [...MEMBERS, 'client']) sim.start(id);
  return sim;
}

const store = (sim: Simulation, id: string) => (sim.process(id)!.persisted as EtcdDataDir).store;
const leader = (sim: Simulation) => MEMBERS.find((id) => sim.process(id)!.alive && (sim.process(id)!.state as EtcdMemberState).raft!.raftState === 'StateLeader')!;
const answers = (sim: Simulation) => (sim.process('client')!.state as ClientState).answers;
const leaseId = (sim: Simulation) => (answers(sim).find((a) => a.result?.op === 'leaseGrant')!.result as LeaseGrantResponse).id;

describe('leases in a Raft cluster', () => {
  it('are revoked by the leader through the log: every member deletes the key at the same revision', () => {
    const sim = cluster();
    sim.runUntil(6_000);
    expect(answers(sim).map((a) => a.error?.message ?? a.result?.op)).toEqual(['leaseGrant', 'put']);
    const id = leaseId(sim);
    for (const m of MEMBERS) expect(currentKv(store(sim, m), KEY)?.lease).toBe(id);
    // Followers hold the lease but never expire it; the leader's lessor does, 60 s after the grant applied.
    for (const m of MEMBERS) expect((sim.process(m)!.state as EtcdMemberState).lessor.expiries.size).toBe(m === leader(sim) ? 1 : 0);
    sim.runUntil(64_000);
    expect(currentKv(store(sim, leader(sim)), KEY)).toBeDefined();
    sim.runUntil(66_000);
    const revisions = MEMBERS.map((m) => store(sim, m).revision);
    expect(new Set(revisions).size).toBe(1);
    for (const m of MEMBERS) {
      expect(currentKv(store(sim, m), KEY)).toBeUndefined();
      expect(lookupLease(store(sim, m), id)).toBeUndefined();
    }
  });

  it('outlive their leader: the new leader expires them a whole TTL (plus an election timeout) after it took over', () => {
    const sim = cluster();
    sim.runUntil(30_000);
    const old = leader(sim);
    sim.kill(old);
    let elected = 0;
    while (!elected) {
      sim.runFor(100);
      const l = leader(sim);
      if (l) elected = sim.now;
    }
    // The old leader would have revoked at about 65 s; the new one waits for its own clock.
    sim.runUntil(elected + 60_000 - 200);
    expect(currentKv(store(sim, leader(sim)), KEY)).toBeDefined();
    sim.runUntil(elected + 60_000 + DEFAULT_TIMINGS.etcdElectionTimeoutMs + 200);
    for (const m of MEMBERS.filter((x) => x !== old)) expect(currentKv(store(sim, m), KEY)).toBeUndefined();
  });
});
