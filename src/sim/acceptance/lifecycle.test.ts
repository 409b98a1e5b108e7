// The seed's chapter 4, "the life of a request", as tests against the whole simulated cluster.
// Each test names the fact it proves.

import { describe, expect, it } from 'vitest';
import { buildCluster, type Cluster } from '../cluster';
import type { Pod } from '../api/types';
import type { ApiserverState } from '../apiserver/state';
import { podCells } from '../apiserver/printers/pod-status';
import { causeChain, type TraceRecord } from '../kernel/trace';

const WEB = `apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
  - name: nginx
    image: nginx:1.25
`;

function jsonpath(c: Cluster, line: string): string {
  return c.run(line).stdout.trim();
}

function records(c: Cluster, pred: (r: TraceRecord) => boolean): TraceRecord[] {
  return c.sim.world.trace.filter(pred);
}

describe('the life of a request (seed, chapter 4)', () => {
  it('answers 201 and prints pod/web created before any container exists (phase 1)', () => {
    const c = buildCluster({}, { seed: 7 });
    const out = c.run('kubectl apply -f -', { stdin: WEB });
    expect(out.stderr).toBe('');
    expect(out.stdout).toBe('pod/web created\n');
    const answeredAt = c.sim.now;
    const created = records(c, (r) => r.type === 'http.response' && r.to === 'kubectl' && r.summary.startsWith('201'));
    expect(created.length).toBe(1);
    // Nothing on any node has happened yet: no sandbox, no container.
    const cri = records(c, (r) => r.type === 'cri.request' && r.time <= answeredAt && r.time >= 0);
    expect(cri).toEqual([]);
  });

  it('goes Pending -> ContainerCreating -> Running, with Scheduled, Pulling, Pulled, Created, Started in order', () => {
    const c = buildCluster({}, { seed: 7 });
    c.run('kubectl apply -f -', { stdin: WEB });
    // Watch the pod as `kubectl get pods -w` would: every version the apiserver serves, printed
    // with kubectl's STATUS column, after every single delivered message.
    const seen: string[] = [];
    const api = () => c.sim.process('kube-apiserver')!.state as ApiserverState;
    while (c.sim.now < 30_000 && c.sim.step()) {
      const pod = api().cache.get('pods')?.objects.get('default/web')?.obj as Pod | undefined;
      if (!pod) continue;
      const status = podCells(pod, c.sim.now).status;
      if (seen[seen.length - 1] !== status) seen.push(status);
    }
    expect(seen).toEqual(['Pending', 'ContainerCreating', 'Running']);
    const events = c.run('kubectl get events --sort-by=.metadata.creationTimestamp').stdout;
    const reasons = events
      .split('\n')
      .slice(1)
      .filter((l) => l.includes('pod/web'))
      .map((l) => l.split(/\s{2,}/)[2]);
    expect(reasons).toEqual(['Scheduled', 'Pulling', 'Pulled', 'Created', 'Started']);
    expect(events).toMatch(/Successfully assigned default\/web to worker-\d/);
    expect(events).toContain('Pulling image "nginx:1.25"');
    expect(events).toMatch(/Successfully pulled image "nginx:1\.25" in [\d.]+m?s \([\d.]+m?s including waiting\)\. Image size: \d+ bytes\./);
    expect(events).toContain('Created container nginx');
    expect(events).toContain('Started container nginx');
  });

  it('links the Started event back through kubelet, scheduler and etcd to the kubectl apply (DESIGN.md section 2)', () => {
    const c = buildCluster({}, { seed: 7 });
    c.run('kubectl apply -f -', { stdin: WEB });
    c.sim.runUntil(30_000);
    const started = records(c, (r) => r.type === 'http.request' && r.from.startsWith('kubelet/') && r.summary.startsWith('POST event Started') && r.object?.name === 'web');
    expect(started.length).toBeGreaterThan(0);
    const startedEvent = started[started.length - 1]!;
    const chain = causeChain(c.sim.world.trace, startedEvent.id);
    const kinds = chain.map((r) => `${r.from}>${r.to}:${r.type}`);
    const apply = chain.find((r) => r.from === 'kubectl' && r.type === 'http.request' && r.summary.startsWith('POST /api/v1/namespaces/default/pods'));
    expect(apply, kinds.join('\n')).toBeDefined();
    // On the way it passes the scheduler's binding and etcd.
    expect(chain.some((r) => r.from === 'kube-scheduler' && /binding/.test(r.summary))).toBe(true);
    expect(chain.some((r) => r.to.startsWith('etcd/'))).toBe(true);
    expect(chain.some((r) => r.to.startsWith('containerd/'))).toBe(true);
  });

  it('the scheduler never sends a message to a node, only to kube-apiserver (seed, chapter 4, phase 3)', () => {
    const c = buildCluster({}, { seed: 3 });
    c.run('kubectl apply -f -', { stdin: WEB });
    c.sim.runUntil(30_000);
    const fromScheduler = records(c, (r) => r.kind === 'message' && r.from === 'kube-scheduler');
    expect(fromScheduler.length).toBeGreaterThan(0);
    expect(new Set(fromScheduler.map((r) => r.to))).toEqual(new Set(['kube-apiserver']));
  });

  it('the kubelet never talks to etcd: only to kube-apiserver and its own containerd (seed, chapter 2)', () => {
    const c = buildCluster({}, { seed: 3 });
    c.run('kubectl apply -f -', { stdin: WEB });
    c.sim.runUntil(30_000);
    const fromKubelets = records(c, (r) => r.kind === 'message' && r.from.startsWith('kubelet/'));
    for (const r of fromKubelets) {
      const node = r.from.slice('kubelet/'.length);
      expect([`kube-apiserver`, `containerd/${node}`]).toContain(r.to);
    }
    expect(records(c, (r) => r.to.startsWith('etcd/') && r.from !== 'kube-apiserver' && r.kind === 'message')).toEqual([]);
  });

  it('the same scenario and seed give the same trace hash (DESIGN.md section 4)', () => {
    const run = (seed: number) => {
      const c = buildCluster({}, { seed });
      c.run('kubectl apply -f -', { stdin: WEB });
      c.sim.runUntil(20_000);
      return c.sim.traceHash();
    };
    expect(run(11)).toBe(run(11));
    expect(run(11)).not.toBe(run(12));
  });

  it('pod IPs come from the node pod CIDR through CNI ADD', () => {
    const c = buildCluster({}, { seed: 7 });
    c.run('kubectl apply -f -', { stdin: WEB });
    c.sim.runUntil(30_000);
    const node = jsonpath(c, 'kubectl get pod web -o jsonpath={.spec.nodeName}');
    const ip = jsonpath(c, 'kubectl get pod web -o jsonpath={.status.podIP}');
    const info = c.nodes.find((n) => n.name === node)!;
    expect(ip.startsWith(info.podCIDR.replace('.0/24', '.'))).toBe(true);
    expect(records(c, (r) => r.to === `cni/${node}`).length).toBeGreaterThan(0);
  });
});
