// The sequence diagram's model, pure: from one request's cause chain (the command and every record
// it caused, requests.ts) to lanes, arrows in time order, the seed's four phases as bands, Raft for
// each write, and the outcome. The diagram (SequenceDiagram.tsx) only draws this.

import type { ObjectView, Phase, TerminalOutput, TraceRecord } from '../../protocol/view';
import { keyMessages } from './compact';
import { buildLanes, controllerLane, controllersIn, CONTROLLER_MANAGER, KUBECTL, stageLane, webhookLane, type Lane } from './lanes';
import { computeOutcome, REQUEST_PHASES, type Outcome, type RequestPhase } from './outcome';
import { APISERVER, exchanges, isApiRequest, isApiResponse, statusOf, type Pipeline } from './pipeline';
import { raftWrites, type RaftWrite } from './raft';

export { REQUEST_PHASES, type RequestPhase };

export interface Arrow {
  /** The trace record's id (`data-message`). */
  id: number;
  /** Rows are numbered in time order from 0 (the command). */
  row: number;
  from: string;
  to: string;
  time: number;
  deliverAt?: number;
  type: string;
  summary: string;
  phase: Phase;
  /**
   * The seed phase band this row falls in: the furthest of the four reached so far (kubectl's GET
   * before its POST counts as phase 1). None when the chain never entered the four (a read).
   */
  band?: RequestPhase;
  /** Why the message never arrived. */
  dropped?: string;
  /** Requests to kube-apiserver: what each stage did. */
  pipeline?: Pipeline;
  /** An answer that refused the request (4xx/5xx that is not a read's 404). */
  failed?: boolean;
  /** etcd's answer that committed a write: the Raft write it ends. */
  commit?: RaftWrite;
  /** etcd's watch event that came with a commit. */
  watchFired?: boolean;
  /** Part of a write's replication (MsgApp with entries, MsgAppResp). */
  replication?: boolean;
  /** The command itself (the first row), drawn as a note on kubectl's lane. */
  command?: boolean;
}

export interface PhaseBand {
  phase: RequestPhase;
  firstRow: number;
  lastRow: number;
  start: number;
  end: number;
}

export interface SequenceModel {
  rootId: number;
  /** `$ kubectl run web --image=nginx:1.25`. */
  command: string;
  start: number;
  lanes: Lane[];
  arrows: Arrow[];
  bands: PhaseBand[];
  raft: RaftWrite[];
  outcome: Outcome;
  /** The chain had more records than the diagram keeps. */
  truncated: boolean;
}

export interface ModelContext {
  object(id: string): ObjectView | undefined;
  alive(process: string): boolean | undefined;
  /** Every etcd member's process id (lanes for each, even those a request did not reach). */
  etcdMembers: readonly string[];
  etcdRoles?: Readonly<Record<string, string>>;
  output?: TerminalOutput;
}

/** Records drawn as arrows: messages (a drop marks its message instead), not timers or control actions. */
function drawn(r: TraceRecord): boolean {
  return r.kind === 'message';
}

export interface BuildOptions {
  /** The chain had more records than were kept. */
  truncated?: boolean;
  /** Draw the key messages only (compact.ts); the outcome still reads the whole chain. */
  keyOnly?: boolean;
}

/** `(webhook NAME)` in the summary of kube-apiserver's AdmissionReview POST (apiserver webhooks/call.ts). */
const WEBHOOK_IN_SUMMARY = / AdmissionReview .* \(webhook ([^)]+)\) /;

/** The webhook an AdmissionReview POST or its answer belongs to, if the record is one. */
function webhookOf(r: TraceRecord, byId: ReadonlyMap<number, TraceRecord>): string | undefined {
  const post = r.type === 'pod.http.request' && r.from === APISERVER ? r : r.type === 'pod.http.response' && r.to === APISERVER && r.cause !== null ? byId.get(r.cause) : undefined;
  return post ? WEBHOOK_IN_SUMMARY.exec(post.summary)?.[1] : undefined;
}

export function buildSequence(root: TraceRecord, records: readonly TraceRecord[], ctx: ModelContext, opts: BuildOptions = {}): SequenceModel {
  const byId = new Map(records.map((r) => [r.id, r]));
  const children = new Map<number, TraceRecord[]>();
  for (const r of records) {
    if (r.cause === null) continue;
    const list = children.get(r.cause);
    if (list) list.push(r);
    else children.set(r.cause, [r]);
  }
  const xs = exchanges(records, byId);
  const responseOf = new Map<number, number>();
  for (const x of xs.values()) if (x.response) responseOf.set(x.response.id, x.request.id);
  const dropOf = new Map<number, string>();
  for (const r of records) if (r.kind === 'drop' && r.cause !== null) dropOf.set(r.cause, String(r.dropped ?? 'lost'));
  const controllers = controllersIn(records);
  const members = ctx.etcdMembers.length;
  const raft = raftWrites(records, children, members);
  const commitOf = new Map(raft.filter((w) => w.response !== undefined).map((w) => [w.response!, w]));
  const watchOf = new Set(raft.map((w) => w.watch).filter((id): id is number => id !== undefined));
  const replication = new Set(raft.flatMap((w) => w.replication));

  const laneOf = (process: string, r: TraceRecord, end: 'from' | 'to'): string => {
    // An admission webhook's call and answer: between the Admission stage and the webhook's own lane.
    const hook = webhookOf(r, byId);
    if (hook) return process === APISERVER ? stageLane('admission') : webhookLane(hook);
    if (process === APISERVER) {
      if (end === 'to') return isApiRequest(r) ? stageLane('authentication') : stageLane('storage');
      if (isApiResponse(r)) {
        const req = responseOf.get(r.id);
        return stageLane(xs.get(req ?? -1)?.pipeline.answeredBy ?? 'storage');
      }
      return stageLane('storage');
    }
    if (process === CONTROLLER_MANAGER) return controllerLane(r, controllers);
    return process;
  };

  const shown = opts.keyOnly ? keyMessages(records) : records;
  const sorted = shown.filter(drawn).sort((a, b) => a.time - b.time || a.id - b.id);
  const arrows: Arrow[] = [];
  const phased = records.some((r) => (REQUEST_PHASES as readonly string[]).includes(r.phase));
  let furthest = 0;
  for (const r of sorted) {
    const p = (REQUEST_PHASES as readonly string[]).indexOf(r.phase);
    if (p > furthest) furthest = p;
    const isRoot = r.id === root.id;
    const a: Arrow = {
      id: r.id,
      row: arrows.length,
      from: isRoot ? KUBECTL : laneOf(r.from, r, 'from'),
      to: isRoot ? KUBECTL : laneOf(r.to, r, 'to'),
      time: r.time,
      type: r.type,
      summary: r.summary,
      phase: r.phase,
    };
    if (phased) a.band = REQUEST_PHASES[furthest]!;
    if (isRoot) a.command = true;
    if (r.deliverAt !== undefined) a.deliverAt = r.deliverAt;
    const dropped = r.dropped ?? dropOf.get(r.id);
    if (dropped) a.dropped = String(dropped);
    const x = xs.get(r.id);
    if (x) a.pipeline = x.pipeline;
    const req = responseOf.get(r.id);
    if (req !== undefined) {
      const p2 = xs.get(req)!.pipeline;
      a.failed = Object.values(p2.marks).includes('fail');
    } else if (failedAnswer(r)) a.failed = true;
    const commit = commitOf.get(r.id);
    if (commit) a.commit = commit;
    if (watchOf.has(r.id)) a.watchFired = true;
    if (replication.has(r.id)) a.replication = true;
    arrows.push(a);
  }

  const processes = new Set<string>();
  for (const a of arrows) for (const p of [a.from, a.to]) processes.add(p);
  const outcome = computeOutcome({ root, records, exchanges: xs, object: ctx.object, alive: ctx.alive, output: ctx.output });
  const lanes = buildLanes({ processes, etcdMembers: ctx.etcdMembers, nodes: nodesOf(records, ctx), controllers, etcdRoles: ctx.etcdRoles });
  return {
    rootId: root.id,
    command: root.summary,
    start: root.time,
    lanes,
    arrows,
    bands: bandsOf(arrows),
    raft,
    outcome,
    truncated: opts.truncated ?? false,
  };
}

/**
 * An answer between components outside the apiserver that says no: the registry's 4xx/5xx
 * (`404 manifest unknown`), the container runtime's error (`PullImage ...: not found`), a CNI failure.
 */
function failedAnswer(r: TraceRecord): boolean {
  if (r.kind !== 'message') return false;
  if (r.type === 'registry.response') return (statusOf(r.summary) ?? 0) >= 400;
  if (r.type === 'cri.response' || r.type === 'cni.response') return /: (not found|.*\berror\b|.*\bfailed\b)/i.test(r.summary);
  return false;
}

/**
 * Contiguous bands in the seed's order: each row belongs to the furthest of the four phases reached
 * by then. Furthest, not its own: the answer to kubectl (phase 1) is still on the wire while the
 * watch (phase 2) fans out, and bands that went back and forth would teach the wrong order.
 */
export function bandsOf(arrows: readonly Arrow[]): PhaseBand[] {
  const bands: PhaseBand[] = [];
  for (const a of arrows) {
    if (!a.band) continue;
    const cur = bands[bands.length - 1];
    if (cur && cur.phase === a.band) {
      cur.lastRow = a.row;
      cur.end = a.time;
    } else bands.push({ phase: a.band, firstRow: a.row, lastRow: a.row, start: a.time, end: a.time });
  }
  return bands;
}

/** The nodes the request's pods are bound to: kubelet lanes appear before the kubelet hears of them. */
function nodesOf(records: readonly TraceRecord[], ctx: ModelContext): string[] {
  const nodes = new Set<string>();
  const seen = new Set<string>();
  for (const r of records) {
    const o = r.object;
    if (!o || o.kind.toLowerCase() !== 'pod' || r.phase === 'user') continue;
    const id = `pods/${o.namespace ?? 'default'}/${o.name}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const node = (ctx.object(id)?.object as { spec?: { nodeName?: string } } | undefined)?.spec?.nodeName;
    if (node) nodes.add(node);
  }
  return [...nodes];
}
