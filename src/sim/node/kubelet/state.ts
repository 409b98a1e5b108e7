// The kubelet's state as plain data: its API client and pod informer, the node it registered, the
// lease, and one pod worker per pod bound to this node. A pod worker is the kubelet's SyncPod as a
// state machine: it waits on one CRI call at a time and remembers where it is.

import type { CachedToken } from './token-manager';
import type { Container, ContainerStateTerminated, Pod, Taint } from '../../api/types';
import type { ClientState } from '../../client/apiclient';
import type { EventCache } from '../../client/event-recorder';
import type { InformerSet } from '../../client/informer-set';
import type { Credentials } from '../../api/http';
import type { Timings } from '../../config';
import type { MessageId, ProcessId, RecordId, TimerId } from '../../kernel/units';
import type { Backoff } from './backoff';
import type { StaticPodManifest } from '../../bootstrap/static-pods';
import type { ContainerInfo, CriCall, PodSandboxInfo } from '../runtime/cri';

export interface KubeletConfig {
  nodeName: string;
  apiserver: ProcessId;
  containerd: ProcessId;
  credentials: Credentials;
  nodeIP: string;
  podCIDR: string;
  capacity: { cpu: string; memory: string; pods: string; 'ephemeral-storage': string };
  labels: Record<string, string>;
  taints: Taint[];
  timings: Timings;
  /** The manifests in /etc/kubernetes/manifests (a kubeadm control-plane node): static pods, each a process of this host. */
  staticPods?: StaticPodManifest[];
  /** Pods from the API whose one container is a process of this host (kube-proxy's DaemonSet pod). */
  processPods?: { namespace: string; labels: Record<string, string>; process: ProcessId }[];
}

export type ProbeKind = 'liveness' | 'readiness' | 'startup';

export interface ProbeState {
  kind: ProbeKind;
  successes: number;
  failures: number;
  /** The last result: undefined until the first probe. */
  result?: boolean;
  timer?: TimerId;
  inFlight: boolean;
}

export interface ContainerWorker {
  name: string;
  spec: Container;
  state: 'waiting' | 'running' | 'terminated';
  waitingReason: string;
  waitingMessage?: string;
  containerId?: string;
  /** The image as the runtime names it (`docker.io/library/nginx:1.25`) and its id. */
  imageName?: string;
  imageId?: string;
  startedAt?: number;
  finishedAt?: number;
  exitCode?: number;
  terminatedReason?: string;
  lastTerminated?: ContainerStateTerminated;
  restartCount: number;
  ready: boolean;
  started: boolean;
  /** A back-off (pull or crash loop) is running; the timer resumes the sync. */
  retryTimer?: TimerId;
  /** When a pull started (for "including waiting"). */
  pullStartedAt?: number;
  probes: ProbeState[];
  /** StopContainer sent (termination or a failed liveness probe). */
  stopping?: boolean;
  /**
   * An init container: `regular` runs to completion before the next one starts; `sidecar` (an init
   * container with restartPolicy: Always, KEP-753) only has to have started, and keeps running.
   */
  init?: 'regular' | 'sidecar';
  /**
   * Its volume files as last handed to the runtime, so a resync sends only a change. Kept as the
   * record itself, whose contents name the same strings as the token cache and the informers' objects
   * (ca.crt, the token): its JSON was a private copy of ~2.5 KB per container (issue 14).
   */
  mounted?: Readonly<Record<string, string>>;
}

export interface PodWorker {
  uid: string;
  namespace: string;
  name: string;
  pod: Pod;
  /** The watch record that delivered the pod: the root of this worker's cause chain. */
  cause: RecordId;
  sandboxId?: string;
  podIP?: string;
  sandboxAttempt: number;
  /** Its sandbox died (the machine lost power): the next one is made with the SandboxChanged event. */
  sandboxChanged?: boolean;
  /** Sandboxes of this pod that died before this kubelet ran: removed with the pod (evictSandboxes). */
  deadSandboxes?: string[];
  startTime: number;
  readyToStartAt?: number;
  containers: ContainerWorker[];
  /** Its sync waits for the first LIST of a ConfigMap or Secret it names (object-managers.ts). */
  awaitingObjects?: boolean;
  /** A ConfigMap or Secret it mounts changed; the periodic sync will rewrite its files (volume-resync.ts). */
  volumeResyncPending?: boolean;
  /** spec.initContainers, in order (see init-containers.ts). */
  initContainers: ContainerWorker[];
  /** A CRI call for this pod is in flight; the sync continues when it answers. */
  busy: boolean;
  terminating: boolean;
  /** The grace period (seconds) of the StopContainer calls sent; a shorter one later kills again. */
  stopGrace?: number;
  /** The pod is gone from the API (deleted for good, or force-deleted while still running here). */
  removed?: boolean;
  /** All containers stopped and the sandbox too: the pod can be deleted from the API. */
  terminated: boolean;
  /** Condition type -> last transition time. */
  transitions: Record<string, number>;
  lastStatusJson?: string;
  /**
   * A status PATCH is on its way, and whether the status changed again since it left. The status
   * manager syncs a pod's status one update at a time (one goroutine, status_manager.go syncBatch):
   * two PATCHes of one pod in flight could land in the wrong order and write an older status last.
   */
  statusInFlight?: boolean;
  statusDirty?: boolean;
  /** The host process this pod's container is (process-pods.ts), and its incarnation that counts as no restart. */
  process?: ProcessId;
  baseIncarnation?: number;
}

/** A CRI call in flight and what its answer is for. */
export interface CriCallRecord {
  call: CriCall;
  podUid?: string;
  container?: string;
  purpose: 'sync' | 'probe' | 'logs' | 'exec' | 'runtime-list' | 'runtime-list-containers' | 'runtime-images' | 'stop' | 'events' | 'portforward' | 'attach';
  /** For logs: the apiserver's request to answer. */
  reply?: { process: ProcessId; incarnation: number; requestId: MessageId; container: string; timestamps: boolean; pod: string; after?: string; sinceMs?: number; tail?: number; limitBytes?: number };
  probe?: ProbeKind;
  sentAt: number;
}

/** One ConfigMap's or Secret's own reflector (object-managers.ts): `configmaps/<ns>/<name>`. */
export type ObjectInformer = `configmaps/${string}` | `secrets/${string}`;

/** The kubelet's informers: its pods, and each ConfigMap and Secret their env and volumes read. */
export type KubeletInformer = 'pods' | 'node' | ObjectInformer;

export interface KubeletState {
  config: KubeletConfig;
  client: ClientState;
  /** The pods bound to this node (fieldSelector spec.nodeName=<node>): the kubelet's apiserver pod source. */
  informers: InformerSet<KubeletInformer>;
  /** Object informer -> the uids of the pods that name it (the managers' reference counts). */
  objectRefs: Map<ObjectInformer, Set<string>>;
  registered: boolean;
  nodeUid?: string;
  startedAt: number;
  /** The runtime answers (cleared when containerd's socket refuses or its event stream ends). */
  runtimeUp: boolean;
  /** When the Ready condition last changed. */
  readySince: number;
  lease?: { resourceVersion?: string; exists: boolean };
  lastStatusPostAt: number;
  lastNodeStatusJson?: string;
  /** The Ready/pressure conditions (type=status) of this Node as the apiserver last showed it (the node informer). */
  apiNodeConditions?: string;
  images: Map<string, { names: string[]; sizeBytes: number }>;
  workers: Map<string, PodWorker>;
  /** containerId -> pod uid */
  byContainer: Map<string, string>;
  cri: Map<MessageId, CriCallRecord>;
  /** What the runtime already runs (read once at start, to adopt containers after a kubelet restart). */
  runtime?: { sandboxes?: PodSandboxInfo[]; containers?: ContainerInfo[] };
  eventsStream?: MessageId;
  /** Probe requests in flight (httpGet/tcpSocket through containerd, exec through ExecSync). */
  probeCalls: Map<MessageId, { uid: string; container: string; kind: ProbeKind; target: string; hostPort: string }>;
  imageBackoff: Backoff;
  crashBackoff: Backoff;
  eventSeq: number;
  /** The event correlator's cache (client/event-recorder.ts), made on the first event. */
  eventCache?: EventCache;
  /** Pods whose last status PATCH failed: the status manager retries them on its next batch (10 s). */
  statusRetry?: Set<string>;
  /** Mirror pods whose POST is in flight, and when the static pods were first seen (process-pods.ts). */
  mirrorsPosting?: string[];
  staticSeenAt?: number;
  /** Processes stopped because their pod was deleted: the pod that replaces it starts them again. */
  stoppedWithPod?: ProcessId[];
  /** The token manager's cache (token-manager.ts): `uid|sa|audience|expiry` -> token, and the requests in flight. */
  tokens?: Map<string, CachedToken>;
  tokenRequests?: Set<string>;
  /** The node's cumulative CPU counter for /metrics/resource (resource-metrics.ts), as of `at`. */
  resourceCounter?: { at: number; coreSeconds: number };
}
