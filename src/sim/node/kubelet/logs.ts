// The kubelet's /containerLogs/{ns}/{pod}/{container} endpoint, which kube-apiserver calls for
// `kubectl logs`. Which container's log is read follows validateContainerLogStatus
// (kubelet_pods.go): the running one, else the last terminated one; a container that never ran
// answers 400 `container "nginx" in pod "web" is waiting to start: ContainerCreating`.

import type { HttpRequest, HttpResponse } from '../../api/http';
import { badRequest, notFound } from '../../api/errors';
import { parseTime, rfc3339Micro } from '../../api/time';
import type { Effects, Message } from '../../kernel/component';
import { parseCriLogLine, type CriResponse, type ReadLogsResult } from '../runtime/cri';
import { criCall } from './cri-client';
import { findContainer } from './init-containers';
import type { CriCallRecord, KubeletState } from './state';
import { T } from './texts';

function respond(ctx: Effects, to: { process: string; incarnation: number }, requestId: number, status: number, body: unknown, summary: string): void {
  const r: HttpResponse = { type: 'http.response', requestId, status, body };
  ctx.send(to, r, { summary, phase: 'user' });
}

export function onContainerLogs(s: KubeletState, ctx: Effects, msg: Message): boolean {
  const req = msg.body as HttpRequest;
  const m = /^\/containerLogs\/([^/]+)\/([^/]+)\/([^/]+)$/.exec(req.path);
  if (!m) return false;
  const [, ns, podName, container] = m as unknown as [string, string, string, string];
  const to = { process: msg.from, incarnation: msg.fromIncarnation };
  const fail = (status: number, body: unknown, text: string): void => respond(ctx, to, msg.id, status, body, `${status} ${text}`);
  const w = [...s.workers.values()].find((x) => x.namespace === ns && x.name === podName);
  if (!w) return fail(404, notFound({ group: '', resource: 'pods' }, podName), `pod ${podName} not found`), true;
  const c = findContainer(w, container);
  if (!c) return fail(400, badRequest(T.logNotValid(container, podName)), 'container not valid'), true;
  const previous = req.query?.previous === 'true';
  let id: string | undefined;
  if (previous) {
    id = c.lastTerminated?.containerID?.replace('containerd://', '');
    if (!id) return fail(400, badRequest(T.logNoPrevious(container, podName)), 'no previous container'), true;
  } else if (c.state === 'running' || c.state === 'terminated') id = c.containerId;
  else if (c.lastTerminated?.containerID) id = c.lastTerminated.containerID.replace('containerd://', '');
  if (!id) return fail(400, badRequest(T.logWaiting(container, podName, c.waitingReason)), 'waiting to start'), true;
  const tailQ = req.query?.tailLines !== undefined ? Number(req.query.tailLines) : undefined;
  const tail = tailQ !== undefined && !Number.isNaN(tailQ) ? tailQ : undefined;
  const sinceMs = logsSince(req.query, ctx.now);
  const limitBytes = logsLimitBytes(req.query);
  if (w.process) return processLogs(ctx, to, msg.id, w.process, previous ? parseTime(c.lastTerminated?.startedAt ?? '') : undefined, { tail, sinceMs, limitBytes }, req.query?.timestamps === 'true', podName), true;
  const rec: Omit<CriCallRecord, 'call' | 'sentAt'> = {
    purpose: 'logs',
    podUid: w.uid,
    container,
    reply: { ...to, requestId: msg.id, container, timestamps: req.query?.timestamps === 'true', pod: podName, sinceMs, tail, limitBytes },
  };
  // With a since, the tail counts back from the end of what is newer than it (ReadLogs filters by time first).
  const read = tail !== undefined && sinceMs === undefined ? { method: 'ReadLogs' as const, containerId: id, tailLines: tail } : { method: 'ReadLogs' as const, containerId: id };
  criCall(s, ctx, read, rec, { kind: 'Pod', name: podName, namespace: ns }, `ReadLogs ${podName}/${container}`);
  return true;
}

/**
 * PodLogOptions.sinceSeconds (relative to the kubelet's now) or sinceTime (RFC 3339, sub-second
 * digits allowed): the earliest line to return, in simulated milliseconds; undefined for all.
 */
function logsSince(q: Record<string, string> | undefined, now: number): number | undefined {
  if (q?.sinceSeconds !== undefined && /^\d+$/.test(q.sinceSeconds)) return now - Number(q.sinceSeconds) * 1000;
  if (q?.sinceTime !== undefined) {
    const t = parseTime(q.sinceTime);
    return Number.isNaN(t) ? undefined : t;
  }
  return undefined;
}

/** PodLogOptions.limitBytes: a positive whole number, else no limit. */
function logsLimitBytes(q: Record<string, string> | undefined): number | undefined {
  return q?.limitBytes !== undefined && /^\d+$/.test(q.limitBytes) && Number(q.limitBytes) > 0 ? Number(q.limitBytes) : undefined;
}

/**
 * The kubelet's limitedWriter (kuberuntime/logs): after since and tail chose the lines, at most
 * `limit` bytes of them are written, cut wherever the limit falls, even inside a line. The cut
 * keeps whole characters, since a JavaScript string cannot hold half of one.
 */
export function cutToBytes(text: string, limit: number | undefined): string {
  if (limit === undefined) return text;
  let used = 0;
  let end = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const size = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    if (used + size > limit) break;
    used += size;
    end += ch.length;
  }
  return text.slice(0, end);
}

/** Lines at or after since, then the last `tail` of them (kuberuntime ReadLogs: since filters, tail counts back). */
function sinceAndTail<T>(lines: T[], timeOf: (l: T) => number, since: number | undefined, tail: number | undefined): T[] {
  let out = since === undefined ? lines : lines.filter((l) => timeOf(l) >= since);
  if (tail !== undefined) out = tail <= 0 ? [] : out.slice(-tail);
  return out;
}

/** containerd answered ReadLogs: turn CRI log lines into what `kubectl logs` prints. */
export function onReadLogs(ctx: Effects, rec: CriCallRecord, resp: CriResponse): void {
  const r = rec.reply;
  if (!r) return;
  if (resp.error) {
    respond(ctx, r, r.requestId, 500, badRequest(`unable to retrieve container logs: ${resp.error.message}`), '500 logs unavailable');
    return;
  }
  const parsed = (resp.result as ReadLogsResult).lines.map(parseCriLogLine);
  // A since reads the whole log (ReadLogs had no tailLines), so the tail is counted here.
  const kept = r.sinceMs === undefined ? parsed : sinceAndTail(parsed, (p) => parseTime(p.time), r.sinceMs, r.tail);
  const lines = kept.map((p) => (r.timestamps ? `${p.time} ${p.text}` : p.text));
  const text = cutToBytes(lines.length ? lines.join('\n') + '\n' : '', r.limitBytes);
  respond(ctx, r, r.requestId, 200, text, `200 logs ${r.pod}/${r.container} (${lines.length} lines)`);
}

/**
 * A process pod's container is a process of the host (process-pods.ts): its log is the process's
 * own, one incarnation of it (the current or last one, or with --previous the one before).
 */
function processLogs(ctx: Effects, to: { process: string; incarnation: number }, requestId: number, process: string, previousFrom: number | undefined, read: { tail?: number; sinceMs?: number; limitBytes?: number }, timestamps: boolean, pod: string): void {
  const info = ctx.hostProcesses({ logs: true }).find((p) => p.id === process);
  const start = info?.startedAt ?? 0;
  const own = (info?.log ?? []).filter((l) => (previousFrom === undefined ? l.time >= start : l.time >= previousFrom && l.time < start));
  const lines = sinceAndTail(own, (l) => l.time, read.sinceMs, read.tail);
  const text = lines.map((l) => (timestamps ? `${rfc3339Micro(l.time).replace('Z', '000Z')} ${l.line}` : l.line)).join('\n');
  respond(ctx, to, requestId, 200, cutToBytes(text ? `${text}\n` : '', read.limitBytes), `200 logs ${pod} (${lines.length} lines)`);
}
