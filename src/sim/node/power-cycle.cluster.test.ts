// Issue 18, point 1. The seed, chapter 1: if a server dies, all containers running on it die with it.
// Three ways to "restart a node" differ in what survives:
// - `systemctl restart kubelet`: the containers keep running; the new kubelet adopts them
//   (ListPodSandbox / ListContainers) and RESTARTS stays 0.
// - `systemctl restart containerd`: the containers keep running under their shims
//   (containerd-shim-runc-v2 is a process of its own); RESTARTS stays 0.
// - a power cycle: every process dies. containerd's CRI plugin recovers each running container as
//   exited with exit code 255 and reason "Unknown" (containerd internal/cri/server/restart.go,
//   loadContainer: unknownExitCode, unknownExitReason) and each sandbox as NotReady (loadSandbox);
//   the kubelet's computePodActions makes a new sandbox with the next attempt and records
//   "Pod sandbox changed, it will be killed and re-created." (kuberuntime_manager.go SyncPod),
//   then starts attempt 1 of each container: RESTARTS 1, a new POD ID, the old container Exited.
// - a machine off for longer than the eviction timeout (40 s node grace period, then the 300 s
//   not-ready/unreachable tolerations): its pods are replaced elsewhere; when it comes back, the
//   kubelet finishes deleting the stale copies from the API and removes their dead sandboxes and
//   containers (kuberuntime_gc.go evictSandboxes: not ready, of a pod that no longer exists).
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../cluster';

type Cluster = ReturnType<typeof buildCluster>;

function setUp(): { c: Cluster; node: string } {
  const c = buildCluster({}, { seed: 5 });
  c.run('kubectl run web --image=nginx:1.25');
  c.sim.runUntil(c.sim.now + 60_000);
  const node = c.run('kubectl get pod web -o jsonpath={.spec.nodeName}').stdout;
  expect(c.run('kubectl get pod web -o jsonpath={.status.phase}').stdout).toBe('Running');
  return { c, node };
}

/** crictl ps -a rows of the web pod's container (named web too): CONTAINER, STATE, ATTEMPT, POD ID. */
function webRows(c: Cluster, node: string): { id: string; state: string; attempt: string; pod: string }[] {
  const [head, ...lines] = c.run(`ssh ${node} -- crictl ps -a`).stdout.trimEnd().split('\n');
  const at = (name: string) => head!.indexOf(name);
  const cell = (l: string, from: string, to: string) => l.slice(at(from), at(to)).trim();
  const rows = lines.map((l) => ({ id: cell(l, 'CONTAINER', 'IMAGE'), state: cell(l, 'STATE', 'NAME'), name: cell(l, 'NAME', 'ATTEMPT'), attempt: cell(l, 'ATTEMPT', 'POD ID'), pod: l.slice(at('POD ID'), head!.lastIndexOf('POD')).trim() }));
  return rows.filter((r) => r.name === 'web').map(({ name: _, ...r }) => r);
}

const restarts = (c: Cluster) => c.run('kubectl get pod web -o jsonpath={.status.containerStatuses[0].restartCount}').stdout;

describe('what survives a node restart (seed, chapter 1)', () => {
  it('systemctl restart kubelet: the container keeps running, RESTARTS 0', () => {
    const { c, node } = setUp();
    const before = webRows(c, node);
    expect(before).toEqual([expect.objectContaining({ state: 'Running', attempt: '0' })]);
    c.run(`ssh ${node} -- systemctl restart kubelet`);
    c.sim.runUntil(c.sim.now + 60_000);
    expect(webRows(c, node)).toEqual(before);
    expect(restarts(c)).toBe('0');
  });

  it('systemctl restart containerd: the shims hold the containers, RESTARTS 0', () => {
    const { c, node } = setUp();
    const before = webRows(c, node);
    expect(before).toEqual([expect.objectContaining({ state: 'Running', attempt: '0' })]);
    c.run(`ssh ${node} -- systemctl restart containerd`);
    c.sim.runUntil(c.sim.now + 60_000);
    expect(webRows(c, node)).toEqual(before);
    expect(restarts(c)).toBe('0');
  });

  it('a power cycle kills every process: a new sandbox, attempt 1, RESTARTS 1, SandboxChanged, the old container Exited 255', () => {
    const { c, node } = setUp();
    const [before] = webRows(c, node);
    expect(before).toMatchObject({ state: 'Running', attempt: '0' });
    c.restart(`node/${node}`);
    c.sim.runUntil(c.sim.now + 90_000);
    const rows = webRows(c, node);
    const old = rows.find((r) => r.id === before!.id);
    const fresh = rows.find((r) => r.id !== before!.id);
    expect(old).toMatchObject({ state: 'Exited', attempt: '0', pod: before!.pod });
    expect(fresh).toMatchObject({ state: 'Running', attempt: '1' });
    expect(fresh!.pod).not.toBe(before!.pod);
    expect(restarts(c)).toBe('1');
    const last = JSON.parse(c.run('kubectl get pod web -o jsonpath={.status.containerStatuses[0].lastState}').stdout) as { terminated: { exitCode: number; reason: string } };
    expect(last.terminated).toMatchObject({ exitCode: 255, reason: 'Unknown' });
    const events = c.run('kubectl get events --field-selector involvedObject.name=web').stdout;
    expect(events).toMatch(/Normal\s+SandboxChanged\s+pod\/web\s+Pod sandbox changed, it will be killed and re-created\./);
    expect(c.run(`ssh ${node} -- crictl pods`).stdout.split('\n').filter((l) => /\sweb\s/.test(l)).map((l) => l.includes('NotReady') ? 'NotReady' : 'Ready').sort()).toEqual(['NotReady', 'Ready']);
  });

  it('a machine off past the eviction timeout: its pods run elsewhere, and its stale copies go when it returns', () => {
    const c = buildCluster({}, { seed: 5 });
    c.run('kubectl create deployment web --image=nginx:1.25 --replicas=3');
    c.sim.runUntil(c.sim.now + 60_000);
    const onWorker1 = () => c.run('kubectl get pods -l app=web --field-selector spec.nodeName=worker-1 --no-headers').stdout.trim().split('\n').filter(Boolean);
    const stale = onWorker1();
    expect(stale).toHaveLength(1);
    c.kill('node/worker-1');
    c.sim.runUntil(c.sim.now + 7 * 60_000);
    expect(onWorker1()[0]).toMatch(/Terminating/);
    expect(c.run('kubectl get deployment web --no-headers').stdout).toMatch(/^web\s+3\/3\s/);
    c.start('node/worker-1');
    c.sim.runUntil(c.sim.now + 2 * 60_000);
    expect(onWorker1()).toEqual([]);
    expect(c.run('ssh worker-1 -- crictl ps -a').stdout.trim().split('\n')).toHaveLength(1);
    expect(c.run('ssh worker-1 -- crictl pods').stdout.trim().split('\n')).toHaveLength(1);
  });
});
