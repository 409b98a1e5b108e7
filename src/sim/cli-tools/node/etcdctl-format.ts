// etcdctl v3.5's output formats: the simple comma-separated lines and the tablewriter tables
// (etcdctl/ctlv3/command/printer_simple.go, printer_table.go), humanize.Bytes for the database size,
// Go's time.Duration for "took", and the clientv3 retry warning it prints before a failed call.

import { rfc3339Micro } from '../../api/time';
import type { MemberInfo, StatusResponse } from '../../etcd/protocol';

/** Go's %.0f: an exact half rounds to the even neighbour (20.5 -> 20), unlike toFixed. */
function roundHalfEven(v: number): string {
  const f = Math.floor(v);
  if (v - f !== 0.5) return String(Math.round(v));
  return String(f % 2 === 0 ? f : f + 1);
}

/** go-humanize Bytes: SI units, one decimal below 10 (`20 kB`, `2.5 MB`, `9 B`). */
export function humanizeBytes(n: number): string {
  if (n < 10) return `${n} B`;
  const sizes = ['B', 'kB', 'MB', 'GB', 'TB', 'PB', 'EB'];
  const e = Math.floor(Math.log(n) / Math.log(1000));
  const val = Math.floor((n / Math.pow(1000, e)) * 10 + 0.5) / 10;
  return `${val < 10 ? val.toFixed(1) : roundHalfEven(val)} ${sizes[e]}`;
}

/** Go's Duration.String, to the microsecond (`0s`, `2.974ms`, `1.5s`). */
export function goDuration(ms: number): string {
  const us = Math.round(ms * 1000);
  if (us === 0) return '0s';
  if (us < 1000) return `${us}µs`;
  if (us < 1_000_000) return `${us / 1000}ms`;
  return `${us / 1_000_000}s`;
}

/**
 * olekukonko/tablewriter as etcdctl sets it up: a border of + - |, headers upper-cased and centred
 * (the odd space to the right), cells right-aligned, one space of padding each side.
 */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = '+' + widths.map((w) => '-'.repeat(w + 2)).join('+') + '+\n';
  const center = (s: string, w: number): string => {
    const gap = w - s.length;
    const left = Math.floor(gap / 2);
    return ' '.repeat(left) + s + ' '.repeat(gap - left);
  };
  let out = line + '|' + header.map((h, i) => ` ${center(h.toUpperCase(), widths[i]!)} `).join('|') + '|\n' + line;
  for (const r of rows) out += '|' + widths.map((w, i) => ` ${(r[i] ?? '').padStart(w)} `).join('|') + '|\n';
  return out + line;
}

export interface EndpointStatusRow {
  endpoint: string;
  memberId: string;
  status: StatusResponse;
}

function statusCells(r: EndpointStatusRow): string[] {
  const s = r.status;
  return [
    r.endpoint,
    r.memberId,
    s.version,
    humanizeBytes(s.dbSize),
    String(s.leader === r.memberId),
    String(s.isLearner),
    String(s.raftTerm),
    String(s.raftIndex),
    String(s.raftAppliedIndex),
    s.errors.join(', '),
  ];
}

const STATUS_HEADER = ['endpoint', 'ID', 'version', 'db size', 'is leader', 'is learner', 'raft term', 'raft index', 'raft applied index', 'errors'];

export function endpointStatusOutput(rows: EndpointStatusRow[], asTable: boolean): string {
  if (asTable) return table(STATUS_HEADER, rows.map(statusCells));
  return rows.map((r) => statusCells(r).join(', ') + '\n').join('');
}

const MEMBER_HEADER = ['ID', 'status', 'name', 'peer addrs', 'client addrs', 'is learner'];

export function memberListOutput(members: MemberInfo[], asTable: boolean): string {
  const cells = members.map((m) => [m.id, 'started', m.name, m.peerURLs.join(','), m.clientURLs.join(','), String(m.isLearner)]);
  if (asTable) return table(MEMBER_HEADER, cells);
  return cells.map((c) => c.join(', ') + '\n').join('');
}

/** The warning clientv3's retry interceptor logs (to stderr) when a call fails. */
export function retryWarning(now: number, endpoint: string, error: string): string {
  const line = {
    level: 'warn',
    ts: rfc3339Micro(now),
    logger: 'etcd-client',
    caller: 'v3@v3.5.15/retry_interceptor.go:63',
    msg: 'retrying of unary invoker failed',
    target: `etcd-endpoints://0xc000434000/${endpoint.replace(/^https?:\/\//, '')}`,
    attempt: 0,
    error,
  };
  return JSON.stringify(line) + '\n';
}

/** The gRPC error of a call whose endpoint refused the connection until the deadline. */
export function refusedError(hostPort: string): string {
  return `rpc error: code = DeadlineExceeded desc = latest balancer error: last connection error: connection error: desc = "transport: Error while dialing: dial tcp ${hostPort}: connect: connection refused"`;
}

export const DEADLINE_ERROR = 'rpc error: code = DeadlineExceeded desc = context deadline exceeded';
