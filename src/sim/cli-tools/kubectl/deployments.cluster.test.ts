// The Deployment workflow of issue 4 against the whole simulated cluster: create, wait for the
// rollout, scale, change the image and roll it back, with kubectl's real output.

import { describe, expect, it } from 'vitest';
import { buildCluster, type Cluster } from '../../cluster';

function clusterWithWeb(): Cluster {
  const c = buildCluster({ nodes: [{ name: 'worker-1' }, { name: 'worker-2' }] }, { seed: 7 });
  const created = c.run('kubectl create deployment web --image=nginx:1.25 --replicas=3');
  expect(created).toMatchObject({ stdout: 'deployment.apps/web created\n', exitCode: 0 });
  return c;
}

const readyOf = (c: Cluster): string => /^web\s+(\S+)/m.exec(c.run('kubectl get deploy').stdout)?.[1] ?? '';

describe('kubectl and Deployments on a cluster', () => {
  it('waits for the rollout and shows 3/3', () => {
    const c = clusterWithWeb();
    const status = c.run('kubectl rollout status deployment/web');
    expect(status.exitCode).toBe(0);
    expect(status.stdout).toMatch(/deployment "web" successfully rolled out\n$/);
    const get = c.run('kubectl get deploy');
    expect(get.stdout.split('\n')[0]).toMatch(/^NAME\s+READY\s+UP-TO-DATE\s+AVAILABLE\s+AGE$/);
    expect(readyOf(c)).toBe('3/3');
  });

  it('scales to 5 and back to 2', () => {
    const c = clusterWithWeb();
    c.run('kubectl rollout status deployment/web');
    expect(c.run('kubectl scale deployment/web --replicas=5').stdout).toBe('deployment.apps/web scaled\n');
    expect(c.run('kubectl rollout status deployment/web').exitCode).toBe(0);
    expect(readyOf(c)).toBe('5/5');
    expect(c.run('kubectl scale deploy web --replicas=2').stdout).toBe('deployment.apps/web scaled\n');
    c.sim.runUntil(c.sim.now + 60_000);
    expect(readyOf(c)).toBe('2/2');
  });

  it('sets a new image and rolls it back', () => {
    const c = clusterWithWeb();
    c.run('kubectl rollout status deployment/web');
    expect(c.run('kubectl set image deployment/web nginx=nginx:1.26').stdout).toBe('deployment.apps/web image updated\n');
    expect(c.run('kubectl rollout status deployment/web').stdout).toMatch(/successfully rolled out\n$/);
    expect(c.run('kubectl rollout history deployment/web').stdout).toBe('deployment.apps/web \nREVISION  CHANGE-CAUSE\n1         <none>\n2         <none>\n\n');
    expect(c.run('kubectl rollout undo deployment/web').stdout).toBe('deployment.apps/web rolled back\n');
    expect(c.run('kubectl rollout status deployment/web').exitCode).toBe(0);
    expect(c.run('kubectl get deploy -o wide').stdout).toMatch(/nginx:1\.25\s+app=web\n/);
  });

  // kubectl/pkg/cmd/autoscale/autoscale.go (v1.31) and the HPA walkthrough
  // (kubernetes.io/docs/tasks/run-application/horizontal-pod-autoscale-walkthrough/): without a
  // metrics pipeline the TARGETS cell stays `cpu: <unknown>/50%`. Then the Deployment strategy's
  // ValidateUpdate: an apps/v1 Deployment's spec.selector is immutable.
  it('autoscales web with an HPA and refuses to change its selector', () => {
    const c = clusterWithWeb();
    expect(c.run('kubectl autoscale deployment web --cpu-percent=50 --min=1 --max=10')).toMatchObject({ stdout: 'horizontalpodautoscaler.autoscaling/web autoscaled\n', exitCode: 0 });
    expect(c.run('kubectl autoscale deployment web').stderr).toBe('error: --max=MAXPODS is required and must be at least 1, max: -1\n');
    expect(c.run('kubectl autoscale deployment nope --max=3').stderr).toBe('Error from server (NotFound): deployments.apps "nope" not found\n');
    const hpa = c.run('kubectl get hpa').stdout.split('\n');
    expect(hpa[0]).toMatch(/^NAME +REFERENCE +TARGETS +MINPODS +MAXPODS +REPLICAS +AGE$/);
    expect(hpa[1]).toMatch(/^web +Deployment\/web +cpu: <unknown>\/50% +1 +10 +0 +\d+s$/);
    const api = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 3
  selector:
    matchLabels:
      app: api
  template:
    metadata:
      labels:
        app: api
    spec:
      containers:
      - name: nginx
        image: nginx:1.25
`;
    const refused = c.run('kubectl apply -f web.yaml', { files: { 'web.yaml': api } });
    expect(refused.exitCode).toBe(1);
    // (After apply's warning about the missing last-applied-configuration of a `kubectl create`d object.)
    expect(refused.stderr.split('\n').slice(-2)[0]).toBe(
      'The Deployment "web" is invalid: spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"api"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable',
    );
  });
});
