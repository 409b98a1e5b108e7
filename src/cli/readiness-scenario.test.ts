import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../sim/cluster';
import { parseScenario } from '../sim/scenario/parse';
import { runScenario, type ScenarioResult } from '../sim/scenario/run';
import { trafficReports } from './traffic-report';

// "Configure Liveness, Readiness and Startup Probes" (kubernetes.io/docs/tasks/configure-pod-container/
// configure-liveness-readiness-startup-probes/): "A pod with containers reporting that they are not
// ready does not receive traffic through Kubernetes Services." public/scenarios/readiness.yaml: an
// exec probe that cats /tmp/ready, the file removed and restored with kubectl exec; issue 13's
// acceptance: the pod leaves the EndpointSlice (ready: false), gets none of a load, and returns.

function run(): ScenarioResult {
  const r = parseScenario(readFileSync(join(__dirname, '../../public/scenarios/readiness.yaml'), 'utf8'), 'readiness.yaml');
  if (!r.ok) throw new Error('readiness.yaml does not parse');
  return runScenario(r.scenario, buildCluster(r.scenario.cluster, { seed: r.scenario.seed, timings: r.scenario.timings }));
}

describe('a readiness probe takes a pod out of rotation', () => {
  const res = run();
  const describeWeb2 = res.transcript.find((e) => e.text === 'kubectl describe pod web-2')!.stdout;

  it('passes every expectation of the scenario', () => {
    expect(res.expectations.filter((e) => !e.ok)).toEqual([]);
    expect(res.errors).toEqual([]);
  });

  it('shows the pod 0/1 while its probe fails and 1/1 once it passes', () => {
    const pods = res.transcript.filter((e) => e.text === 'kubectl get pods -l app=web').map((e) => e.stdout.split('\n').slice(1, 3).map((l) => l.split(/\s+/).slice(0, 2).join(' ')));
    expect(pods).toEqual([['web-1 0/1', 'web-2 0/1'], ['web-1 1/1', 'web-2 1/1'], ['web-1 1/1', 'web-2 0/1']]);
  });

  it('sends a load to both pods, then to the ready one only, then to both again', () => {
    const web2 = `${/^IP:\s+(\S+)$/m.exec(describeWeb2)![1]}:80`;
    const [both, one, again] = trafficReports(res.transcript);
    expect(both!.failed).toBe(0);
    expect(Object.keys(both!.perEndpoint)).toHaveLength(2);
    expect(both!.perEndpoint[web2]!.ok).toBeGreaterThan(20);
    expect(one!.failed).toBe(0);
    expect(Object.keys(one!.perEndpoint)).toHaveLength(1);
    expect(one!.perEndpoint[web2]).toBeUndefined();
    expect(again!.failed).toBe(0);
    expect(again!.perEndpoint[web2]!.ok).toBeGreaterThan(20);
  });

  it("records the probe's failure with the image's own cat message (Debian's coreutils in nginx)", () => {
    expect(describeWeb2).toMatch(/Warning {2}Unhealthy .* kubelet {12}Readiness probe failed: cat: \/tmp\/ready: No such file or directory\n/);
  });
});
