// A plausible store state for looking at the graph without the worker (the dev page in ./dev and the
// tests): three etcd members, three workers in different troubles, pods in every status kubectl
// prints, Services with ready, not-ready and no endpoints, and a loop of messages in flight.

import type { ComponentView, HostView, MessageView, ObjectView, Phase } from '../../protocol/view';

const T0 = Date.UTC(2024, 7, 13, 9, 0, 0);
const ts = (s: number): string => new Date(T0 + s * 1000).toISOString().replace('.000Z', 'Z');

function comp(id: string, kind: string, host: string, alive = true, detail: ComponentView['detail'] = {}): ComponentView {
  return { id, kind, host, alive, incarnation: 1, detail };
}

type PodState = 'Pending' | 'ContainerCreating' | 'Running' | 'NotReady' | 'ErrImagePull' | 'ImagePullBackOff' | 'CrashLoopBackOff' | 'Terminating' | 'Completed' | 'Error';

function pod(name: string, node: string | undefined, state: PodState, createdAt: number): ObjectView {
  const container = { name: 'app', image: state.includes('Image') ? 'nginx:1.255' : 'nginx:1.25' };
  const cs = (s: object, ready = false) => [{ name: 'app', image: container.image, ready, restartCount: state === 'CrashLoopBackOff' ? 4 : 0, state: s }];
  const status: Record<string, unknown> = { phase: 'Pending' };
  if (state === 'ContainerCreating') status.containerStatuses = cs({ waiting: { reason: 'ContainerCreating' } });
  if (state === 'ErrImagePull' || state === 'ImagePullBackOff') status.containerStatuses = cs({ waiting: { reason: state } });
  if (state === 'Running' || state === 'Terminating') Object.assign(status, { phase: 'Running', containerStatuses: cs({ running: { startedAt: ts(createdAt + 3) } }, true) });
  if (state === 'NotReady') Object.assign(status, { phase: 'Running', containerStatuses: cs({ running: { startedAt: ts(createdAt + 3) } }, false) });
  if (state === 'CrashLoopBackOff') Object.assign(status, { phase: 'Running', containerStatuses: cs({ waiting: { reason: 'CrashLoopBackOff' } }) });
  if (state === 'Completed') Object.assign(status, { phase: 'Succeeded', containerStatuses: cs({ terminated: { reason: 'Completed', exitCode: 0 } }) });
  if (state === 'Error') Object.assign(status, { phase: 'Failed', containerStatuses: cs({ terminated: { reason: 'Error', exitCode: 1 } }) });
  const metadata: Record<string, unknown> = { name, namespace: 'default', creationTimestamp: ts(createdAt), uid: `uid-${name}` };
  if (state === 'Terminating') metadata.deletionTimestamp = ts(createdAt + 30);
  return {
    id: `pods/default/${name}`,
    kind: 'Pod',
    namespace: 'default',
    name,
    resourceVersion: String(100 + createdAt),
    object: { apiVersion: 'v1', kind: 'Pod', metadata, spec: { containers: [container], ...(node ? { nodeName: node } : {}) }, status },
    // What the worker sends with it: printPod's words for this state.
    display: { status: state === 'NotReady' ? 'Running' : state, ready: state === 'Running' || state === 'Terminating' ? '1/1' : '0/1' },
  };
}

function node(name: string, ready: 'True' | 'False' | 'Unknown', taints: { key: string; effect: string }[] = []): ObjectView {
  return {
    id: `nodes//${name}`,
    kind: 'Node',
    namespace: '',
    name,
    resourceVersion: '50',
    object: { apiVersion: 'v1', kind: 'Node', metadata: { name }, spec: { taints }, status: { conditions: [{ type: 'Ready', status: ready }] } },
    display: { status: ready === 'True' ? 'Ready' : 'NotReady' },
  };
}

export interface FixtureState {
  hosts: Record<string, HostView>;
  components: Record<string, ComponentView>;
  objects: Record<string, ObjectView>;
  partitions: [string, string][];
}

const index = <T extends { id: string }>(xs: T[]): Record<string, T> => Object.fromEntries(xs.map((x) => [x.id, x]));

/** The cluster: control plane with 3 etcd members, `workers` worker nodes (worker-2 partitioned, worker-3 down). */
export function fixtureState(workers = 3, extraPodsOnWorker1 = 10): FixtureState {
  const hosts: HostView[] = [
    { id: 'control-plane', address: '10.0.0.10', role: 'control-plane', up: true },
    { id: 'laptop', address: '192.168.1.20', role: 'client', up: true },
    { id: 'registry-1.docker.io', address: '44.205.64.79', role: 'registry', up: true },
  ];
  const comps: ComponentView[] = [
    comp('kube-apiserver', 'kube-apiserver', 'control-plane'),
    comp('kube-scheduler', 'kube-scheduler', 'control-plane'),
    comp('kube-controller-manager', 'kube-controller-manager', 'control-plane'),
    comp('etcd/etcd-1', 'etcd', 'control-plane', true, { role: 'follower', term: 3 }),
    comp('etcd/etcd-2', 'etcd', 'control-plane', true, { role: 'leader', term: 3 }),
    comp('etcd/etcd-3', 'etcd', 'control-plane', true, { role: 'follower', term: 3 }),
    comp('kubeadm', 'kubeadm', 'control-plane', false),
    comp('kubectl', 'kubectl', 'laptop'),
    comp('registry', 'registry', 'registry-1.docker.io'),
  ];
  const nodes: ObjectView[] = [node('control-plane', 'True', [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }])];
  const names = ['control-plane'];
  for (let i = 1; i <= workers; i++) {
    const name = `worker-${i}`;
    const down = i === 3;
    hosts.push({ id: name, address: `10.0.0.${10 + i}`, role: 'worker', up: !down });
    names.push(name);
    nodes.push(
      down
        ? node(name, 'Unknown', [
            { key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule' },
            { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' },
          ])
        : node(name, 'True'),
    );
  }
  for (const n of names) {
    const up = n !== 'worker-3';
    comps.push(comp(`kubelet/${n}`, 'kubelet', n, up), comp(`containerd/${n}`, 'containerd', n, up), comp(`kube-proxy/${n}`, 'kube-proxy', n, up), comp(`cni/${n}`, 'cni', n, up));
  }
  const pods: ObjectView[] = [
    pod('web-7d4b9c-x2x5q', 'worker-1', 'Running', 1),
    pod('web-7d4b9c-kq8zm', 'worker-1', 'ContainerCreating', 2),
    pod('api-0', 'worker-1', 'NotReady', 3),
    pod('typo', 'worker-2', 'ImagePullBackOff', 4),
    pod('pull-now', 'worker-2', 'ErrImagePull', 5),
    pod('crasher', 'worker-2', 'CrashLoopBackOff', 6),
    pod('batch-1', 'worker-2', 'Completed', 7),
    pod('batch-2', 'worker-2', 'Error', 8),
    pod('old-web', 'worker-3', 'Terminating', 9),
    pod('waiting', undefined, 'Pending', 10),
    pod('big-request', undefined, 'Pending', 11),
  ];
  for (let i = 0; i < extraPodsOnWorker1; i++) pods.push(pod(`many-${i}`, 'worker-1', 'Running', 20 + i));
  const svcs = workers >= 1 ? services() : [];
  return { hosts: index(hosts), components: index(comps), objects: index([...nodes, ...pods, ...svcs]), partitions: workers >= 2 ? [['control-plane', 'worker-2']] : [] };
}

function service(name: string, clusterIP: string, port: number, createdAt: number, selector?: Record<string, string>): ObjectView {
  const spec = { type: 'ClusterIP', clusterIP, clusterIPs: [clusterIP], ports: [{ port, protocol: 'TCP', targetPort: port }], ...(selector ? { selector } : {}) };
  return { id: `services/default/${name}`, kind: 'Service', namespace: 'default', name, resourceVersion: String(200 + createdAt), object: { apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: 'default', creationTimestamp: ts(createdAt) }, spec } };
}

function endpointSlice(name: string, svc: string, port: number, endpoints: { ip: string; pod?: string; ready: boolean }[]): ObjectView {
  const object = {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: { name, namespace: 'default', labels: { 'kubernetes.io/service-name': svc } },
    addressType: 'IPv4',
    endpoints: endpoints.map((e) => ({
      addresses: [e.ip],
      conditions: { ready: e.ready, serving: e.ready, terminating: false },
      ...(e.pod ? { targetRef: { kind: 'Pod', name: e.pod, namespace: 'default', uid: `uid-${e.pod}` }, nodeName: 'worker-1' } : {}),
    })),
    ports: endpoints.length ? [{ name: '', port, protocol: 'TCP' }] : [],
  };
  return { id: `endpointslices/default/${name}`, kind: 'EndpointSlice', namespace: 'default', name, resourceVersion: '300', object };
}

/** `kubernetes` (to the apiserver), `web` (two ready pods), `api` (a not-ready pod) and `db` (no endpoints). */
function services(): ObjectView[] {
  return [
    service('kubernetes', '10.96.0.1', 443, -10),
    endpointSlice('kubernetes', 'kubernetes', 6443, [{ ip: '10.0.0.10', ready: true }]),
    service('web', '10.96.12.7', 80, 12, { app: 'web' }),
    endpointSlice('web-7xk2p', 'web', 80, [
      { ip: '10.244.1.5', pod: 'web-7d4b9c-x2x5q', ready: true },
      { ip: '10.244.1.9', pod: 'many-0', ready: true },
    ]),
    service('api', '10.96.40.2', 8080, 13, { app: 'api' }),
    endpointSlice('api-q9d8s', 'api', 8080, [{ ip: '10.244.1.7', pod: 'api-0', ready: false }]),
    service('db', '10.96.77.30', 5432, 14, { app: 'db' }),
    endpointSlice('db-m2v5c', 'db', 5432, []),
  ];
}

/**
 * kubeadm's external etcd topology: `members` etcd members, each on a host of its own (`etcd-k`,
 * 10.0.0.2k), etcd-2 leading in term 3; `dead` members are stopped (to look at an election).
 */
export function withExternalEtcd(s: FixtureState, members: number, dead: number[] = []): FixtureState {
  const components = Object.fromEntries(Object.entries(s.components).filter(([, c]) => c.kind !== 'etcd'));
  const hosts = { ...s.hosts };
  for (let i = 1; i <= members; i++) {
    const name = `etcd-${i}`;
    hosts[name] = { id: name, address: `10.0.0.${20 + i}`, role: 'etcd', up: true };
    const alive = !dead.includes(i);
    const role = !alive ? 'leader' : dead.includes(2) ? (i === 1 ? 'candidate' : 'follower') : i === 2 ? 'leader' : 'follower';
    components[`etcd/${name}`] = comp(`etcd/${name}`, 'etcd', name, alive, { role, term: dead.includes(2) && i === 1 ? 4 : 3, revision: 412, keys: 97 });
  }
  return { ...s, hosts, components };
}

interface Template {
  from: string;
  to: string;
  type: string;
  summary: string;
  phase: Phase;
  offset: number;
  duration: number;
}

const TEMPLATES: Template[] = [
  { from: 'kubectl', to: 'kube-apiserver', type: 'http.request', summary: 'POST /api/v1/namespaces/default/pods', phase: 'persistence', offset: 0, duration: 600 },
  { from: 'kube-apiserver', to: 'etcd/etcd-2', type: 'etcd.request', summary: 'Txn PUT /registry/pods/default/web', phase: 'persistence', offset: 300, duration: 500 },
  { from: 'etcd/etcd-2', to: 'etcd/etcd-1', type: 'raft', summary: 'MsgApp term=3 index=41', phase: 'raft', offset: 500, duration: 400 },
  { from: 'etcd/etcd-2', to: 'etcd/etcd-3', type: 'raft', summary: 'MsgApp term=3 index=41', phase: 'raft', offset: 500, duration: 400 },
  { from: 'kube-apiserver', to: 'kube-scheduler', type: 'watch.event', summary: 'WATCH pods spec.nodeName= ADDED web', phase: 'watch', offset: 800, duration: 500 },
  { from: 'kube-scheduler', to: 'kube-apiserver', type: 'http.request', summary: 'POST /api/v1/namespaces/default/pods/web/binding', phase: 'scheduling', offset: 1200, duration: 500 },
  { from: 'kube-apiserver', to: 'kubelet/worker-1', type: 'watch.event', summary: 'WATCH pods spec.nodeName=worker-1 ADDED web', phase: 'watch', offset: 1600, duration: 600 },
  { from: 'kubelet/worker-1', to: 'containerd/worker-1', type: 'cri.request', summary: 'RunPodSandbox web', phase: 'execution', offset: 2000, duration: 500 },
  { from: 'containerd/worker-1', to: 'cni/worker-1', type: 'cni.add', summary: 'CNI ADD web 10.244.1.7/24', phase: 'networking', offset: 2300, duration: 400 },
  { from: 'containerd/worker-1', to: 'registry', type: 'registry.pull', summary: 'PullImage nginx:1.25', phase: 'execution', offset: 2500, duration: 900 },
  { from: 'kubelet/worker-1', to: 'kube-apiserver', type: 'http.request', summary: 'PUT /apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/worker-1', phase: 'heartbeat', offset: 100, duration: 600 },
  { from: 'kube-controller-manager', to: 'kube-apiserver', type: 'http.request', summary: 'PATCH /api/v1/nodes/worker-3', phase: 'controller', offset: 1000, duration: 500 },
];

/** The messages in flight at `time` (ms): the templates repeat every `period` ms; plus a crowded watch edge. */
export function fixtureMessages(time: number, period = 3000): MessageView[] {
  const out: MessageView[] = [];
  let id = 1;
  for (const t of TEMPLATES) {
    const cycle = Math.floor((time - t.offset) / period);
    const sentAt = cycle * period + t.offset;
    if (time >= sentAt && time < sentAt + t.duration) out.push({ id: cycle * 1000 + id, from: t.from, to: t.to, type: t.type, summary: t.summary, phase: t.phase, sentAt, deliverAt: sentAt + t.duration });
    id++;
  }
  // Ten watch events fanned out to one kubelet at once: drawn as one dot with a count.
  const burst = Math.floor(time / period) * period + 1400;
  if (time >= burst && time < burst + 800)
    for (let i = 0; i < 10; i++)
      out.push({ id: 500_000 + i, from: 'kube-apiserver', to: 'kubelet/worker-2', type: 'watch.event', summary: `WATCH pods spec.nodeName=worker-2 MODIFIED crasher (${i})`, phase: 'watch', sentAt: burst + i * 20, deliverAt: burst + 800 });
  return out;
}
