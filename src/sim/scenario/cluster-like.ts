// What the scenario runner needs from a cluster. src/sim/cluster.ts's Cluster satisfies it; tests
// use a small fake. Keeping the runner against this interface means it never reaches into the
// cluster's wiring.

import type { CliOutput } from '../cli-tools/protocol';
import type { Timings } from '../config';
import type { Emitted } from '../kernel/component';
import type { TraceRecord } from '../kernel/trace';
import type { RecordedRequest, ScenarioClusterSpec } from './schema';

/** The part of the kernel (src/sim/kernel/simulation.ts) the runner drives. */
export interface SimLike {
  readonly now: number;
  runUntil(t: number): void;
  step(): boolean;
  nextEventTime(): number | undefined;
  traceHash(): string;
  drainEmitted(): Emitted[];
  readonly world: { readonly trace: readonly TraceRecord[] };
}

export interface ExecOptions {
  stdin?: string;
  files?: Record<string, string>;
  /** The host to run on, for node tools (crictl on worker-1); kubectl runs on the laptop. */
  on?: string;
}

export interface ClusterLike {
  readonly sim: SimLike;
  /** Starts a command; its result arrives later as an emitted `cli.output` with this job id. */
  exec(line: string, opts?: ExecOptions): number;
  /**
   * Optional: the cluster collects outputs itself (cluster.ts's Cluster drains the emitted events
   * and keeps them by job id, and answers "command not found" without the simulation). When present
   * the runner asks here instead of draining the emitted events.
   */
  output?(jobId: number): CliOutput | undefined;
  /** Optional: what a still-running job (`journalctl -f`) printed so far; undefined when nothing. */
  partialOutput?(jobId: number): { stdout: string; stderr: string } | undefined;
  /** Optional: Ctrl-C on a running job; the process then emits its final output. */
  cancel?(jobId: number): void;
  /** Throws an Error naming the valid targets when the target is unknown. */
  kill(target: string): void;
  restart(target: string): void;
  /** The target process exits with an error; whoever supervises it starts it again (a node or host cannot crash). */
  crash(target: string): void;
  /** Start a killed process or power on a host, without killing it first. */
  start(target: string): void;
  partition(a: string[], b: string[]): void;
  /** Degrade the links between two groups of hosts (processes name their host). */
  link(a: string[], b: string[], spec: { latencyMs?: number; jitterMs?: number; loss?: number }): void;
  heal(): void;
  /** Optional: a real client's request enters at the API gateway (`kubeplay serve`), and its hanging up. */
  gatewayRequest?(r: RecordedRequest): void;
  gatewayCancel?(id: number): void;
  /** Optional: start a load generator in a pod (the traffic step); its report arrives as the job's output. */
  traffic?(spec: { namespace: string; pod: string; host: string; port: number; rps: number; durationMs: number }): number;
}

/** traceLimit: how many trace records the kernel keeps in memory (all when absent). */
export type ClusterFactory = (spec: ScenarioClusterSpec, opts: { seed: number; timings?: Partial<Timings>; traceLimit?: number }) => ClusterLike;
