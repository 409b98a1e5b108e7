// `kubectl logs -f` (kubectl/pkg/cmd/logs/logs.go, v1.31): follow one pod's container, or with
// `-l` every selected pod at once (parallelConsumeRequest; more than --max-log-requests, default 5,
// is refused before anything is read). Each new line reaches the terminal as it is written, with
// `[pod/NAME/CONTAINER] ` before it under --prefix (addPrefixIfNeeded). A stream ends when its
// container ends; the command ends when every stream has, or on Ctrl-C.
//
// Simplified: real kubectl holds one HTTP stream open (follow=true) that the kubelet writes into.
// The simulated apiserver answers a log request once, so kubectl here reads again every POLL_MS of
// simulated time from the last line it printed (sinceTime, which the kubelet honours), asking for
// timestamps to tell the lines it already printed from the new ones (dropped again unless
// --timestamps). Before each read it GETs the pod: a container that has terminated, or was replaced
// by a restart, gets one last read of that instance and ends its stream, as the kubelet closes the
// stream when the container exits.

import { rfc3339Micro } from '../../../api/time';
import type { Pod } from '../../../api/types';
import { resourcePath } from '../../../client/apiclient';
import type { Effects, Timer } from '../../../kernel/component';
import type { TimerId } from '../../../kernel/units';
import type { CliOutput } from '../../protocol';
import { plain } from '../errors';
import { finishJob, isNotFound, jobRequest, type KubectlState, type RequestResult } from '../job';
import type { LogsJob } from './logs';

export const LOGS_FOLLOW_TIMER = 'kubectl.logs-follow';
const POLL_MS = 1000;
/** logs.go: --max-log-requests defaults to 5. */
export const DEFAULT_MAX_LOG_REQUESTS = 5;

export interface LogStream {
  pod: string;
  container: string;
  /** The container instance followed (status containerID); a new one means it restarted. */
  containerId?: string;
  /** The last printed line's timestamp, and how many printed lines carry it. */
  lastTime?: string;
  atLastTime: number;
  /** The first read's tail and since; later reads start at lastTime. */
  first: boolean;
  /** When the first read was sent, as a log timestamp: where the next read starts if it printed nothing. */
  startedAt?: string;
  /** A read or pod GET is out. */
  busy: boolean;
  /** The container ended: this read is the last. */
  ending: boolean;
  /** The ended container was replaced: the last read is of the previous instance. */
  previous: boolean;
  done: boolean;
}

export interface FollowState {
  streams: LogStream[];
  prefix: boolean;
  timer?: TimerId;
}

function emit(job: LogsJob, ctx: Effects): void {
  if (job.stdout === '' && job.stderr === '') return;
  const o: CliOutput = { type: 'cli.output', jobId: job.jobId, stdout: job.stdout, stderr: job.stderr, exitCode: 0, partial: true };
  ctx.emit(o as unknown as { type: string });
  job.stdout = '';
  job.stderr = '';
}

type Status = { name: string; containerID?: string; state?: { running?: unknown; terminated?: unknown } };

function statusOf(pod: Pod, container: string): Status | undefined {
  const s = pod.status as { containerStatuses?: Status[]; initContainerStatuses?: Status[] } | undefined;
  return [...(s?.containerStatuses ?? []), ...(s?.initContainerStatuses ?? [])].find((c) => c.name === container);
}

/** Start following these containers (the pods were read already, so their state is known). */
export function startFollow(st: KubectlState, job: LogsJob, targets: { pod: Pod; container: string }[], prefix: boolean, maxRequests: number, ctx: Effects): void {
  if (targets.length > 1 && targets.length > maxRequests) {
    return finishJob(st, job, ctx, plain(`you are attempting to follow ${targets.length} log streams, but maximum allowed concurrency is ${maxRequests}, use --max-log-requests to increase the limit`));
  }
  job.follow = {
    prefix,
    streams: targets.map(({ pod, container }) => {
      const s = statusOf(pod, container);
      return { pod: pod.metadata.name ?? '', container, containerId: s?.containerID, atLastTime: 0, first: true, busy: false, ending: !s?.state?.running, previous: false, done: false };
    }),
  };
  emit(job, ctx);
  if (job.follow.streams.length === 0) return finishJob(st, job, ctx);
  job.follow.streams.forEach((s, i) => read(st, job, s, i, ctx));
}

function read(st: KubectlState, job: LogsJob, s: LogStream, i: number, ctx: Effects): void {
  const query: Record<string, string> = { container: s.container, timestamps: 'true' };
  if (s.first) {
    if (job.tail !== undefined && job.tail >= 0) query.tailLines = String(job.tail);
    if (job.sinceSeconds !== undefined) query.sinceSeconds = String(job.sinceSeconds);
    if (job.sinceTime !== undefined) query.sinceTime = job.sinceTime;
    s.startedAt = logTimestamp(ctx.now);
  } else if (s.lastTime !== undefined) query.sinceTime = s.lastTime;
  if (s.previous) query.previous = 'true';
  s.busy = true;
  const path = resourcePath({ resource: 'pods', namespace: job.namespace, name: s.pod, subresource: 'log' });
  jobRequest(st, job, ctx, { method: 'GET', path, query }, `follow-log:${i}`, { object: { kind: 'Pod', name: s.pod, namespace: job.namespace } });
}

/** A simulated instant as the container runtime stamps log lines (RFC 3339, nine digits). */
function logTimestamp(now: number): string {
  return rfc3339Micro(now).replace('Z', '000Z');
}

/** The lines of a timestamped answer not printed yet, advancing the stream's cursor. */
function newLines(s: LogStream, text: string): { time: string; line: string }[] {
  const out: { time: string; line: string }[] = [];
  const since = s.lastTime;
  let skipAtSince = s.atLastTime;
  for (const raw of text.split('\n')) {
    if (raw === '') continue;
    const sp = raw.indexOf(' ');
    const time = sp < 0 ? '' : raw.slice(0, sp);
    const line = sp < 0 ? raw : raw.slice(sp + 1);
    if (since !== undefined && time < since) continue;
    if (since !== undefined && time === since && skipAtSince > 0) {
      skipAtSince--;
      continue;
    }
    out.push({ time, line });
    s.atLastTime = time === s.lastTime ? s.atLastTime + 1 : 1;
    s.lastTime = time;
  }
  return out;
}

export function onFollowResult(st: KubectlState, job: LogsJob, step: string, r: RequestResult, ctx: Effects): void {
  const f = job.follow!;
  const i = Number(step.slice(step.indexOf(':') + 1));
  const s = f.streams[i]!;
  if (step.startsWith('follow-pod:')) {
    // The pod is gone: its stream has nothing more to say.
    if (!r.ok && isNotFound(r)) return endStream(st, job, s, ctx);
    if (!r.ok) return finishJob(st, job, ctx, r.err);
    const status = statusOf(r.body as Pod, s.container);
    if (status?.containerID !== s.containerId) s.previous = s.containerId !== undefined;
    s.ending = !status?.state?.running || s.previous;
    return read(st, job, s, i, ctx);
  }
  if (!r.ok) return finishJob(st, job, ctx, r.err);
  const prefix = f.prefix ? `[pod/${s.pod}/${s.container}] ` : '';
  for (const l of newLines(s, typeof r.body === 'string' ? r.body : '')) job.stdout += `${prefix}${job.timestamps ? `${l.time} ` : ''}${l.line}\n`;
  // A first read that printed nothing (--tail=0, or a --since with nothing newer) leaves no line to
  // start from: the stream starts when the command did, as the kubelet's follow starts at the file's
  // end, and not at the beginning of the log.
  if (s.first && s.lastTime === undefined) s.lastTime = s.startedAt;
  s.first = false;
  emit(job, ctx);
  if (s.ending) return endStream(st, job, s, ctx);
  s.busy = false;
  scheduleNext(st, job, ctx);
}

function endStream(st: KubectlState, job: LogsJob, s: LogStream, ctx: Effects): void {
  s.done = true;
  s.busy = false;
  if (job.follow!.streams.every((x) => x.done)) return finishJob(st, job, ctx);
  scheduleNext(st, job, ctx);
}

/** Once every stream's read of this round has come back, the next round is POLL_MS later. */
function scheduleNext(_st: KubectlState, job: LogsJob, ctx: Effects): void {
  const f = job.follow!;
  if (f.streams.some((x) => x.busy) || f.timer !== undefined) return;
  f.timer = ctx.setTimer(POLL_MS, LOGS_FOLLOW_TIMER, { jobId: job.jobId });
}

export function onFollowTimer(st: KubectlState, timer: Timer, ctx: Effects): void {
  const job = st.jobs.get((timer.payload as { jobId: number }).jobId) as unknown as LogsJob | undefined;
  if (!job?.follow || job.follow.timer !== timer.id) return;
  job.follow.timer = undefined;
  job.follow.streams.forEach((s, i) => {
    if (s.done) return;
    s.busy = true;
    const path = resourcePath({ resource: 'pods', namespace: job.namespace, name: s.pod });
    jobRequest(st, job, ctx, { method: 'GET', path }, `follow-pod:${i}`, { object: { kind: 'Pod', name: s.pod, namespace: job.namespace } });
  });
}
