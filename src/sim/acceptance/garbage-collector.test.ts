// Deleting a Deployment deletes its ReplicaSets and their pods through ownerReferences: kubectl
// sends propagationPolicy Background, the apiserver deletes the Deployment at once, and the garbage
// collector deletes the dependents whose owner is gone (kubernetes.io/docs/concepts/architecture/garbage-collection).

import { describe, expect, it } from 'vitest';
import { buildCluster, type Cluster } from '../cluster';

function lines(c: Cluster, cmd: string): string[] {
  const out = c.run(cmd).stdout.trim();
  if (!out || out.startsWith('No resources')) return [];
  return out.split('\n');
}

describe('the garbage collector', () => {
  it('deletes the ReplicaSet and the pods of a deleted Deployment', () => {
    const c = buildCluster({}, { seed: 11 });
    c.run('kubectl create deployment web --image=nginx:1.25 --replicas=3');
    c.sim.runUntil(60_000);
    expect(lines(c, 'kubectl get pods --no-headers').filter((l) => /\s1\/1\s+Running\s/.test(l))).toHaveLength(3);
    expect(lines(c, 'kubectl get replicasets --no-headers')).toHaveLength(1);

    c.run('kubectl delete deployment web');
    c.sim.runUntil(c.sim.now + 60_000);
    expect(lines(c, 'kubectl get replicasets --no-headers')).toEqual([]);
    expect(lines(c, 'kubectl get pods --no-headers').filter((l) => l.startsWith('web-'))).toEqual([]);
  });

  it('with --cascade=orphan keeps the ReplicaSet and its pods, and takes the Deployment away', () => {
    const c = buildCluster({}, { seed: 12 });
    c.run('kubectl create deployment web --image=nginx:1.25 --replicas=3');
    c.sim.runUntil(60_000);
    const running = (): string[] => lines(c, 'kubectl get pods --no-headers').filter((l) => /\s1\/1\s+Running\s/.test(l)).map((l) => l.split(/\s+/)[0]!);
    const before = running();
    expect(before).toHaveLength(3);

    expect(c.run('kubectl delete deployment web --cascade=orphan').stdout).toBe('deployment.apps "web" deleted\n');
    c.sim.runUntil(c.sim.now + 60_000);
    expect(lines(c, 'kubectl get deployments --no-headers')).toEqual([]);
    const rs = lines(c, 'kubectl get replicasets --no-headers');
    expect(rs).toHaveLength(1);
    expect(c.run('kubectl get replicasets -o jsonpath={.items[0].metadata.ownerReferences}').stdout.trim()).toBe('');
    expect(running()).toEqual(before);
  });

  // Foreground cascading deletion (kubernetes.io/docs/concepts/architecture/garbage-collection,
  // pkg/controller/garbagecollector processDeletingDependentsItem): the Deployment stays, with a
  // deletionTimestamp and the foregroundDeletion finalizer, until its ReplicaSet and pods are gone.
  it('with --cascade=foreground keeps the Deployment until its ReplicaSet and pods are gone', () => {
    const c = buildCluster({}, { seed: 14 });
    const manifest = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: sleeper\nspec:\n  replicas: 2\n  selector:\n    matchLabels: {app: sleeper}\n  template:\n    metadata:\n      labels: {app: sleeper}\n    spec:\n      containers:\n      - name: sleeper\n        image: busybox:1.36\n        command: [sleep, "3600"]\n';
    c.run('kubectl apply -f d.yaml', { files: { 'd.yaml': manifest } });
    c.sim.runUntil(30_000);
    expect(c.run('kubectl delete deployment sleeper --cascade=foreground --wait=false').stdout).toBe('deployment.apps "sleeper" deleted\n');
    c.sim.runUntil(c.sim.now + 5_000);
    expect(c.run('kubectl get deploy sleeper -o jsonpath={.metadata.finalizers}').stdout.trim()).toBe('["foregroundDeletion"]');
    expect(c.run('kubectl get deploy sleeper -o jsonpath={.status.readyReplicas}').stdout.trim()).toBe('');
    expect(lines(c, 'kubectl get pods --no-headers').filter((l) => /\sTerminating\s/.test(l))).toHaveLength(2);
    c.sim.runUntil(c.sim.now + 40_000);
    expect(lines(c, 'kubectl get deployments --no-headers')).toEqual([]);
    expect(lines(c, 'kubectl get replicasets --no-headers')).toEqual([]);
    expect(lines(c, 'kubectl get pods --no-headers')).toEqual([]);
  });

  it('rejects an unknown --cascade value', () => {
    const c = buildCluster({}, { seed: 13 });
    const out = c.run('kubectl delete deployment web --cascade=sideways');
    expect(out.stderr).toBe('error: invalid cascade value (sideways). Must be "background", "foreground", or "orphan"\n');
  });
});
