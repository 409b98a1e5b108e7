// The scheduler's record of its cycles for one pod (kube-scheduler keeps the last few per pod),
// turned into the inspector's filter/score table: one row per node, one column per plugin.

import type { SchedulingCycleView } from '../../protocol/view';
import type { Simulation } from '../../sim/kernel/simulation';
import { SCHEDULER } from '../../sim/names';
import { getSchedulingRecords, type SchedulerState, type SchedulingCycleRecord } from '../../sim/scheduler/scheduler';
import { cycleNodes, nodeScores, type FilterVerdict } from '../../sim/scheduler/framework/cycle';

/** `pods/default/web`, `default/web` or `web` (namespace default) -> the scheduler's key `default/web`. */
export function podKey(pod: string): string {
  const parts = pod.split('/');
  if (parts.length === 3 && parts[0] === 'pods') return `${parts[1] || 'default'}/${parts[2]}`;
  if (parts.length === 2) return `${parts[0] || 'default'}/${parts[1]}`;
  return `default/${pod}`;
}

function verdict(f: FilterVerdict): string {
  if (f.code === 'Success') return 'pass';
  return f.reasons.length ? f.reasons.join(', ') : f.code;
}

export function cycleView(r: SchedulingCycleRecord): SchedulingCycleView {
  const plugins: string[] = [];
  const note = (p: string): void => {
    if (!plugins.includes(p)) plugins.push(p);
  };
  if (r.preFilter) note(r.preFilter.plugin);
  const nodes: SchedulingCycleView['nodes'] = cycleNodes(r).map((n) => {
    const results: SchedulingCycleView['nodes'][number]['results'] = {};
    for (const f of n.filters) {
      note(f.plugin);
      results[f.plugin] = { filter: verdict(f) };
    }
    for (const s of nodeScores(r, n)) {
      note(s.plugin);
      results[s.plugin] = { ...results[s.plugin], raw: s.raw, normalized: s.normalized, weighted: s.weighted };
    }
    const row: SchedulingCycleView['nodes'][number] = { name: n.node, results, feasible: n.feasible };
    if (n.total !== undefined) row.total = n.total;
    return row;
  });
  const view: SchedulingCycleView = { pod: r.pod, time: r.time, plugins, nodes };
  if (r.chosen !== undefined) view.node = r.chosen;
  if (r.narrowed) view.narrowed = { ...r.narrowed, of: r.numAllNodes };
  const message = r.message ?? (r.preFilter ? `${r.preFilter.plugin}: ${verdict(r.preFilter)}` : undefined);
  if (message !== undefined) view.message = message;
  return view;
}

/**
 * The scheduler's recent cycles for a pod, oldest first. The records live in the scheduler's
 * memory, so a killed scheduler has none (as a restarted kube-scheduler remembers nothing).
 */
export function schedulingCycles(sim: Simulation, pod: string): SchedulingCycleView[] {
  const p = sim.world.processes.get(SCHEDULER);
  if (!p || !p.alive || p.state === undefined) return [];
  return getSchedulingRecords(p.state as SchedulerState, podKey(pod)).map(cycleView);
}
