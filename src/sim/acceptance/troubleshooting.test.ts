// The seed's troubleshooting facts from chapter 4 and the scheduler's placement rules from chapter 2,
// against the whole simulated cluster.

import { describe, expect, it } from 'vitest';
import { buildCluster, type Cluster, type ClusterSpec } from '../cluster';

function pod(name: string, image: string, extra = ''): string {
  return `apiVersion: v1
kind: Pod
metadata:
  name: ${name}
spec:
${extra}  containers:
  - name: app
    image: ${image}
`;
}

function field(c: Cluster, name: string, path: string): string {
  return c.run(`kubectl get pod ${name} -o jsonpath={${path}}`).stdout.trim();
}

describe('a typo in the image name (seed, chapter 4)', () => {
  it('is still Scheduled, then Failed/ErrImagePull, then ImagePullBackOff with back-off 10 s, 20 s, 40 s', () => {
    const c = buildCluster({}, { seed: 5 });
    c.run('kubectl apply -f -', { stdin: pod('typo', 'nginx:1.999') });
    const reasons = new Set<string>();
    for (let t = 0; t <= 120_000; t += 500) {
      c.sim.runUntil(t);
      const r = field(c, 'typo', '.status.containerStatuses[0].state.waiting.reason');
      if (r) reasons.add(r);
    }
    expect([...reasons]).toEqual(expect.arrayContaining(['ErrImagePull', 'ImagePullBackOff']));
    const events = c.run('kubectl get events --sort-by=.metadata.creationTimestamp').stdout;
    expect(events).toMatch(/Scheduled\s+pod\/typo\s+Successfully assigned default\/typo to worker-\d/);
    expect(events).toContain('Failed to pull image "nginx:1.999"');
    expect(events).toContain('Error: ErrImagePull');
    expect(events).toContain('Back-off pulling image "nginx:1.999"');
    expect(events).toContain('Error: ImagePullBackOff');
    // Pull attempts: the gaps double from 10 s (pkg/kubelet/kubelet.go imageBackOffPeriod, MaxImageBackOff).
    const pulls = c.sim.world.trace.filter((r) => r.type === 'cri.request' && /^PullImage .*nginx:1\.999/.test(r.summary)).map((r) => r.time);
    expect(pulls.length).toBeGreaterThanOrEqual(4);
    const gaps = pulls.slice(1).map((t, i) => (t - pulls[i]!) / 1000);
    expect(gaps[0]).toBeGreaterThanOrEqual(10);
    expect(gaps[0]).toBeLessThan(13);
    expect(gaps[1]).toBeGreaterThanOrEqual(20);
    expect(gaps[1]).toBeLessThan(23);
    expect(gaps[2]).toBeGreaterThanOrEqual(40);
    expect(gaps[2]).toBeLessThan(43);
    // client-go's EventCorrelator (tools/record events_cache.go eventObserve): each repeated pull
    // failure PATCHes the first event's count instead of creating another object, so there is one
    // row per message, and describe prints kubectl's `(x<count> over <first seen>)`.
    expect(events.split('\n').filter((l) => l.includes('Error: ErrImagePull'))).toHaveLength(1);
    const count = c.run('kubectl get events --field-selector reason=BackOff -o jsonpath={.items[0].count}').stdout;
    expect(Number(count)).toBe(pulls.length);
    expect(c.run('kubectl describe pod typo').stdout).toMatch(new RegExp(`Normal +BackOff +\\d+s \\(x${pulls.length} over \\w+\\) +kubelet +Back-off pulling image "nginx:1\\.999"\n`));
    const patches = c.sim.world.trace.filter((r) => r.type === 'http.request' && /^PATCH event BackOff \(x\d+\)$/.test(r.summary));
    expect(patches).toHaveLength(pulls.length - 1);
  });
});

describe('a pod asking for more memory than any node has (seed, chapter 2: Filtering)', () => {
  it('stays Pending with the real FailedScheduling message', () => {
    const c = buildCluster({}, { seed: 5 });
    const big = pod('big', 'nginx:1.25').replace('    image: nginx:1.25\n', '    image: nginx:1.25\n    resources:\n      requests:\n        memory: 64Gi\n');
    c.run('kubectl apply -f -', { stdin: big });
    c.sim.runUntil(30_000);
    expect(c.run('kubectl get pod big --no-headers').stdout).toMatch(/^big\s+0\/1\s+Pending\s+0\s+/);
    const events = c.run('kubectl get events').stdout;
    expect(events).toContain(
      '0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 Insufficient memory. preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod..',
    );
  });
});

describe('placement (seed, chapter 2: Filtering and Scoring)', () => {
  const spec: ClusterSpec = {
    nodes: [
      { name: 'worker-1', cpu: '4', memory: '8Gi', labels: { disktype: 'ssd' } },
      { name: 'worker-2', cpu: '2', memory: '4Gi', taints: [{ key: 'gpu', value: 'true', effect: 'NoSchedule' }] },
      { name: 'worker-3', cpu: '2', memory: '4Gi', labels: { zone: 'b' } },
    ],
  };
  it('nodeSelector puts the pod on the labelled node', () => {
    const c = buildCluster(spec, { seed: 1 });
    c.run('kubectl apply -f -', { stdin: pod('ssd', 'nginx:1.25', '  nodeSelector:\n    disktype: ssd\n') });
    c.sim.runUntil(10_000);
    expect(field(c, 'ssd', '.spec.nodeName')).toBe('worker-1');
  });
  it('a toleration lets a pod onto the tainted node, and required affinity forces it there', () => {
    const c = buildCluster(spec, { seed: 1 });
    const extra = `  tolerations:
  - {key: gpu, operator: Equal, value: "true", effect: NoSchedule}
  affinity:
    nodeAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
        nodeSelectorTerms:
        - matchExpressions:
          - {key: kubernetes.io/hostname, operator: In, values: [worker-2]}
`;
    c.run('kubectl apply -f -', { stdin: pod('gpu', 'nginx:1.25', extra) });
    c.sim.runUntil(10_000);
    expect(field(c, 'gpu', '.spec.nodeName')).toBe('worker-2');
  });
  it('without a toleration no pod lands on the tainted node', () => {
    const c = buildCluster(spec, { seed: 2 });
    for (let i = 0; i < 6; i++) c.run('kubectl apply -f -', { stdin: pod(`p${i}`, 'nginx:1.25') });
    c.sim.runUntil(10_000);
    const nodes = c.run('kubectl get pods -o jsonpath={.items[*].spec.nodeName}').stdout.trim().split(' ');
    expect(nodes).toHaveLength(6);
    expect(nodes).not.toContain('worker-2');
    expect(nodes).not.toContain('control-plane');
  });
});

describe('bad input never changes the cluster and always names the problem', () => {
  const cases: { name: string; cmd: string; stdin?: string; stderr: RegExp | string }[] = [
    {
      name: 'malformed YAML',
      cmd: 'kubectl apply -f bad.yaml',
      stdin: 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\nspec:\n  containers:\n  - name: a\n    image: nginx: 1\n',
      stderr: /^error: error parsing bad\.yaml: error converting YAML to JSON: yaml: line \d+: mapping values are not allowed in this context\n$/,
    },
    {
      name: 'unknown kind',
      cmd: 'kubectl apply -f -',
      stdin: 'apiVersion: v1\nkind: Podd\nmetadata:\n  name: x\n',
      stderr: 'error: resource mapping not found for name: "x" namespace: "" from "STDIN": no matches for kind "Podd" in version "v1"\nensure CRDs are installed first\n',
    },
    {
      name: 'unknown field',
      cmd: 'kubectl apply -f -',
      stdin: pod('x', 'nginx:1.25').replace('  containers:', '  replicas: 3\n  containers:'),
      stderr: /Error from server \(BadRequest\): error when creating "STDIN": Pod in version "v1" cannot be handled as a Pod: strict decoding error: unknown field "spec\.replicas"/,
    },
    {
      name: 'missing required field',
      cmd: 'kubectl apply -f -',
      stdin: 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\nspec:\n  containers: []\n',
      stderr: /The Pod "x" is invalid: spec\.containers: Required value/,
    },
    {
      name: 'invalid name',
      cmd: 'kubectl apply -f -',
      stdin: pod('My_Pod', 'nginx:1.25'),
      stderr: /metadata\.name: Invalid value: "My_Pod": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '\.', and must start and end with an alphanumeric character/,
    },
    {
      name: 'a user without rights',
      cmd: 'kubectl --as=bob run x --image=nginx',
      stderr: 'Error from server (Forbidden): pods is forbidden: User "bob" cannot create resource "pods" in API group "" in the namespace "default"\n',
    },
  ];
  for (const tc of cases) {
    it(`${tc.name}: kubectl prints the real error and nothing is written`, () => {
      const c = buildCluster({}, { seed: 9 });
      const files = tc.cmd.includes('bad.yaml') ? { 'bad.yaml': tc.stdin! } : undefined;
      const out = c.run(tc.cmd, { stdin: files ? undefined : tc.stdin, files });
      expect(out.exitCode).toBe(1);
      if (typeof tc.stderr === 'string') expect(out.stderr).toBe(tc.stderr);
      else expect(out.stderr).toMatch(tc.stderr);
      // Every command here writes (or would write) in default; kube-system has kubeadm's pods.
      const pods = c.run('kubectl get pods -o name');
      expect(pods.stdout).toBe('');
    });
  }
  it('a duplicate create is refused with AlreadyExists', () => {
    const c = buildCluster({}, { seed: 9 });
    const files = { 'web.yaml': pod('web', 'nginx:1.25') };
    expect(c.run('kubectl create -f web.yaml', { files }).stdout).toBe('pod/web created\n');
    const uid = field(c, 'web', '.metadata.uid');
    const out = c.run('kubectl create -f web.yaml', { files });
    expect(out.stderr).toBe('Error from server (AlreadyExists): error when creating "web.yaml": pods "web" already exists\n');
    expect(out.exitCode).toBe(1);
    expect(field(c, 'web', '.metadata.uid')).toBe(uid);
  });
});
