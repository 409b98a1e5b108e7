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
});
