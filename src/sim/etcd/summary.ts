// One-line summaries of etcd messages for the trace, so a learner reading the sequence diagram sees
// `Txn put /registry/pods/default/web if mod_revision=0` rather than a message id. They name the
// proto's operations (Range, Put, DeleteRange, Txn, Compact, Watch) and compare targets
// (mod_revision, create_revision, version, value) as etcdctl and the etcd docs do.

import type {
  Compare,
  EtcdRequest,
  EtcdResponseBody,
  EtcdWatchBody,
  RequestOp,
  ResponseOp,
} from './protocol';
import { prefixRangeEnd } from './keys';

/** A lease id as etcdctl prints it: lower-case hex (`lease 694d7f9e5c2a1b05 granted with TTL(60s)`). */
export function leaseIdText(id: number): string {
  return id.toString(16);
}

/** ` prefix`, ` to <end>`, ` and after`, or nothing for a single key. */
function rangeSuffix(key: string, rangeEnd: string | undefined): string {
  if (rangeEnd === undefined || rangeEnd === '') return '';
  if (rangeEnd === '\0') return ' and after';
  if (key.length > 0 && rangeEnd === prefixRangeEnd(key)) return ' prefix';
  return ` to ${rangeEnd}`;
}

const TARGET_NAMES: Record<Compare['target'], string> = {
  MOD: 'mod_revision',
  CREATE: 'create_revision',
  VERSION: 'version',
  VALUE: 'value',
};

function compareText(c: Compare, mainKey: string | undefined): string {
  const name = TARGET_NAMES[c.target];
  const subject = c.key === mainKey ? name : `${name}(${c.key})`;
  const value = c.target === 'VALUE' ? '<value>' : String(c.value);
  return `${subject}${c.result}${value}`;
}

/** The op as it reads inside a Txn: `put /k`, `delete /k`, `range /k`, `txn`. */
function innerOp(op: RequestOp): string {
  switch (op.op) {
    case 'put':
      return `put ${op.key}`;
    case 'deleteRange':
      return `delete ${op.key}${rangeSuffix(op.key, op.rangeEnd)}`;
    case 'range':
      return `range ${op.key}${rangeSuffix(op.key, op.rangeEnd)}`;
    case 'txn':
      return 'txn';
  }
}

function txnSummary(compare: Compare[], success: RequestOp[], failure: RequestOp[]): string {
  const mainKey = success[0] && success[0].op !== 'txn' ? success[0].key : undefined;
  const ops = success.length ? success.map(innerOp).join(', ') : 'nothing';
  const cond = compare.length ? ` if ${compare.map((c) => compareText(c, mainKey)).join(' and ')}` : '';
  const els = failure.length ? ` else ${failure.map(innerOp).join(', ')}` : '';
  return `Txn ${ops}${cond}${els}`;
}

/** `Range /registry/pods/ prefix limit 500`, `Put /registry/pods/default/web`, `Watch /registry/ from rev 5`. */
export function summarizeRequest(r: EtcdRequest): string {
  switch (r.op) {
    case 'range': {
      let s = `Range ${r.key}${rangeSuffix(r.key, r.rangeEnd)}`;
      if (r.countOnly) s += ' count';
      else if (r.keysOnly) s += ' keys';
      if (r.limit) s += ` limit ${r.limit}`;
      if (r.revision) s += ` at rev ${r.revision}`;
      if (r.serializable) s += ' serializable';
      return s;
    }
    case 'put':
      return `Put ${r.key}`;
    case 'deleteRange':
      return `DeleteRange ${r.key}${rangeSuffix(r.key, r.rangeEnd)}`;
    case 'txn':
      return txnSummary(r.compare, r.success, r.failure);
    case 'compact':
      return `Compact rev ${r.revision}`;
    case 'leaseGrant':
      return `LeaseGrant TTL ${r.ttl}s`;
    case 'leaseRevoke':
      return `LeaseRevoke ${leaseIdText(r.id)}`;
    case 'watchCreate':
      return `Watch ${r.key}${r.rangeEnd === '\0' ? ' and after' : ''}${r.startRevision ? ` from rev ${r.startRevision}` : ''}`;
    case 'watchCancel':
      return `WatchCancel #${r.watchId}`;
    case 'watchProgress':
      return `WatchProgress #${r.watchId}`;
    case 'status':
      return 'Status';
    case 'memberList':
      return 'MemberList';
  }
}

function resultSummary(r: ResponseOp): string {
  switch (r.op) {
    case 'range':
      return `${r.count} ${r.count === 1 ? 'key' : 'keys'}${r.more ? ' (more)' : ''}`;
    case 'put':
      return 'OK';
    case 'deleteRange':
      return `deleted ${r.deleted}`;
    case 'txn':
      return r.succeeded ? 'Txn succeeded' : 'Txn failed';
  }
}

/** `OK rev 6`, `3 keys rev 5`, `Txn failed rev 5`, or the error text. */
export function summarizeResponse(b: EtcdResponseBody): string {
  if (b.error) return b.error.message;
  const r = b.result;
  if (!r) return `rev ${b.header.revision}`;
  if (r.op === 'compact') return `compacted rev ${b.header.revision}`;
  if (r.op === 'leaseGrant') return `lease ${leaseIdText(r.id)} granted with TTL(${r.ttl}s)`;
  if (r.op === 'leaseRevoke') return `lease revoked rev ${b.header.revision}`;
  if (r.op === 'watchCancel') return `watch #${r.watchId} canceled`;
  if (r.op === 'status') return `leader ${r.leader} term ${r.raftTerm} index ${r.raftIndex}`;
  if (r.op === 'memberList') return `${r.members.length} ${r.members.length === 1 ? 'member' : 'members'}`;
  return `${resultSummary(r)} rev ${b.header.revision}`;
}

/** `PUT /registry/pods/default/web rev 6`, `3 events to rev 9`, `watch created`, `watch canceled: ...`. */
export function summarizeWatch(b: EtcdWatchBody): string {
  if (b.canceled) return `watch canceled${b.cancelReason ? `: ${b.cancelReason}` : ''}`;
  const first = b.events[0];
  if (!first) return b.created ? `watch created rev ${b.header.revision}` : `progress rev ${b.header.revision}`;
  if (b.events.length === 1) return `${first.type} ${first.kv.key} rev ${first.kv.modRevision}`;
  const last = b.events[b.events.length - 1]!;
  return `${b.events.length} events to rev ${last.kv.modRevision}`;
}
