// A Deployment keeps "3 copies of my web server" true (seed, chapter 2: the controller manager's
// reconciliation loops; chapter 2 troubleshooting: without kube-controller-manager nothing replaces a
// pod). Everything through plain kubectl apply/delete/get against the whole simulated cluster.

import { describe, expect, it } from 'vitest';
import { buildCluster, type Cluster } from '../cluster';

function deployment(replicas: number, image = 'nginx:1.25', strategy = ''): string {
  return `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: ${replicas}
${strategy}  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: ${image}
`;
}

interface PodRow {
  name: string;
  ready: string;
  status: string;
}

function pods(c: Cluster): PodRow[] {
  const out = c.run('kubectl get pods --no-headers').stdout.trim();
  if (!out || out.startsWith('No resources')) return [];
  return out.split('\n').map((l) => {
    const [name = '', ready = '', status = ''] = l.trim().split(/\s+/);
    return { name, ready, status };
  });
}

function running(c: Cluster): PodRow[] {
  return pods(c).filter((p) => p.status === 'Running' && p.ready === '1/1');
}

describe('a Deployment of 3 (seed, chapter 2)', () => {
  it('reaches 3/3 Running pods named <deploy>-<hash>-<5>, and a deleted pod is replaced under a new name', () => {
    const c = buildCluster({}, { seed: 7 });
    c.run('kubectl apply -f -', { stdin: deployment(3) });
    c.sim.runUntil(60_000);
    const up = running(c);
    expect(up).toHaveLength(3);
    for (const p of up) expect(p.name).toMatch(/^web-[4-9bcdf]{6,10}-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
    const rs = c.run('kubectl get replicasets -o jsonpath={.items[0].metadata.name}').stdout.trim();
    expect(up.every((p) => p.name.startsWith(`${rs}-`))).toBe(true);
    expect(c.run('kubectl get events').stdout).toContain(`Scaled up replica set ${rs} to 3`);

    const victim = up[0]!.name;
    c.run(`kubectl delete pod ${victim}`);
    c.sim.runUntil(c.sim.now + 60_000);
    const after = running(c);
    expect(after).toHaveLength(3);
    expect(after.map((p) => p.name)).not.toContain(victim);
    expect(c.run('kubectl get events').stdout).toMatch(new RegExp(`SuccessfulCreate\\s+replicaset/${rs}\\s+Created pod: ${rs}-`));
  });

  it('scales to 5 and then to 2 when the manifest is applied with other replicas', () => {
    const c = buildCluster({}, { seed: 8 });
    c.run('kubectl apply -f -', { stdin: deployment(3) });
    c.sim.runUntil(60_000);
    c.run('kubectl apply -f -', { stdin: deployment(5) });
    c.sim.runUntil(c.sim.now + 60_000);
    expect(running(c)).toHaveLength(5);
    c.run('kubectl apply -f -', { stdin: deployment(2) });
    c.sim.runUntil(c.sim.now + 90_000);
    expect(pods(c).filter((p) => p.status !== 'Terminating')).toHaveLength(2);
    expect(c.run('kubectl get deployment web -o jsonpath={.status.availableReplicas}').stdout.trim()).toBe('2');
  });
});

describe('a rolling update (pkg/controller/deployment/rolling.go)', () => {
  it('never has more than replicas + maxSurge pods nor fewer than replicas - maxUnavailable available', () => {
    const c = buildCluster({}, { seed: 9 });
    const strategy = '  strategy:\n    rollingUpdate:\n      maxSurge: 1\n      maxUnavailable: 1\n';
    c.run('kubectl apply -f -', { stdin: deployment(4, 'nginx:1.25', strategy) });
    c.sim.runUntil(60_000);
    expect(running(c)).toHaveLength(4);
    c.run('kubectl apply -f -', { stdin: deployment(4, 'nginx:1.26', strategy) });
    const end = c.sim.now + 180_000;
    while (c.sim.now < end) {
      c.sim.runUntil(c.sim.now + 1_000);
      // Pods counted as the ReplicaSets' spec.replicas (what maxSurge bounds), availability as running+ready pods.
      const sizes = c.run('kubectl get rs -o jsonpath={.items[*].spec.replicas}').stdout.trim().split(/\s+/).map(Number);
      expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(5);
      expect(running(c).length).toBeGreaterThanOrEqual(3);
    }
    const images = c.run('kubectl get pods -o jsonpath={.items[*].spec.containers[0].image}').stdout.trim().split(/\s+/);
    expect(running(c)).toHaveLength(4);
    expect(images.every((i) => i === 'nginx:1.26')).toBe(true);
    const list = JSON.parse(c.run('kubectl get rs -o json').stdout) as { items: { spec: { replicas: number }; metadata: { annotations: Record<string, string> } }[] };
    const byRevision = list.items.map((rs) => `${rs.metadata.annotations['deployment.kubernetes.io/revision']}:${rs.spec.replicas}`).sort();
    expect(byRevision).toEqual(['1:0', '2:4']);
    const events = c.run('kubectl get events').stdout;
    expect(events).toMatch(/Scaled down replica set web-\w+ to \d from \d/);
    expect(JSON.parse(c.run('kubectl get deployment web -o json').stdout).status.conditions.map((x: { reason: string }) => x.reason)).toEqual([
      'MinimumReplicasAvailable',
      'NewReplicaSetAvailable',
    ]);
  });
});

describe('without kube-controller-manager (seed, chapter 2 troubleshooting)', () => {
  it('nothing replaces a deleted pod and replicas changes nothing, until it is started again', () => {
    const c = buildCluster({}, { seed: 10 });
    c.run('kubectl apply -f -', { stdin: deployment(3) });
    c.sim.runUntil(60_000);
    c.kill('kube-controller-manager');
    const victim = running(c)[0]!.name;
    c.run(`kubectl delete pod ${victim}`);
    c.run('kubectl apply -f -', { stdin: deployment(4) });
    c.sim.runUntil(c.sim.now + 60_000);
    expect(pods(c).filter((p) => p.status !== 'Terminating')).toHaveLength(2);
    c.start('kube-controller-manager');
    c.sim.runUntil(c.sim.now + 90_000);
    expect(running(c)).toHaveLength(4);
  });
});

describe('a Deployment without a selector (pkg/apis/apps/validation ValidateDeploymentSpec)', () => {
  it('is rejected with both real field errors', () => {
    const c = buildCluster({}, { seed: 12 });
    const bad = deployment(3).replace('  selector:\n    matchLabels:\n      app: web\n', '');
    const r = c.run('kubectl apply -f -', { stdin: bad });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('spec.selector: Required value');
    expect(r.stderr).toContain('spec.template.metadata.labels: Invalid value: map[string]string{"app":"web"}: `selector` does not match template `labels`');
  });
});

describe('Recreate and rollback (pkg/controller/deployment/recreate.go, sync.go getNewReplicaSet)', () => {
  it('Recreate stops every old pod before a new one starts', () => {
    const c = buildCluster({}, { seed: 13 });
    const strategy = '  strategy:\n    type: Recreate\n';
    c.run('kubectl apply -f -', { stdin: deployment(3, 'nginx:1.25', strategy) });
    c.sim.runUntil(60_000);
    c.run('kubectl apply -f -', { stdin: deployment(3, 'nginx:1.26', strategy) });
    const end = c.sim.now + 120_000;
    while (c.sim.now < end) {
      c.sim.runUntil(c.sim.now + 1_000);
      const images = new Set(c.run('kubectl get pods -o jsonpath={.items[*].spec.containers[0].image}').stdout.trim().split(/\s+/).filter(Boolean));
      expect(images.size).toBeLessThanOrEqual(1);
    }
    expect(running(c)).toHaveLength(3);
  });

  it('going back to an earlier template reuses its ReplicaSet under the next revision', () => {
    const c = buildCluster({}, { seed: 14 });
    c.run('kubectl apply -f -', { stdin: deployment(2) });
    c.sim.runUntil(60_000);
    const first = c.run('kubectl get rs -o jsonpath={.items[0].metadata.name}').stdout.trim();
    c.run('kubectl apply -f -', { stdin: deployment(2, 'nginx:1.26') });
    c.sim.runUntil(c.sim.now + 120_000);
    c.run('kubectl apply -f -', { stdin: deployment(2) });
    c.sim.runUntil(c.sim.now + 120_000);
    const list = JSON.parse(c.run('kubectl get rs -o json').stdout) as { items: { spec: { replicas: number }; metadata: { name: string; annotations: Record<string, string> } }[] };
    expect(list.items).toHaveLength(2);
    const reused = list.items.find((rs) => rs.metadata.name === first)!;
    expect(reused.metadata.annotations['deployment.kubernetes.io/revision']).toBe('3');
    expect(reused.spec.replicas).toBe(2);
    expect(running(c).every((p) => p.name.startsWith(`${first}-`))).toBe(true);
  });
});
