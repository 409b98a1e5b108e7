// Kernel-level test of a worker node: kubelet + containerd + CNI + registry in a real Simulation,
// with a fake apiserver. It walks the seed's phase 4 (ch. 4: "the kubelet ... calls CRI
// RunPodSandbox; the runtime calls CNI to allocate the pod IP; PullImage from the registry; create
// and start the container; report Running") and checks the events `kubectl get events` would show.

import { describe, expect, it } from 'vitest';
import type { Event, Pod } from '../api/types';
import { DEFAULT_TIMINGS } from '../config';
import { Simulation } from '../kernel/simulation';
import { causeChain } from '../kernel/trace';
import { cniId, containerdId, kubeletId, nodeCredentials } from '../names';
import { cniPlugin } from './cni/cni';
import { kubelet } from './kubelet/kubelet';
import { imageRegistry } from './registry/registry';
import { containerd } from './runtime/containerd';
import { fakeApiserver, type FakeApiserverState } from './testing/fake-apiserver';

function pod(name: string, containers: Pod['spec']['containers'], extra: Partial<Pod['spec']> = {}): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default', uid: `uid-${name}`, resourceVersion: '1' },
    spec: { nodeName: 'worker-1', containers, ...extra },
    status: { phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: '2024-08-13T09:00:00Z' }], qosClass: 'BestEffort' },
  };
}

function cluster(images: string[] = []): Simulation {
  const sim = new Simulation({ seed: 42 });
  for (const t of [fakeApiserver, kubelet, containerd, cniPlugin, imageRegistry]) sim.register(t);
  sim.addHost('control-plane', '10.0.0.10');
  sim.addHost('worker-1', '10.0.0.11');
  sim.addHost('registry-1.docker.io', '52.1.1.1', 15);
  sim.addProcess('kube-apiserver', 'control-plane', 'kube-apiserver', {});
  sim.addProcess('registry', 'registry-1.docker.io', 'registry', {});
  sim.addProcess(cniId('worker-1'), 'worker-1', 'cni', { nodeName: 'worker-1', podCIDR: '10.244.1.0/24' });
  sim.addProcess(containerdId('worker-1'), 'worker-1', 'containerd', { nodeName: 'worker-1', registry: 'registry', cni: cniId('worker-1'), images, bandwidthBytesPerSec: 50_000_000 });
  sim.addProcess(kubeletId('worker-1'), 'worker-1', 'kubelet', {
    nodeName: 'worker-1', apiserver: 'kube-apiserver', containerd: containerdId('worker-1'), credentials: nodeCredentials('worker-1'),
    nodeIP: '10.0.0.11', podCIDR: '10.244.1.0/24', capacity: { cpu: '2', memory: '4026552Ki', pods: '110', 'ephemeral-storage': '61255492Ki' },
    labels: {}, taints: [], timings: DEFAULT_TIMINGS,
  });
  for (const p of ['kube-apiserver', 'registry', cniId('worker-1'), containerdId('worker-1'), kubeletId('worker-1')]) sim.start(p);
  sim.runFor(500);
  return sim;
}

const api = (sim: Simulation): FakeApiserverState => sim.process('kube-apiserver')!.state as FakeApiserverState;
const allEvents = (sim: Simulation): Event[] => api(sim).requests.filter((r) => r.path.endsWith('/events')).map((r) => r.body as Event);
const events = (sim: Simulation): Event[] => allEvents(sim).filter((e) => e.involvedObject.kind === 'Pod');
const lastStatus = (sim: Simulation, name: string): Pod['status'] =>
  (api(sim).requests.filter((r) => r.path === `/api/v1/namespaces/default/pods/${name}/status`).at(-1)?.body as { status: Pod['status'] } | undefined)?.status;

function push(sim: Simulation, type: 'ADDED' | 'MODIFIED' | 'DELETED', p: Pod): void {
  sim.inject('kube-apiserver', { type: 'test.push', event: { type, object: p } } as never, { summary: `push ${type}`, phase: 'watch' });
}

describe('a worker node runs a pod (seed ch. 4, phase 4)', () => {
  it('registers the node, takes its lease and watches its own pods', () => {
    const sim = cluster();
    const reqs = api(sim).requests;
    const node = reqs.find((r) => r.method === 'POST' && r.path === '/api/v1/nodes')!.body as { metadata: { labels: Record<string, string> }; status: { conditions: { type: string; reason: string; message: string }[]; nodeInfo: Record<string, string> } };
    expect(node.metadata.labels['kubernetes.io/hostname']).toBe('worker-1');
    expect(node.status.conditions.find((c) => c.type === 'Ready')).toMatchObject({ reason: 'KubeletReady', message: 'kubelet is posting ready status' });
    expect(node.status.nodeInfo).toMatchObject({ kubeletVersion: 'v1.31.0', containerRuntimeVersion: 'containerd://1.7.20' });
    expect(reqs.some((r) => r.path === '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases')).toBe(true);
    expect(reqs.find((r) => r.query?.watch === 'true')?.query?.fieldSelector).toBe('spec.nodeName=worker-1');
    sim.runFor(10_000);
    // The first status update lists the images on the node, pre-pulled ones included (ImageLocality reads them).
    const status = api(sim).requests.find((r) => r.path === '/api/v1/nodes/worker-1/status')!.body as { status: { images: { names: string[] }[] } };
    expect(status.status.images.flatMap((i) => i.names)).toContain('registry.k8s.io/pause:3.10');
    expect(allEvents(sim).map((e) => `${e.reason}: ${e.message}`)).toEqual([
      'Starting: Starting kubelet.',
      'NodeHasSufficientMemory: Node worker-1 status is now: NodeHasSufficientMemory',
      'NodeHasNoDiskPressure: Node worker-1 status is now: NodeHasNoDiskPressure',
      'NodeHasSufficientPID: Node worker-1 status is now: NodeHasSufficientPID',
      'NodeAllocatableEnforced: Updated Node Allocatable limit across pods',
      'NodeReady: Node worker-1 status is now: NodeReady',
    ]);
    sim.runFor(20_000);
    const renewals = api(sim).requests.filter((r) => r.method === 'PUT' && r.path.endsWith('/leases/worker-1'));
    expect(renewals.length).toBe(3);
  });

  it('runs nginx: RunPodSandbox, CNI ADD, PullImage, Created, Started, then Running with an IP', () => {
    const sim = cluster();
    push(sim, 'ADDED', pod('web', [{ name: 'nginx', image: 'nginx:1.25' }]));
    sim.runFor(5_000);
    const evs = events(sim).map((e) => `${e.type} ${e.reason} ${e.message}`);
    expect(evs[0]).toBe('Normal Pulling Pulling image "nginx:1.25"');
    expect(evs[1]).toMatch(/^Normal Pulled Successfully pulled image "nginx:1\.25" in 1\.3\d+s \(1\.3\d+s including waiting\)\. Image size: 67120000 bytes\.$/);
    expect(evs.slice(2)).toEqual(['Normal Created Created container nginx', 'Normal Started Started container nginx']);
    const st = lastStatus(sim, 'web')!;
    expect(st.phase).toBe('Running');
    expect(st.podIP).toBe('10.244.1.2');
    expect(st.conditions?.map((c) => `${c.type}=${c.status}`)).toEqual(['PodReadyToStartContainers=True', 'Initialized=True', 'Ready=True', 'ContainersReady=True', 'PodScheduled=True']);
    expect(st.containerStatuses?.[0]).toMatchObject({ name: 'nginx', ready: true, started: true, restartCount: 0, image: 'docker.io/library/nginx:1.25' });
    expect(st.containerStatuses?.[0]?.containerID).toMatch(/^containerd:\/\/[0-9a-f]{64}$/);
    expect(st.containerStatuses?.[0]?.imageID).toMatch(/^docker\.io\/library\/nginx@sha256:[0-9a-f]{64}$/);

    // Following causes back from the Started event reaches the watch event that delivered the pod.
    const trace = sim.world.trace;
    const started = trace.find((r) => r.summary.startsWith('POST event Started'))!;
    const chain = causeChain(trace, started.id).map((r) => r.summary);
    expect(chain).toContain('RunPodSandbox web');
    expect(chain.some((s) => s.startsWith('WATCH ADDED pod/web'))).toBe(true);
    // The kubelet talks to kube-apiserver and containerd only.
    const fromKubelet = trace.filter((r) => r.kind === 'message' && r.from === kubeletId('worker-1'));
    expect(new Set(fromKubelet.map((r) => r.to))).toEqual(new Set(['kube-apiserver', containerdId('worker-1')]));
    expect(trace.some((r) => r.summary === 'CNI ADD web -> 10.244.1.2')).toBe(true);
  });

  it('says the image is already present when it was pre-pulled', () => {
    const sim = cluster(['nginx:1.25']);
    push(sim, 'ADDED', pod('web', [{ name: 'nginx', image: 'nginx:1.25' }]));
    sim.runFor(2_000);
    expect(events(sim).map((e) => e.message)).toEqual(['Container image "nginx:1.25" already present on machine', 'Created container nginx', 'Started container nginx']);
  });

  it('goes to ErrImagePull and ImagePullBackOff on a typo, retrying after 10, 20, 40 s (seed ch. 4)', () => {
    const sim = cluster();
    push(sim, 'ADDED', pod('web', [{ name: 'nginx', image: 'nginx:1.999' }]));
    sim.runFor(2_000);
    const ref = 'docker.io/library/nginx:1.999';
    const err = `rpc error: code = NotFound desc = failed to pull and unpack image "${ref}": failed to resolve reference "${ref}": ${ref}: not found`;
    expect(events(sim).map((e) => `${e.reason} ${e.message}`)).toEqual([
      'Pulling Pulling image "nginx:1.999"',
      `Failed Failed to pull image "nginx:1.999": ${err}`,
      'Failed Error: ErrImagePull',
      'BackOff Back-off pulling image "nginx:1.999"',
      'Failed Error: ImagePullBackOff',
    ]);
    expect(lastStatus(sim, 'web')!.containerStatuses![0]!.state.waiting).toEqual({ reason: 'ImagePullBackOff', message: 'Back-off pulling image "nginx:1.999"' });
    expect(lastStatus(sim, 'web')!.phase).toBe('Pending');
    // Source: pkg/kubelet/kubelet.go imageBackOffPeriod 10s, MaxImageBackOff 300s.
    sim.runFor(1_000_000);
    const pulls = sim.world.trace.filter((r) => r.summary === 'PullImage nginx:1.999' && r.kind === 'message').map((r) => r.time);
    const gaps = pulls.slice(1).map((t, i) => Math.round((t - pulls[i]!) / 1000));
    expect(gaps.slice(0, 7)).toEqual([10, 20, 40, 80, 160, 300, 300]);
  });

  it('restarts a busybox that exits at once and backs off with CrashLoopBackOff', () => {
    const sim = cluster(['busybox:1.28']);
    push(sim, 'ADDED', pod('bb', [{ name: 'app', image: 'busybox:1.28' }]));
    sim.runFor(3_000);
    const st = lastStatus(sim, 'bb')!;
    const cs = st.containerStatuses![0]!;
    expect(cs.restartCount).toBe(1);
    expect(cs.state.waiting).toEqual({ reason: 'CrashLoopBackOff', message: 'back-off 10s restarting failed container=app pod=bb_default(uid-bb)' });
    expect(cs.lastState.terminated).toMatchObject({ exitCode: 0, reason: 'Completed' });
    expect(st.phase).toBe('Running');
    expect(events(sim).some((e) => e.type === 'Warning' && e.reason === 'BackOff' && e.message === 'Back-off restarting failed container app in pod bb_default(uid-bb)')).toBe(true);
    sim.runFor(60_000);
    expect(lastStatus(sim, 'bb')!.containerStatuses![0]!.state.waiting?.message).toBe('back-off 40s restarting failed container=app pod=bb_default(uid-bb)');
  });

  it('runs a sleeping busybox to completion under restartPolicy Never: Succeeded', () => {
    const sim = cluster(['busybox:1.28']);
    push(sim, 'ADDED', pod('job', [{ name: 'app', image: 'busybox:1.28', command: ['sh', '-c', 'echo done; sleep 5'] }], { restartPolicy: 'Never' }));
    sim.runFor(8_000);
    const st = lastStatus(sim, 'job')!;
    expect(st.phase).toBe('Succeeded');
    expect(st.containerStatuses![0]!.state.terminated).toMatchObject({ exitCode: 0, reason: 'Completed' });
  });

  it('kills and restarts a container whose liveness probe fails (docs: agnhost liveness)', () => {
    const sim = cluster(['registry.k8s.io/e2e-test-images/agnhost:2.40']);
    push(sim, 'ADDED', pod('liveness-http', [{
      name: 'liveness', image: 'registry.k8s.io/e2e-test-images/agnhost:2.40', args: ['liveness'],
      livenessProbe: { httpGet: { path: '/healthz', port: 8080 }, initialDelaySeconds: 3, periodSeconds: 3 },
    }]));
    sim.runFor(25_000);
    const msgs = events(sim).map((e) => `${e.reason} ${e.message}`);
    expect(msgs).toContain('Unhealthy Liveness probe failed: HTTP probe failed with statuscode: 500');
    expect(msgs).toContain('Killing Container liveness failed liveness probe, will be restarted');
    expect(lastStatus(sim, 'liveness-http')!.containerStatuses![0]!.restartCount).toBe(1);
  });

  it('reports connection refused for a probe on a port nothing listens on, and keeps the pod unready', () => {
    const sim = cluster(['nginx:1.25']);
    push(sim, 'ADDED', pod('web', [{ name: 'nginx', image: 'nginx:1.25', readinessProbe: { httpGet: { path: '/healthz', port: 8080 }, periodSeconds: 5 } }]));
    sim.runFor(3_000);
    expect(events(sim).map((e) => e.message)).toContain('Readiness probe failed: Get "http://10.244.1.2:8080/healthz": dial tcp 10.244.1.2:8080: connect: connection refused');
    const ready = lastStatus(sim, 'web')!.conditions!.find((c) => c.type === 'Ready')!;
    expect(ready).toMatchObject({ status: 'False', reason: 'ContainersNotReady', message: 'containers with unready status: [nginx]' });
  });

  it('serves logs through the kubelet, and refuses them while the container is creating', () => {
    const sim = cluster();
    push(sim, 'ADDED', pod('web', [{ name: 'nginx', image: 'nginx:1.25' }]));
    sim.runFor(50);
    sim.inject('kube-apiserver', { type: 'test.logs', kubelet: kubeletId('worker-1'), path: '/containerLogs/default/web/nginx' } as never, { summary: 'logs', phase: 'user' });
    sim.runFor(5_000);
    sim.inject('kube-apiserver', { type: 'test.logs', kubelet: kubeletId('worker-1'), path: '/containerLogs/default/web/nginx', query: { tailLines: '2' } } as never, { summary: 'logs', phase: 'user' });
    sim.runFor(100);
    const [early, later] = api(sim).logs;
    expect(early).toMatchObject({ status: 400, body: { reason: 'BadRequest', message: 'container "nginx" in pod "web" is waiting to start: ContainerCreating' } });
    expect(later!.status).toBe(200);
    expect(later!.body).toMatch(/^2024\/08\/13 09:00:0\d \[notice\] 1#1: start worker process 29\n2024\/08\/13 09:00:0\d \[notice\] 1#1: start worker process 30\n$/);
  });

  it('adopts the running container after a kubelet restart instead of starting a second one', () => {
    const sim = cluster(['nginx:1.25']);
    push(sim, 'ADDED', pod('web', [{ name: 'nginx', image: 'nginx:1.25' }]));
    sim.runFor(2_000);
    const before = lastStatus(sim, 'web')!.containerStatuses![0]!.containerID;
    sim.restart(kubeletId('worker-1'));
    sim.runFor(2_000);
    // The fake apiserver lists no pods; the restarted kubelet learns the pod from the watch again.
    push(sim, 'ADDED', pod('web', [{ name: 'nginx', image: 'nginx:1.25' }]));
    sim.runFor(2_000);
    expect(sim.world.trace.filter((r) => r.summary === 'RunPodSandbox web' && r.kind === 'message')).toHaveLength(1);
    expect(lastStatus(sim, 'web')!.containerStatuses![0]).toMatchObject({ containerID: before, state: { running: {} } });
  });

  it('keeps containers running while containerd restarts, and still sees them exit afterwards', () => {
    const sim = cluster(['busybox:1.28']);
    push(sim, 'ADDED', pod('job', [{ name: 'app', image: 'busybox:1.28', command: ['sleep', '10'] }], { restartPolicy: 'Never' }));
    sim.runFor(2_000);
    sim.restart(containerdId('worker-1'));
    sim.runFor(15_000);
    expect(lastStatus(sim, 'job')!.phase).toBe('Succeeded');
  });

  it('reports the node NotReady with "container runtime is down" while containerd is stopped (seed ch. 3)', () => {
    const sim = cluster();
    sim.kill(containerdId('worker-1'));
    sim.runFor(12_000);
    const patch = api(sim).requests.filter((r) => r.path === '/api/v1/nodes/worker-1/status').at(-1)!.body as { status: { conditions: { type: string; status: string; reason: string; message: string }[] } };
    expect(patch.status.conditions.find((c) => c.type === 'Ready')).toMatchObject({ status: 'False', reason: 'KubeletNotReady', message: 'container runtime is down' });
    push(sim, 'ADDED', pod('web', [{ name: 'nginx', image: 'nginx:1.25' }]));
    sim.runFor(1_000);
    expect(events(sim).map((e) => e.reason)).toEqual(['FailedCreatePodSandBox']);
    expect(lastStatus(sim, 'web')!.containerStatuses![0]!.state.waiting?.reason).toBe('ContainerCreating');
    sim.start(containerdId('worker-1'));
    sim.runFor(15_000);
    expect(lastStatus(sim, 'web')!.phase).toBe('Running');
  });

  it('gives the same trace hash for the same seed, and survives a snapshot round trip', () => {
    const run = (): string => {
      const sim = cluster();
      push(sim, 'ADDED', pod('web', [{ name: 'nginx', image: 'nginx:1.25', livenessProbe: { tcpSocket: { port: 80 } } }]));
      sim.runFor(5_000);
      sim.restore(sim.snapshot());
      sim.runFor(30_000);
      return sim.traceHash();
    };
    expect(run()).toBe(run());
  });

  it('stops a deleted pod gracefully and deletes it with grace period 0', () => {
    const sim = cluster(['nginx:1.25']);
    const p = pod('web', [{ name: 'nginx', image: 'nginx:1.25' }]);
    push(sim, 'ADDED', p);
    sim.runFor(2_000);
    push(sim, 'MODIFIED', { ...p, metadata: { ...p.metadata, deletionTimestamp: '2024-08-13T09:00:32Z', deletionGracePeriodSeconds: 30 } });
    sim.runFor(2_000);
    expect(events(sim).at(-1)).toMatchObject({ reason: 'Killing', message: 'Stopping container nginx' });
    const del = api(sim).requests.find((r) => r.method === 'DELETE')!;
    expect(del.path).toBe('/api/v1/namespaces/default/pods/web');
    expect(del.body).toMatchObject({ gracePeriodSeconds: 0, preconditions: { uid: 'uid-web' } });
    expect(sim.world.trace.some((r) => r.summary.startsWith('CNI DEL web'))).toBe(true);
  });
});
