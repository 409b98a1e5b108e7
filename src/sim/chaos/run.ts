// One chaos run: build the scenario's cluster, play its steps (workload, faults, recovery), let it
// settle, and check every invariant: Raft's safety all along, watch streams' versions as they are
// sent, and the settled cluster's state at the end.

import { buildCluster } from '../cluster';
import type { TraceRecord } from '../kernel/trace';
import { ScenarioRunner } from '../scenario/run';
import type { Scenario } from '../scenario/schema';
import { SETTLE_MS } from './generate';
import { createRaftMonitor, finishRaft, observeRaft } from './invariants/raft';
import { checkSettled, type Violation } from './invariants/settled';
import { createWatchMonitor, finishWatches, observeWatchRecord } from './invariants/watch';

export interface ChaosResult {
  scenario: Scenario;
  violations: Violation[];
  traceHash: string;
  endTime: number;
  records: number;
}

/** Trace records kept in memory during a chaos run (the hash covers all of them). */
const TRACE_WINDOW = 2_000;

export function runChaos(scenario: Scenario, settleMs = SETTLE_MS): ChaosResult {
  const cluster = buildCluster(scenario.cluster, { seed: scenario.seed, timings: scenario.timings, traceLimit: TRACE_WINDOW });
  const sim = cluster.sim;
  const raft = createRaftMonitor();
  const watches = createWatchMonitor();
  const multiMember = (scenario.cluster.etcd?.members ?? 1) > 1;
  sim.onRecord((r: TraceRecord) => {
    observeWatchRecord(watches, r);
    if (multiMember && r.from.startsWith('etcd/')) observeRaft(raft, sim);
  });
  const runner = new ScenarioRunner(scenario, cluster);
  const last = scenario.steps.at(-1)?.at ?? 0;
  const result = runner.finish(last + settleMs);
  const violations: Violation[] = [];
  for (const e of result.errors) violations.push({ invariant: 'scenario step', detail: e.message });
  if (multiMember) violations.push(...finishRaft(raft, sim));
  violations.push(...finishWatches(watches));
  violations.push(...checkSettled(sim));
  return { scenario, violations, traceHash: result.traceHash, endTime: result.endTime, records: sim.world.traceCount };
}
