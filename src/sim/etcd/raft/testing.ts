// A small deterministic network of Raft members for tests, after etcd-io/raft raft_test.go's
// `network`: messages are delivered breadth-first until none are left, through a filter that can
// drop links, isolate members or ignore message types. Each member's outputs go through `ready`
// and `applyToStorage`, exactly as the etcd member does, so storage always holds what was persisted.

import { createPrng, nextFloat, type PrngState } from '../../kernel/prng';
import type { Raft } from './core';
import { applyToStorage, newRaft, ready, step, tick } from './raft';
import type { Entry, RaftConfig, RaftId, RaftMessage, RaftMessageType, RaftStorage, ReadState } from './types';

export interface NetworkOptions {
  electionTick?: number;
  heartbeatTick?: number;
  preVote?: boolean;
  checkQuorum?: boolean;
  seed?: number;
}

export interface Network<D = unknown> {
  ids: RaftId[];
  opts: Required<NetworkOptions>;
  /** undefined: the member is down (messages to it are lost). */
  rafts: Record<RaftId, Raft<D> | undefined>;
  storage: Record<RaftId, RaftStorage<D>>;
  /** Every committed entry each member applied, in order. */
  applied: Record<RaftId, Entry<D>[]>;
  /** Every ReadState each member emitted, in order. */
  readStates: Record<RaftId, ReadState[]>;
  /** 'from->to' links and the probability that a message on them is dropped. */
  dropRate: Record<string, number>;
  ignored: RaftMessageType[];
  prng: PrngState;
  /** When set, every message handed to the network is recorded here (before filtering). */
  trace?: RaftMessage<D>[];
}

export function ids(n: number): RaftId[] {
  return Array.from({ length: n }, (_, i) => `n${i + 1}`);
}

export function emptyStorage<D>(): RaftStorage<D> {
  return { hardState: { term: 0, vote: '', commit: 0 }, entries: [] };
}

/** A storage holding entries of the given terms (index 1 on), and the given term. */
export function storageWithTerms<D = unknown>(terms: number[], term = terms[terms.length - 1] ?? 0): RaftStorage<D> {
  return {
    hardState: { term, vote: '', commit: 0 },
    entries: terms.map((t, i) => ({ term: t, index: i + 1 })),
  };
}

export function config(id: RaftId, peers: RaftId[], opts: NetworkOptions = {}): RaftConfig {
  return {
    id,
    peers,
    electionTick: opts.electionTick ?? 10,
    heartbeatTick: opts.heartbeatTick ?? 1,
    preVote: opts.preVote ?? false,
    checkQuorum: opts.checkQuorum ?? false,
  };
}

/** A network of `n` members (or one per given storage), all followers at the start. */
export function newNetwork<D = unknown>(members: number | RaftStorage<D>[], options: NetworkOptions = {}): Network<D> {
  const opts: Required<NetworkOptions> = {
    electionTick: options.electionTick ?? 10,
    heartbeatTick: options.heartbeatTick ?? 1,
    preVote: options.preVote ?? false,
    checkQuorum: options.checkQuorum ?? false,
    seed: options.seed ?? 1,
  };
  const storages = typeof members === 'number' ? Array.from({ length: members }, () => emptyStorage<D>()) : members;
  const peers = ids(storages.length);
  const net: Network<D> = { ids: peers, opts, rafts: {}, storage: {}, applied: {}, readStates: {}, dropRate: {}, ignored: [], prng: createPrng(opts.seed) };
  peers.forEach((id, i) => {
    net.storage[id] = storages[i]!;
    net.applied[id] = [];
    net.readStates[id] = [];
    net.rafts[id] = newRaft(config(id, peers, opts), net.storage[id]!, opts.seed * 1000 + i);
  });
  return net;
}

export function raftOf<D>(net: Network<D>, id: RaftId): Raft<D> {
  const r = net.rafts[id];
  if (!r) throw new Error(`${id} is down`);
  return r;
}

/** Persists and applies what `id` has ready, and returns its outgoing messages. */
export function drain<D>(net: Network<D>, id: RaftId): RaftMessage<D>[] {
  const r = net.rafts[id];
  if (!r) return [];
  const rd = ready(r);
  applyToStorage(net.storage[id]!, rd);
  net.applied[id]!.push(...rd.committedEntries);
  net.readStates[id]!.push(...rd.readStates);
  return rd.messages;
}

function passes<D>(net: Network<D>, m: RaftMessage<D>): boolean {
  if (net.ignored.includes(m.type)) return false;
  const rate = net.dropRate[`${m.from}->${m.to}`] ?? 0;
  if (rate <= 0) return true;
  return nextFloat(net.prng) >= rate;
}

/** Delivers `msgs` and everything they cause, breadth-first, until the network is quiet. */
export function deliver<D>(net: Network<D>, msgs: RaftMessage<D>[]): void {
  const queue = msgs.slice();
  for (let m = queue.shift(); m; m = queue.shift()) {
    net.trace?.push(m);
    if (!passes(net, m)) continue;
    const r = net.rafts[m.to];
    if (!r) continue;
    step(r, m);
    queue.push(...drain(net, m.to));
  }
}

/** Flushes every member's pending outputs into the network. */
export function flush<D>(net: Network<D>): void {
  const out: RaftMessage<D>[] = [];
  for (const id of net.ids) out.push(...drain(net, id));
  deliver(net, out);
}

/** MsgHup at `id`: it campaigns now, and the network settles. */
export function campaign<D>(net: Network<D>, id: RaftId): void {
  step(raftOf(net, id), { type: 'MsgHup', from: id, to: id, term: 0, logTerm: 0, index: 0, entries: [], commit: 0, reject: false, rejectHint: 0 });
  flush(net);
}

export function tickAll<D>(net: Network<D>, times = 1): void {
  for (let i = 0; i < times; i++) {
    for (const id of net.ids) {
      const r = net.rafts[id];
      if (r) tick(r);
    }
    flush(net);
  }
}

/** Drops messages on the link from `a` to `b` with the given probability (1: all of them). */
export function drop<D>(net: Network<D>, a: RaftId, b: RaftId, rate = 1): void {
  net.dropRate[`${a}->${b}`] = rate;
}

/** Cuts the link between `a` and `b` in both directions. */
export function cut<D>(net: Network<D>, a: RaftId, b: RaftId): void {
  drop(net, a, b);
  drop(net, b, a);
}

export function isolate<D>(net: Network<D>, id: RaftId): void {
  for (const other of net.ids) if (other !== id) cut(net, id, other);
}

export function ignore<D>(net: Network<D>, type: RaftMessageType): void {
  net.ignored.push(type);
}

/** Heals every link and stops ignoring message types. */
export function recover<D>(net: Network<D>): void {
  net.dropRate = {};
  net.ignored = [];
}

/** Takes the member down: its in-memory state is lost, its storage stays. */
export function crash<D>(net: Network<D>, id: RaftId): void {
  net.rafts[id] = undefined;
}

/** Brings a crashed member back from its storage, with what it had applied as `applied`. */
export function restart<D>(net: Network<D>, id: RaftId, seed: number): void {
  const cfg = config(id, net.ids, net.opts);
  cfg.applied = net.applied[id]!.length;
  net.rafts[id] = newRaft(cfg, net.storage[id]!, seed);
}

/** Drains a member's queued messages without delivering them (for tests of one member). */
export function takeMessages<D>(r: Raft<D>): RaftMessage<D>[] {
  const out = r.msgs;
  r.msgs = [];
  return out;
}

/** A message with every field filled, for tests that step one member by hand. */
export function msg<D = unknown>(m: Partial<RaftMessage<D>> & Pick<RaftMessage<D>, 'type' | 'from' | 'to'>): RaftMessage<D> {
  return { term: 0, logTerm: 0, index: 0, entries: [], commit: 0, reject: false, rejectHint: 0, ...m };
}
