// kube-apiserver's state: plain data only (a snapshot is one structuredClone). Requests that wait
// for etcd are records keyed by the client's request id; the etcd calls in flight point back to
// them by that id and say which step of the request they answer.

import type { AggregatorCall } from './aggregator/proxy';
import type { TraceStep } from '../kernel/trace';
import type { HttpRequest } from '../api/http';
import type { FieldSelector } from '../api/fields';
import type { Selector } from '../api/labels';
import type { KubeList, KubeObject, Status } from '../api/types';
import type { Message, Phase, ReplyAddress } from '../kernel/component';
import type { MessageId, ProcessId, TimerId } from '../kernel/units';
import type { EtcdError, EtcdRequest } from '../etcd/protocol';
import type { UserInfo } from './authn';
import type { RbacIndex } from './authz';
import type { RequestInfo } from './requestinfo';
import type { Timings } from '../config';
import type { LeaseManagerState, PendingWrite } from './lease-manager';
import type { CompactorState, CompactStep } from './compactor';
import type { HealthRequest } from './health';
import type { WebhookCall } from './webhooks/call';
import type { WebhookRun } from './webhooks/dispatch';
import type { NodeKernel } from '../node/kernel/packet-path';

export interface ApiserverConfig {
  /** etcd members the apiserver talks to (--etcd-servers), tried in order. */
  etcd: ProcessId[];
  timings: Timings;
  /** Static bearer tokens (--token-auth-file). */
  tokens: Record<string, UserInfo>;
  /** --advertise-address, e.g. 10.0.0.10. */
  advertiseAddress: string;
  /** How long one etcd call may take before the apiserver gives up on it (default ETCD_REQUEST_TIMEOUT_MS). */
  etcdRequestTimeoutMs?: number;
  /** Events kept per resource in the watch cache's window, fixed (default: it sizes itself by age, watchcache.ts). */
  watchCacheCapacity?: number;
  /** --feature-gates: v1.31's defaults unless set (WatchList off). */
  featureGates?: { WatchList?: boolean };
}

/** What an etcd call in flight is for. */
export type EtcdPurpose =
  | { kind: 'initialList' }
  | { kind: 'watch' }
  | { kind: 'bootstrapNamespace'; name: string }
  | { kind: 'bootstrapObject'; key: string }
  | { kind: 'autoregister'; name: string }
  | { kind: 'rbacBootstrap'; cacheKey: string }
  | { kind: 'compact'; step: CompactStep }
  | { kind: 'request'; requestId: MessageId; step: RequestStep }
  | { kind: 'quotaStatus'; key: string }
  | { kind: 'health'; msg: Message<HttpRequest>; health: HealthRequest; user: string };

export type RequestStep = 'get' | 'list' | 'current-revision' | 'create' | 'dry-run-create' | 'load' | 'write' | 'lease';

export interface EtcdCall {
  id: MessageId;
  purpose: EtcdPurpose;
  request: EtcdRequest;
  summary: string;
  endpoint: number;
  /** How many endpoints refused this call so far. */
  refused: number;
  /** How many times a read was retried on another endpoint after an Unavailable error. */
  retried?: number;
  timer?: TimerId;
  /** The client refused to send the call (gRPC's message size limit): this is its error. */
  localError?: EtcdError;
}

export interface EtcdClientState {
  endpoints: ProcessId[];
  current: number;
  timeoutMs: number;
  pending: Map<MessageId, EtcdCall>;
  /** The open etcd watch on /registry/ (its stream id), and the endpoint it is on. */
  watchId?: MessageId;
  watchEndpoint?: number;
  /** When the watch's member was last heard from, and the gRPC keepalive timer (with its PING in flight). */
  lastHeardAt?: number;
  keepalive?: { timer: TimerId; ping?: MessageId };
  /** Calls failed before sending get ids -1, -2, ... (no message carries them). */
  localCalls?: number;
}

/** The kinds of write a request performs through GuaranteedUpdate. */
export type WriteOp = 'update' | 'patch' | 'status' | 'binding' | 'delete' | 'eviction';

/** A client request in the pipeline, waiting for etcd. */
export interface RequestContext {
  msg: Message<HttpRequest>;
  ri: RequestInfo;
  user: UserInfo;
  /** Each stage's outcome, in order (`Authentication: admin`, `Storage: 201`): the audit line and the trace's steps. */
  stages: TraceStep[];
  op?: WriteOp | 'create';
  /** The decoded body (create, update, binding) or the patch. */
  body?: unknown;
  /** The object a create stores (after admission and validation). */
  object?: KubeObject;
  /** The stored object an update works from, and where it came from. */
  current?: { obj: KubeObject; modRevision: number; fromCache: boolean };
  /** A graceful delete that updated the object rather than removing it. */
  graceful?: boolean;
  /** A write of an object with a TTL, waiting for its etcd lease (lease-manager.ts). */
  pendingWrite?: PendingWrite;
  /** How many of GuaranteedUpdate's writes lost the race (a Txn whose mod_revision compare failed). */
  attempts: number;
  /** Where in `stages` the current tryUpdate's steps begin: a retry replaces them (stages/storage.ts tryAgain). */
  attemptFrom?: number;
  /** An eviction's PodDisruptionBudget as etcd last returned it (after a lost race), fresher than the cache. */
  budget?: CachedObject;
  /** A server-side apply's managedFields, kept for the object the update stores. */
  managedFields?: unknown[];
  /** Warning headers for the answer (`unknown field "spec.foo"` with fieldValidation=Warn). */
  warnings?: string[];
  /** How often admission looked for the pod's `default` ServiceAccount, and the interval between looks (stages/service-account-wait.ts). */
  serviceAccountLookups?: number;
  serviceAccountRetryMs?: number;
  /** Admission waiting for webhooks, and the review uid sent to each. */
  webhooks?: WebhookRun;
  webhookUids?: string[];
  /** One item of a deletecollection: its answer goes back to the collection's request by a timer (delete-collection.ts). */
  collectionItem?: boolean;
}

export interface CachedObject {
  obj: KubeObject;
  modRevision: number;
}

export interface CacheEvent {
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  obj: KubeObject;
  prev?: KubeObject;
  rv: number;
  /** When the cache recorded it (watchCacheEvent.RecordTime), simulated ms. */
  at?: number;
}

export interface ResourceCache {
  objects: Map<string, CachedObject>;
  /**
   * Recent events, oldest first: the window is events[head..], at most capacity (windowEvents,
   * watchcache.ts). Events pushed out of it stay before `head` until they are half the array, then
   * go in one slice, as watch_cache.go's cyclic buffer pushes one out at no cost.
   */
  events: CacheEvent[];
  /** Index of the window's oldest event in `events` (0 when absent). */
  head?: number;
  /** The revision the cache was listed at. */
  listRv: number;
  /** Whether any event has been pushed out of the window (then the oldest event bounds replays). */
  evicted: boolean;
  /** How many events the window holds now (it grows and shrinks with their age; watchcache.ts). */
  capacity?: number;
}

export interface Watcher {
  id: MessageId;
  client: ReplyAddress;
  resource: string;
  namespace: string;
  labels: Selector;
  fields: FieldSelector;
  /** spec.nodeName=X in the field selector of a pod watch: the index key. */
  nodeName?: string;
  /** metadata.name=X in the field selector of a node watch (the kubelet's, kube-proxy's): the index key. */
  name?: string;
  /** Order of arrival: watchers found through several index entries are served in this order. */
  seq?: number;
  phase: Phase;
  /** The client asked for Tables (`kubectl get -w`): each event's object is a one-row Table. */
  table?: { includeObject?: string };
  /** allowWatchBookmarks=true: the watch's deadline and the resourceVersion it started from (watch-bookmark.ts). */
  bookmarks?: { deadline: number; fromRv: number };
}

export interface WatcherIndexEntry {
  any: Set<MessageId>;
  byNamespace: Map<string, Set<MessageId>>;
  byNodeName: Map<string, Set<MessageId>>;
  /** Node watchers by the node they select (NodeNameTriggerFunc). */
  byName?: Map<string, Set<MessageId>>;
}

export interface ProxyCall {
  requestId: MessageId;
  /** The proxy's timeout; an exec stream has none (it stays open while the command runs). */
  timer?: TimerId;
  /** The kubelet path proxied to, for the error texts (`/containerLogs/...` when absent). */
  kubeletPath?: string;
}

export interface ApiserverState {
  config: ApiserverConfig;
  /** RBAC bindings in the watch cache, indexed by subject (authz/rbac-index.ts). */
  rbac: RbacIndex;
  /** Default RBAC objects (`clusterroles/cluster-admin`) the rbac/bootstrap-roles hook created and the cache has not shown yet. */
  rbacBootstrapPending: Set<string>;
  etcd: EtcdClientState;
  /** The watch cache has listed etcd and its watch is running. */
  synced: boolean;
  /** Requests that arrived before the cache synced; served once it has. */
  queued: Message<HttpRequest>[];
  requests: Map<MessageId, RequestContext>;
  cache: Map<string, ResourceCache>;
  /** The highest etcd revision the cache has seen. */
  revision: number;
  /** The revision of the initial list: every resource's window starts there, even one first seen later. */
  listRevision: number;
  watchers: Map<MessageId, Watcher>;
  watcherIndex: Map<string, WatcherIndexEntry>;
  /** The next watcher's arrival number. */
  watcherSeq?: number;
  /** Log requests proxied to kubelets, by the proxied request's id. */
  proxies: Map<MessageId, ProxyCall>;
  /** A fixed window size (ApiserverConfig.watchCacheCapacity); unset, the window sizes itself. */
  capacity?: number;
  /** The etcd lease that events are written with (lease-manager.ts); created on first use. */
  leases?: LeaseManagerState;
  /** The etcd compactor's memory (compactor.ts); lost with the process, as the real one's. */
  compactor?: CompactorState;
  /** Quota usage the ResourceQuota plugin charged and the cache has not shown yet (quota-charge.ts). */
  quotaCharged?: Map<string, ChargedQuota>;
  /** The Node authorizer's graph: `ns/name` of the pods bound to each node (node-graph-source.ts), built on first use. */
  podsByNode?: Map<string, Set<string>>;
  /**
   * The service account signing key (kubeadm's /etc/kubernetes/pki/sa.key): made from the PRNG on
   * first boot and persisted, so tokens stay valid across an apiserver restart.
   */
  serviceAccountKey: number[];
  /** Pod creates held while admission waits for the namespace's `default` ServiceAccount. */
  heldForServiceAccount?: Map<MessageId, RequestContext>;
  /** deletecollection requests deleting their items one by one, by request id (delete-collection.ts). */
  deleteCollections?: Map<MessageId, { rc: RequestContext; list: KubeList; index: number }>;
  /** Consistent LISTs waiting for the watch cache to reach etcd's revision they read (storage.ts serveFreshLists). */
  freshLists?: { rc: RequestContext; revision: number }[];
  /** The cacher's progress requester while reads wait (watch-progress.ts): when it last asked, and its pending period. */
  progressRequests?: { lastAt?: number; timer?: TimerId };
  /** Requests whose admission waits for webhooks (webhooks/dispatch.ts), by request id. */
  heldForWebhooks?: Map<MessageId, RequestContext>;
  /** Webhook calls in flight, by the message id of the POST (webhooks/call.ts). */
  /** Admission webhook calls in flight, by their serial (the key of their timeout timer). */
  webhookCalls?: Map<number, WebhookCall>;
  webhookCallSerial?: number;
  /** The record kube-apiserver started under: the cacher's own loops (periodic bookmarks) run under it. */
  loopCause?: number;
  /** The control-plane host kernel's connection state the apiserver's own connections leave in it. */
  webhookKernel?: NodeKernel;
  /** The aggregator's proxied requests in flight and its connection table (aggregator/proxy.ts). */
  aggregatorCalls?: Map<MessageId, AggregatorCall>;
  aggregatorKernel?: NodeKernel;
  /** APIService status writes in flight through the loopback client: name -> request id. */
  apiServiceWrites?: Map<string, MessageId>;
  /** The autoregister controller, once the kube-apiserver-autoregistration hook has run (aggregator/autoregister-controller.ts). */
  autoregister?: AutoregisterState;
}

export type { Status };
import type { ChargedQuota } from './quota-charge';
import type { AutoregisterState } from './aggregator/autoregister-controller';
