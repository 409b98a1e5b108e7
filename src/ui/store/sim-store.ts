// The UI's copy of what the worker reports: a zustand store with immer, fed by FrameBatch patches.
// Components read slices with selectors; the message dots (high rate) are read by the graph through
// `useSimStore.subscribe`, not through React renders (DESIGN.md section 6).

import type { StateCreator } from 'zustand';
import type { AppState } from './app-store';
import type { FailedFlow, LoadView, ProxyCostPoint } from '../../protocol/traffic';
import type {
  ClockView,
  ComponentView,
  FollowedRequest,
  FrameBatch,
  HostView,
  KubectlVocabulary,
  InFlightPatch,
  MessageView,
  ObjectView,
  Patch,
  SchedulingCycleView,
  TerminalOutput,
  TimelineView,
  TraceRecord,
  WhyCallout,
} from '../../protocol/view';
import type { ScenarioProgressView } from '../../protocol/scenario-progress';
import { ObjectsHold } from './objects-hold';

export const TRACE_KEEP = 5000;
/** How far past TRACE_KEEP the trace grows before it is cut back (keepLatest's slack). */
export const TRACE_SLACK = 1000;
export const OUTPUTS_KEEP = 500;

export interface SimState {
  scenario: { name: string; done: boolean; failed: number } | null;
  /** The scenario's steps and expectations as the worker's runner reports them (the scenario panel). */
  progress: ScenarioProgressView | null;
  targets: string[];
  /** What Tab completes after `kubectl`, as the worker's kubectl knows it (sent with `loaded`). */
  vocabulary: KubectlVocabulary | null;
  clock: ClockView;
  hosts: Record<string, HostView>;
  components: Record<string, ComponentView>;
  objects: Record<string, ObjectView>;
  partitions: [string, string][];
  /** Host pairs whose link is slow or lossy. */
  degraded: [string, string][];
  /** Messages in flight at the last batch, oldest first (by id); a new array whenever they change. */
  inFlight: MessageView[];
  /** The etcd member (process id) kube-apiserver sent its latest request to: the graph's apiserver->etcd edge. */
  apiEtcd?: string;
  /** The latest trace records, oldest first (at least the last TRACE_KEEP, at most TRACE_KEEP + TRACE_SLACK). */
  trace: TraceRecord[];
  outputs: TerminalOutput[];
  followed?: FollowedRequest;
  /** The "why" callouts the worker sent last (complete; a frame carries them when they change). */
  why: WhyCallout[];
  errors: string[];
  cycles: Record<string, SchedulingCycleView[]>;
  logs: Record<string, string[]>;
  /** The load generators (traffic steps) as the worker last listed them. */
  loads: LoadView[];
  /** Requests between pods the network lost lately (the graph marks where), oldest first. */
  failedFlows: FailedFlow[];
  /** kube-proxy's cost per first packet by mode and Service count (asked for by the kube-proxy inspector). */
  proxyCost: ProxyCostPoint[] | null;
  /** Size in bytes of a recent batch, the last one measured (dev overlay; worker/frame-size.ts). */
  lastBatchBytes: number;
  /** The run's 16-hex-digit trace hash at the last frame (the same the CLI prints). */
  traceHash: string;
  /** The run's known time span and its marks, for the scrubber (null until the worker sends one). */
  timeline: TimelineView | null;
  /** Replaying a shared run or an import to its moment: how far it is (null when not replaying). */
  replay: { time: number; target: number } | null;
  /**
   * Counts the frames that replaced the whole state (a seek went back in time). The terminal
   * clears and prints the transcript again when it changes. Never goes down, not even on reset().
   */
  resetEpoch: number;
  applyBatch(b: FrameBatch, bytes: number): void;
  setLoaded(name: string, targets: string[], vocabulary?: KubectlVocabulary): void;
  /** kubectl's words, when the worker loaded kubectl after `loaded`. */
  setVocabulary(vocabulary: KubectlVocabulary): void;
  addError(message: string): void;
  setCycles(pod: string, cycles: SchedulingCycleView[]): void;
  setLogs(process: string, lines: string[]): void;
  /**
   * Shows a line in the terminal as if it had been typed, with no output: the real command for an
   * action taken in the graph that kubectl cannot do (`# ssh worker-2 -- sudo systemctl stop kubelet`).
   */
  echo(line: string): void;
  reset(): void;
}

/**
 * Marks a value from the worker frozen (shallowly) before it goes into the store. The store never
 * changes what the worker sent, and immer skips a frozen value when it finishes a change: without
 * this it walked every new view and every message in flight on each frame, which at 50 workers and
 * 1,500 pods was most of the page's time (e2e/graph-scale.spec.ts).
 */
export function sealed<T>(x: T): T {
  return typeof x === 'object' && x !== null ? Object.freeze(x) : x;
}

/** The table after a patch, as a new frozen table; the same table when the patch is empty. */
function patched<T extends { id: string }>(was: Record<string, T>, p: Patch<T>): Record<string, T> {
  if (!p.added.length && !p.updated.length && !p.removed.length) return was;
  const into = { ...was };
  for (const x of p.added) into[x.id] = sealed(x);
  for (const x of p.updated) into[x.id] = sealed(x);
  for (const id of p.removed) delete into[id];
  return sealed(into);
}

/** Object changes held back on a big cluster (objects-hold.ts), and the timer that applies them when no frame comes. */
const hold = new ObjectsHold(() => performance.now(), sealed);
let holdTimer: ReturnType<typeof setTimeout> | undefined;

/** The objects table is replaced whole: what was held does not apply to it. */
function dropHeld(table: Record<string, ObjectView>): void {
  hold.replaced(table);
  if (holdTimer) clearTimeout(holdTimer);
  holdTimer = undefined;
}

/** Lost requests the store keeps for the graph's failure marks. */
const FAILED_FLOWS_KEEP = 40;

/** The apiserver's process id (src/sim/names.ts APISERVER). */
const APISERVER = 'kube-apiserver';

/** The etcd member the apiserver's newest message in this batch went to (messages sent since the last batch count as newest). */
export function latestEtcdPeer(b: Pick<FrameBatch, 'trace' | 'inFlight'>): string | undefined {
  let best: { id: number; to: string } | undefined;
  const see = (id: number, from: string, to: string) => {
    if (from === APISERVER && to.startsWith('etcd/') && (!best || id > best.id)) best = { id, to };
  };
  for (const r of b.trace) if (r.kind === 'message') see(r.id, r.from, r.to);
  for (const m of b.inFlight.added) see(m.id, m.from, m.to);
  return best?.to;
}

/**
 * The messages in flight after a frame's change to them, oldest first (a new array; `was` is not
 * changed). The same array when the frame changed nothing, so whoever drew the dots need not redraw.
 */
export function applyInFlight(was: readonly MessageView[], p: InFlightPatch): MessageView[] {
  if (p.added.length === 0 && p.removed.length === 0) return was as MessageView[];
  // `was` is sorted by id: one walk beside the sorted ids that go drops them, without hashing
  // thousands of ids on every frame (50 workers: 2,800 messages in flight, a few dozen change).
  const gone = p.removed.concat(p.added.map((m) => m.id)).sort((a, b) => a - b);
  const kept: MessageView[] = [];
  let j = 0;
  for (const m of was) {
    while (j < gone.length && gone[j]! < m.id) j++;
    if (j < gone.length && gone[j] === m.id) continue;
    kept.push(m);
  }
  if (p.added.length === 0) return kept;
  const last = kept.length ? kept[kept.length - 1]!.id : -Infinity;
  for (const m of p.added) kept.push(m);
  // New messages have the newest ids; a message sent again (another delivery time) may not.
  if (p.added[0]!.id < last) kept.sort((a, b) => a.id - b.id);
  return kept;
}

/**
 * `older` then `newer`, the last `keep` of them, as a new array (neither argument changes). With a
 * `slack`, the list grows to `keep + slack` before it is cut back to `keep`: one copy on most frames
 * instead of two (the trace's 5,000 records were copied twice on every frame at 50 workers).
 */
export function keepLatest<T>(older: readonly T[], newer: readonly T[], keep: number, slack = 0): T[] {
  if (older.length + newer.length <= keep + slack) return older.concat(newer);
  if (newer.length >= keep) return newer.slice(newer.length - keep);
  const drop = Math.max(0, older.length + newer.length - keep);
  return older.slice(drop).concat(newer);
}

const initial = {
  scenario: null,
  progress: null as ScenarioProgressView | null,
  targets: [],
  vocabulary: null as KubectlVocabulary | null,
  clock: { time: 0, playing: false, speed: 1 },
  hosts: {},
  components: {},
  objects: {},
  partitions: [],
  degraded: [] as [string, string][],
  inFlight: [],
  apiEtcd: undefined as string | undefined,
  trace: [],
  outputs: [],
  why: [] as WhyCallout[],
  errors: [],
  cycles: {},
  logs: {},
  loads: [] as LoadView[],
  failedFlows: [] as FailedFlow[],
  proxyCost: null as ProxyCostPoint[] | null,
  lastBatchBytes: 0,
  traceHash: '',
  timeline: null as TimelineView | null,
  replay: null as { time: number; target: number } | null,
  resetEpoch: 0,
};

/** A patch's `added` as a whole table: what a reset frame holds is the complete state. */
function tableOf<T extends { id: string }>(p: Patch<T>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const x of p.added) out[x.id] = sealed(x);
  for (const x of p.updated) out[x.id] = sealed(x);
  return out;
}

export const simSlice: StateCreator<AppState, [['zustand/immer', never]], [], SimState> = (set, get) => ({
  ...initial,
  applyBatch: (b, bytes) => {
    if (b.reset) return applyReset(set, b, bytes);
    // Built outside immer and set as one plain change: drafting the tables cost a copy and a freeze
    // walk of every object on each frame, and pushing thousands of trace records through immer's
    // proxy a trap per element moved (at 50 workers and 1,500 pods, most of the page's time).
    const was = get();
    const next: Partial<SimState> = { clock: b.clock, partitions: sealed(b.partitions), degraded: sealed(b.degraded ?? []), followed: b.followed };
    const hosts = patched(was.hosts, b.hosts);
    if (hosts !== was.hosts) next.hosts = hosts;
    const components = patched(was.components, b.components);
    if (components !== was.components) next.components = components;
    const objects = hold.apply(was.objects, b.objects);
    if (objects !== was.objects) next.objects = objects;
    if (hold.waiting && !holdTimer)
      holdTimer = setTimeout(() => {
        holdTimer = undefined;
        const table = get().objects;
        const flushed = hold.flush(table);
        if (flushed !== table) set({ objects: flushed });
      }, hold.dueIn());
    const inFlight = applyInFlight(was.inFlight, b.inFlight);
    if (inFlight !== was.inFlight) next.inFlight = sealed(inFlight);
    const to = latestEtcdPeer(b);
    if (to && to !== was.apiEtcd) next.apiEtcd = to;
    if (b.trace.length) next.trace = sealed(keepLatest(was.trace, b.trace, TRACE_KEEP, TRACE_SLACK));
    if (b.outputs.length) next.outputs = sealed(keepLatest(was.outputs, b.outputs, OUTPUTS_KEEP));
    if (b.why) next.why = sealed(b.why);
    if (b.loads) next.loads = sealed(b.loads);
    if (b.failedFlows?.length) next.failedFlows = sealed(keepLatest(was.failedFlows, b.failedFlows, FAILED_FLOWS_KEEP));
    if (b.scenario) next.scenario = b.scenario;
    if (b.progress) next.progress = b.progress;
    if (bytes) next.lastBatchBytes = bytes;
    Object.assign(next, followRun(was, b));
    set(next);
  },
  setLoaded: (name, targets, vocabulary) =>
    set((s) => {
      if (vocabulary) s.vocabulary = sealed(vocabulary);
      s.scenario = { name, done: false, failed: 0 };
      s.progress = null;
      s.targets = targets;
    }),
  setVocabulary: (vocabulary) =>
    set((s) => {
      s.vocabulary = sealed(vocabulary);
    }),
  addError: (message) =>
    set((s) => {
      s.errors.push(message);
    }),
  setCycles: (pod, cycles) =>
    set((s) => {
      s.cycles[pod] = cycles;
    }),
  setLogs: (process, lines) =>
    set((s) => {
      s.logs[process] = lines;
    }),
  echo: (line) =>
    set((s) => {
      s.outputs.push({ time: s.clock.time, line, stdout: '', stderr: '', exitCode: 0 });
      if (s.outputs.length > OUTPUTS_KEEP) s.outputs.splice(0, s.outputs.length - OUTPUTS_KEEP);
    }),
  // The chart's figure does not depend on the run: it stays across a reset.
  reset: () => {
    dropHeld({});
    set((s) => ({ ...initial, proxyCost: s.proxyCost, resetEpoch: s.resetEpoch }));
  },
});

/**
 * A frame after going back in time holds the complete state: replace, do not patch. Tables are
 * built outside immer's draft (thousands of objects at scale) and set whole.
 */
function applyReset(set: (fn: (s: AppState) => void) => void, b: FrameBatch, bytes: number): void {
  const hosts = tableOf(b.hosts);
  const components = tableOf(b.components);
  const objects = tableOf(b.objects);
  dropHeld(objects);
  const trace = keepLatest([], b.trace, TRACE_KEEP);
  const outputs = keepLatest([], b.outputs, OUTPUTS_KEEP);
  set((s) => {
    s.clock = b.clock;
    s.hosts = hosts;
    s.components = components;
    s.objects = objects;
    s.partitions = sealed(b.partitions);
    s.degraded = sealed(b.degraded ?? []);
    s.inFlight = sealed(applyInFlight([], b.inFlight));
    s.apiEtcd = latestEtcdPeer(b);
    s.trace = sealed(trace);
    s.outputs = outputs;
    s.followed = b.followed;
    s.why = b.why ?? [];
    s.loads = b.loads ?? [];
    s.failedFlows = [];
    if (b.scenario) s.scenario = b.scenario;
    if (b.progress) s.progress = b.progress;
    // Scheduling cycles and logs were asked for at another moment; the inspector asks again.
    s.cycles = {};
    s.logs = {};
    if (bytes) s.lastBatchBytes = bytes;
    s.resetEpoch += 1;
    Object.assign(s, followRun(s, b));
  });
}

/** What every frame says about the run as a whole: its trace hash, its timeline, a replay's progress (the fields that change). */
function followRun(s: SimState, b: FrameBatch): Partial<SimState> {
  const out: Partial<SimState> = {};
  if (b.checkpoint?.traceHash && b.checkpoint.traceHash !== s.traceHash) out.traceHash = b.checkpoint.traceHash;
  if (b.timeline) out.timeline = b.timeline;
  if (b.replay) out.replay = b.replay;
  else if (s.replay) out.replay = null;
  return out;
}
