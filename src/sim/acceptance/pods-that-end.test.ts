// Pods that end (issue 4): graceful deletion with SIGTERM then SIGKILL, the kubelet's final
// DELETE with grace 0, kubectl delete's wait, --grace-period / --now / --force, restart policies
// with Completed / Error / OOMKilled, and the RESTARTS column. Each test names its source.

import { describe, expect, it } from 'vitest';
import { buildCluster, type Cluster } from '../cluster';
import type { Pod } from '../api/types';
import type { ApiserverState } from '../apiserver/state';
import { podCells } from '../apiserver/printers/pod-status';
import type { Container, ContainerdState } from '../node/runtime/state';
import { containerdId } from '../names';

const pod = (name: string, spec: string): string => `apiVersion: v1\nkind: Pod\nmetadata:\n  name: ${name}\nspec:\n${spec}`;
const SLEEPER = (name: string): string => pod(name, '  containers:\n  - name: c\n    image: busybox:1.36\n    command: ["sleep", "3600"]\n');
const WEB = pod('web', '  containers:\n  - name: nginx\n    image: nginx:1.25\n');
// Kubernetes docs, "Assign Memory Resources to Containers and Pods" (memory-request-limit-2.yaml).
const MEMORY_DEMO_2 = (restartPolicy?: string): string =>
  pod('memory-demo-2', `${restartPolicy ? `  restartPolicy: ${restartPolicy}\n` : ''}  containers:
  - name: memory-demo-2-ctr
    image: polinux/stress
    resources:
      requests:
        memory: "50Mi"
      limits:
        memory: "100Mi"
    command: ["stress"]
    args: ["--vm", "1", "--vm-bytes", "250M", "--vm-hang", "1"]
`);

const apiPod = (c: Cluster, name: string): Pod | undefined =>
  (c.sim.process('kube-apiserver')!.state as ApiserverState).cache.get('pods')?.objects.get(`default/${name}`)?.obj as Pod | undefined;

/** Every STATUS `kubectl get pods` would have printed for the pod while the simulation runs to `until`. */
function statuses(c: Cluster, name: string, until: number): string[] {
  const seen: string[] = [];
  while (c.sim.now < until && c.sim.step()) {
    const p = apiPod(c, name);
    if (!p) continue;
    const st = podCells(p, c.sim.now).status;
    if (seen.at(-1) !== st) seen.push(st);
  }
  return seen;
}

/** The runtime's containers named `name` on every node. */
function runtimeContainers(c: Cluster, name: string): Container[] {
  return c.nodes.flatMap((n) => [...(c.sim.process(containerdId(n.name))!.state as ContainerdState).containers.values()].filter((x) => x.metadata.name === name));
}

function started(...manifests: string[]): Cluster {
  const c = buildCluster({}, { seed: 7 });
  for (const m of manifests) expect(c.run('kubectl apply -f -', { stdin: m }).exitCode).toBe(0);
  c.sim.runUntil(c.sim.now + 30_000);
  return c;
}

describe('graceful deletion (kubectl delete; pod termination in the Pod Lifecycle docs)', () => {
  it('marks the pod with deletionTimestamp and a 30 s grace, shows Terminating, SIGKILLs sleep at +30 s and only then prints deleted', () => {
    const c = started(SLEEPER('sleeper'));
    const t0 = c.sim.now;
    const job = c.exec('kubectl delete pod sleeper');
    c.sim.runUntil(t0 + 2000);
    const p = apiPod(c, 'sleeper')!;
    expect(p.metadata.deletionGracePeriodSeconds).toBe(30);
    expect(p.metadata.deletionTimestamp).toBeDefined();
    expect(c.run('kubectl get pods').stdout).toMatch(/sleeper\s+1\/1\s+Terminating\s+0\s+/);
    // describe.go prints translateTimestampSince(deletionTimestamp), which lies in the future during
    // the grace period: HumanDuration of a negative duration is <invalid>.
    const described = c.run('kubectl describe pod sleeper').stdout;
    expect(described).toMatch(/\nStatus:\s+Terminating \(lasts <invalid>\)\nTermination Grace Period:\s+30s\n/);
    // kubectl delete waits (--wait=true is the default) while the pod is still there.
    expect(c.output(job)).toBeUndefined();
    c.sim.runUntil(t0 + 29_000);
    expect(c.output(job)).toBeUndefined();
    expect(runtimeContainers(c, 'c')[0]).toMatchObject({ state: 'CONTAINER_RUNNING' });
    while (!c.output(job) && c.sim.now < t0 + 40_000) c.sim.step();
    expect(c.output(job)).toMatchObject({ stdout: 'pod "sleeper" deleted\n', stderr: '', exitCode: 0 });
    // busybox sleep as PID 1 ignores SIGTERM: SIGKILL comes when the grace period ends.
    expect(c.sim.now - t0).toBeGreaterThanOrEqual(30_000);
    expect(c.sim.now - t0).toBeLessThan(31_000);
    const trace = c.sim.world.trace;
    const exit = trace.find((r) => r.time > t0 && r.type === 'cri.event' && r.summary.includes('exit 137'));
    expect(exit).toBeDefined();
    // The kubelet's last word: DELETE with gracePeriodSeconds=0 once everything has stopped.
    const del = trace.find((r) => r.time > t0 && r.from.startsWith('kubelet/') && r.summary === 'DELETE pods/sleeper (gracePeriodSeconds=0)');
    expect(del).toBeDefined();
    expect(del!.time).toBeGreaterThanOrEqual(exit!.time);
    const events = c.run('kubectl get events --field-selector involvedObject.name=sleeper').stdout;
    expect(events).toContain('Stopping container c');
  });

  it('lets nginx exit at once on its stop signal (idle: the graceful stop ends at once), so its delete returns in well under a second', () => {
    const c = started(WEB);
    const t0 = c.sim.now;
    expect(c.run('kubectl delete pod web')).toMatchObject({ stdout: 'pod "web" deleted\n', exitCode: 0 });
    expect(c.sim.now - t0).toBeLessThan(1000);
    // journalctl -u kubelet: the kill with its grace period (kuberuntime_container.go killContainer).
    const kubeletLog = c.nodes.flatMap((n) => c.sim.process(`kubelet/${n.name}`)!.log.map((l) => l.line));
    expect(kubeletLog.some((l) => l.includes('"Killing container with a grace period" pod="default/web"') && l.endsWith('gracePeriod=30'))).toBe(true);
  });

  // The kill is a StopContainer with the image's STOPSIGNAL, SIGQUIT for nginx (docker-nginx 3fb70dd).
  it('shows nginx\'s graceful-stop notices in the previous container\'s log after a liveness kill', () => {
    const probe = '    livenessProbe:\n      httpGet:\n        path: /healthz\n        port: 80\n      periodSeconds: 5\n';
    const c = started(pod('web', `  containers:\n  - name: nginx\n    image: nginx:1.25\n${probe}`));
    c.sim.runUntil(c.sim.now + 30_000);
    const previous = c.run('kubectl logs web --previous').stdout.trimEnd().split('\n');
    // A 2-CPU node: two workers (process.ts perWorker).
    expect(previous.slice(-12).map((l) => l.replace(/^\S+ \S+ /, ''))).toEqual([
      '[notice] 1#1: signal 3 (SIGQUIT) received, shutting down',
      '[notice] 29#29: gracefully shutting down',
      '[notice] 30#30: gracefully shutting down',
      '[notice] 29#29: exiting',
      '[notice] 30#30: exiting',
      '[notice] 29#29: exit',
      '[notice] 30#30: exit',
      '[notice] 1#1: signal 17 (SIGCHLD) received from 29',
      '[notice] 1#1: signal 17 (SIGCHLD) received from 30',
      '[notice] 1#1: worker process 29 exited with code 0',
      '[notice] 1#1: worker process 30 exited with code 0',
      '[notice] 1#1: exit',
    ]);
  });

  it('uses --grace-period=5: SIGKILL after 5 s instead of 30 (kubectl delete --grace-period)', () => {
    const c = started(SLEEPER('quick'));
    const t0 = c.sim.now;
    expect(c.run('kubectl delete pod quick --grace-period=5')).toMatchObject({ stdout: 'pod "quick" deleted\n', exitCode: 0 });
    expect(c.sim.now - t0).toBeGreaterThanOrEqual(5000);
    expect(c.sim.now - t0).toBeLessThan(6000);
  });

  it('shortens a running grace period when a second delete asks for less (pod_workers.go: the grace only ever shrinks)', () => {
    const c = started(SLEEPER('sleeper'));
    const t0 = c.sim.now;
    c.exec('kubectl delete pod sleeper');
    c.sim.runUntil(t0 + 2000);
    expect(c.run('kubectl delete pod sleeper --now')).toMatchObject({ stdout: 'pod "sleeper" deleted\n', exitCode: 0 });
    expect(c.sim.now - t0).toBeLessThan(5000);
  });

  it('force-deletes with a warning: the object is gone at once, the container still gets its grace period on the node', () => {
    const c = started(SLEEPER('stuck'));
    const t0 = c.sim.now;
    const out = c.run('kubectl delete pod stuck --force --grace-period=0');
    expect(out.stderr).toBe(
      'Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.\n',
    );
    expect(out.stdout).toBe('pod "stuck" force deleted\n');
    expect(c.sim.now - t0).toBeLessThan(1000);
    expect(c.run('kubectl get pod stuck').stderr).toBe('Error from server (NotFound): pods "stuck" not found\n');
    // "The resource may continue to run": the kubelet still gives it terminationGracePeriodSeconds.
    c.sim.runUntil(t0 + 10_000);
    expect(runtimeContainers(c, 'c')).toMatchObject([{ state: 'CONTAINER_RUNNING' }]);
    c.sim.runUntil(t0 + 32_000);
    expect(runtimeContainers(c, 'c')).toEqual([]);
  });
});

describe('restart policies and how containers end (Pod Lifecycle docs: container restart policy)', () => {
  const cases: [string, string, string, string][] = [
    ['Never and exit 0 is Completed (phase Succeeded)', 'Never', 'exit 0', 'Succeeded'],
    ['Never and exit 1 is Error (phase Failed)', 'Never', 'exit 1', 'Failed'],
    ['OnFailure and exit 0 is Completed (phase Succeeded)', 'OnFailure', 'exit 0', 'Succeeded'],
  ];
  it.each(cases)('%s', (_n, policy, script, phase) => {
    const c = started(pod('job', `  restartPolicy: ${policy}\n  containers:\n  - name: c\n    image: busybox:1.36\n    command: ["sh", "-c", "echo done; ${script}"]\n`));
    expect(c.run('kubectl get pod job -o jsonpath={.status.phase}').stdout).toBe(phase);
    const want = script === 'exit 0' ? 'Completed' : 'Error';
    expect(c.run('kubectl get pods').stdout).toMatch(new RegExp(`job\\s+0/1\\s+${want}\\s+0\\s+`));
    // A finished pod goes at once on delete: there is nothing left to stop (CheckGracefulDelete).
    const t0 = c.sim.now;
    expect(c.run('kubectl delete pod job').stdout).toBe('pod "job" deleted\n');
    expect(c.sim.now - t0).toBeLessThan(500);
  });

  it('restarts an OnFailure container that exits 1, with the crash-loop back-off and RESTARTS N (Ms ago)', () => {
    const c = started(pod('retry', '  restartPolicy: OnFailure\n  containers:\n  - name: c\n    image: busybox:1.36\n    command: ["sh", "-c", "exit 1"]\n'));
    const line = c.run('kubectl get pods').stdout.split('\n')[1]!;
    expect(line).toMatch(/^retry\s+0\/1\s+CrashLoopBackOff\s+\d+ \(\d+s ago\)\s+30s$/);
  });
});

describe('OOMKilled (Kubernetes docs: Assign Memory Resources to Containers and Pods)', () => {
  it('kills the container past its limit with exit 137, shows OOMKilled then CrashLoopBackOff, and describe tells why', () => {
    const c = buildCluster({}, { seed: 7 });
    c.run('kubectl apply -f -', { stdin: MEMORY_DEMO_2() });
    const seen = statuses(c, 'memory-demo-2', 60_000);
    expect(seen).toContain('OOMKilled');
    expect(seen.indexOf('CrashLoopBackOff')).toBeGreaterThan(seen.indexOf('OOMKilled'));
    const last = apiPod(c, 'memory-demo-2')!.status!.containerStatuses![0]!.lastState.terminated!;
    expect(last).toMatchObject({ exitCode: 137, reason: 'OOMKilled' });
    const describe = c.run('kubectl describe pod memory-demo-2').stdout;
    expect(describe).toMatch(/Last State:\s+Terminated\n\s+Reason:\s+OOMKilled\n\s+Exit Code:\s+137\n/);
    expect(describe).toContain('Limits:\n      memory:  100Mi');
    expect(c.run('kubectl logs memory-demo-2').stdout).toBe('stress: info: [1] dispatching hogs: 0 cpu, 0 io, 1 vm, 0 hdd\n');
  });

  it('leaves a Never pod OOMKilled for good, phase Failed', () => {
    const c = started(MEMORY_DEMO_2('Never'));
    expect(c.run('kubectl get pods').stdout).toMatch(/memory-demo-2\s+0\/1\s+OOMKilled\s+0\s+/);
    expect(c.run('kubectl get pod memory-demo-2 -o jsonpath={.status.phase}').stdout).toBe('Failed');
    expect(c.run('kubectl get pod memory-demo-2 -o jsonpath={.status.containerStatuses[0].state.terminated.exitCode}').stdout).toBe('137');
  });

  it('keeps a container within its limit running (memory-request-limit.yaml: 150M under 200Mi)', () => {
    const c = started(MEMORY_DEMO_2().replace('100Mi', '200Mi').replace('250M', '150M'));
    expect(c.run('kubectl get pods').stdout).toMatch(/memory-demo-2\s+1\/1\s+Running\s+0\s+/);
  });
});
