// What the UI sees of the simulation: plain views, sent by the worker as patches. The UI never holds
// a simulation object. Everything here is structured-clone safe and small.

import type { IncidentText } from './incident';
import type { LessonView } from './lesson';
import type { RaftKind } from './raft';
import type { ScenarioProgressView } from './scenario-progress';
import type { WhyCallout } from './why';
import type { FailedFlow, LoadView, ProxyCostPoint, TrafficFlow } from './traffic';

export type { RaftKind, WhyCallout };

// The protocol's own words for what the simulation reports. They are the shapes of src/sim's types
// (kernel/component.ts Phase and ObjectRef, kernel/trace.ts TraceRecord) with plain numbers and
// strings, so that the protocol imports nothing and the worker can pass the simulation's records
// as they are (the TypeScript compiler checks that they fit: worker/observe/*.ts).

/** The seed's four phases of a request (1 persistence, 2 watch, 3 scheduling, 4 execution) and a cluster's background work. */
export type Phase = 'persistence' | 'watch' | 'scheduling' | 'execution' | 'raft' | 'heartbeat' | 'networking' | 'controller' | 'user';

/** The Kubernetes object a record concerns, as kubectl names it (`pod/web`). */
export interface ObjectRef {
  kind: string;
  name: string;
  namespace?: string;
}

/** One trace record: a message sent, a timer fired, a drop or a control action, with its cause. */
export interface TraceRecord {
  id: number;
  /** Send time for messages, firing time for timers, the moment of a drop or a control action (simulated ms). */
  time: number;
  kind: 'message' | 'timer' | 'drop' | 'control';
  /** The message body's type (`http.request`, `cri.request`, ...), the timer's name, or the control action. */
  type: string;
  from: string;
  to: string;
  summary: string;
  phase: Phase;
  object?: ObjectRef;
  cause: number | null;
  /** Messages only: when it arrives (or would have). */
  deliverAt?: number;
  /** Set when the message never arrived, and why. */
  dropped?: 'host-down' | 'partition' | 'loss' | 'no-such-process' | 'process-dead' | 'stale-incarnation' | 'stream-broken';
  /** Replies only: the id of the message this answers. */
  inReplyTo?: number;
  /** kube-apiserver's answers: the stages the request went through, the last one the stage that answered. */
  steps?: TraceStep[];
}

/** One stage of a request: `{ stage: 'Admission', result: 'changed', text: 'mutated by DefaultTolerationSeconds (spec.tolerations)' }`. */
export interface TraceStep {
  /** `Authentication`, `Impersonation`, `Authorization`, `Admission`, `Validation`, `Storage`, `Watch`, ... */
  stage: string;
  result: 'passed' | 'changed' | 'failed';
  text: string;
}

/** A machine: the control plane, a worker, the user's laptop, the image registry. */
export interface HostView {
  /** The id: host name (`control-plane`, `worker-1`, `laptop`, `registry-1.docker.io`). */
  id: string;
  address: string;
  /** `etcd`: a host of its own for one etcd member (`etcd-1`, kubeadm's external etcd topology). */
  role: 'control-plane' | 'worker' | 'client' | 'registry' | 'etcd';
  up: boolean;
}

/** A process: `kube-apiserver`, `etcd/etcd-1`, `kubelet/worker-1`, `kubectl`. */
export interface ComponentView {
  /** The process id, which is also its scenario target name. */
  id: string;
  /** `kube-apiserver`, `etcd`, `kube-scheduler`, `kube-controller-manager`, `kubelet`, `containerd`, `cni`, `registry`, `kubectl`, `kubeadm`. */
  kind: string;
  host: string;
  alive: boolean;
  incarnation: number;
  /** Short facts the graph shows: etcd `role` (leader/follower/candidate) and `term`, and so on. */
  detail: Record<string, string | number | boolean>;
}

/** A Kubernetes object as stored in etcd (the truth), with its kubectl name. */
export interface ObjectView {
  /** `pods/default/web`, `nodes//worker-1`: resource/namespace/name. */
  id: string;
  kind: string;
  namespace: string;
  name: string;
  resourceVersion: string;
  /** The whole object as `kubectl get -o json` would print it (status included). */
  object: Record<string, unknown>;
  /**
   * What `kubectl get` prints for it, made by kube-apiserver's own printers (pods: STATUS and
   * READY; nodes: STATUS), so the UI shows the words the terminal shows without deriving them.
   */
  display?: { status: string; ready?: string };
}

/** A message on the wire, for the dots. */
export interface MessageView {
  id: number;
  from: string;
  to: string;
  type: string;
  summary: string;
  phase: Phase;
  sentAt: number;
  deliverAt: number;
  object?: ObjectRef;
  /** A request or answer between pods: its route (client -> Service -> backend). */
  flow?: TrafficFlow;
}

/**
 * The messages in flight, as a change to what the last frame said: `added` were sent since (or are
 * sent again with another delivery time, replacing theirs), `removed` were delivered or dropped.
 * A message does not change while it travels, so a frame carries each one once, not on every frame
 * (a whole list at 50 workers was thousands of messages, over a megabyte a frame).
 */
export interface InFlightPatch {
  /** Oldest first (by id). */
  added: MessageView[];
  /** Ids. */
  removed: number[];
}

export interface Patch<T extends { id: string }> {
  added: T[];
  updated: T[];
  /** Ids. */
  removed: string[];
}

/** A command line's result, as the terminal prints it. */
export interface TerminalOutput {
  /** The id the UI gave the command (absent for the scenario's own steps). */
  requestId?: number;
  /** Simulated ms when the command started. */
  time: number;
  line: string;
  stdout: string;
  stderr: string;
  exitCode: number | null;
  /**
   * A chunk of a command that keeps running (`journalctl -f`): print it, keep waiting. The final
   * output of such a command carries only what no chunk has shown yet.
   */
  partial?: true;
  /**
   * A scenario or recorded action rather than a command line (`kill node/worker-3`, `heal`): the
   * terminal prints it as `# kill node/worker-3`, as `kubeplay run` does, and expects no answer.
   */
  action?: true;
  /** `kubectl apply`: the fields the server's Invalid answers named, so the YAML tab can mark their lines. */
  fieldErrors?: FieldErrorView[];
  /** `kubectl exec -it POD -- sh` opened a shell: the terminal prompts with its prompt until `exit`. */
  shell?: ShellSessionView;
  /** `kubectl edit` wrote a file for the editor: the YAML tab opens it; saving runs `line` with it as stdin. */
  edit?: EditView;
}

/** kubectl edit's file and the command that saves it. */
export interface EditView {
  text: string;
  line: string;
  namespace: string;
  /** `deployment.apps/web` */
  object: string;
}

/** An interactive shell in a container: its prompt, and where each line typed at it runs. */
export interface ShellSessionView {
  prompt: string;
  namespace: string;
  pod: string;
  container: string;
  /** The shell program (`sh`, `bash`), or `redis-cli`. */
  shell: string;
  /** redis-cli's options (`-h HOST -p PORT`), given again with each line typed. */
  args?: string[];
}

/** One cause of an Invalid answer (metav1.StatusCause) and the YAML document of the object it is about. */
export interface FieldErrorView {
  /** `STDIN` (the YAML tab's Apply) or the file name. */
  source: string;
  /** 1-based line where the object's YAML document starts in that source. */
  documentLine: number;
  /** `spec.containers[0].image` */
  field: string;
  /** `Required value` */
  message: string;
}

/** How the simulation clock runs. */
export interface ClockView {
  /** Simulated ms now. */
  time: number;
  playing: boolean;
  /** Simulated seconds per real second: 0.25, 1, 5, 25, 100. */
  speed: number;
  /** Simulated ms of the next queued event (undefined when nothing is queued). */
  nextEventAt?: number;
  /**
   * How many times slower than `speed` the clock ran over the last tick because a message the graph
   * draws was crossing (slow motion, src/worker/clock.ts); absent while it ran at `speed`. Wall-clock
   * pacing only: the same events run in the same order either way.
   */
  slowdown?: number;
  /**
   * The clock waited over the last tick because a burst (a controller creating hundreds of pods in
   * one sync) changed more than a frame may carry, and the rest is still to be sent to the page
   * (src/worker/batch.ts FRAME_LIMITS): the slow-down is then for drawing, not for a message.
   */
  waitingForPage?: true;
  /** False when the person turned slow motion off (the clock runs at `speed` whatever is on the wire); absent while it is on. */
  slowMotion?: false;
}

/** The request the toolbar follows (the latest one a person started) and its current phase. */
export interface FollowedRequest {
  /** The trace record that started it (the `cli.exec` or the first request kubectl sent). */
  rootId: number;
  summary: string;
  /** The seed's phase the latest record caused by it belongs to. */
  phase: Phase;
  /** Finished or not: `>` (step to the next phase) does nothing once it is. */
  state: 'running' | 'done' | 'failed';
  /** How it ended: `pod/web Running`, `kubelet: pod/web ImagePullBackOff`, the command's error line. */
  outcome?: string;
}

/**
 * A point in a run: the simulated time, how many kernel events (deliveries and timers) ran since the
 * cluster was built, how many trace records were made (a scenario step makes records but runs no
 * event), and how many journaled commands were applied. The same scenario, seed and commands at the
 * same points reach the same state (the simulation is deterministic).
 */
export interface SimPosition {
  time: number;
  events: number;
  records: number;
  commands: number;
}

/** A position and the trace hash there: what a restart compares to know it reached the same state. */
export interface Checkpoint extends SimPosition {
  traceHash: string;
}

/** What a scenario was loaded from: enough to load it again in a new worker. */
export interface ScenarioSource {
  file: string;
  text: string;
  files: Record<string, string>;
}

/** The commands that change the simulation (the rest only decide how far time runs). */
export type JournaledCommand = Extract<UiToWorker, { type: 'exec' | 'cancel' | 'kill' | 'restart' | 'start' | 'partition' | 'link' | 'heal' | 'seek' | 'traffic' }>;

/** A command and the point where the worker applied it: the journal a restart replays. */
export interface JournalEntry {
  at: SimPosition;
  command: JournaledCommand;
}

/** One batch per animation frame at most. */
export interface FrameBatch {
  type: 'frame';
  clock: ClockView;
  /** Where the run is, for a restart after the worker dies (not a reason to send a frame by itself). */
  checkpoint: Checkpoint;
  hosts: Patch<HostView>;
  components: Patch<ComponentView>;
  objects: Patch<ObjectView>;
  /** Trace records made since the last batch (bounded; the oldest are dropped when a batch would grow too big). */
  trace: TraceRecord[];
  /** How many older records were left out of `trace` (absent when none were). */
  traceDropped?: number;
  /** How the messages in flight changed since the last frame (on a reset frame: all of them, in `added`). */
  inFlight: InFlightPatch;
  /** Cut host pairs, `[a, b]` with a < b. */
  partitions: [string, string][];
  /** Host pairs whose link is slow or lossy (a `link` command or step), `[a, b]` with a < b. */
  degraded?: [string, string][];
  outputs: TerminalOutput[];
  followed?: FollowedRequest;
  /** The scenario's name and whether all its steps ran. */
  scenario?: { name: string; done: boolean; failed: number };
  /** The scenario's steps and expectations as its runner stands: present when they changed (and on a reset frame). */
  progress?: ScenarioProgressView;
  /**
   * The run went back in time (a seek): everything the UI holds of the run (hosts, components,
   * objects, trace, terminal outputs) is replaced by what this frame carries, which is complete.
   */
  reset?: true;
  /** The run's timeline for the scrubber: present when it changed. */
  timeline?: TimelineView;
  /** Replaying a shared run or an import to its moment, at full speed: how far it is. */
  replay?: { time: number; target: number };
  /** The "why" callouts now, complete: present when they changed (and on a reset frame). */
  why?: WhyCallout[];
  /** The load generators (traffic steps), complete: present when they changed. */
  loads?: LoadView[];
  /** Requests between pods the network lost since the last frame (absent when none). */
  failedFlows?: FailedFlow[];
  /** This frame's size as JSON text, without this field: measured by the worker now and then, for the dev overlay (absent when not measured). */
  bytes?: number;
}

/** A user action or scenario step on the timeline, as the scrubber marks it. */
export interface TimelineMark {
  /** Simulated ms. */
  at: number;
  /** `$ kubectl get pods`, `kill kube-scheduler`. */
  label: string;
  /** Done in the app (recorded) or written in the scenario. */
  recorded: boolean;
}

export interface TimelineView {
  /** The latest simulated time the run has reached (seeking back keeps it: it is the run's known end). */
  end: number;
  /** Where snapshots were taken (a seek replays from the nearest one before it). */
  snapshots: number[];
  marks: TimelineMark[];
}

/** What the screen showed when a link was made (src/sim/scenario/link.ts LinkView). */
export interface ShareView {
  follow?: string;
  panel?: string;
  selected?: string;
}

/** One scheduling cycle of a pod, for the inspector's filter/score table. */
export interface SchedulingCycleView {
  pod: string;
  time: number;
  /** The chosen node, or undefined when the pod did not fit. */
  node?: string;
  message?: string;
  /** PreFilter plugins named the only nodes worth filtering: which plugins, how many nodes of all. */
  narrowed?: { plugins: string[]; nodes: number; of: number };
  plugins: string[];
  nodes: {
    name: string;
    /** Per plugin: filter verdict (`pass` or the reason), raw, normalized and weighted score. */
    results: Record<string, { filter?: string; raw?: number; normalized?: number; weighted?: number }>;
    total?: number;
    feasible: boolean;
  }[];
}

/** UI -> worker. */
export type UiToWorker =
  /**
   * Parse a scenario and build its cluster; replaces whatever ran before. `at`: replay to that
   * simulated time at full speed (frames carry `replay`), then pause and answer `arrived`; without it,
   * a scenario's own `spec.pauseAt` does the same.
   */
  | { type: 'load'; file: string; text: string; files?: Record<string, string>; at?: number; view?: ShareView }
  /**
   * Open a link's fragment (`#run=...` or `#scenario=NAME&at=42s`, hostile input): the worker decodes
   * and bounds it. A run link is loaded at once (answered as `load` is); a built-in scenario's name is
   * answered with `linkBuiltin` (the page fetches its file, then sends `load`); a link that cannot be
   * opened, with `linkRefused`.
   */
  | { type: 'openLink'; fragment: string }
  /** Rebuild the loaded scenario from its start. */
  | { type: 'reset' }
  /** Run a command line as the person at the keyboard (`kubectl get pods`). */
  | { type: 'exec'; requestId: number; line: string; stdin?: string }
  /** Ctrl-C on the command the terminal started with this request id. */
  | { type: 'cancel'; requestId: number }
  /**
   * Actions on the cluster. `echo`: the real command the graph's menu stands for
   * (`ssh worker-2 -- sudo poweroff`), recorded with the step so that the terminal prints it live
   * and in every replay of the run (a link, an import, going back in time) alike.
   */
  | { type: 'kill' | 'restart' | 'start'; target: string; echo?: string }
  | { type: 'partition'; a: string[]; b: string[]; echo?: string }
  /** Degrade the links between two groups of hosts (a slow or lossy network); `heal` restores them. */
  | { type: 'link'; a: string[]; b: string[]; latencyMs?: number; jitterMs?: number; loss?: number; echo?: string }
  | { type: 'heal'; echo?: string }
  /** Start a load generator in a pod (`from: pod/client`) towards a Service (`to: service/web`): a recorded `traffic` step. */
  | { type: 'traffic'; from: string; to: string; rps: number; durationMs: number; /** The client pod's namespace; absent means `default`. */ namespace?: string }
  /** Ask for kube-proxy's per-packet cost by mode and Service count (answered with `proxyCost`). */
  | { type: 'proxyCost'; sizes: number[] }
  | { type: 'play' }
  | { type: 'pause' }
  /**
   * `hiddenPhases`: the phases the graph does not draw (its filters). While playing below 25x the
   * clock slows down so that dots stay watchable, but not for messages nobody sees. Default
   * `['heartbeat']`, as the UI hides heartbeats by default; sent with `speed` when a filter changes.
   * `hiddenRaft`: the kinds of etcd Raft message (phase `raft`) the graph does not draw, default
   * `['heartbeat']` (the leader sends one every 100 ms); absent = unchanged.
   * `slowMotion: false` turns that slow-down off (the clock runs at `speed`, dots jump); absent = unchanged.
   */
  | { type: 'speed'; speed: number; hiddenPhases?: Phase[]; hiddenRaft?: RaftKind[]; slowMotion?: boolean }
  /** Deliver exactly one message or fire exactly one timer, then pause. */
  | { type: 'step' }
  /** Step until the followed request enters its next phase (or 10,000 steps pass), then pause. */
  | { type: 'stepPhase' }
  /** Jump the clock to the next queued event (nothing happens in between, so no time is wasted). */
  | { type: 'skip' }
  /**
   * The run as a scenario (every user action a recorded step) and the present moment: answered with
   * `run`. Events due at this very millisecond run first, so the moment is one a replay reaches.
   */
  | { type: 'share'; purpose: 'link' | 'export'; view: ShareView }
  /** Go to simulated time `time` (back: restore a snapshot and replay; forward: run). Pauses. Answered with `seeked`. */
  | { type: 'seek'; time: number }
  /** Ask for a pod's scheduling cycles (answered with `cycles`). */
  | { type: 'cycles'; pod: string }
  /** Ask for a process's log (answered with `logs`). */
  | { type: 'logs'; process: string; tail?: number }
  /**
   * Live mode: ask for a pod's container log, as `kubectl logs POD -c C --tail N [--previous]`
   * reads it (GET .../pods/NAME/log through kubectl proxy). Answered with `podLog`.
   */
  | { type: 'podLog'; namespace: string; pod: string; container: string; tail: number; previous?: boolean }
  /**
   * After the previous worker died: load `source`, apply the journal at its points, run to the
   * checkpoint (the last frame the UI got) and stay paused there. Answered with `loaded`, the
   * `journal` entries again, then `restored`.
   */
  | { type: 'restore'; source: ScenarioSource; journal: JournalEntry[]; checkpoint?: Checkpoint }
  /**
   * The page drew a frame it was sent (posted from requestAnimationFrame). The worker sends a new
   * frame only while fewer than FRAMES_AHEAD are not yet drawn, so a page that falls behind gets
   * fewer, bigger frames (the patches coalesce) instead of a queue it can never work off.
   */
  | { type: 'frameShown' }
  /**
   * Test only: make the worker fail, in its message handler or outside any handler. Honoured only by
   * a worker the page started with `?crash-test` in its URL (sim.worker.ts, useSimWorker.ts).
   */
  | { type: 'crashTest'; how: 'handler' | 'uncaught' };

/**
 * What the terminal's Tab completion offers after `kubectl`: the simulated kubectl's verbs, each
 * with its own flags (`--output`, `-o`), the global flags, and the kinds it knows with the names
 * they are typed by (plural, singular, short names). Read from the same verb table kubectl runs.
 */
export interface KubectlVocabulary {
  verbs: { name: string; flags: string[] }[];
  globalFlags: string[];
  /** Flags that take the next word as their value (`-n`, `--output`). */
  valueFlags: string[];
  kinds: { resource: string; singular: string; shortNames: string[]; namespaced: boolean }[];
}

/** Worker -> UI. */
export type WorkerToUi =
  | FrameBatch
  /** `pauseAt`: the scenario replays to this moment and pauses there (`spec.pauseAt`, or `load`'s `at`). */
  | { type: 'loaded'; name: string; seed: number; targets: string[]; source: ScenarioSource; pauseAt?: number; vocabulary?: KubectlVocabulary; epochMs?: number; /** The scenario's `spec.lesson`, when it teaches. */ lesson?: LessonView; /** An incident drill's title (its panel comes with the progress): the page opens the Scenario tab and names the drill. */ incident?: { title: IncidentText } }
  /** kubectl's words for Tab completion, once the worker has loaded kubectl (after first paint); `loaded` carries them when it already had. */
  | { type: 'vocabulary'; vocabulary: KubectlVocabulary }
  /** The answer to `openLink` naming a built-in scenario (and the moment to open it at). */
  | { type: 'linkBuiltin'; name: string; at?: number }
  /** The answer to `openLink` when the link cannot be opened: why, in a sentence. */
  | { type: 'linkRefused'; reason: string }
  /** The scenario could not be loaded, or a command could not be carried out. */
  | { type: 'error'; message: string; errors: string[] }
  /** A command was applied: the UI keeps the journal, so a new worker can replay it if this one dies. */
  | { type: 'journal'; entry: JournalEntry }
  /**
   * The answer to `restore`. `exact`: the replay reached the checkpoint with the same trace hash;
   * otherwise `detail` says where it went another way. `running`: request ids of terminal commands
   * still running after the replay (their output will come).
   */
  | { type: 'restored'; time: number; replayed: number; exact: boolean; detail?: string; running: number[] }
  /**
   * The worker hit a bug (an exception in its own code or in the simulation kernel) and stopped:
   * its state can no longer be trusted. The UI offers to restart it.
   */
  | { type: 'fatal'; message: string; stack?: string }
  | { type: 'cycles'; pod: string; cycles: SchedulingCycleView[] }
  | { type: 'logs'; process: string; lines: string[] }
  | { type: 'proxyCost'; points: ProxyCostPoint[] }
  /**
   * The answer to `share`: the recorded scenario as YAML (with `spec.pauseAt` at the moment), the
   * link fragment (`run=...`, without `#`), the moment and the trace hash there.
   */
  | { type: 'run'; purpose: 'link' | 'export'; yaml: string; fragment: string; at: number; traceHash: string }
  /** A replay (`load` with `at`, or `spec.pauseAt`) reached its moment and paused: the UI restores `view`. */
  | { type: 'arrived'; time: number; traceHash: string; view?: ShareView }
  /** A seek is done: where it came from, how much it replayed and how long that took (wall ms). */
  | { type: 'seeked'; time: number; from: number; replayedMs: number; wallMs: number }
  /**
   * A person acted after going back in time: the run's old future (after `from`, up to `end`) was
   * discarded, with the `dropped` actions recorded in it.
   */
  | { type: 'forked'; from: number; end: number; dropped: number }
  /**
   * Live mode only (src/worker/live): the page reads a real cluster through `kubectl proxy`. Sent
   * first and whenever the connection changes: the API's address, its version (`/version`
   * gitVersion, once known), whether every list and watch works, and otherwise the last error and
   * when the next try is.
   */
  | { type: 'live'; server: string; version?: string; connected: boolean; error?: string; retryInMs?: number }
  /** Live mode: a pod's container log as the API answered it (`text`), or the API's error message. */
  | { type: 'podLog'; namespace: string; pod: string; container: string; previous: boolean; text?: string; error?: string }
  /**
   * Live mode: what the control plane says of itself, read every LIVE_HEALTH_EVERY_MS: kube-apiserver's
   * `/readyz?verbose` and `/livez?verbose` checks (healthz.go's `[+]name ok` lines).
   */
  | { type: 'liveHealth'; readyz: HealthReport; livez: HealthReport };

/** One of kube-apiserver's health endpoints, as its `?verbose` text says (or why it could not be read). */
export interface HealthReport {
  /** The endpoint answered 200 (`readyz check passed`). */
  passed: boolean;
  checks: { name: string; ok: boolean; detail?: string }[];
  /** The request failed, or the answer was not healthz.go's text. */
  error?: string;
}
