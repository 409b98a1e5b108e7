// How a request ended, or where and why it stopped, read from the trace and from etcd's truth (the
// pods' status), never from a script. The seed's troubleshooting habit (chapter 4): look at status
// and events to see which component stopped the relay. In order:
//   kubectl's last request was refused by a stage of kube-apiserver -> rejected at that stage;
//   kubectl could not reach kube-apiserver                          -> unreachable;
//   a pod of the request fails on its node (ImagePullBackOff, ...)   -> stopped at that kubelet;
//   a pod fits no node (PodScheduled=False, Unschedulable)           -> stopped at kube-scheduler;
//   every pod of the request Running                                 -> done;
//   the component the request waits for is down                     -> stopped there;
//   no pods involved and kubectl got its answer                      -> answered.

import { FAILING_REASONS } from '../graph/pod-status';
import type { ObjectView, TerminalOutput, TraceRecord } from '../../protocol/view';
import { KUBECTL, SCHEDULER, stageLane } from './lanes';
import { isRead, methodOf, statusMessage, statusOf, statusReason, type Exchange, type Stage } from './pipeline';

export const REQUEST_PHASES = ['persistence', 'watch', 'scheduling', 'execution'] as const;
export type RequestPhase = (typeof REQUEST_PHASES)[number];

export type OutcomeKind =
  | 'running'
  | 'completed'
  | 'answered'
  | 'rejected'
  | 'unreachable'
  | 'unschedulable'
  | 'kubelet'
  | 'down'
  | 'client'
  | 'in-progress';

export interface Outcome {
  kind: OutcomeKind;
  /** Finished, well or badly; `in-progress` is the only kind that is not. */
  done: boolean;
  failed: boolean;
  /** `pod/web`, `deployment/web`: what the request was about. */
  subject?: string;
  /** The lane where the request stopped (or, while it runs, the one it waits for). */
  lane?: string;
  stage?: Stage;
  status?: number;
  /** `Forbidden`, `ImagePullBackOff`, `Unschedulable`, `Created`. */
  reason?: string;
  /** The text beneath: the Status message, the container's waiting message, the scheduler's reasons. */
  message?: string;
  plugin?: string;
  /** kubectl's STATUS word of the (first unfinished) pod. */
  podStatus?: string;
  pods?: { total: number; running: number };
  /** How many of the seed's four phases the request reached. */
  phases: number;
  /** Simulated ms from the command to the record that decided the outcome (or to the latest). */
  duration: number;
  /**
   * The message that decided it, for "show me": the refusing answer, the CRI answer that failed,
   * the scheduler's status write, the kubelet's report of Running.
   */
  record?: number;
}

export interface OutcomeInput {
  root: TraceRecord;
  records: readonly TraceRecord[];
  /** kube-apiserver's exchanges in the chain (pipeline.ts). */
  exchanges: ReadonlyMap<number, Exchange>;
  /** etcd's copy of a pod (`pods/<ns>/<name>`), if it exists. */
  object(id: string): ObjectView | undefined;
  /** Is this process alive? Undefined when not known. */
  alive(process: string): boolean | undefined;
  /** What the terminal printed for this command, when known. */
  output?: TerminalOutput;
}

/** Container states the kubelet reports when it cannot go on: the graph's "failing" reasons. */
const KUBELET_FAILURES = FAILING_REASONS;

interface PodObject {
  metadata?: { name?: string; namespace?: string; deletionTimestamp?: string };
  spec?: { nodeName?: string; containers?: unknown[] };
  status?: {
    phase?: string;
    conditions?: { type?: string; status?: string; reason?: string; message?: string }[];
    containerStatuses?: { state?: { waiting?: { reason?: string; message?: string }; terminated?: { reason?: string; message?: string } } }[];
  };
}

export function phasesReached(records: readonly TraceRecord[]): number {
  const seen = new Set<string>();
  for (const r of records) if ((REQUEST_PHASES as readonly string[]).includes(r.phase)) seen.add(r.phase);
  return seen.size;
}

function refName(o: { kind: string; namespace?: string; name: string }): string {
  return `${o.kind.toLowerCase()}/${o.name}`;
}

/** The pods the request made or moved: those its scheduling and execution concern, or that it added. */
function podsOf(records: readonly TraceRecord[]): { id: string; namespace: string; name: string }[] {
  const out = new Map<string, { id: string; namespace: string; name: string }>();
  for (const r of records) {
    const o = r.object;
    if (!o || o.kind.toLowerCase() !== 'pod') continue;
    const relevant = r.phase === 'scheduling' || r.phase === 'execution' || (r.type === 'watch.event' && r.summary.startsWith('ADDED'));
    if (!relevant) continue;
    const ns = o.namespace ?? 'default';
    const id = `pods/${ns}/${o.name}`;
    if (!out.has(id)) out.set(id, { id, namespace: ns, name: o.name });
  }
  return [...out.values()];
}

/** `0/4 nodes are available: 1 node(s) had untolerated taint {...}, 3 Insufficient cpu. preemption: ...` -> the reasons. */
export function schedulerReasons(message: string): string {
  const m = /nodes are available: (.*?)\.(?: preemption:|$)/s.exec(message);
  return (m ? m[1]! : message).trim();
}

function latest(records: readonly TraceRecord[], now?: number): number {
  let t = records[0]?.time ?? 0;
  for (const r of records) {
    const at = r.deliverAt ?? r.time;
    if (at > t && (now === undefined || at <= now)) t = at;
  }
  return t;
}

export function computeOutcome(input: OutcomeInput): Outcome {
  const { root, records } = input;
  const phases = phasesReached(records);
  const since = (t: number) => Math.max(0, t - root.time);
  const base = { phases, duration: since(latest(records)) };
  const mine = [...input.exchanges.values()].filter((x) => x.request.from === KUBECTL).sort((a, b) => a.request.id - b.request.id);
  if (mine.length === 0) return clientOutcome(input, base);
  const last = mine[mine.length - 1]!;
  const named = last.request.object ?? mine.find((x) => x.request.object)?.request.object;
  const subject = named ? refName(named) : undefined;
  const lost = records.find((r) => r.cause === last.request.id && (r.kind === 'drop' || r.type === 'conn.refused'));
  if (!last.response && (lost || last.request.dropped)) {
    // A code (a kernel drop reason, or conn-refused); strings.ts says it in the learner's language.
    const reason = lost?.type === 'conn.refused' ? 'conn-refused' : String(last.request.dropped ?? lost?.dropped ?? 'loss');
    return { kind: 'unreachable', done: true, failed: true, subject, lane: stageLane('authentication'), reason, ...base };
  }
  if (!last.response) return { kind: 'in-progress', done: false, failed: false, subject, lane: stageLane('authentication'), ...base };
  const status = statusOf(last.response.summary) ?? 0;
  const method = methodOf(last.request.summary);
  const answered = since(last.response.deliverAt ?? last.response.time);
  if (status >= 400 && !(status === 404 && isRead(method))) {
    const stage = last.pipeline.answeredBy ?? 'storage';
    return {
      kind: 'rejected',
      done: true,
      failed: true,
      subject,
      lane: stageLane(stage),
      stage,
      status,
      reason: statusReason(last.response.summary),
      message: statusMessage(last.response.summary),
      plugin: last.pipeline.plugin,
      phases,
      duration: answered,
      record: last.response.id,
    };
  }
  const wrote = mine.some((x) => !isRead(methodOf(x.request.summary)));
  const pods = wrote ? podsOf(records).map((p) => input.object(p.id)).filter((o): o is ObjectView => o !== undefined) : [];
  if (pods.length === 0) {
    return { kind: 'answered', done: true, failed: false, subject, status, reason: statusReason(last.response.summary), message: last.response.summary, phases, duration: answered, record: last.response.id };
  }
  return podOutcome(input, pods, subject, base);
}

function podOutcome(input: OutcomeInput, pods: ObjectView[], subject: string | undefined, base: { phases: number; duration: number }): Outcome {
  // kubectl's STATUS as kube-apiserver's printer made it (ObjectView.display), not derived here.
  const words = pods.map((p) => ({ status: p.display?.status ?? 'Unknown' }));
  const running = words.filter((w) => w.status === 'Running').length;
  const counts = { total: pods.length, running };
  const single = pods.length === 1 ? `pod/${pods[0]!.name}` : subject;
  for (const p of pods) {
    const pod = p.object as PodObject;
    for (const c of pod.status?.containerStatuses ?? []) {
      const w = c.state?.waiting ?? c.state?.terminated;
      if (w?.reason && KUBELET_FAILURES.has(w.reason)) {
        const node = pod.spec?.nodeName;
        const record = kubeletFailure(input.records, p.name);
        return { kind: 'kubelet', done: true, failed: true, subject: `pod/${p.name}`, lane: node ? `kubelet/${node}` : 'kubelet', reason: w.reason, message: w.message, pods: counts, ...base, record };
      }
    }
  }
  for (const p of pods) {
    const pod = p.object as PodObject;
    const cond = (pod.status?.conditions ?? []).find((c) => c.type === 'PodScheduled' && c.status === 'False' && c.reason === 'Unschedulable');
    if (!pod.spec?.nodeName && cond) {
      const record = input.records.find((r) => r.from === SCHEDULER && r.type === 'http.request' && r.object?.name === p.name && /\/status\b/.test(r.summary))?.id;
      return { kind: 'unschedulable', done: true, failed: true, subject: `pod/${p.name}`, lane: SCHEDULER, reason: 'Unschedulable', message: schedulerReasons(cond.message ?? ''), pods: counts, ...base, record };
    }
  }
  if (words.every((w) => w.status === 'Running')) {
    const at = runningAt(input);
    return { kind: 'running', done: true, failed: false, subject: single, podStatus: 'Running', pods: counts, phases: base.phases, duration: at?.duration ?? base.duration, record: at?.record };
  }
  if (words.every((w) => w.status === 'Completed' || w.status === 'Succeeded')) {
    return { kind: 'completed', done: true, failed: false, subject: single, podStatus: words[0]!.status, pods: counts, ...base };
  }
  const i = words.findIndex((w) => w.status !== 'Running');
  const pod = pods[i]!.object as PodObject;
  const waitingOn = pod.spec?.nodeName ? `kubelet/${pod.spec.nodeName}` : SCHEDULER;
  if (input.alive(waitingOn) === false) {
    return { kind: 'down', done: true, failed: true, subject: `pod/${pods[i]!.name}`, lane: waitingOn, podStatus: words[i]!.status, pods: counts, ...base };
  }
  return { kind: 'in-progress', done: false, failed: false, subject: single, lane: waitingOn, podStatus: words[i]!.status, pods: counts, ...base };
}

/** When the kubelet reported the last pod Running (`PATCH pods/web/status (Running)` arriving), and that report. */
function runningAt(input: OutcomeInput): { duration: number; record: number } | undefined {
  const firstPerPod = new Map<string, TraceRecord>();
  for (const r of input.records) {
    if (r.type !== 'http.request' || !r.from.startsWith('kubelet/') || !/\(Running\)/.test(r.summary)) continue;
    const key = r.object?.name ?? r.summary;
    if (!firstPerPod.has(key)) firstPerPod.set(key, r);
  }
  let last: TraceRecord | undefined;
  for (const r of firstPerPod.values()) if (!last || (r.deliverAt ?? r.time) > (last.deliverAt ?? last.time)) last = r;
  return last ? { duration: (last.deliverAt ?? last.time) - input.root.time, record: last.id } : undefined;
}

/**
 * The first failure the kubelet reported for a pod (`PATCH pods/typo/status (Pending, ErrImagePull)`),
 * or the container runtime's answer that caused it (`PullImage ...: not found`).
 */
function kubeletFailure(records: readonly TraceRecord[], pod: string): number | undefined {
  const report = records.find((r) => r.type === 'http.request' && r.from.startsWith('kubelet/') && r.object?.name === pod && [...KUBELET_FAILURES].some((f) => r.summary.includes(f)));
  if (!report) return undefined;
  const cause = records.find((r) => r.id === report.cause);
  return cause?.type === 'cri.response' ? cause.id : report.id;
}

/** A command that sent no request: kubectl refused it itself (a typo, a bad flag) or it was local. */
function clientOutcome(input: OutcomeInput, base: { phases: number; duration: number }): Outcome {
  const out = input.output;
  if (!out || out.exitCode === null || out.partial) return { kind: 'in-progress', done: false, failed: false, lane: KUBECTL, ...base };
  if (out.exitCode !== 0) {
    const message = (out.stderr || out.stdout).trim().split('\n')[0];
    return { kind: 'client', done: true, failed: true, lane: KUBECTL, message, status: out.exitCode, ...base };
  }
  return { kind: 'answered', done: true, failed: false, message: out.stdout.trim().split('\n')[0], ...base };
}
