// A randomized run of a Raft cluster for property tests: random ticks, message reordering, drops
// and duplicates, crashes (memory lost, storage kept) and restarts, partitions and a stream of
// proposals; then the network heals and the cluster must settle. It checks Raft's safety
// properties (Raft paper Figure 3) as it goes and at the end. Everything derives from one seed,
// so `reproduce(seed)` replays a failure exactly.

import { createPrng, nextFloat, nextInt, type PrngState } from '../../kernel/prng';
import type { Raft } from './core';
import { applyToStorage, newRaft, propose, ready, step, tick } from './raft';
import { config, emptyStorage, ids } from './testing';
import type { Entry, RaftId, RaftMessage, RaftStorage } from './types';

interface Proposal {
  value: number;
  by: RaftId;
  proposedAt: number;
  ackedAt?: number;
}

interface Chaos {
  seed: number;
  prng: PrngState;
  ids: RaftId[];
  preVote: boolean;
  checkQuorum: boolean;
  rafts: Record<RaftId, Raft<number> | undefined>;
  storage: Record<RaftId, RaftStorage<number>>;
  applied: Record<RaftId, Entry<number>[]>;
  inFlight: RaftMessage<number>[];
  /** Members on the same side of the current partition share a number. */
  side: Record<RaftId, number>;
  leaderOfTerm: Map<number, RaftId>;
  /** The entry each index committed to, as first seen by any member. */
  committed: Map<number, Entry<number>>;
  proposals: Proposal[];
  now: number;
  restarts: number;
  log: string[];
}

export interface ChaosResult {
  seed: number;
  members: number;
  terms: number;
  proposals: number;
  acknowledged: number;
  finalLength: number;
}

function fail(c: Chaos, what: string): never {
  const tail = c.log.slice(-15).join('\n  ');
  throw new Error(`raft chaos seed=${c.seed} (reproduce(${c.seed})): ${what}\n  last actions:\n  ${tail}`);
}

function startChaos(seed: number): Chaos {
  const prng = createPrng(seed);
  const members = seed % 2 === 0 ? 3 : 5;
  const mode = Math.floor(seed / 2) % 4;
  const c: Chaos = {
    seed,
    prng,
    ids: ids(members),
    // etcd's defaults (both on) most of the time; the other combinations too.
    preVote: mode !== 2,
    checkQuorum: mode !== 3,
    rafts: {},
    storage: {},
    applied: {},
    inFlight: [],
    side: {},
    leaderOfTerm: new Map(),
    committed: new Map(),
    proposals: [],
    now: 0,
    restarts: 0,
    log: [],
  };
  for (const id of c.ids) {
    c.storage[id] = emptyStorage();
    c.applied[id] = [];
    c.side[id] = 0;
    boot(c, id);
  }
  return c;
}

function boot(c: Chaos, id: RaftId): void {
  const cfg = config(id, c.ids, { preVote: c.preVote, checkQuorum: c.checkQuorum, electionTick: 10, heartbeatTick: 1 });
  cfg.applied = c.applied[id]!.length;
  c.restarts++;
  c.rafts[id] = newRaft(cfg, c.storage[id]!, c.seed * 7919 + c.restarts);
}

/** Persist, apply and send what `id` has ready, checking the safety properties on the way. */
function drainMember(c: Chaos, id: RaftId): void {
  const r = c.rafts[id];
  if (!r) return;
  const rd = ready(r);
  applyToStorage(c.storage[id]!, rd);
  for (const e of rd.committedEntries) {
    const applied = c.applied[id]!;
    if (e.index !== applied.length + 1) fail(c, `${id} applied index ${e.index} after ${applied.length}`);
    applied.push(e);
    const seen = c.committed.get(e.index);
    if (!seen) c.committed.set(e.index, e);
    else if (seen.term !== e.term || seen.data !== e.data) {
      fail(c, `state machine safety: index ${e.index} is ${JSON.stringify(e)} at ${id} but ${JSON.stringify(seen)} elsewhere`);
    }
    if (e.data !== undefined) {
      const p = c.proposals[e.data];
      if (p && p.by === id && p.ackedAt === undefined) p.ackedAt = c.now;
    }
  }
  if (r.state === 'StateLeader') {
    const other = c.leaderOfTerm.get(r.term);
    if (other !== undefined && other !== id) fail(c, `election safety: ${other} and ${id} both led term ${r.term}`);
    if (other === undefined) checkLeaderCompleteness(c, r);
    c.leaderOfTerm.set(r.term, id);
  }
  c.inFlight.push(...rd.messages);
}

/** Raft paper §5.4 Leader Completeness: a new leader's log holds every entry committed so far. */
function checkLeaderCompleteness(c: Chaos, r: Raft<number>): void {
  for (const [index, e] of c.committed) {
    const mine = r.log.entries[index - 1];
    if (!mine || mine.term !== e.term || mine.data !== e.data) {
      fail(c, `leader completeness: ${r.id}, leader of term ${r.term}, lacks committed entry ${JSON.stringify(e)}`);
    }
  }
}

function drainAll(c: Chaos): void {
  for (const id of c.ids) drainMember(c, id);
}

function deliverAt(c: Chaos, i: number): void {
  const [m] = c.inFlight.splice(i, 1);
  if (!m) return;
  const r = c.rafts[m.to];
  if (!r || c.side[m.from] !== c.side[m.to]) return; // lost: the member is down or cut off
  step(r, m);
  drainMember(c, m.to);
}

function randomPartition(c: Chaos): void {
  // Put each member on side 0 or 1; sometimes a single member alone.
  const alone = c.ids[nextInt(c.prng, 0, c.ids.length)]!;
  const isolateOne = nextFloat(c.prng) < 0.5;
  for (const id of c.ids) c.side[id] = isolateOne ? (id === alone ? 1 : 0) : nextInt(c.prng, 0, 2);
  c.log.push(`t=${c.now} partition ${JSON.stringify(c.side)}`);
}

/** Leaders are what Raft's hard cases are about: take the current one down now and then. */
function crashLeader(c: Chaos): void {
  const id = c.ids.find((i) => c.rafts[i]?.state === 'StateLeader');
  if (!id) return;
  c.rafts[id] = undefined;
  c.log.push(`t=${c.now} crash leader ${id}`);
}

function heal(c: Chaos): void {
  for (const id of c.ids) c.side[id] = 0;
}

/** One random action. */
function act(c: Chaos): void {
  const x = nextFloat(c.prng);
  if (x < 0.3) {
    const id = c.ids[nextInt(c.prng, 0, c.ids.length)]!;
    const r = c.rafts[id];
    if (r) tick(r);
  } else if (x < 0.72) {
    if (c.inFlight.length === 0) return;
    const i = nextFloat(c.prng) < 0.7 ? 0 : nextInt(c.prng, 0, c.inFlight.length);
    const y = nextFloat(c.prng);
    if (y < 0.05) c.inFlight.splice(i, 1); // dropped
    else if (y < 0.1 && c.inFlight[i]!.type !== 'MsgProp') c.inFlight.push(c.inFlight[i]!); // duplicated
    deliverAt(c, i);
  } else if (x < 0.85) {
    const id = c.ids[nextInt(c.prng, 0, c.ids.length)]!;
    const r = c.rafts[id];
    if (!r) return;
    const value = c.proposals.length;
    if (propose(r, value) === 'ok') c.proposals.push({ value, by: id, proposedAt: c.now });
  } else if (x < 0.86) {
    const id = c.ids[nextInt(c.prng, 0, c.ids.length)]!;
    if (c.rafts[id]) {
      c.rafts[id] = undefined;
      c.log.push(`t=${c.now} crash ${id}`);
    } else {
      boot(c, id);
      c.log.push(`t=${c.now} restart ${id}`);
    }
  } else if (x < 0.87) {
    crashLeader(c);
  } else if (x < 0.885) {
    if (nextFloat(c.prng) < 0.5) randomPartition(c);
    else {
      heal(c);
      c.log.push(`t=${c.now} heal`);
    }
  } else {
    for (const id of c.ids) {
      const r = c.rafts[id];
      if (r) tick(r);
    }
  }
  drainAll(c);
}

function settled(c: Chaos): boolean {
  const leaders = c.ids.filter((id) => c.rafts[id]?.state === 'StateLeader');
  if (leaders.length !== 1) return false;
  const lead = c.rafts[leaders[0]!]!;
  if (lead.log.committed !== lead.log.entries.length) return false;
  return c.ids.every((id) => c.applied[id]!.length === lead.log.committed && c.rafts[id]!.lead === lead.id);
}

/** Heal everything, restart the crashed, and run ticks with prompt delivery until one leader has every member caught up. */
function settle(c: Chaos): void {
  heal(c);
  for (const id of c.ids) if (!c.rafts[id]) boot(c, id);
  drainAll(c);
  for (let round = 0; round < 400; round++) {
    for (let n = 0; c.inFlight.length > 0 && n < 10_000; n++) deliverAt(c, 0);
    if (settled(c)) return;
    c.now++;
    for (const id of c.ids) tick(c.rafts[id]!);
    drainAll(c);
  }
  fail(c, 'liveness: the healed cluster did not settle within 400 rounds');
}

function checkFinal(c: Chaos): ChaosResult {
  const logs = c.ids.map((id) => c.applied[id]!);
  const longest = logs.reduce((a, b) => (b.length > a.length ? b : a));
  for (const id of c.ids) {
    const mine = c.applied[id]!;
    mine.forEach((e, i) => {
      const o = longest[i]!;
      if (o.term !== e.term || o.data !== e.data) fail(c, `${id}'s applied log is not a prefix of the longest at index ${e.index}`);
    });
  }
  const position = new Map<number, number>();
  for (const e of longest) {
    if (e.data === undefined) continue;
    if (position.has(e.data)) fail(c, `proposal ${e.data} applied twice`);
    position.set(e.data, e.index);
  }
  const acked = c.proposals.filter((p) => p.ackedAt !== undefined).sort((a, b) => a.ackedAt! - b.ackedAt!);
  for (const p of acked) if (!position.has(p.value)) fail(c, `acknowledged proposal ${p.value} is missing from the final log`);
  // Linearizability of writes: a proposal acknowledged before another was proposed comes first.
  for (const a of acked) {
    for (const b of acked) {
      if (a.ackedAt! < b.proposedAt && position.get(a.value)! > position.get(b.value)!) {
        fail(c, `proposal ${a.value} was acknowledged before ${b.value} was proposed but comes after it`);
      }
    }
  }
  return { seed: c.seed, members: c.ids.length, terms: c.leaderOfTerm.size, proposals: c.proposals.length, acknowledged: acked.length, finalLength: longest.length };
}

/** Runs one seed; throws an Error naming the seed when a property is violated. */
export function reproduce(seed: number, steps = 3000): ChaosResult {
  const c = startChaos(seed);
  for (c.now = 0; c.now < steps; c.now++) act(c);
  settle(c);
  return checkFinal(c);
}
