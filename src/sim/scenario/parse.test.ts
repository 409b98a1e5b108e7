import { describe, expect, it } from 'vitest';
import { parseScenario } from './parse';
import { formatScenarioError, type Scenario } from './schema';
import { serializeScenario } from './serialize';

// The example from the scenario-format issue, verbatim.
const ISSUE_EXAMPLE = `apiVersion: kubeplay.dev/v1alpha1
kind: Scenario
metadata: {name: pod-lifecycle}
spec:
  seed: 7
  cluster:                       # all optional; defaults: 1 control-plane node, 3 workers, 1 etcd member
    nodes:
      - {name: worker-1, cpu: "4", memory: 8Gi, labels: {disktype: ssd}, images: ["nginx:1.25"]}
      - {name: worker-2, cpu: "2", memory: 4Gi, taints: [{key: gpu, value: "true", effect: NoSchedule}]}
  steps:
    - at: 0s
      apply: |                   # inline manifest(s); applyFile: path relative to the scenario
        apiVersion: v1
        kind: Pod
        metadata: {name: web}
        spec: {containers: [{name: nginx, image: "nginx:1.25"}]}
    - at: 30s
      run: kubectl get pods -o wide
    - at: 30s
      expect: {run: "kubectl get pod web -o jsonpath={.status.phase}", equals: Running}
    - at: 40s
      kill: kube-scheduler       # and restart: <target>
`;

function ok(text: string): Scenario {
  const r = parseScenario(text, 'test.yaml');
  if (!r.ok) throw new Error(r.errors.map(formatScenarioError).join('\n'));
  return r.scenario;
}

function errors(text: string): string[] {
  const r = parseScenario(text, 'bad.yaml');
  if (r.ok) throw new Error('expected the scenario to be refused');
  return r.errors.map(formatScenarioError);
}

/** A scenario with the given lines under `spec:` (indented by the caller). */
const withSpec = (spec: string): string => `apiVersion: kubeplay.dev/v1alpha1\nkind: Scenario\nmetadata: {name: t}\nspec:\n${spec}`;

describe('parseScenario', () => {
  it('reads the example from the format issue', () => {
    const s = ok(ISSUE_EXAMPLE);
    expect(s.name).toBe('pod-lifecycle');
    expect(s.seed).toBe(7);
    expect(s.cluster.nodes).toEqual([
      { name: 'worker-1', cpu: '4', memory: '8Gi', labels: { disktype: 'ssd' }, images: ['nginx:1.25'] },
      { name: 'worker-2', cpu: '2', memory: '4Gi', taints: [{ key: 'gpu', value: 'true', effect: 'NoSchedule' }] },
    ]);
    expect(s.steps.map((x) => [x.kind, x.at])).toEqual([
      ['apply', 0],
      ['run', 30_000],
      ['expect', 30_000],
      ['kill', 40_000],
    ]);
    const apply = s.steps[0]!;
    expect(apply.kind === 'apply' && apply.manifest).toContain('kind: Pod\n');
    const exp = s.steps[2]!;
    expect(exp.kind === 'expect' && exp.expect).toEqual({ run: 'kubectl get pod web -o jsonpath={.status.phase}', equals: 'Running' });
    expect(exp.pos).toEqual({ line: 19, col: 7 });
  });

  it('sorts steps stably by time, keeping the written order for equal times', () => {
    const s = ok(withSpec(`  steps:
    - {at: 10s, run: b}
    - {at: 0s, run: a}
    - {at: 10s, run: c}
    - {at: 1m30s, heal: true}
    - {at: 300ms, kill: kube-scheduler}
`));
    expect(s.steps.map((x) => [x.index, x.at])).toEqual([
      [1, 0],
      [4, 300],
      [0, 10_000],
      [2, 10_000],
      [3, 90_000],
    ]);
  });

  it('reads a standby control plane', () => {
    expect(ok(withSpec('  cluster: {controlPlane: {standby: true}}\n  steps: []\n')).cluster).toEqual({ controlPlane: { standby: true } });
  });

  it('reads every step kind and the optional fields', () => {
    const s = ok(withSpec(`  timings: {nodeMonitorGracePeriodMs: 20000, imageBackOffInitialMs: 5000}
  cluster: {etcd: {members: 3}, kubeProxyMode: ipvs, defaultStorageClass: false}
  steps:
    - {at: 0s, applyFile: manifests/}
    - {at: 1s, run: kubectl create -f -, stdin: "kind: Pod"}
    - {at: 2s, expect: {run: kubectl get pods, contains: web, exitCode: 0}}
    - {at: 3s, expect: {run: kubectl get pod x, stderr: 'Error from server (NotFound): pods "x" not found', exitCode: 1}}
    - {at: 4s, restart: kubelet/worker-1}
    - {at: 5s, partition: {between: [worker-1], and: [control-plane]}}
    - {at: 6s, heal: true}
    - {at: 7s, expect: {run: 'kubectl get deploy d -o jsonpath={.spec.replicas}', equals: 3}}
    - {at: 8s, start: kubelet/worker-1}
    - {at: 9s, link: {between: [etcd-1], and: [etcd-2, etcd-3], latency: 200ms, jitter: 20ms, loss: 0.25}}
`));
    expect(s.timings).toEqual({ nodeMonitorGracePeriodMs: 20000, imageBackOffInitialMs: 5000 });
    expect(s.cluster).toEqual({ etcd: { members: 3 }, kubeProxyMode: 'ipvs', defaultStorageClass: false });
    expect(s.steps.map((x) => x.kind)).toEqual(['applyFile', 'run', 'expect', 'expect', 'restart', 'partition', 'heal', 'expect', 'start', 'link']);
    const seventh = s.steps[7]!;
    expect(seventh.kind === 'expect' && seventh.expect.equals).toBe('3');
    expect(s.steps[9]).toMatchObject({ kind: 'link', between: ['etcd-1'], and: ['etcd-2', 'etcd-3'], latencyMs: 200, jitterMs: 20, loss: 0.25 });
  });

  it('refuses a link step that changes nothing or has a loss above 1', () => {
    expect(errors(withSpec('  steps:\n    - {at: 0s, link: {between: [a], and: [b]}}\n'))[0]).toMatch(/a link step sets latency, jitter or loss/);
    expect(errors(withSpec('  steps:\n    - {at: 0s, link: {between: [a], and: [b], loss: 2}}\n'))[0]).toMatch(/a probability between 0 and 1, got 2/);
  });

  it('reads a traffic step (issue 13: traffic: {from: pod/client, to: service/web, rps: 50, for: 30s})', () => {
    const s = ok(withSpec('  steps:\n    - {at: 5s, traffic: {from: pod/client, to: service/web, rps: 50, for: 30s}}\n'));
    expect(s.steps[0]).toMatchObject({ kind: 'traffic', from: 'pod/client', to: 'service/web', rps: 50, forMs: 30_000 });
  });

  it.each([
    ['{from: pod/client, to: service/web, rps: 0, for: 30s}', /rps/],
    ['{from: pod/client, to: service/web, rps: 5, for: forever}', /expected a duration from 1ms to 10m/],
    ['{from: deployment/x, to: service/web, rps: 5, for: 1s}', /expected a pod, such as pod\/client/],
    ['{from: pod/client, to: "http://web", rps: 5, for: 1s}', /expected a Service, such as service\/web/],
    ['{from: pod/client, rps: 5, for: 1s}', /to/],
  ])('refuses the traffic step %s', (step, want) => {
    expect(errors(withSpec(`  steps:\n    - {at: 0s, traffic: ${step}}\n`)).join('\n')).toMatch(want);
  });

  it('reads and writes back the echo of a recorded graph action (the line the terminal showed, issue 10)', () => {
    const s = ok(withSpec('  steps:\n    - {at: 5s, kill: node/worker-2, recorded: true, echo: ssh worker-2 -- sudo poweroff}\n'));
    expect(s.steps[0]).toMatchObject({ kind: 'kill', target: 'node/worker-2', recorded: true, echo: 'ssh worker-2 -- sudo poweroff' });
    expect(ok(serializeScenario(s)).steps[0]).toMatchObject({ echo: 'ssh worker-2 -- sudo poweroff' });
  });

  it('uses seed 1 when the scenario names none', () => {
    expect(ok(withSpec('  steps: []\n')).seed).toBe(1);
  });

  // Each case: the scenario text and the exact error line(s): <file>:<line>:<col>: <field>: <message>.
  it.each([
    ['a bad duration', withSpec('  steps:\n    - {at: 0s, run: a}\n    - {at: 1s, run: b}\n    - {at: 3x, run: c}\n'),
      ['bad.yaml:8:12: spec.steps[2].at: invalid duration "3x" (examples: 0s, 1.5s, 300ms, 2m, 1m30s)']],
    ['a bare number as a duration', withSpec('  steps:\n    - {at: 30, run: a}\n'),
      ['bad.yaml:6:12: spec.steps[0].at: invalid duration 30: give a unit, e.g. "30s"']],
    ['an unknown step kind', withSpec('  steps:\n    - at: 0s\n      explode: kube-apiserver\n'),
      ['bad.yaml:7:7: spec.steps[0]: unknown step kind "explode"; a step is one of: apply, applyFile, run, expect, kill, restart, start, crash, partition, link, heal, interrupt, request, hangup, traffic']],
    ['a misspelt step kind', withSpec('  steps:\n    - {at: 0s, restrat: etcd/etcd-1}\n'),
      ['bad.yaml:6:16: spec.steps[0]: unknown step kind "restrat" (did you mean "restart"?); a step is one of: apply, applyFile, run, expect, kill, restart, start, crash, partition, link, heal, interrupt, request, hangup, traffic']],
    ['an unknown field in a step', withSpec('  steps:\n    - {at: 0s, run: a, sudo: true}\n'),
      ['bad.yaml:6:24: spec.steps[0]: unknown field "sudo"']],
    ['two actions in one step', withSpec('  steps:\n    - {at: 0s, run: a, kill: kube-scheduler}\n'),
      ['bad.yaml:6:24: spec.steps[0]: a step has exactly one action, found run and kill']],
    ['a step without a time', withSpec('  steps:\n    - {run: a}\n'),
      ['bad.yaml:6:7: spec.steps[0]: missing required field "at"']],
    ['an unknown top-level spec field', withSpec('  stpes: []\n'),
      ['bad.yaml:5:3: spec: unknown field "stpes" (did you mean "steps"?)', 'bad.yaml:5:3: spec: missing required field "steps"']],
    ['a wrong type for the seed', withSpec('  seed: seven\n  steps: []\n'),
      ['bad.yaml:5:9: spec.seed: expected an integer, got string "seven"']],
    ['an expect without anything to check', withSpec('  steps:\n    - {at: 0s, expect: {run: kubectl get pods}}\n'),
      ['bad.yaml:6:24: spec.steps[0].expect: an expect needs something to check: equals, contains, stderr or exitCode']],
    ['an unknown field inside expect', withSpec('  steps:\n    - {at: 0s, expect: {run: a, equal: b}}\n'),
      ['bad.yaml:6:33: spec.steps[0].expect: unknown field "equal" (did you mean "equals"?)']],
    ['an echo on a step that is no action (echo: the line the app showed for a graph menu action)', withSpec('  steps:\n    - {at: 0s, run: a, echo: b}\n'),
      ['bad.yaml:6:24: spec.steps[0].echo: field "echo" belongs to an action step (kill, restart, start, partition, link, heal)']],
    ['an echo over two lines', withSpec('  steps:\n    - {at: 0s, kill: kube-scheduler, echo: "a\\nb"}\n'),
      ['bad.yaml:6:44: spec.steps[0].echo: expected one line of at most 500 characters']],
    ['heal with something other than true', withSpec('  steps:\n    - {at: 0s, heal: yes please}\n'),
      ['bad.yaml:6:22: spec.steps[0].heal: expected `heal: true`']],
    ['an unknown timing', withSpec('  timings: {nodeMonitorGracePeriod: 40}\n  steps: []\n'),
      ['bad.yaml:5:13: spec.timings: unknown field "nodeMonitorGracePeriod" (did you mean "nodeMonitorGracePeriodMs"?)']],
    ['a bad taint effect', withSpec('  cluster:\n    nodes:\n      - {name: w, taints: [{key: k, effect: NoSchedul}]}\n  steps: []\n'),
      ['bad.yaml:7:45: spec.cluster.nodes[0].taints[0].effect: Unsupported value: "NoSchedul": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"']],
    ['a label with a non-string value', withSpec('  cluster:\n    nodes:\n      - {name: w, labels: {gpu: true}}\n  steps: []\n'),
      ['bad.yaml:7:33: spec.cluster.nodes[0].labels.gpu: expected a string, got boolean true']],
    ['an invalid node name', withSpec('  cluster:\n    nodes:\n      - {name: Worker_1}\n  steps: []\n'),
      ['bad.yaml:7:16: spec.cluster.nodes[0].name: invalid node name "Worker_1": a lowercase RFC 1123 label (e.g. worker-4)']],
    ['too many etcd members', withSpec('  cluster: {etcd: {members: 9}}\n  steps: []\n'),
      ['bad.yaml:5:29: spec.cluster.etcd.members: must be between 1 and 7, got 9']],
    ['an unknown kube-proxy mode', withSpec('  cluster: {kubeProxyMode: userspace}\n  steps: []\n'),
      ['bad.yaml:5:28: spec.cluster.kubeProxyMode: Unsupported value: "userspace": supported values: "iptables", "ipvs", "nftables"']],
    ['a defaultStorageClass that is not a boolean', withSpec('  cluster: {defaultStorageClass: none}\n  steps: []\n'),
      ['bad.yaml:5:34: spec.cluster.defaultStorageClass: expected true or false']],
    ['an epoch with a fraction of a second', withSpec('  cluster: {epoch: "2026-12-03T00:45:30.5Z"}\n  steps: []\n'),
      ['bad.yaml:5:20: spec.cluster.epoch: expected a UTC time with whole seconds, as 2026-12-03T00:45:00Z']],
    ['a standby that is not a boolean', withSpec('  cluster: {controlPlane: {standby: yes please}}\n  steps: []\n'),
      ['bad.yaml:5:37: spec.cluster.controlPlane.standby: expected true or false']],
    ['a wrong apiVersion', 'apiVersion: v1\nkind: Scenario\nmetadata: {name: t}\nspec: {steps: []}\n',
      ['bad.yaml:1:13: apiVersion: expected "kubeplay.dev/v1alpha1", got "v1"']],
    ['a YAML syntax error', 'apiVersion: kubeplay.dev/v1alpha1\nspec: {steps: [\n',
      [expect.stringMatching(/^bad\.yaml:3:1: YAML syntax error: /)]],
    ['a duplicate key', withSpec('  steps: []\n  steps: []\n'),
      [expect.stringMatching(/^bad\.yaml:6:3: YAML syntax error: Map keys must be unique/)]],
  ])('reports %s with file, line and field', (_name, text, want) => {
    const got = errors(text);
    // A YAML syntax error can cascade into more; the first one is the one that matters.
    expect(want.length === 1 && String(want[0]).startsWith('bad.yaml') ? got : got.slice(0, want.length)).toEqual(want);
  });

  it('reads the epoch kubeplay serve records: simulated time 0 on the wall calendar', () => {
    expect(ok(withSpec('  cluster: {epoch: 2026-12-03T00:45:30Z}\n  steps: []\n')).cluster).toEqual({ epoch: '2026-12-03T00:45:30Z' });
  });

  it('reports every problem, not just the first', () => {
    const errs = errors(withSpec('  seed: -1\n  steps:\n    - {at: 1x, run: a}\n    - {at: 0s, jump: b}\n'));
    expect(errs).toHaveLength(3);
  });

  it('refuses a document that is not a mapping', () => {
    expect(errors('- a\n- b\n')).toEqual(['bad.yaml:1:1: (document): expected a mapping, got a list']);
  });
});
