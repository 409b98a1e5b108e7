import { describe, expect, it } from 'vitest';
import type { ObjectView } from '../../protocol/view';
import { FORBIDDEN, IMAGE_TYPO_POD, RUNNING_POD, THREE_MEMBER_WRITE, UNSCHEDULABLE_POD, WEBHOOK_DENIED } from './fixtures';
import { buildSequence, REQUEST_PHASES, type ModelContext } from './model';
import { schedulerReasons } from './outcome';

/** A pod as the worker sends it: the object and kubectl's STATUS/READY from the apiserver's printer. */
function pod(name: string, object: Record<string, unknown>, status: string, ready = '0/1'): ObjectView {
  return { id: `pods/default/${name}`, kind: 'Pod', namespace: 'default', name, resourceVersion: '1', object: { kind: 'Pod', metadata: { name, namespace: 'default' }, ...object }, display: { status, ready } };
}

const RUNNING = pod('web', {
  spec: { nodeName: 'worker-1', containers: [{ name: 'web' }] },
  status: {
    phase: 'Running',
    conditions: [{ type: 'Ready', status: 'True' }],
    containerStatuses: [{ name: 'web', ready: true, state: { running: { startedAt: 'x' } } }],
  },
}, 'Running', '1/1');
const BACKOFF = pod('typo', {
  spec: { nodeName: 'worker-2', containers: [{ name: 'typo' }] },
  status: { phase: 'Pending', containerStatuses: [{ name: 'typo', ready: false, state: { waiting: { reason: 'ImagePullBackOff', message: 'Back-off pulling image "nginx:1.999"' } } }] },
}, 'ImagePullBackOff');
const TOO_BIG = pod('big', {
  spec: { containers: [{ name: 'app' }] },
  status: {
    phase: 'Pending',
    conditions: [
      {
        type: 'PodScheduled',
        status: 'False',
        reason: 'Unschedulable',
        message:
          '0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 Insufficient cpu. preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod..',
      },
    ],
  },
}, 'Pending');

function ctx(objects: ObjectView[], extra: Partial<ModelContext> = {}): ModelContext {
  const byId = new Map(objects.map((o) => [o.id, o]));
  return { object: (id) => byId.get(id), alive: () => true, etcdMembers: ['etcd/etcd-1'], ...extra };
}

describe('the sequence model of a pod that runs', () => {
  const m = buildSequence(RUNNING_POD[0]!, RUNNING_POD, ctx([RUNNING]));

  it('has the lanes of a request: kubectl, the five apiserver stages, etcd, the controller-manager, the scheduler, the pod node\'s kubelet, containerd and CNI, and the registry', () => {
    expect(m.lanes.map((l) => l.id)).toEqual([
      'kubectl',
      'kube-apiserver:authentication',
      'kube-apiserver:authorization',
      'kube-apiserver:admission',
      'kube-apiserver:validation',
      'kube-apiserver:storage',
      'etcd/etcd-1',
      'kube-controller-manager',
      'kube-scheduler',
      'kubelet/worker-1',
      'containerd/worker-1',
      'cni/worker-1',
      'registry',
    ]);
  });

  it('draws every message of the chain in time order, the command first, and no timers', () => {
    expect(m.arrows[0]).toMatchObject({ id: 786, command: true, from: 'kubectl', to: 'kubectl' });
    expect(m.arrows.length).toBe(RUNNING_POD.filter((r) => r.kind === 'message').length);
    expect(m.arrows.some((a) => a.type.startsWith('timer'))).toBe(false);
    for (let i = 1; i < m.arrows.length; i++) expect(m.arrows[i]!.time).toBeGreaterThanOrEqual(m.arrows[i - 1]!.time);
    expect(m.arrows.map((a) => a.row)).toEqual(m.arrows.map((_, i) => i));
  });

  it('sends kubectl\'s POST into authentication and answers 201 from storage, after etcd', () => {
    const post = m.arrows.find((a) => a.summary.startsWith('POST /api/v1/namespaces/default/pods'))!;
    expect(post).toMatchObject({ from: 'kubectl', to: 'kube-apiserver:authentication' });
    expect(post.pipeline?.marks).toEqual({ authentication: 'pass', authorization: 'pass', admission: 'pass', validation: 'pass', storage: 'pass' });
    expect(m.arrows.find((a) => a.type === 'etcd.request')).toMatchObject({ from: 'kube-apiserver:storage', to: 'etcd/etcd-1' });
    expect(m.arrows.find((a) => a.summary === '201 Created pod/web')).toMatchObject({ from: 'kube-apiserver:storage', to: 'kubectl', failed: false });
  });

  it('fans watch events out from storage to the watchers, and the kubelet drives containerd, CNI and the registry', () => {
    expect(m.arrows.find((a) => a.summary.startsWith('ADDED pod/default/web') && a.to === 'kube-scheduler')?.from).toBe('kube-apiserver:storage');
    const routes = m.arrows.map((a) => `${a.from}>${a.to}`);
    expect(routes).toContain('kubelet/worker-1>containerd/worker-1');
    expect(routes).toContain('containerd/worker-1>cni/worker-1');
    expect(routes).toContain('containerd/worker-1>registry');
  });

  it('has the four phases as bands in the seed\'s order, contiguous', () => {
    expect(m.bands.map((b) => b.phase)).toEqual([...REQUEST_PHASES]);
    expect(m.bands[0]!.firstRow).toBe(0);
    for (let i = 1; i < m.bands.length; i++) expect(m.bands[i]!.firstRow).toBe(m.bands[i - 1]!.lastRow + 1);
    expect(m.bands[m.bands.length - 1]!.lastRow).toBe(m.arrows.length - 1);
  });

  it('ends Running, with the four phases and the simulated time until the kubelet reported it', () => {
    expect(m.outcome).toMatchObject({ kind: 'running', done: true, failed: false, subject: 'pod/web', phases: 4 });
    // PATCH pods/web/status (Running) arrives at 4125.246; the command was at 1000.
    expect(m.outcome.duration).toBeCloseTo(3125.246, 3);
    expect(m.outcome.record).toBe(884);
  });

  it('draws fewer rows with key messages only, and still ends Running', () => {
    const key = buildSequence(RUNNING_POD[0]!, RUNNING_POD, ctx([RUNNING]), { keyOnly: true });
    expect(key.arrows.length).toBeLessThan(m.arrows.length);
    expect(key.bands.map((b) => b.phase)).toEqual([...REQUEST_PHASES]);
    expect(key.outcome).toEqual(m.outcome);
  });

  it('has no Raft with a single etcd member', () => {
    expect(m.raft).toEqual([]);
  });
});

describe('the sequence model of a request that stops', () => {
  it('stops at authorization with the Forbidden text when RBAC refuses', () => {
    const m = buildSequence(FORBIDDEN[0]!, FORBIDDEN, ctx([]));
    expect(m.outcome).toMatchObject({
      kind: 'rejected',
      failed: true,
      stage: 'authorization',
      lane: 'kube-apiserver:authorization',
      status: 403,
      reason: 'Forbidden',
      message: 'pods is forbidden: User "jane" cannot create resource "pods" in API group "" in the namespace "default"',
    });
    expect(m.outcome.record).toBe(1575);
    const post = m.arrows.find((a) => a.type === 'http.request')!;
    expect(post.pipeline?.marks).toEqual({ authentication: 'pass', authorization: 'fail', admission: 'none', validation: 'none', storage: 'none' });
    expect(m.arrows.find((a) => a.type === 'http.response')).toMatchObject({ from: 'kube-apiserver:authorization', to: 'kubectl', failed: true });
    expect(m.bands.map((b) => b.phase)).toEqual(['persistence']);
  });

  it('stops at the scheduler with its reasons when no node fits', () => {
    const m = buildSequence(UNSCHEDULABLE_POD[0]!, UNSCHEDULABLE_POD, ctx([TOO_BIG]));
    expect(m.outcome).toMatchObject({
      kind: 'unschedulable',
      failed: true,
      lane: 'kube-scheduler',
      subject: 'pod/big',
      message: '1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 Insufficient cpu',
    });
    expect(m.bands.map((b) => b.phase)).toEqual(['persistence', 'watch', 'scheduling']);
    expect(m.arrows.find((a) => a.id === m.outcome.record)?.summary).toBe('PATCH /api/v1/namespaces/default/pods/big/status');
    // No node: the kubelet lanes are kept, empty, to show where the request did not get.
    expect(m.lanes.filter((l) => l.placeholder).map((l) => l.id)).toEqual(['kubelet', 'containerd', 'cni']);
    // kubectl apply asked first (GET, 404): an answer, not a failure.
    const get = m.arrows.find((a) => a.summary.startsWith('404 NotFound'))!;
    expect(get).toMatchObject({ from: 'kube-apiserver:storage', failed: false });
  });

  it('stops at the kubelet of the pod\'s node with ImagePullBackOff', () => {
    const m = buildSequence(IMAGE_TYPO_POD[0]!, IMAGE_TYPO_POD, ctx([BACKOFF]));
    expect(m.outcome).toMatchObject({ kind: 'kubelet', failed: true, lane: 'kubelet/worker-2', reason: 'ImagePullBackOff', message: 'Back-off pulling image "nginx:1.999"' });
    expect(m.lanes.map((l) => l.id)).toContain('kubelet/worker-2');
    const failure = m.arrows.find((a) => a.id === m.outcome.record)!;
    expect(failure.summary).toMatch(/^PullImage docker.io\/library\/nginx:1.999: not found/);
    // The registry's 404 and the runtime's answer are drawn as refusals; the rest of the pull is not.
    expect(failure.failed).toBe(true);
    expect(m.arrows.find((a) => a.summary.startsWith('404 manifest unknown'))?.failed).toBe(true);
    expect(m.arrows.find((a) => a.summary.startsWith('RunPodSandbox typo: ready'))?.failed).toBeUndefined();
  });

  it('says the pod waits for a dead kube-scheduler instead of calling it in progress', () => {
    const pending = pod('big', { spec: { containers: [{}] }, status: { phase: 'Pending' } }, 'Pending');
    const records = UNSCHEDULABLE_POD.filter((r) => r.from !== 'kube-scheduler' && r.to !== 'kube-scheduler');
    const m = buildSequence(records[0]!, records, ctx([pending], { alive: (p) => p !== 'kube-scheduler' }));
    expect(m.outcome).toMatchObject({ kind: 'down', failed: true, lane: 'kube-scheduler', podStatus: 'Pending' });
  });

  it('is in progress while the pod is still being created', () => {
    const creating = pod('web', { spec: { nodeName: 'worker-1', containers: [{}] }, status: { phase: 'Pending', containerStatuses: [{ state: { waiting: { reason: 'ContainerCreating' } } }] } }, 'ContainerCreating');
    const m = buildSequence(RUNNING_POD[0]!, RUNNING_POD.slice(0, 30), ctx([creating]));
    expect(m.outcome).toMatchObject({ kind: 'in-progress', done: false, lane: 'kubelet/worker-1', podStatus: 'ContainerCreating' });
  });

  it('is a kubectl error when no request left kubectl', () => {
    const root = RUNNING_POD[0]!;
    const m = buildSequence(root, [root], ctx([], { output: { time: root.time, line: 'kubectl run web', stdout: '', stderr: 'error: required flag(s) "image" not set\n', exitCode: 1 } }));
    expect(m.outcome).toMatchObject({ kind: 'client', failed: true, lane: 'kubectl', message: 'error: required flag(s) "image" not set' });
    expect(m.bands).toEqual([]);
  });
});

describe('Raft for a write with three etcd members', () => {
  const m = buildSequence(THREE_MEMBER_WRITE[0]!, THREE_MEMBER_WRITE, ctx([], { etcdMembers: ['etcd/etcd-1', 'etcd/etcd-2', 'etcd/etcd-3'], etcdRoles: { 'etcd/etcd-1': 'leader' } }));
  const first = m.raft[0]!;

  it('has a lane per member and marks the leader', () => {
    expect(m.lanes.filter((l) => l.id.startsWith('etcd/')).map((l) => [l.id, l.sub])).toEqual([
      ['etcd/etcd-1', 'etcd-1 ★'],
      ['etcd/etcd-2', 'etcd-2'],
      ['etcd/etcd-3', 'etcd-3'],
    ]);
  });

  it('names the leader, the MsgApp and MsgAppResp of the write, and the quorum that committed it (Raft paper 5.3)', () => {
    expect(first).toMatchObject({ request: 2777, leader: 'etcd/etcd-1', members: 3, needed: 2, response: 2787, watch: 2788 });
    // etcd-2's MsgAppResp (#2784) arrived at 3003.372 and committed the entry; etcd-3's (#2782) only at 3003.509.
    expect(first.quorum).toEqual(['etcd/etcd-1', 'etcd/etcd-2']);
    expect(first.replication).toEqual(expect.arrayContaining([2779, 2780, 2782, 2784]));
    expect(first.watchAt).toBe(first.committedAt);
  });

  it('marks the commit and the watch it fired on their arrows', () => {
    expect(m.arrows.find((a) => a.id === 2787)?.commit?.quorum).toEqual(['etcd/etcd-1', 'etcd/etcd-2']);
    expect(m.arrows.find((a) => a.id === 2788)?.watchFired).toBe(true);
    expect(m.arrows.find((a) => a.id === 2779)?.replication).toBe(true);
    // The MsgApp that only moves the commit index is not part of replicating this entry.
    expect(m.arrows.find((a) => a.id === 2785)?.replication).toBeUndefined();
  });
});

describe('schedulerReasons', () => {
  it.each([
    ['0/3 nodes are available: 3 Insufficient memory. preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod..', '3 Insufficient memory'],
    ['0/1 nodes are available: 1 Insufficient cpu.', '1 Insufficient cpu'],
    ['something else', 'something else'],
  ])('reads the reasons of %s', (message, want) => {
    expect(schedulerReasons(message)).toBe(want);
  });
});

// Issue 18 point 5: an admission webhook's call is its own lane, next to the Admission stage.
describe('a request an admission webhook refused', () => {
  const m = buildSequence(WEBHOOK_DENIED[0]!, WEBHOOK_DENIED, ctx([]));

  it('draws the webhook as a lane right after kube-apiserver\'s stages, named by the webhook', () => {
    const ids = m.lanes.map((l) => l.id);
    expect(ids.indexOf('webhook/deny-latest.policy.kubeplay.dev')).toBe(ids.indexOf('kube-apiserver:storage') + 1);
    expect(m.lanes.find((l) => l.id === 'webhook/deny-latest.policy.kubeplay.dev')).toMatchObject({ label: 'webhook', sub: 'deny-latest.policy.kubeplay.dev' });
    expect(ids).not.toContain('containerd/worker-2');
  });

  it('sends the AdmissionReview from Admission to the webhook and its answer back, and stops at Admission', () => {
    const hops = m.arrows.map((a) => `${a.from} -> ${a.to}`);
    expect(hops).toContain('kube-apiserver:admission -> webhook/deny-latest.policy.kubeplay.dev');
    expect(hops).toContain('webhook/deny-latest.policy.kubeplay.dev -> kube-apiserver:admission');
    expect(m.outcome).toMatchObject({ kind: 'rejected', lane: 'kube-apiserver:admission' });
  });
});
