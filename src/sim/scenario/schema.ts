// The scenario format (kubeplay.dev/v1alpha1, kind Scenario): cluster shape, seed, timing overrides
// and timed steps. The same document drives the CLI, the tests, the built-in lessons and (later)
// shared URLs, so the parsed form below is plain data with every step's source position kept for
// error messages.

import type { Timings } from '../config';
import type { Lesson } from './lesson';
import type { Incident } from './incident';

export const SCENARIO_API_VERSION = 'kubeplay.dev/v1alpha1';
export const SCENARIO_KIND = 'Scenario';
/** Seed used when a scenario does not name one. */
export const DEFAULT_SEED = 1;
/** Hostile-input limits: a scenario may come from a shared URL. */
export const MAX_SCENARIO_BYTES = 1024 * 1024;
export const MAX_STEPS = 10_000;
export const MAX_ETCD_MEMBERS = 7;
/** The latest `spec.pauseAt` (and link moment) accepted: 7 days of simulated time. */
export const MAX_PAUSE_AT_MS = 7 * 24 * 3_600_000;

/** Where something is in the scenario text, 1-based like an editor shows it. */
export interface SourcePos {
  line: number;
  col: number;
}

export type TaintEffect = 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute';
export const TAINT_EFFECTS: readonly TaintEffect[] = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];

export interface ScenarioTaint {
  key: string;
  value?: string;
  effect: TaintEffect;
}

/** One worker node; structurally the same as cluster.ts's NodeSpecInput. */
export interface ScenarioNode {
  name: string;
  cpu?: string;
  memory?: string;
  pods?: string;
  labels?: Record<string, string>;
  taints?: ScenarioTaint[];
  /** Images already in the node's containerd store (pre-pulled). */
  images?: string[];
  bandwidthBytesPerSec?: number;
}

/** One entry of `spec.users`: a person with a bearer token (and kubeconfig entry), optionally in groups. */
export interface ScenarioUser {
  name: string;
  groups?: string[];
}

/** `spec.cluster`. Everything is optional; buildCluster fills the defaults (3 workers, 1 etcd member). */
export interface ScenarioClusterSpec {
  nodes?: ScenarioNode[];
  etcd?: { members?: number };
  /** From `spec.users` (the parser puts them here so they reach the cluster factory with the shape). */
  users?: ScenarioUser[];
  /** kube-proxy's mode on every node (default iptables). */
  kubeProxyMode?: 'iptables' | 'ipvs' | 'nftables';
  /** `standby: true` adds host control-plane-2 with a standing-by kube-scheduler and kube-controller-manager. */
  controlPlane?: { standby?: boolean };
  /** `gateway: true`: the API gateway real clients come in through (a run `kubeplay serve` recorded). */
  gateway?: boolean;
  /** `defaultStorageClass: false`: boot without kind's default StorageClass `standard`. */
  defaultStorageClass?: boolean;
  /**
   * `epoch: 2026-12-03T00:45:00Z`: the wall-clock time of simulated time 0 (default 2024-08-13T09:00:00Z).
   * `kubeplay serve` starts its run at the second it starts and records it here.
   */
  epoch?: string;
}

/**
 * A real client's HTTP request as `kubeplay serve` received it (sim/gateway/api-gateway.ts
 * GatewayRequest without its type): what a recorded serve run replays.
 */
export interface RecordedRequest {
  id: number;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  contentType?: string;
  accept?: string;
  credentials: {
    clientCertificate?: { commonName: string; organizations: string[] };
    untrustedClientCertificate?: true;
    bearerToken?: string;
    impersonateUser?: string;
    impersonateGroups?: string[];
  };
  userAgent: string;
  watch: boolean;
}

/** What an `expect` step checks. Text comparisons use the trimmed output. */
export interface ExpectSpec {
  run: string;
  stdin?: string;
  on?: string;
  equals?: string;
  contains?: string;
  stderr?: string;
  exitCode?: number;
}

export type StepAction =
  | { kind: 'apply'; manifest: string }
  | { kind: 'applyFile'; path: string }
  | { kind: 'run'; line: string; stdin?: string; on?: string }
  | { kind: 'expect'; expect: ExpectSpec }
  | { kind: 'kill'; target: string }
  | { kind: 'restart'; target: string }
  | { kind: 'start'; target: string }
  /** The process exits with an error (a panic): its supervisor starts it again after its back-off. */
  | { kind: 'crash'; target: string }
  | { kind: 'partition'; between: string[]; and: string[] }
  | { kind: 'link'; between: string[]; and: string[]; latencyMs?: number; jitterMs?: number; loss?: number }
  | { kind: 'heal' }
  /** Ctrl-C on the latest still-running recorded command with this line (the app's terminal). */
  | { kind: 'interrupt'; line: string }
  /** A real client's request through `kubeplay serve` (recorded), and its hanging up. */
  | { kind: 'request'; request: RecordedRequest }
  | { kind: 'hangup'; id: number }
  /** A load generator in a pod: `rps` requests a second to a Service for `forMs` (issue 13). */
  | { kind: 'traffic'; from: string; to: string; rps: number; forMs: number; /** The client pod's namespace (default `default`). */ namespace?: string };

export type StepKind = StepAction['kind'];
/** The steps that may carry an `echo`: what the graph's menu does. */
export const ECHO_KINDS: readonly StepKind[] = ['kill', 'restart', 'start', 'partition', 'link', 'heal'];
/** The longest `echo` accepted (the menu's lines are under 200 characters; a link is hostile input). */
export const MAX_ECHO_CHARS = 500;
export const STEP_KINDS: readonly StepKind[] = ['apply', 'applyFile', 'run', 'expect', 'kill', 'restart', 'start', 'crash', 'partition', 'link', 'heal', 'interrupt', 'request', 'hangup', 'traffic'];

export type Step = StepAction & {
  /** Simulated time in ms at which the step starts. */
  at: number;
  /**
   * `recorded: true`: a step a person took in the app (the recorder writes it). It happens exactly
   * at its time whatever command is still running, and no step waits for its output, as in the app.
   */
  recorded?: boolean;
  /**
   * `echo: ssh worker-2 -- sudo poweroff`: the line the app's terminal showed for an action a person
   * took in the graph (the real command behind its menu item). The transcript prints it instead of
   * the step's description, so a replay of the run reads as the run did. Actions only (ECHO_KINDS).
   */
  echo?: string;
  /** Index in `spec.steps` as written (before the stable sort by `at`), for messages. */
  index: number;
  /** Position of the step's mapping, and of its action's value. */
  pos: SourcePos;
  actionPos: SourcePos;
};

export interface Scenario {
  /** The file name used in messages (and to resolve applyFile paths, by the caller). */
  file: string;
  name: string;
  description?: string;
  seed: number;
  cluster: ScenarioClusterSpec;
  timings: Partial<Timings>;
  /** Sorted stably by `at`. */
  steps: Step[];
  /**
   * `spec.pauseAt`: the moment a recorded run was exported at. The app replays to it and pauses; the
   * CLI stops there (as for a shared link) instead of running every step to completion.
   */
  pauseAt?: number;
  /** `spec.lesson`: narrated steps, do-this checks and questions (lesson.ts). */
  lesson?: Lesson;
  /** `spec.incident`: the scenario is an incident drill; its steps are the hidden break (incident.ts). */
  incident?: Incident;
}

/** One problem in a scenario, reported as `<file>:<line>:<col>: <path>: <message>`. */
export interface ScenarioError {
  file: string;
  line: number;
  col: number;
  /** The field, as `spec.steps[2].at`; empty for YAML syntax errors. */
  path: string;
  message: string;
}

export function formatScenarioError(e: ScenarioError): string {
  return `${e.file}:${e.line}:${e.col}: ${e.path ? e.path + ': ' : ''}${e.message}`;
}

export type ParseResult = { ok: true; scenario: Scenario } | { ok: false; errors: ScenarioError[] };

/** The one-line description of a step used in transcripts (`kill kube-scheduler`). */
export function describeAction(s: StepAction): string {
  switch (s.kind) {
    case 'apply':
      return 'kubectl apply -f -';
    case 'applyFile':
      return `kubectl apply -f ${s.path}`;
    case 'run':
      return s.line;
    case 'expect':
      return s.expect.run;
    case 'kill':
    case 'restart':
    case 'start':
    case 'crash':
      return `${s.kind} ${s.target}`;
    case 'partition':
      return `partition [${s.between.join(', ')}] from [${s.and.join(', ')}]`;
    case 'link': {
      const parts = [s.latencyMs !== undefined ? `latency ${s.latencyMs}ms` : '', s.jitterMs !== undefined ? `jitter ${s.jitterMs}ms` : '', s.loss !== undefined ? `loss ${s.loss * 100}%` : ''];
      return `link [${s.between.join(', ')}] <-> [${s.and.join(', ')}]: ${parts.filter(Boolean).join(', ')}`;
    }
    case 'heal':
      return 'heal all partitions';
    case 'interrupt':
      return `^C ${s.line}`;
    case 'request':
      return `${s.request.method} ${s.request.path}${s.request.watch ? ' (watch)' : ''} from ${s.request.userAgent.split(' ')[0] || 'a client'}`;
    case 'hangup':
      return `client hung up (request ${s.id})`;
    case 'traffic':
      return `traffic from ${s.from} to ${s.to}: ${s.rps} rps for ${s.forMs / 1000}s`;
  }
}
