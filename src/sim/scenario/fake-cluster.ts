// A tiny ClusterLike for tests: a clock, a queue of answers, and a script of replies per command.
// Commands answer `latencyMs` after they start; kill/restart/partition/heal are only recorded.

import type { CliOutput } from '../cli-tools/protocol';
import type { Emitted } from '../kernel/component';
import type { TraceRecord } from '../kernel/trace';
import type { ClusterLike, ExecOptions, SimLike } from './cluster-like';

export type Reply = { stdout?: string; stderr?: string; exitCode?: number } | 'never';
export type Responder = (line: string, opts: ExecOptions, now: number) => Reply;

interface Queued {
  time: number;
  seq: number;
  output: CliOutput;
}

class FakeSim implements SimLike {
  now = 0;
  queue: Queued[] = [];
  emitted: Emitted[] = [];
  world = { trace: [] as TraceRecord[] };
  private seq = 0;
  private hash = 0;

  push(time: number, output: CliOutput): void {
    this.queue.push({ time, seq: this.seq++, output });
    this.queue.sort((a, b) => a.time - b.time || a.seq - b.seq);
  }

  note(s: string): void {
    for (let i = 0; i < s.length; i++) this.hash = (Math.imul(this.hash ^ s.charCodeAt(i), 0x01000193) >>> 0) as number;
  }

  runUntil(t: number): void {
    while (this.queue.length && this.queue[0]!.time <= t) this.step();
    if (t > this.now) this.now = t;
  }

  step(): boolean {
    const e = this.queue.shift();
    if (!e) return false;
    this.now = e.time;
    this.emitted.push(e.output as unknown as Emitted);
    return true;
  }

  nextEventTime(): number | undefined {
    return this.queue[0]?.time;
  }

  traceHash(): string {
    return this.hash.toString(16).padStart(8, '0');
  }

  drainEmitted(): Emitted[] {
    const out = this.emitted;
    this.emitted = [];
    return out;
  }
}

export class FakeCluster implements ClusterLike {
  readonly sim = new FakeSim();
  /** Everything done to the cluster, stamped with simulated time: `00030 exec kubectl get pods`. */
  readonly log: string[] = [];
  private nextJob = 1;

  constructor(
    private readonly respond: Responder = () => ({ stdout: '' }),
    private readonly latencyMs = 50,
  ) {}

  exec(line: string, opts: ExecOptions = {}): number {
    const jobId = this.nextJob++;
    this.record(`exec ${line}${opts.stdin !== undefined ? ' <stdin>' : ''}${opts.files ? ' files=' + Object.keys(opts.files).join(',') : ''}`);
    const reply = this.respond(line, opts, this.sim.now);
    if (reply !== 'never') {
      this.sim.push(this.sim.now + this.latencyMs, { type: 'cli.output', jobId, stdout: reply.stdout ?? '', stderr: reply.stderr ?? '', exitCode: reply.exitCode ?? 0 });
    }
    return jobId;
  }

  kill(target: string): void {
    this.checkTarget(target);
    this.record(`kill ${target}`);
  }

  restart(target: string): void {
    this.checkTarget(target);
    this.record(`restart ${target}`);
  }

  crash(target: string): void {
    this.checkTarget(target);
    this.record(`crash ${target}`);
  }

  start(target: string): void {
    this.record(`start ${target}`);
  }

  link(a: string[], b: string[], spec: { latencyMs?: number; jitterMs?: number; loss?: number }): void {
    this.record(`link ${a.join(',')} | ${b.join(',')} ${JSON.stringify(spec)}`);
  }

  partition(a: string[], b: string[]): void {
    this.record(`partition ${a.join(',')} | ${b.join(',')}`);
  }

  heal(): void {
    this.record('heal');
  }

  private record(s: string): void {
    const line = `${String(this.sim.now).padStart(5, '0')} ${s}`;
    this.log.push(line);
    this.sim.note(line);
  }

  private checkTarget(target: string): void {
    if (!['kube-apiserver', 'kube-scheduler', 'kube-controller-manager', 'etcd/etcd-1', 'node/worker-1', 'kubelet/worker-1'].includes(target)) {
      throw new Error(`unknown target "${target}"`);
    }
  }
}
