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

// Rollouts (kubectl/pkg/cmd/rollout, polymorphichelpers rollout_status.go and history.go, v1.31) and
// the Deployment controller's revision annotation and progress deadline (pkg/controller/deployment
// sync.go, progress.go), on one cluster.
describe('kubectl rollout pause, resume, restart, history --revision and status', () => {
  const c = clusterWithWeb();
  c.run('kubectl rollout status deployment/web');
  const revision = (): string => /^ {4}deployment\.kubernetes\.io\/revision: "(\d+)"$/m.exec(c.run('kubectl get deploy web -o yaml').stdout)?.[1] ?? '';
  const progressing = (name: string): string => /- lastTransitionTime: .*\n {4}lastUpdateTime: .*\n {4}message: (.*)\n {4}reason: (\w+)\n {4}status: .*\n {4}type: Progressing/.exec(c.run(`kubectl get deploy ${name} -o yaml`).stdout)?.slice(1).join(' | ') ?? '';

  it('gives the Deployment its own revision annotation', () => {
    expect(revision()).toBe('1');
  });

  it('pauses, holds a template change, and resumes into revision 2', () => {
    expect(c.run('kubectl rollout pause deployment/web').stdout).toBe('deployment.apps/web paused\n');
    expect(c.run('kubectl rollout pause deployment/web').stderr).toBe('error: deployments.apps "web" is already paused\n');
    expect(c.run('kubectl rollout restart deployment/web').stderr).toBe('error: deployments.apps "web" can\'t restart paused deployment (run rollout resume first)\n');
    c.run('kubectl set image deployment/web nginx=nginx:1.26');
    expect(c.run('kubectl scale deployment/web --replicas=4').stdout).toBe('deployment.apps/web scaled\n');
    c.sim.runUntil(c.sim.now + 20_000);
    expect(c.run('kubectl get rs -o name').stdout.trim().split('\n')).toHaveLength(1);
    expect(c.run('kubectl get deploy web').stdout).toMatch(/^web +4\/4 +0 +4 /m);
    expect(progressing('web')).toBe('Deployment is paused | DeploymentPaused');
    expect(c.run('kubectl rollout resume deployment/web').stdout).toBe('deployment.apps/web resumed\n');
    expect(c.run('kubectl rollout status deployment/web').stdout).toMatch(/deployment "web" successfully rolled out\n$/);
    expect(revision()).toBe('2');
  });

  it('restarts by stamping the pod template with restartedAt', () => {
    const now = new Date(Date.parse('2024-08-13T09:00:00Z') + Math.floor(c.sim.now / 1000) * 1000).toISOString().replace('.000Z', 'Z');
    expect(c.run('kubectl rollout restart deployment/web').stdout).toBe('deployment.apps/web restarted\n');
    expect(c.run('kubectl get deploy web -o yaml').stdout).toContain(`      annotations:\n        kubectl.kubernetes.io/restartedAt: "${now}"\n`);
    expect(c.run('kubectl rollout status deployment/web').exitCode).toBe(0);
    expect(revision()).toBe('3');
  });

  it('prints one revision\'s pod template', () => {
    const out = c.run('kubectl rollout history deployment/web --revision=2').stdout;
    expect(out).toMatch(/^deployment\.apps\/web with revision #2\nPod Template:\n {2}Labels:\tapp=web\n\tpod-template-hash=\w+\n {2}Containers:\n {3}nginx:\n {4}Image:\tnginx:1\.26\n/);
    expect(c.run('kubectl rollout history deployment/web --revision=9').stderr).toBe('error: unable to find the specified revision\n');
  });

  it('restarts a pod\'s container when set image changes it, as the kubelet does (computePodActions)', () => {
    expect(c.run('kubectl run solo --image=nginx:1.25').stdout).toBe('pod/solo created\n');
    c.sim.runUntil(c.sim.now + 15_000);
    expect(c.run('kubectl set image pod/solo solo=nginx:1.26').stdout).toBe('pod/solo image updated\n');
    c.sim.runUntil(c.sim.now + 20_000);
    expect(c.run('kubectl get pod solo').stdout).toMatch(/^solo +1\/1 +Running +1 \(\d+s ago\) +35s\n$/m);
    const events = c.run('kubectl get events --field-selector involvedObject.name=solo -o custom-columns=R:.reason,C:.count,M:.message --no-headers').stdout;
    // The kubelet kills the old container, pulls the new image if its node lacks it, and creates and
    // starts the container again: the recorder counts the repeats on the first Created/Started events.
    expect(events).toMatch(/Killing +1 +Container solo definition changed, will be restarted\n/);
    expect(events).toMatch(/Pulled +1 +(Container image "nginx:1\.26" already present on machine|Successfully pulled image "nginx:1\.26".*)\n/);
    expect(events).toMatch(/Created +2 +Created container solo\n/);
    expect(events).toMatch(/Started +2 +Started container solo\n/);
    expect(c.run('kubectl get pod solo -o yaml').stdout).toContain('image: docker.io/library/nginx:1.26');
  });

  it('fails rollout status once the progress deadline passes', () => {
    const stuck = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: stuck
spec:
  progressDeadlineSeconds: 30
  selector:
    matchLabels: {app: stuck}
  template:
    metadata:
      labels: {app: stuck}
    spec:
      containers:
      - name: nginx
        image: nginx:no-such-tag
`;
    expect(c.run('kubectl apply -f stuck.yaml', { files: { 'stuck.yaml': stuck } }).stdout).toBe('deployment.apps/stuck created\n');
    c.sim.runUntil(c.sim.now + 20_000);
    expect(progressing('stuck')).toMatch(/\| ReplicaSetUpdated$/);
    c.sim.runUntil(c.sim.now + 25_000);
    expect(progressing('stuck')).toMatch(/^'?ReplicaSet "stuck-\w+" has timed out progressing\.'? \| ProgressDeadlineExceeded$/);
    const r = c.run('kubectl rollout status deployment/stuck');
    expect(r.stderr).toBe('error: deployment "stuck" exceeded its progress deadline\n');
    expect(r.exitCode).toBe(1);
  });
});
