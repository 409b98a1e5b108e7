// Builds the frames the worker posts: patches of hosts, components and objects against what the UI
// was last sent, the trace records made since the last frame, every message in flight, finished
// command lines and the followed request. A frame is made only when something changed.
//
// While the clock slows down for the dots (below 25x), a frame carries at most FRAME_LIMITS of
// objects, trace records and new messages in flight, and the rest waits for the next frames; the
// session stops the clock while more than a frame's worth waits (backlogged()), so nothing is
// dropped and the page is never handed megabytes at once. One kernel event can make 1,500 records
// (the ReplicaSet controller creating a Deployment's pods in one sync), and a frame that carried them
// with their 1,500 messages and then the 1,500 new pods was 2-4 MB (issue 14's `ui-frame` figure).

import type { ScenarioProgressView } from '../protocol/scenario-progress';
import type { Checkpoint, ClockView, ComponentView, FollowedRequest, FrameBatch, HostView, TerminalOutput, TraceRecord } from '../protocol/view';
import type { WhyCallout } from '../protocol/why';
import type { LoadView } from '../protocol/traffic';
import type { Cluster } from '../sim/cluster';
import {
  unsentWrites,
  diffInFlight,
  diffObjects,
  diffViews,
  droppedFlow,
  loadEndFlows,
  etcdStore,
  isEmptyPatch,
  newObjectTracker,
  observeComponents,
  observeHosts,
  observeDegradedLinks,
  observePartitions,
  type ObjectTracker,
  type SentFlights,
  type SentViews,
} from './observe';
import { etcdMemberId } from '../sim/names';
import { observeWhy } from './observe/why';
import type { MvccStore } from '../sim/etcd/mvcc/kvstore';

/**
 * Trace records per frame at most. When more were made since the last frame (a skip over a long
 * wait, 100x), the oldest are left out and `traceDropped` says how many; the trace hash and the
 * followed request still see every record.
 */
export const MAX_TRACE_PER_BATCH = 2000;

/**
 * What one limited frame carries at most: bytes of JSON of objects and of trace records, and a
 * number of new messages in flight (about 210 bytes each). Measured on scale-50: a pod is about
 * 1,900 bytes, a trace record 250 (an API response with its pipeline's steps up to 1,300), so a frame
 * stays near 40 KiB, under the 100 KiB that DESIGN.md §6 and issue 14 aim for, and 60 frames a
 * second still carry some 3,000 records and 450 pods. Twice these (frames of about 45 KiB) cost the
 * page 18 ms of main-thread CPU a frame drawn against 11 ms at these, back to back on the e2e machine
 * (README, `ui-frame`). `backlogTrace` and `backlogObjects`: how many waiting records or object
 * writes (about two frames' worth) make the session let the clock wait; less would stop a clock at
 * 5x in an idle cluster, whose tick of 100 ms makes more than 50 records.
 */
export const FRAME_LIMITS = { objectBytes: 16 * 1024, traceBytes: 12 * 1024, inFlight: 50, backlogTrace: 100, backlogObjects: 16 } as const;

/** The oldest records that fit in `maxBytes` of JSON (one at least), taken out of `records`. */
function takeRecords(records: TraceRecord[], maxBytes: number): TraceRecord[] {
  let bytes = 0;
  let n = 0;
  while (n < records.length && bytes < maxBytes) bytes += JSON.stringify(records[n++]).length;
  return records.splice(0, n);
}

export interface BatchInput {
  clock: ClockView;
  checkpoint: Checkpoint;
  followed?: FollowedRequest;
  scenario: { name: string; done: boolean; failed: number };
  /** The scenario's progress, when it changed since the last frame (always sent when given). */
  progress?: ScenarioProgressView;
  /** The load generators now (sent when they changed). */
  loads?: LoadView[];
}

export class BatchBuilder {
  private hosts: SentViews = new Map();
  private components: SentViews = new Map();
  private objects: ObjectTracker = newObjectTracker();
  private flights: SentFlights = new Map();
  private trace: TraceRecord[] = [];
  private dropped = 0;
  private outputs: TerminalOutput[] = [];
  /** The last load end (REJECT, timeout) sent to the UI, per node (observe/traffic.ts loadEndFlows). */
  private loadEndsSeen = new Map<string, number>();
  private lastSig = { clock: '', followed: '', scenario: '', partitions: '', why: '', loads: '[]' };
  /** What the "why" callouts were computed from, and the result (see why()). */
  private whyMemo: { key: string; callouts: WhyCallout[] } = { key: '', callouts: [] };
  private readonly controlPlanes: Set<string>;
  /** Whether a frame was built (the first one comes whole). */
  private built = false;

  constructor(private readonly cluster: Cluster) {
    this.controlPlanes = new Set(cluster.nodes.filter((n) => n.controlPlane).map((n) => n.name));
  }

  /** A record the kernel just made (the session subscribes this to sim.onRecord). */
  pushTrace(r: TraceRecord): void {
    this.trace.push(r);
    // Trim in bulk so a burst of records costs O(1) each.
    if (this.trace.length >= 2 * MAX_TRACE_PER_BATCH) this.trimTrace();
  }

  pushOutput(o: TerminalOutput): void {
    this.outputs.push(o);
  }

  /** Forgets the outputs not sent yet (a restart's replay: the terminal already showed them). */
  discardOutputs(): void {
    this.outputs = [];
  }

  private trimTrace(): void {
    const extra = this.trace.length - MAX_TRACE_PER_BATCH;
    if (extra <= 0) return;
    this.trace.splice(0, extra);
    this.dropped += extra;
  }

  /**
   * The store the objects are read from: the member that has applied the most of the Raft log (the
   * committed truth; a stopped or cut-off member falls behind, a follower by a heartbeat at most).
   * At equal revisions the store shown last stays, so the tracker keeps diffing incrementally.
   */
  private truth(): MvccStore | undefined {
    const sim = this.cluster.sim;
    let best: MvccStore | undefined;
    for (const m of this.cluster.etcdMembers) {
      const s = etcdStore(sim, etcdMemberId(m));
      if (s && (!best || s.revision > best.revision || (s.revision === best.revision && s === this.objects.store))) best = s;
    }
    return best;
  }

  /**
   * The "why" callouts, recomputed only when what they read may have changed: the store's revision
   * (objects), which processes and hosts run (the components' and hosts' patches say so), the cut
   * links, and the simulated second (the controllers' probe times and eviction timers move without a
   * write, at most once per --node-monitor-period).
   */
  private why(store: MvccStore | undefined, livenessChanged: boolean, partitions: string): WhyCallout[] {
    const sim = this.cluster.sim;
    const key = `${store?.revision ?? -1}|${Math.floor(sim.now / 1000)}|${partitions}`;
    if (!livenessChanged && key === this.whyMemo.key) return this.whyMemo.callouts;
    this.whyMemo = { key, callouts: observeWhy({ sim, store }) };
    return this.whyMemo.callouts;
  }

  /**
   * Whether more than one limited frame's worth waits to be sent (the session then lets the clock
   * wait). Each message sent makes a trace record, so the records also stand for the messages.
   */
  backlogged(): boolean {
    return this.trace.length > FRAME_LIMITS.backlogTrace || unsentWrites(this.objects) > FRAME_LIMITS.backlogObjects;
  }

  /**
   * The frame since the last one, or undefined when nothing changed (`force`: a frame in any case,
   * whole, as a reset needs). `limited`: at most FRAME_LIMITS; what is left waits for the next frame.
   */
  build(input: BatchInput, force = false, limited = false): FrameBatch | undefined {
    const sim = this.cluster.sim;
    this.trimTrace();
    // The first frame and a reset replace what the page holds, so they come whole (see FRAME_LIMITS).
    const cap = limited && !force && this.built;
    this.built = true;
    const hosts = diffViews<HostView>(this.hosts, observeHosts(sim, this.controlPlanes));
    const components = diffViews<ComponentView>(this.components, observeComponents(sim));
    const store = this.truth();
    const objects = diffObjects(this.objects, store, cap ? FRAME_LIMITS.objectBytes : Infinity);
    const partitions = observePartitions(sim);
    const degraded = observeDegradedLinks(sim);
    const inFlight = diffInFlight(this.flights, sim, cap ? FRAME_LIMITS.inFlight : Infinity);
    const sig = {
      clock: JSON.stringify(input.clock),
      followed: JSON.stringify(input.followed ?? null),
      scenario: JSON.stringify(input.scenario),
      partitions: JSON.stringify(partitions) + JSON.stringify(degraded),
      why: '',
      loads: JSON.stringify(input.loads ?? []),
    };
    const why = this.why(store, !isEmptyPatch(hosts) || !isEmptyPatch(components), sig.partitions);
    sig.why = JSON.stringify(why);
    const changed =
      force ||
      input.progress !== undefined ||
      sig.clock !== this.lastSig.clock ||
      sig.followed !== this.lastSig.followed ||
      sig.partitions !== this.lastSig.partitions ||
      sig.scenario !== this.lastSig.scenario ||
      // A step that delivers a message and sends nothing changes only what is in flight: the UI must
      // still hear of it, or the delivered message's dot stays on screen.
      inFlight.added.length > 0 ||
      inFlight.removed.length > 0 ||
      sig.why !== this.lastSig.why ||
      sig.loads !== this.lastSig.loads ||
      this.trace.length > 0 ||
      this.outputs.length > 0 ||
      !isEmptyPatch(hosts) ||
      !isEmptyPatch(components) ||
      !isEmptyPatch(objects);
    if (!changed) return undefined;
    // The oldest records go first; the newer ones wait (the clock waits with them, see backlogged()).
    const trace = cap ? takeRecords(this.trace, FRAME_LIMITS.traceBytes) : this.trace;
    if (trace === this.trace) this.trace = [];
    const batch: FrameBatch = {
      type: 'frame',
      clock: input.clock,
      checkpoint: input.checkpoint,
      hosts,
      components,
      objects,
      trace,
      inFlight,
      partitions,
      degraded,
      outputs: this.outputs,
    };
    if (input.followed) batch.followed = input.followed;
    if (sig.scenario !== this.lastSig.scenario) batch.scenario = input.scenario;
    if (input.progress) batch.progress = input.progress;
    if (this.dropped) batch.traceDropped = this.dropped;
    // Sent whole when it changed, and on a forced frame (a reset or the first frame replaces the UI's copy).
    if (force || sig.why !== this.lastSig.why) batch.why = why;
    if (force || sig.loads !== this.lastSig.loads) batch.loads = input.loads ?? [];
    if (force) this.loadEndsSeen.clear();
    const failed = [...trace.map((r) => droppedFlow(sim, r)).filter((f) => f !== undefined), ...loadEndFlows(sim, this.loadEndsSeen)];
    if (failed.length) batch.failedFlows = failed;
    this.lastSig = sig;
    this.dropped = 0;
    this.outputs = [];
    return batch;
  }
}
