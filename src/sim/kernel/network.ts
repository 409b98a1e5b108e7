// The simulated network between hosts: addresses, per-link latency (base + seeded jitter), loss and
// partitions. Processes on one host talk over loopback. Latencies are rounded to the microsecond so
// printed times stay short.

import { nextFloat, type PrngState } from './prng';
import type { HostName } from './units';

export interface HostState {
  name: HostName;
  address: string;
  up: boolean;
  /**
   * How many times the machine has booted (1 at creation, one more at every power on): what lived in
   * its memory (processes, the kernel's tables) belongs to one boot, what is on its disk to all.
   */
  boots: number;
  /** Extra one-way latency for every link that touches this host (a registry on the internet, say). */
  extraLatencyMs: number;
}

export interface LinkState {
  latencyMs: number;
  jitterMs: number;
  /** Probability in [0, 1] that a message on this link is lost. */
  loss: number;
}

export interface NetworkState {
  hosts: Map<HostName, HostState>;
  /** Overrides per unordered host pair, key `a|b` with a < b. */
  links: Map<string, LinkState>;
  /** Cut host pairs, key `a|b` with a < b. */
  partitions: Set<string>;
  defaults: { loopback: LinkState; lan: LinkState };
}

export function createNetwork(): NetworkState {
  return {
    hosts: new Map(),
    links: new Map(),
    partitions: new Set(),
    defaults: {
      loopback: { latencyMs: 0.05, jitterMs: 0.05, loss: 0 },
      lan: { latencyMs: 0.5, jitterMs: 0.5, loss: 0 },
    },
  };
}

export function pairKey(a: HostName, b: HostName): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

// linkBetween and isPartitioned run for every message: with no cut and no link override (most of
// a run), they answer without building the pair's key.
export function linkBetween(net: NetworkState, a: HostName, b: HostName): LinkState {
  const override = net.links.size > 0 ? net.links.get(pairKey(a, b)) : undefined;
  return override ?? (a === b ? net.defaults.loopback : net.defaults.lan);
}

export function isPartitioned(net: NetworkState, a: HostName, b: HostName): boolean {
  return a !== b && net.partitions.size > 0 && net.partitions.has(pairKey(a, b));
}

export function sampleLatency(net: NetworkState, prng: PrngState, a: HostName, b: HostName): number {
  const link = linkBetween(net, a, b);
  let extra = 0;
  if (a !== b) extra = (net.hosts.get(a)?.extraLatencyMs ?? 0) + (net.hosts.get(b)?.extraLatencyMs ?? 0);
  const raw = link.latencyMs + extra + nextFloat(prng) * link.jitterMs;
  return Math.round(raw * 1000) / 1000;
}

export function sampleLoss(net: NetworkState, prng: PrngState, a: HostName, b: HostName): boolean {
  const link = linkBetween(net, a, b);
  if (link.loss <= 0) return false;
  return nextFloat(prng) < link.loss;
}
