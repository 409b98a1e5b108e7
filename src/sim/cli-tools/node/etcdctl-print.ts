// etcdctl v3.5's `-w json` and `-w fields` (etcdctl/ctlv3/command/printer_json.go, printer_fields.go).
// json is Go's encoding/json of the gRPC response: snake_case header fields, uint64 ids as decimal
// numbers (wider than a JS number: written from the hex id, never through Number), bytes as base64,
// and every field with omitempty left out at its zero value. fields prints one `"Name" : value` line
// per field, strings quoted with %q. Checked against etcdctl 3.4.23 (Debian's etcd-client), whose
// printers these are too.

import { base64OfText } from '../../api/base64';
import type { KeyValue, MemberInfo, ResponseHeader, StatusResponse } from '../../etcd/protocol';

export type WriteOut = 'simple' | 'table' | 'json' | 'fields';

/** An id as Go prints a uint64: its decimal digits. */
export function uint64(hex: string): string {
  return /^[0-9a-f]+$/i.test(hex) ? BigInt(`0x${hex}`).toString() : '0';
}

const q = (s: string): string => JSON.stringify(s);

/** What an etcd value is as bytes: the JSON Kubeplay stores, as text. */
export function valueText(kv: KeyValue): string {
  return kv.value === null ? '' : typeof kv.value === 'string' ? kv.value : JSON.stringify(kv.value);
}

/** `"name":value` pairs, without the zero ones (omitempty), as a JSON object. */
function object(fields: [string, string | undefined][]): string {
  return `{${fields.filter(([, v]) => v !== undefined).map(([k, v]) => `${q(k)}:${v}`).join(',')}}`;
}

const num = (n: number): string | undefined => (n ? String(n) : undefined);
const id = (hex: string): string | undefined => (uint64(hex) === '0' ? undefined : uint64(hex));
const bool = (b: boolean): string | undefined => (b ? 'true' : undefined);
const list = (xs: string[]): string | undefined => (xs.length ? `[${xs.join(',')}]` : undefined);

function jsonHeader(h: ResponseHeader): string {
  return object([['cluster_id', id(h.clusterId)], ['member_id', id(h.memberId)], ['revision', num(h.revision)], ['raft_term', num(h.raftTerm)]]);
}

export function memberListJson(h: ResponseHeader, members: MemberInfo[]): string {
  const ms = members.map((m) => object([['ID', id(m.id)], ['name', m.name ? q(m.name) : undefined], ['peerURLs', list(m.peerURLs.map(q))], ['clientURLs', list(m.clientURLs.map(q))], ['isLearner', bool(m.isLearner)]]));
  return object([['header', jsonHeader(h)], ['members', list(ms)]]) + '\n';
}

export function getJson(h: ResponseHeader, kvs: KeyValue[], more: boolean, count: number): string {
  const items = kvs.map((kv) => {
    const v = valueText(kv);
    return object([['key', q(base64OfText(kv.key))], ['create_revision', num(kv.createRevision)], ['mod_revision', num(kv.modRevision)], ['version', num(kv.version)], ['value', v ? q(base64OfText(v)) : undefined], ['lease', num(kv.lease ?? 0)]]);
  });
  return object([['header', jsonHeader(h)], ['kvs', list(items)], ['more', bool(more)], ['count', num(count)]]) + '\n';
}

export interface StatusRow {
  endpoint: string;
  header: ResponseHeader;
  status: StatusResponse;
}

export function endpointStatusJson(rows: StatusRow[]): string {
  const items = rows.map((r) => {
    const s = r.status;
    const status = object([
      ['header', jsonHeader(r.header)], ['version', s.version ? q(s.version) : undefined], ['dbSize', num(s.dbSize)], ['leader', id(s.leader)],
      ['raftIndex', num(s.raftIndex)], ['raftTerm', num(s.raftTerm)], ['raftAppliedIndex', num(s.raftAppliedIndex)], ['errors', list(s.errors.map(q))],
      ['dbSizeInUse', num(s.dbSizeInUse)], ['isLearner', bool(s.isLearner)],
    ]);
    return `{"Endpoint":${q(r.endpoint)},"Status":${status}}`;
  });
  return `[${items.join(',')}]\n`;
}

export interface HealthRow {
  endpoint: string;
  health: boolean;
  took: string;
  error: string;
}

export function endpointHealthJson(rows: HealthRow[]): string {
  return `[${rows.map((r) => object([['endpoint', q(r.endpoint)], ['health', String(r.health)], ['took', q(r.took)], ['error', r.error ? q(r.error) : undefined]])).join(',')}]\n`;
}

// ---------------------------------------------------------------- -w fields

function fieldsHeader(h: ResponseHeader): string {
  return `"ClusterID" : ${uint64(h.clusterId)}\n"MemberID" : ${uint64(h.memberId)}\n"Revision" : ${h.revision}\n"RaftTerm" : ${h.raftTerm}\n`;
}

export function memberListFields(h: ResponseHeader, members: MemberInfo[]): string {
  let out = fieldsHeader(h);
  for (const m of members) {
    out += `"ID" : ${uint64(m.id)}\n"Name" : ${q(m.name)}\n`;
    for (const u of m.peerURLs) out += `"PeerURL" : ${q(u)}\n`;
    for (const u of m.clientURLs) out += `"ClientURL" : ${q(u)}\n`;
    out += `"IsLearner" : ${m.isLearner}\n\n`;
  }
  return out;
}

export function getFields(h: ResponseHeader, kvs: KeyValue[], more: boolean, count: number): string {
  let out = fieldsHeader(h);
  for (const kv of kvs) {
    out += `"Key" : ${q(kv.key)}\n"CreateRevision" : ${kv.createRevision}\n"ModRevision" : ${kv.modRevision}\n"Version" : ${kv.version}\n`;
    out += `"Value" : ${q(valueText(kv))}\n"Lease" : ${kv.lease ?? 0}\n`;
  }
  return out + `"More" : ${more}\n"Count" : ${count}\n`;
}

/** Go's %v of a []string: `[a b]`. */
const goList = (xs: string[]): string => `[${xs.join(' ')}]`;

export function endpointStatusFields(rows: StatusRow[]): string {
  return rows.map((r) => {
    const s = r.status;
    return fieldsHeader(r.header) + `"Version" : ${q(s.version)}\n"DBSize" : ${s.dbSize}\n"Leader" : ${uint64(s.leader)}\n"IsLearner" : ${s.isLearner}\n`
      + `"RaftIndex" : ${s.raftIndex}\n"RaftTerm" : ${s.raftTerm}\n"RaftAppliedIndex" : ${s.raftAppliedIndex}\n"Errors" : ${goList(s.errors)}\n"Endpoint" : ${q(r.endpoint)}\n\n`;
  }).join('');
}

export function endpointHealthFields(rows: HealthRow[]): string {
  return rows.map((r) => `"Endpoint" : ${q(r.endpoint)}\n"Health" : ${r.health}\n"Took" : ${r.took}\n"Error" : ${r.error}\n\n`).join('');
}
