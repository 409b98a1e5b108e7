// The diagram's lanes: one per component the request can touch, in the order a request travels
// (the seed, chapter 4): kubectl, kube-apiserver's five stages, the etcd members, the
// controller-manager's controllers, kube-scheduler, then per node its kubelet, containerd and CNI,
// and the image registry. The usual lanes are always there, even when nothing reached them: a
// request that stopped at the scheduler shows empty kubelet lanes, and that is the lesson.

import type { TraceRecord } from '../../protocol/view';
import { APISERVER, STAGES, type Stage } from './pipeline';

export const KUBECTL = 'kubectl';
export const CONTROLLER_MANAGER = 'kube-controller-manager';
export const SCHEDULER = 'kube-scheduler';
export const REGISTRY = 'registry';

export interface Lane {
  /** `kubectl`, `kube-apiserver:admission`, `etcd/etcd-1`, `kube-controller-manager:replicaset`, `kubelet/worker-1`. */
  id: string;
  /** The lane's name (`kubelet`, `authn`, `replicaset`); a newline breaks a long one in two. */
  label: string;
  /** Second line (`worker-1`, `leader`, `controller`), if any. */
  sub?: string;
  /** The process this lane belongs to (`kube-apiserver` for its stages). */
  process: string;
  /** Lanes that split one process (the apiserver's stages, the controllers) name it here. */
  group?: string;
  /** A lane kept for the picture when no node is known yet (`kubelet` before scheduling). */
  placeholder?: boolean;
  /** kube-apiserver's stage this lane shows. */
  stage?: Stage;
  /** The lane is one of kube-controller-manager's controllers (`sub` says `controller`). */
  controller?: boolean;
}

/**
 * The lanes' words that are the app's own, not names: the stages' short names and the word under a
 * controller's name. Components, controllers, members and nodes keep their Kubernetes names in every
 * language (the seed writes kube-apiserver, etcd, kubelet as they are).
 */
export interface LaneWords {
  stage: Record<Stage, string>;
  controller: string;
}

/** The lanes with their own words in the page's language (the names stay). */
export function localizeLanes(lanes: readonly Lane[], words: LaneWords): Lane[] {
  return lanes.map((l) => {
    if (l.stage) return { ...l, label: words.stage[l.stage] };
    if (l.controller) return { ...l, sub: words.controller };
    return l;
  });
}

/** Short names for the stages, as the seed's pipeline is usually drawn. */
export const STAGE_LABEL: Record<Stage, string> = {
  authentication: 'authn',
  authorization: 'authz',
  admission: 'admission',
  validation: 'validation',
  storage: 'storage',
};

const WEBHOOK_LANE = 'webhook/';

/** The lane of one admission webhook (`webhook/deny-latest.example.com`). */
export function webhookLane(name: string): string {
  return `${WEBHOOK_LANE}${name}`;
}

export function stageLane(stage: Stage): string {
  return `${APISERVER}:${stage}`;
}

/** The controller that syncs an object of this kind (the c-m request's object is the one it syncs). */
const CONTROLLER_OF_KIND: Record<string, string> = {
  deployment: 'deployment',
  replicaset: 'replicaset',
  job: 'job',
  cronjob: 'cronjob',
  daemonset: 'daemonset',
  statefulset: 'statefulset',
  node: 'node-lifecycle',
  service: 'endpointslice',
  endpointslice: 'endpointslice',
  namespace: 'namespace',
  serviceaccount: 'serviceaccount',
};
/** Controllers that own pods: a pod's watch event goes to the one the request involves. */
const POD_OWNERS = ['replicaset', 'job', 'daemonset', 'statefulset'];

function controllerOf(r: TraceRecord): string | undefined {
  return r.object ? CONTROLLER_OF_KIND[r.object.kind.toLowerCase()] : undefined;
}

/** The controllers a chain shows at work: those that wrote through the apiserver. */
export function controllersIn(records: readonly TraceRecord[]): string[] {
  const seen: string[] = [];
  for (const r of records) {
    if (r.kind !== 'message' || r.from !== CONTROLLER_MANAGER || r.to !== APISERVER) continue;
    const c = controllerOf(r);
    if (c && !seen.includes(c)) seen.push(c);
  }
  return seen;
}

/** The lane of the controller-manager a record leaves from or arrives at. */
export function controllerLane(r: TraceRecord, controllers: readonly string[]): string {
  if (controllers.length === 0) return CONTROLLER_MANAGER;
  let c = controllerOf(r);
  if (r.object?.kind.toLowerCase() === 'pod') c = POD_OWNERS.find((o) => controllers.includes(o));
  return `${CONTROLLER_MANAGER}:${c && controllers.includes(c) ? c : controllers[0]}`;
}

/** The node part of `kubelet/worker-1`. */
function hostOf(process: string): string | undefined {
  const i = process.indexOf('/');
  return i < 0 ? undefined : process.slice(i + 1);
}

const NODE_PROCESSES = ['kubelet', 'containerd', 'cni', 'kube-proxy'];

export interface LaneInput {
  /** The lane ids the arrows use (process ids, or a stage or controller lane of a split process). */
  processes: Iterable<string>;
  etcdMembers: readonly string[];
  /** The nodes the request's pods are bound to (kubelet lanes even before a message reached them). */
  nodes: readonly string[];
  controllers: readonly string[];
  /** etcd process id -> `leader` / `follower`, when known. */
  etcdRoles?: Readonly<Record<string, string>>;
}

export function buildLanes(input: LaneInput): Lane[] {
  const procs = new Set(input.processes);
  const lanes: Lane[] = [{ id: KUBECTL, label: 'kubectl', process: KUBECTL }];
  for (const st of STAGES) lanes.push({ id: stageLane(st), label: STAGE_LABEL[st], process: APISERVER, group: APISERVER, stage: st });
  // Admission webhooks the request was sent to, right after the stage that calls them.
  for (const p of [...procs].sort()) if (p.startsWith(WEBHOOK_LANE)) lanes.push({ id: p, label: 'webhook', sub: p.slice(WEBHOOK_LANE.length), process: p });
  const etcd = new Set(input.etcdMembers);
  for (const p of procs) if (p.startsWith('etcd/')) etcd.add(p);
  for (const p of [...etcd].sort()) lanes.push({ id: p, label: 'etcd', sub: withRole(hostOf(p)!, input.etcdRoles?.[p]), process: p });
  if (input.controllers.length === 0) lanes.push({ id: CONTROLLER_MANAGER, label: 'kube-controller-\nmanager', process: CONTROLLER_MANAGER });
  for (const c of input.controllers) {
    lanes.push({ id: `${CONTROLLER_MANAGER}:${c}`, label: c, sub: 'controller', process: CONTROLLER_MANAGER, group: CONTROLLER_MANAGER, controller: true });
  }
  lanes.push({ id: SCHEDULER, label: 'kube-scheduler', process: SCHEDULER });
  const nodes = new Set(input.nodes);
  for (const p of procs) {
    const [kind] = p.split('/');
    if (NODE_PROCESSES.includes(kind!) && hostOf(p)) nodes.add(hostOf(p)!);
  }
  if (nodes.size === 0) {
    for (const kind of ['kubelet', 'containerd', 'cni']) lanes.push({ id: kind, label: kind, process: kind, placeholder: true });
  }
  for (const node of [...nodes].sort()) {
    for (const kind of NODE_PROCESSES) {
      const id = `${kind}/${node}`;
      if (kind === 'kube-proxy' && !procs.has(id)) continue;
      lanes.push({ id, label: kind, sub: node, process: id });
    }
  }
  lanes.push({ id: REGISTRY, label: 'registry', process: REGISTRY });
  const known = new Set(lanes.map((l) => l.id));
  for (const p of [...procs].sort()) {
    if (!known.has(p)) lanes.push({ id: p, label: p.split('/')[0]!, sub: hostOf(p), process: p });
  }
  return lanes;
}

function withRole(member: string, role: string | undefined): string {
  return role === 'leader' ? `${member} ★` : member;
}
