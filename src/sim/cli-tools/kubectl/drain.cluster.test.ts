// Node maintenance on the whole simulated cluster (issue 4): a Deployment of 3 and a DaemonSet on
// two workers; cordon shows SchedulingDisabled, drain refuses the DaemonSet's pods without
// --ignore-daemonsets and with it evicts the Deployment's pods, which come back on the other node;
// uncordon makes the node schedulable again. Texts: kubectl/pkg/cmd/drain/drain.go and
// kubectl/pkg/drain/{drain,filters}.go (v1.31).

import { describe, expect, it } from 'vitest';
import { buildCluster, type Cluster } from '../../cluster';

const DAEMONSET = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
spec:
  selector:
    matchLabels:
      app: agent
  template:
    metadata:
      labels:
        app: agent
    spec:
      containers:
      - name: agent
        image: nginx:1.25
`;

function cluster(): Cluster {
  const c = buildCluster({ nodes: [{ name: 'worker-1' }, { name: 'worker-2' }] }, { seed: 7 });
  expect(c.run('kubectl create deployment web --image=nginx:1.25 --replicas=3').exitCode).toBe(0);
  expect(c.run('kubectl apply -f ds.yaml', { files: { 'ds.yaml': DAEMONSET } }).stdout).toBe('daemonset.apps/agent created\n');
  expect(c.run('kubectl rollout status deployment/web').exitCode).toBe(0);
  c.sim.runUntil(c.sim.now + 30_000);
  return c;
}

/** namespace/name -> node name of every pod, kube-system's too (kube-proxy, CoreDNS), from `kubectl get pods -A -o wide`. */
function placementAll(c: Cluster): Map<string, string> {
  const lines = c.run('kubectl get pods -A -o wide').stdout.trim().split('\n').slice(1);
  return new Map(lines.map((l) => l.split(/\s+/)).map((w) => [`${w[0]}/${w[1]}`, w[7]!]));
}

/** Pod name -> node name, from `kubectl get pods -o wide`. */
function placement(c: Cluster): Map<string, string> {
  const lines = c.run('kubectl get pods -o wide').stdout.trim().split('\n').slice(1);
  return new Map(lines.map((l) => l.split(/\s+/)).map((w) => [w[0]!, w[6]!]));
}

describe('DaemonSet, cordon, drain and uncordon on a cluster', () => {
  it('runs one daemon pod per worker and shows the DaemonSet columns', () => {
    const c = cluster();
    const ds = c.run('kubectl get ds').stdout.split('\n');
    expect(ds[0]).toMatch(/^NAME\s+DESIRED\s+CURRENT\s+READY\s+UP-TO-DATE\s+AVAILABLE\s+NODE SELECTOR\s+AGE$/);
    expect(ds[1]).toMatch(/^agent\s+2\s+2\s+2\s+2\s+2\s+<none>\s+\d+s$/);
    const agents = [...placement(c)].filter(([name]) => name.startsWith('agent-'));
    expect(agents.map(([, node]) => node).sort()).toEqual(['worker-1', 'worker-2']);
  });

  it('deletes the daemon pods with the DaemonSet (the garbage collector follows ownerReferences)', () => {
    const c = cluster();
    expect(c.run('kubectl delete ds agent').stdout).toBe('daemonset.apps "agent" deleted\n');
    c.sim.runUntil(c.sim.now + 40_000);
    expect([...placement(c).keys()].filter((n) => n.startsWith('agent-'))).toEqual([]);
  });

  it('cordons and uncordons with the real texts and the SchedulingDisabled status', () => {
    const c = cluster();
    expect(c.run('kubectl cordon worker-1').stdout).toBe('node/worker-1 cordoned\n');
    expect(c.run('kubectl cordon worker-1').stdout).toBe('node/worker-1 already cordoned\n');
    expect(c.run('kubectl get nodes').stdout).toMatch(/^worker-1\s+Ready,SchedulingDisabled\s/m);
    expect(c.run('kubectl uncordon worker-1').stdout).toBe('node/worker-1 uncordoned\n');
    expect(c.run('kubectl uncordon worker-1').stdout).toBe('node/worker-1 already uncordoned\n');
    expect(c.run('kubectl cordon worker-9').stderr).toBe('Error from server (NotFound): nodes "worker-9" not found\n');
  });

  it('refuses to drain past DaemonSet pods, then drains with --ignore-daemonsets and the pods move', () => {
    const c = cluster();
    const daemon = [...placement(c)].find(([name, node]) => name.startsWith('agent-') && node === 'worker-1')![0];
    // kubeadm's kube-proxy DaemonSet has a pod on the node too, and CoreDNS may have one.
    const onNode = [...placementAll(c)].filter(([, node]) => node === 'worker-1').map(([key]) => key);
    const proxy = onNode.find((k) => k.startsWith('kube-system/kube-proxy-'))!;
    const dns = onNode.filter((k) => k.startsWith('kube-system/coredns-'));
    const refused = c.run('kubectl drain worker-1');
    expect(refused.exitCode).toBe(1);
    expect(refused.stdout).toBe('node/worker-1 cordoned\n');
    const why = `cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): default/${daemon}, ${proxy}`;
    expect(refused.stderr).toBe(`error: unable to drain node "worker-1" due to error: ${why}, continuing command...\nThere are pending nodes to be drained:\n worker-1\n${why}\n`);

    const onWorker1 = [...placement(c)].filter(([name, node]) => name.startsWith('web-') && node === 'worker-1').map(([name]) => name);
    const drained = c.run('kubectl drain worker-1 --ignore-daemonsets');
    expect(drained.exitCode).toBe(0);
    expect(drained.stderr).toBe(`Warning: ignoring DaemonSet-managed Pods: default/${daemon}, ${proxy}\n`);
    const lines = drained.stdout.trim().split('\n');
    expect(lines[0]).toBe('node/worker-1 already cordoned');
    expect(lines.filter((l) => l.startsWith('evicting pod ')).sort()).toEqual([...onWorker1.map((n) => `default/${n}`), ...dns].map((k) => `evicting pod ${k}`).sort());
    expect(lines.filter((l) => l.endsWith(' evicted')).sort()).toEqual([...onWorker1, ...dns.map((k) => k.split('/')[1]!)].map((n) => `pod/${n} evicted`).sort());
    expect(lines[lines.length - 1]).toBe('node/worker-1 drained');

    expect(c.run('kubectl rollout status deployment/web').exitCode).toBe(0);
    const after = [...placement(c)];
    expect(after.filter(([name]) => name.startsWith('web-')).map(([, node]) => node)).toEqual(['worker-2', 'worker-2', 'worker-2']);
    // The daemon pod stays: DaemonSet pods tolerate node.kubernetes.io/unschedulable.
    expect(after.find(([name]) => name === daemon)?.[1]).toBe('worker-1');
    expect(c.run('kubectl uncordon worker-1').stdout).toBe('node/worker-1 uncordoned\n');
  });

  it('refuses a bare pod without --force and deletes it with a warning with --force', () => {
    const c = cluster();
    expect(c.run('kubectl run lonely --image=nginx:1.25').exitCode).toBe(0);
    c.sim.runUntil(c.sim.now + 20_000);
    const node = placement(c).get('lonely')!;
    expect(node).toMatch(/^worker-[12]$/);
    const refused = c.run(`kubectl drain ${node} --ignore-daemonsets`);
    expect(refused.stderr).toContain(`cannot delete Pods declare no controller (use --force to override): default/lonely`);
    const forced = c.run(`kubectl drain ${node} --ignore-daemonsets --force`);
    expect(forced.stderr).toMatch(/^Warning: ignoring DaemonSet-managed Pods: default\/agent-\w+, kube-system\/kube-proxy-\w+; deleting Pods that declare no controller: default\/lonely\n$/);
    expect(forced.stdout).toMatch(/pod\/lonely evicted\n/);
  });

  // "Safely Drain a Node" (kubernetes.io/docs/tasks/administer-cluster/safely-drain-node/) with the
  // budget of "Specifying a Disruption Budget" (configure-pdb): minAvailable 2 over the three web
  // pods. The first eviction spends the one allowed disruption; the second is refused with 429 and
  // drain.go prints `error when evicting pods/"x" -n "default" (will retry after 5s): ...`, waits
  // 5 s and tries again once the replacement pod is Ready and the disruption controller allows it.
  it('waits on a PodDisruptionBudget: the refused eviction is retried after 5 s and the drain completes', () => {
    const c = cluster();
    const pdb = `apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: web-pdb
spec:
  minAvailable: 2
  selector:
    matchLabels:
      app: web
`;
    expect(c.run('kubectl apply -f pdb.yaml', { files: { 'pdb.yaml': pdb } }).stdout).toBe('poddisruptionbudget.policy/web-pdb created\n');
    c.sim.runUntil(c.sim.now + 2_000);
    expect(c.run('kubectl get pdb').stdout).toMatch(/^NAME {6}MIN AVAILABLE {3}MAX UNAVAILABLE {3}ALLOWED DISRUPTIONS {3}AGE\nweb-pdb {3}2 {15}N\/A {15}1 {21}\d+s\n$/);
    // Two web pods on one node, so draining it needs both evictions.
    const byNode = (node: string) => [...placement(c)].filter(([name, n]) => name.startsWith('web-') && n === node).map(([name]) => name);
    const node = byNode('worker-1').length === 2 ? 'worker-1' : 'worker-2';
    expect(byNode(node)).toHaveLength(2);
    const drained = c.run(`kubectl drain ${node} --ignore-daemonsets`);
    expect(drained.exitCode).toBe(0);
    const refused = drained.stderr.split('\n').filter((l) => l.startsWith('error when evicting'));
    expect(refused.length).toBeGreaterThan(0);
    const blocked = refused[0]!.match(/^error when evicting pods\/"(web-[\w-]+)" -n "default" \(will retry after 5s\): Cannot evict pod as it would violate the pod's disruption budget\.$/)?.[1];
    expect(byNode(node)).toHaveLength(0);
    expect(blocked).toBeDefined();
    const lines = drained.stdout.trim().split('\n');
    // evictPods prints `evicting pod` on every attempt: once more for each refusal.
    expect(lines.filter((l) => l === `evicting pod default/${blocked}`)).toHaveLength(1 + refused.length);
    expect(lines[lines.length - 1]).toBe(`node/${node} drained`);
    expect(c.run('kubectl get pdb web-pdb -o jsonpath={.status.currentHealthy}/{.status.desiredHealthy}/{.status.expectedPods}').stdout).toBe('3/2/3');
  });
});
