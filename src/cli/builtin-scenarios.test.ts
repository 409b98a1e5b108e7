import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../sim/scenario/parse';
import { runScenario } from '../sim/scenario/run';
import { formatScenarioError, type Scenario } from '../sim/scenario/schema';

// DESIGN.md section 4: the same scenario and seed give the same trace, byte for byte; a test runs
// every built-in scenario twice and compares. The scenarios' expectations hold the real kubectl
// v1.31 texts (/work/shared/reference/kubernetes-behaviour.md).
const DIR = join(__dirname, '../../public/scenarios');
const FILES = readdirSync(DIR).filter((f) => f.endsWith('.yaml')).sort();

function load(file: string): Scenario {
  const r = parseScenario(readFileSync(join(DIR, file), 'utf8'), `public/scenarios/${file}`);
  if (!r.ok) throw new Error(r.errors.map(formatScenarioError).join('\n'));
  return r.scenario;
}

describe('built-in scenarios', () => {
  it('include the ones the app and the lessons use, and the idle cluster the app opens on', () => {
    // Every *.yaml in public/scenarios runs below; this list only guards against losing one.
    expect(FILES).toEqual(
      expect.arrayContaining(['apiserver-down.yaml', 'authentication.yaml', 'bad-input.yaml', 'configmaps-secrets.yaml', 'containerd-down.yaml', 'default.yaml', 'deployment.yaml', 'drain.yaml', 'etcd-cluster.yaml', 'etcd-five-members.yaml', 'etcd-four-members.yaml', 'etcd-leader-failover.yaml', 'etcd-partition.yaml', 'etcd-quorum-loss.yaml', 'image-typo.yaml', 'job.yaml', 'kubelet-down.yaml', 'leader-election.yaml', 'namespace-delete.yaml', 'node-tools.yaml', 'placement.yaml', 'pod-lifecycle.yaml', 'pods-that-end.yaml', 'quota.yaml', 'rbac-scheduler-binding.yaml', 'rbac-user.yaml', 'scheduler-down.yaml', 'service.yaml', 'statefulset.yaml', 'taints.yaml', 'unschedulable.yaml']),
    );
  });

  it.each(FILES)('%s is a valid scenario', (file) => {
    // default.yaml is the idle cluster the person drives; every other one has steps.
    expect(load(file).steps.length).toBeGreaterThan(file === 'default.yaml' ? -1 : 0);
  });

  it.each(FILES)('%s passes every expectation on the simulated cluster and replays to the same trace hash', async (file) => {
    const { buildCluster } = await import('../sim/cluster');
    const scenario = load(file);
    const run = () => runScenario(scenario, buildCluster(scenario.cluster, { seed: scenario.seed, timings: scenario.timings }));
    const first = run();
    const failures = first.expectations.filter((e) => !e.ok).map((e) => `line ${e.line}: ${e.command}\n  expected: ${e.expected}\n  actual:   ${e.actual}`);
    expect(failures).toEqual([]);
    expect(first.errors.map(formatScenarioError)).toEqual([]);
    expect(run().traceHash).toBe(first.traceHash);
  });
});
