// `kubectl exec|attach|logs TYPE/NAME` with no pod behind the selector yet (kubectl v1.31
// pkg/polymorphichelpers/helpers.go GetFirstPod): after an empty list, kubectl watches the pods by
// the selector from the list's resourceVersion and takes the first ADDED or MODIFIED one, whatever
// its phase, or gives up after --pod-running-timeout with watchtools.UntilWithoutRetry's
// wait.ErrWaitTimeout (`timed out waiting for the condition`). The default is 1m0s for exec and
// attach (exec.go defaultPodExecTimeout, attach.go defaultPodAttachTimeout) and 20s for logs
// (logs.go defaultPodLogsTimeout), as `kubectl.1.31 <verb> --help` prints; cmdutil
// GetPodRunningTimeoutFlag refuses a value not above zero (texts checked with kubectl.1.31).
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';

const bare = (name: string): string => `apiVersion: v1\nkind: Service\nmetadata:\n  name: ${name}\nspec:\n  selector:\n    app: ${name}\n  ports:\n  - port: 80\n`;

describe('kubectl exec|attach|logs TYPE/NAME waits for a pod (GetFirstPod)', () => {
  const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 3 });
  c.run('kubectl apply -f s.yaml', { files: { 's.yaml': bare('pick') + '---\n' + bare('none') } });
  c.run('kubectl run b --image=nginx:1.25');
  c.sim.runUntil(c.sim.now + 30_000);

  it('takes the first pod that comes to match while it waits', () => {
    const job = c.exec('kubectl exec svc/pick -- hostname');
    c.sim.runUntil(c.sim.now + 10_000);
    expect(c.output(job)).toBeUndefined();
    c.run('kubectl label pod b app=pick');
    c.sim.runUntil(c.sim.now + 2_000);
    expect(c.output(job)).toMatchObject({ stdout: 'b\n', stderr: '', exitCode: 0 });
  });

  it('does not wait for the pod to run: a pod not yet on a node is taken as it is', () => {
    const job = c.exec('kubectl exec svc/none -- hostname');
    c.sim.runUntil(c.sim.now + 1_000);
    c.run('kubectl cordon worker-1');
    c.run('kubectl run p --image=nginx:1.25 --labels=app=none');
    c.sim.runUntil(c.sim.now + 2_000);
    expect(c.output(job)).toMatchObject({ stderr: 'Error from server (BadRequest): pod p does not have a host assigned\n', exitCode: 1 });
    c.run('kubectl delete pod p --wait=false');
    c.run('kubectl uncordon worker-1');
    c.sim.runUntil(c.sim.now + 40_000);
  });

  it('right after `create deployment`, exec and logs take the new pod as it is, not yet running (the errors kubectl prints then)', () => {
    c.run('kubectl create deployment fresh --image=nginx');
    expect(c.run('kubectl exec deploy/fresh -- hostname')).toMatchObject({ stderr: 'error: unable to upgrade connection: container not found ("nginx")\n', exitCode: 1 });
    c.run('kubectl create deployment fresh2 --image=nginx');
    expect(c.run('kubectl logs deploy/fresh2').stderr).toMatch(/^Error from server \(BadRequest\): container "nginx" in pod "fresh2-[a-z0-9]+-[a-z0-9]{5}" is waiting to start: ContainerCreating\n$/);
  });

  it.each([
    ['exec svc/none -- hostname', 60_000],
    ['attach svc/none', 60_000],
    ['logs svc/none', 20_000],
    ['exec svc/none --pod-running-timeout=5s -- hostname', 5_000],
    ['logs svc/none --pod-running-timeout=2s', 2_000],
  ])('kubectl %s gives up after %i ms of simulated time', (line, ms) => {
    const job = c.exec(`kubectl ${line}`);
    c.sim.runUntil(c.sim.now + ms - 500);
    expect(c.output(job)).toBeUndefined();
    c.sim.runUntil(c.sim.now + 1_000);
    expect(c.output(job)).toMatchObject({ stdout: '', stderr: 'error: timed out waiting for the condition\n', exitCode: 1 });
  });

  it('refuses a --pod-running-timeout not above zero, before anything else', () => {
    for (const verb of ['exec', 'attach']) {
      const see = `\nSee 'kubectl ${verb} -h' for help and examples\n`;
      expect(c.run(`kubectl ${verb} deploy/x --pod-running-timeout=0`)).toMatchObject({ stderr: `error: --pod-running-timeout must be higher than zero${see}`, exitCode: 1 });
      expect(c.run(`kubectl ${verb} --pod-running-timeout=-1s`).stderr).toBe(`error: --pod-running-timeout must be higher than zero${see}`);
    }
    expect(c.run('kubectl logs deploy/x --pod-running-timeout=0')).toMatchObject({ stderr: 'error: --pod-running-timeout must be higher than zero\n', exitCode: 1 });
    expect(c.run('kubectl logs -l a=b --pod-running-timeout=0').stderr).toBe('error: --pod-running-timeout must be higher than zero\n');
    expect(c.run('kubectl exec x --pod-running-timeout=abc -- ls').stderr).toBe('error: invalid argument "abc" for "--pod-running-timeout" flag: time: invalid duration "abc"\nSee \'kubectl exec --help\' for usage.\n');
  });
});
