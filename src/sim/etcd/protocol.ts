// The messages between an etcd client (kube-apiserver, etcdctl) and an etcd member, modelled on
// etcd's v3 gRPC API (api/etcdserverpb/rpc.proto: KV.Range, KV.Put, KV.DeleteRange, KV.Txn,
// KV.Compact, Watch.Watch, Lease.LeaseGrant, Lease.LeaseRevoke). Field names are the proto's in
// camelCase. Keys are strings compared in byte order (Kubernetes keys are ASCII, so UTF-16
// code-unit order is byte order). Values are the
// JSON objects themselves, shared immutably; real etcd stores protobuf bytes, so every stored value
// carries a `valueSize` (its JSON length) for request-size and database-size accounting.
//
// A client sends `etcd.request`; the member answers `etcd.response` (requestId = the request's
// message id). A watch is an `etcd.request` with a `watchCreate` sent with `stream: 'open'`; the
// member answers on that stream with `etcd.watch` messages whose `watchId` is the stream id.

import type { MessageBody } from '../kernel/component';
import type { MessageId } from '../kernel/units';
import { prefixRangeEnd } from './keys';

export { prefixRangeEnd, inRange } from './keys';

/** A stored value: a Kubernetes object (or any JSON value). Never mutate one you did not just create. */
export type EtcdValue = Readonly<Record<string, unknown>> | string | null;

/** etcd's `DefaultMaxRequestBytes = 1.5 * 1024 * 1024` (server/embed/config.go). */
export const MAX_REQUEST_BYTES = 1.5 * 1024 * 1024;
/** etcd's `--max-txn-ops` default. */
export const MAX_TXN_OPS = 128;

// ---------------------------------------------------------------------------------------------
// Requests

/** Read a key or a range [key, rangeEnd). rangeEnd '\0' means every key >= key. */
export interface RangeRequest {
  op: 'range';
  key: string;
  rangeEnd?: string;
  /** At most this many kvs (0 or absent = no limit); `more` tells whether there were more. */
  limit?: number;
  /** Read at this revision (0 or absent = the current one). */
  revision?: number;
  countOnly?: boolean;
  keysOnly?: boolean;
  /** A serializable read is served from the member's local store without a quorum round-trip. */
  serializable?: boolean;
}

export interface PutRequest {
  op: 'put';
  key: string;
  value: EtcdValue;
  /** JSON length of value; computed by the member when absent. */
  valueSize?: number;
  prevKv?: boolean;
  lease?: number;
}

export interface DeleteRangeRequest {
  op: 'deleteRange';
  key: string;
  rangeEnd?: string;
  prevKv?: boolean;
}

export type CompareTarget = 'MOD' | 'CREATE' | 'VERSION' | 'VALUE';
export type CompareResult = '=' | '!=' | '<' | '>';

/** One guard of a Txn: `target(key) result value`, e.g. mod_revision(/registry/pods/default/web) = 0. */
export interface Compare {
  key: string;
  target: CompareTarget;
  result: CompareResult;
  /** A revision or version number for MOD/CREATE/VERSION; the value for VALUE. */
  value: number | EtcdValue;
}

/** A request inside a Txn (etcd allows nested Txns since v3.3). */
export type RequestOp = RangeRequest | PutRequest | DeleteRangeRequest | TxnRequest;

export interface TxnRequest {
  op: 'txn';
  compare: Compare[];
  success: RequestOp[];
  failure: RequestOp[];
}

export interface CompactionRequest {
  op: 'compact';
  revision: number;
  physical?: boolean;
}

/**
 * Lease.LeaseGrant: a lease of ttl seconds. Keys put with the lease are deleted when it expires (or
 * is revoked). id 0 or absent lets the cluster choose the id.
 */
export interface LeaseGrantRequest {
  op: 'leaseGrant';
  ttl: number;
  id?: number;
}

/** Lease.LeaseRevoke: end the lease now and delete every key attached to it. */
export interface LeaseRevokeRequest {
  op: 'leaseRevoke';
  id: number;
}

export interface WatchCreateRequest {
  op: 'watchCreate';
  key: string;
  rangeEnd?: string;
  /** Replay every event from this revision on (0 or absent = only future events). */
  startRevision?: number;
  prevKv?: boolean;
  progressNotify?: boolean;
}

export interface WatchCancelRequest {
  op: 'watchCancel';
  watchId: MessageId;
}

/**
 * Ask for a progress notification on a watch: the member answers on the watch's stream with an
 * event-less etcd.watch whose header carries its current revision (etcd's WatchProgressRequest,
 * which kube-apiserver uses for consistent reads from its watch cache).
 */
export interface WatchProgressRequest {
  op: 'watchProgress';
  watchId: MessageId;
}

/** Maintenance.Status: the member's own view (etcdctl endpoint status). Served locally, no quorum needed. */
export interface StatusRequest {
  op: 'status';
}

/** Cluster.MemberList (etcdctl member list). Served from the member's own copy of the membership. */
export interface MemberListRequest {
  op: 'memberList';
}

/** The writes a member applies through its log (the entries Raft will carry). */
export type WriteRequest = PutRequest | DeleteRangeRequest | TxnRequest | CompactionRequest | LeaseGrantRequest | LeaseRevokeRequest;
export type EtcdRequest =
  | RangeRequest
  | WriteRequest
  | WatchCreateRequest
  | WatchCancelRequest
  | WatchProgressRequest
  | StatusRequest
  | MemberListRequest;

export interface EtcdRequestBody extends MessageBody {
  type: 'etcd.request';
  request: EtcdRequest;
}

// ---------------------------------------------------------------------------------------------
// Responses

export interface ResponseHeader {
  clusterId: string;
  memberId: string;
  /** The store's revision when the request was served. */
  revision: number;
  raftTerm: number;
}

/** mvccpb.KeyValue. A DELETE event's kv has only key and modRevision (the others are 0/null). */
export interface KeyValue {
  key: string;
  createRevision: number;
  modRevision: number;
  version: number;
  /** null for keysOnly reads and in DELETE events. */
  value: EtcdValue;
  valueSize: number;
  lease?: number;
}

export interface RangeResponse {
  op: 'range';
  kvs: KeyValue[];
  more: boolean;
  count: number;
}
export interface PutResponse {
  op: 'put';
  prevKv?: KeyValue;
}
export interface DeleteRangeResponse {
  op: 'deleteRange';
  deleted: number;
  prevKvs?: KeyValue[];
}
export interface TxnResponse {
  op: 'txn';
  succeeded: boolean;
  responses: ResponseOp[];
}
export interface CompactionResponse {
  op: 'compact';
}
export interface LeaseGrantResponse {
  op: 'leaseGrant';
  id: number;
  /** The TTL granted, in seconds. */
  ttl: number;
}
export interface LeaseRevokeResponse {
  op: 'leaseRevoke';
}
/** The answer to a watchCancel sent as a plain request (the stream also gets a canceled etcd.watch). */
export interface WatchCancelResponse {
  op: 'watchCancel';
  watchId: MessageId;
}

/** etcdserverpb.StatusResponse, with the fields etcdctl endpoint status prints. */
export interface StatusResponse {
  op: 'status';
  version: string;
  dbSize: number;
  dbSizeInUse: number;
  /** The member id of the leader this member knows ('0000000000000000' when none). */
  leader: string;
  raftIndex: number;
  raftTerm: number;
  raftAppliedIndex: number;
  isLearner: boolean;
  errors: string[];
}

/** etcdserverpb.Member. */
export interface MemberInfo {
  id: string;
  name: string;
  peerURLs: string[];
  clientURLs: string[];
  isLearner: boolean;
}

export interface MemberListResponse {
  op: 'memberList';
  members: MemberInfo[];
}

export type ResponseOp = RangeResponse | PutResponse | DeleteRangeResponse | TxnResponse;
export type EtcdResult =
  | ResponseOp
  | CompactionResponse
  | LeaseGrantResponse
  | LeaseRevokeResponse
  | WatchCancelResponse
  | StatusResponse
  | MemberListResponse;

/** gRPC status codes etcd uses for its errors. */
export type GrpcCode =
  | 'InvalidArgument'
  | 'OutOfRange'
  | 'Unavailable'
  | 'ResourceExhausted'
  | 'FailedPrecondition'
  | 'NotFound'
  | 'DeadlineExceeded';

export interface EtcdError {
  code: GrpcCode;
  /** The exact message etcd's client surfaces, e.g. `etcdserver: request timed out`. */
  message: string;
}

export interface EtcdResponseBody extends MessageBody {
  type: 'etcd.response';
  requestId: MessageId;
  header: ResponseHeader;
  result?: EtcdResult;
  error?: EtcdError;
}

export interface WatchEvent {
  type: 'PUT' | 'DELETE';
  kv: KeyValue;
  prevKv?: KeyValue;
}

export interface EtcdWatchBody extends MessageBody {
  type: 'etcd.watch';
  /** The id of the watchCreate message (= the stream id). */
  watchId: MessageId;
  events: WatchEvent[];
  header: ResponseHeader;
  /** Set on the first message of a watch: the watch is registered. */
  created?: boolean;
  /** The watch ended (cancel, compaction, member shutdown); no more messages follow. */
  canceled?: boolean;
  /** Set with canceled when startRevision was compacted: the oldest revision still available. */
  compactRevision?: number;
  cancelReason?: string;
}

// ---------------------------------------------------------------------------------------------
// Errors: the exact strings of etcd's api/v3rpc/rpctypes/error.go.

const err = (code: GrpcCode, message: string): EtcdError => ({ code, message });

export const ETCD_ERRORS = {
  emptyKey: err('InvalidArgument', 'etcdserver: key is not provided'),
  tooManyOps: err('InvalidArgument', 'etcdserver: too many operations in txn request'),
  duplicateKey: err('InvalidArgument', 'etcdserver: duplicate key given in txn request'),
  requestTooLarge: err('InvalidArgument', 'etcdserver: request is too large'),
  compacted: err('OutOfRange', 'etcdserver: mvcc: required revision has been compacted'),
  futureRev: err('OutOfRange', 'etcdserver: mvcc: required revision is a future revision'),
  noSpace: err('ResourceExhausted', 'etcdserver: mvcc: database space exceeded'),
  leaseNotFound: err('NotFound', 'etcdserver: requested lease not found'),
  leaseExists: err('FailedPrecondition', 'etcdserver: lease already exists'),
  noLeader: err('Unavailable', 'etcdserver: no leader'),
  notLeader: err('FailedPrecondition', 'etcdserver: not leader'),
  stopped: err('Unavailable', 'etcdserver: server stopped'),
  leaderChanged: err('Unavailable', 'etcdserver: leader changed'),
  timeout: err('Unavailable', 'etcdserver: request timed out'),
  timeoutDueToLeaderFail: err(
    'Unavailable',
    'etcdserver: request timed out, possibly due to previous leader failure',
  ),
  timeoutDueToConnectionLost: err(
    'Unavailable',
    'etcdserver: request timed out, possibly due to connection lost',
  ),
  unhealthyCluster: err('Unavailable', 'etcdserver: unhealthy cluster'),
} as const satisfies Record<string, EtcdError>;

/** The watch cancel reason etcd sends when startRevision is compacted (mvcc.ErrCompacted without the prefix). */
export const WATCH_COMPACTED_REASON = 'mvcc: required revision has been compacted';

// ---------------------------------------------------------------------------------------------
// Builders, in the spirit of clientv3's OpGet / OpPut / OpDelete / OpTxn / Compare.

type RangeOpts = Omit<RangeRequest, 'op' | 'key'>;

export const opRange = (key: string, opts: RangeOpts = {}): RangeRequest => ({ op: 'range', key, ...opts });
export const opRangePrefix = (prefix: string, opts: Omit<RangeOpts, 'rangeEnd'> = {}): RangeRequest => ({
  op: 'range',
  key: prefix,
  rangeEnd: prefixRangeEnd(prefix),
  ...opts,
});
export const opPut = (key: string, value: EtcdValue, opts: Omit<PutRequest, 'op' | 'key' | 'value'> = {}): PutRequest => ({
  op: 'put',
  key,
  value,
  ...opts,
});
export const opDelete = (key: string, opts: Omit<DeleteRangeRequest, 'op' | 'key'> = {}): DeleteRangeRequest => ({
  op: 'deleteRange',
  key,
  ...opts,
});
export const opTxn = (compare: Compare[], success: RequestOp[], failure: RequestOp[] = []): TxnRequest => ({
  op: 'txn',
  compare,
  success,
  failure,
});
export const opCompact = (revision: number, physical = false): CompactionRequest => ({ op: 'compact', revision, physical });
export const opLeaseGrant = (ttl: number, id = 0): LeaseGrantRequest => (id ? { op: 'leaseGrant', ttl, id } : { op: 'leaseGrant', ttl });
export const opLeaseRevoke = (id: number): LeaseRevokeRequest => ({ op: 'leaseRevoke', id });
export const opWatch = (key: string, opts: Omit<WatchCreateRequest, 'op' | 'key'> = {}): WatchCreateRequest => ({
  op: 'watchCreate',
  key,
  ...opts,
});
export const opWatchPrefix = (
  prefix: string,
  opts: Omit<WatchCreateRequest, 'op' | 'key' | 'rangeEnd'> = {},
): WatchCreateRequest => ({ op: 'watchCreate', key: prefix, rangeEnd: prefixRangeEnd(prefix), ...opts });
export const opWatchCancel = (watchId: MessageId): WatchCancelRequest => ({ op: 'watchCancel', watchId });
export const opWatchProgress = (watchId: MessageId): WatchProgressRequest => ({ op: 'watchProgress', watchId });
export const opStatus = (): StatusRequest => ({ op: 'status' });
export const opMemberList = (): MemberListRequest => ({ op: 'memberList' });

export const cmpModRevision = (key: string, result: CompareResult, value: number): Compare => ({ key, target: 'MOD', result, value });
export const cmpCreateRevision = (key: string, result: CompareResult, value: number): Compare => ({ key, target: 'CREATE', result, value });
export const cmpVersion = (key: string, result: CompareResult, value: number): Compare => ({ key, target: 'VERSION', result, value });
export const cmpValue = (key: string, result: CompareResult, value: EtcdValue): Compare => ({ key, target: 'VALUE', result, value });

/** Wrap a request into the message body a client sends. */
export const etcdRequest = (request: EtcdRequest): EtcdRequestBody => ({ type: 'etcd.request', request });

export function isEtcdResponse(b: MessageBody): b is EtcdResponseBody {
  return b.type === 'etcd.response';
}
export function isEtcdRequest(b: MessageBody): b is EtcdRequestBody {
  return b.type === 'etcd.request';
}
export function isEtcdWatch(b: MessageBody): b is EtcdWatchBody {
  return b.type === 'etcd.watch';
}

export { summarizeRequest, summarizeResponse, summarizeWatch } from './summary';
