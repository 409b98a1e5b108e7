// `kubectl describe` of Deployments, ReplicaSets and Namespaces against the whole simulated
// cluster (kubectl/pkg/describe/describe.go describeDeployment, describeReplicaSet,
// describeNamespace, describeService), including the events fetched by involvedObject field selector.

import { describe, expect, it } from 'vitest';
import { buildCluster, type Cluster } from '../../cluster';

const MANIFESTS = `apiVersion: apps/v1
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
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
spec:
  serviceName: db
  replicas: 2
  selector:
    matchLabels:
      app: db
  template:
    metadata:
      labels:
        app: db
    spec:
      containers:
      - name: db
        image: nginx:1.25
`;

function rolledOut(): Cluster {
  const c = buildCluster({ nodes: [{ name: 'worker-1' }, { name: 'worker-2' }] }, { seed: 7 });
  expect(c.run('kubectl create deployment web --image=nginx:1.25 --replicas=3').exitCode).toBe(0);
  expect(c.run('kubectl rollout status deployment/web').exitCode).toBe(0);
  return c;
}

describe('kubectl describe of workload and service objects on a cluster', () => {
  it('describes a rolled-out Deployment with its new ReplicaSet and scaling event', () => {
    const c = rolledOut();
    const out = c.run('kubectl describe deploy web');
    expect(out.exitCode).toBe(0);
    const rsName = /^NewReplicaSet:\s+(web-[0-9a-z]+) \(3\/3 replicas created\)$/m.exec(out.stdout)?.[1];
    expect(rsName).toBeDefined();
    expect(out.stdout).toMatch(/^Name: {19}web\nNamespace: {14}default\n/);
    expect(out.stdout).toContain('Replicas:               3 desired | 3 updated | 3 total | 3 available | 0 unavailable\n');
    expect(out.stdout).toContain('RollingUpdateStrategy:  25% max unavailable, 25% max surge\nPod Template:\n  Labels:  app=web\n  Containers:\n   nginx:\n');
    expect(out.stdout).toContain('OldReplicaSets:  <none>\n');
    expect(out.stdout).toMatch(new RegExp(`Normal  ScalingReplicaSet  \\S+ +deployment-controller  Scaled up replica set ${rsName} to 3\\n$`));
    expect(c.run('kubectl describe deployment/web').stdout).toBe(out.stdout);
    expect(c.run('kubectl describe deployments').stdout).toBe(out.stdout);
  });

  it('describes the ReplicaSet with its owner and running pods, and the namespace', () => {
    const c = rolledOut();
    const out = c.run('kubectl describe rs');
    expect(out.exitCode).toBe(0);
    expect(out.stdout).toContain('Controlled By:  Deployment/web\nReplicas:       3 current / 3 desired\nPods Status:    3 Running / 0 Waiting / 0 Succeeded / 0 Failed\n');
    expect(out.stdout.match(/SuccessfulCreate/g)).toHaveLength(3);
    expect(c.run('kubectl describe ns default').stdout).toContain('Status:       Active\n\nNo resource quota.\n\nNo LimitRange resource.\n');
  });

  it('describes the kubernetes Service with its apiserver endpoint', () => {
    const c = rolledOut();
    expect(c.run('kubectl describe svc kubernetes').stdout).toBe(
      'Name:                     kubernetes\n' +
      'Namespace:                default\n' +
      'Labels:                   component=apiserver\n' +
      '                          provider=kubernetes\n' +
      'Annotations:              <none>\n' +
      'Selector:                 <none>\n' +
      'Type:                     ClusterIP\n' +
      'IP Family Policy:         SingleStack\n' +
      'IP Families:              IPv4\n' +
      'IP:                       10.96.0.1\n' +
      'IPs:                      10.96.0.1\n' +
      'Port:                     https  443/TCP\n' +
      'TargetPort:               6443/TCP\n' +
      'Endpoints:                10.0.0.10:6443\n' +
      'Session Affinity:         None\n' +
      'Internal Traffic Policy:  Cluster\n' +
      'Events:                   <none>\n',
    );
  });

  it('describes a DaemonSet and a StatefulSet with the pods they run', () => {
    const c = buildCluster({ nodes: [{ name: 'worker-1' }, { name: 'worker-2' }] }, { seed: 7 });
    expect(c.run('kubectl apply -f x.yaml', { files: { 'x.yaml': MANIFESTS } }).exitCode).toBe(0);
    c.sim.runUntil(c.sim.now + 60_000);
    const ds = c.run('kubectl describe ds agent').stdout;
    expect(ds).toMatch(/^Name: {11}agent\nNamespace: {6}default\nSelector: {7}app=agent\nNode-Selector: {2}<none>\n/);
    expect(ds).toContain('Desired Number of Nodes Scheduled: 2\nCurrent Number of Nodes Scheduled: 2\n');
    expect(ds).toContain('Number of Nodes Misscheduled: 0\nPods Status:  2 Running / 0 Waiting / 0 Succeeded / 0 Failed\n');
    const sts = c.run('kubectl describe statefulset/db').stdout;
    expect(sts).toContain('Replicas:           2 desired | 2 total\n');
    expect(sts).toContain('Pods Status:        2 Running / 0 Waiting / 0 Succeeded / 0 Failed\n');
    expect(sts).toMatch(/Volume Claims: +<none>\n/);
    // rollout status of both (polymorphichelpers/rollout_status.go): a StatefulSet with the defaulted
    // RollingUpdate partition 0 reports a "partitioned roll out".
    expect(c.run('kubectl rollout status ds/agent').stdout).toBe('daemon set "agent" successfully rolled out\n');
    expect(c.run('kubectl rollout status sts/db').stdout).toBe('partitioned roll out complete: 2 new pods have been updated...\n');
  });

  it('describes a finished Job with its duration and pod counts', () => {
    const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 7 });
    expect(c.run('kubectl create job hello --image=busybox:1.36 -- sh -c "echo hi; sleep 1"').exitCode).toBe(0);
    c.sim.runUntil(c.sim.now + 60_000);
    const out = c.run('kubectl describe job hello').stdout;
    expect(out).toMatch(/^Name: +hello\nNamespace: +default\n/);
    expect(out).toContain('Completion Mode:  NonIndexed\nSuspend:          false\nBackoff Limit:    6\n');
    expect(out).toMatch(/\nDuration: +\d+s\n/);
    expect(out).toMatch(/\nPods Statuses: +0 Active( \(0 Ready\))? \/ 1 Succeeded \/ 0 Failed\n/);
  });

  it('reports a missing Deployment as NotFound', () => {
    const c = rolledOut();
    const out = c.run('kubectl describe deploy nope');
    expect(out.exitCode).toBe(1);
    expect(out.stderr).toBe('Error from server (NotFound): deployments.apps "nope" not found\n');
  });
});
