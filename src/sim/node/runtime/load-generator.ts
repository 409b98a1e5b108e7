// The scenario's `traffic` step: a load generator inside a pod sending `rps` requests a second for a
// while to a Service (or any URL), each a new connection through the node's kernel as wget's would
// be (outgoing.ts), each with its own 2 s timeout. It counts the answers per endpoint that served
// them and the failures by kind, so a node killed during the load shows as timeouts until the
// EndpointSlice drops its pods and kube-proxy rewrites the rules, and a pod that stops being ready
// stops getting requests. When the time is up and the last request is done, it reports.

import type { Effects } from '../../kernel/component';
import type { TimerId } from '../../kernel/units';
import { startOutgoing } from './outgoing';
import type { ContainerdState } from './state';
import type { HttpClientCommand, HttpOutcome } from './traffic-client';

export const LOAD_TIMER = 'load.tick';
const REQUEST_TIMEOUT_SEC = 2;

/** scenario runner -> every node's containerd; the one running the pod starts the load. */
export interface TrafficStart {
  type: 'traffic.start';
  jobId: number;
  namespace: string;
  pod: string;
  host: string;
  port: number;
  path: string;
  rps: number;
  durationMs: number;
}

export interface LoadGen {
  id: number;
  containerId: string;
  cmd: HttpClientCommand;
  intervalMs: number;
  startedAt: number;
  endAt: number;
  sent: number;
  inFlight: number;
  perEndpoint: Record<string, { ok: number; failed: number }>;
  failures: Record<string, number>;
  timer?: TimerId;
  label: string;
}

/**
 * Where a request of the load ended without an answer, as the sending node saw it: REJECTed by the
 * rules of a Service without endpoints (`connection refused` at once, the packet never leaves the
 * node), or sent to `backend` on `node` and given up on by the client's own timeout.
 */
export interface LoadEnd {
  seq: number;
  /** The load's job id. */
  load: number;
  /** The pod that sent it, `pods/<ns>/<name>`. */
  client: string;
  time: number;
  kind: 'rejected' | 'timed out';
  /** The address and port the client connected to (a Service's cluster IP). */
  dst: string;
  dport: number;
  /** Where the kernel DNATed it (timeouts). */
  backend?: string;
  /** The node the pod network sent it to (timeouts). */
  node?: string;
}

/** How many ends a node keeps: enough for the frames between two batches to the app. */
const ENDS_KEPT = 256;

export function recordLoadEnd(s: ContainerdState, e: Omit<LoadEnd, 'seq'>): void {
  s.loadEndSeq = (s.loadEndSeq ?? 0) + 1;
  const ends = (s.loadEnds ??= []);
  ends.push({ ...e, seq: s.loadEndSeq });
  if (ends.length > ENDS_KEPT) ends.splice(0, ends.length - ENDS_KEPT);
}

export function onTrafficStart(s: ContainerdState, ctx: Effects, t: TrafficStart): void {
  const c = [...s.containers.values()].find((x) => {
    const sb = s.sandboxes.get(x.podSandboxId);
    return x.state === 'CONTAINER_RUNNING' && sb?.metadata.name === t.pod && sb.metadata.namespace === t.namespace;
  });
  if (!c) return;
  const cmd: HttpClientCommand = { tool: 'wget', host: t.host, port: t.port, path: t.path, quiet: true, showError: true, output: '-', timeoutSec: REQUEST_TIMEOUT_SEC, fail: true };
  const g: LoadGen = {
    id: t.jobId, containerId: c.id, cmd, intervalMs: 1000 / t.rps, startedAt: ctx.now, endAt: ctx.now + t.durationMs, sent: 0, inFlight: 0, perEndpoint: {}, failures: {},
    label: `${t.namespace}/${t.pod} -> http://${t.host}${t.port === 80 ? '' : `:${t.port}`}${t.path}`,
  };
  (s.loads ??= new Map()).set(g.id, g);
  tick(s, ctx, g);
}

function tick(s: ContainerdState, ctx: Effects, g: LoadGen): void {
  const c = s.containers.get(g.containerId);
  if (ctx.now >= g.endAt || !c || c.state !== 'CONTAINER_RUNNING') {
    g.endAt = Math.min(g.endAt, ctx.now);
    return maybeReport(s, ctx, g);
  }
  g.sent++;
  g.inFlight++;
  startOutgoing(s, ctx, c, g.cmd, { load: g.id });
  g.timer = ctx.setTimer(g.intervalMs, LOAD_TIMER, g.id);
}

export function onLoadTimer(s: ContainerdState, ctx: Effects, id: number): void {
  const g = s.loads?.get(id);
  if (g) tick(s, ctx, g);
}

function failureName(o: HttpOutcome): string {
  if (o.kind === 'response') return `HTTP ${o.status}`;
  if (o.kind === 'timeout') return 'timed out';
  if (o.kind === 'refused') return 'connection refused';
  if (o.kind === 'reset') return 'connection reset';
  return 'bad address';
}

/** One request of a load generator ended. */
export function onLoadRequestDone(s: ContainerdState, ctx: Effects, id: number, o: HttpOutcome, endpoint: string | undefined): void {
  const g = s.loads?.get(id);
  if (!g) return;
  g.inFlight--;
  const ok = o.kind === 'response' && o.status < 400;
  const ep = (g.perEndpoint[endpoint ?? '(none)'] ??= { ok: 0, failed: 0 });
  if (ok) ep.ok++;
  else {
    ep.failed++;
    const k = failureName(o);
    g.failures[k] = (g.failures[k] ?? 0) + 1;
  }
  maybeReport(s, ctx, g);
}

/** The report as the transcript shows it: totals, then one line per endpoint, then failures by kind. */
export function loadReport(g: LoadGen): string {
  const eps = Object.entries(g.perEndpoint).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const ok = eps.reduce((n, [, v]) => n + v.ok, 0);
  const failed = g.sent - ok;
  const width = Math.max(8, ...eps.map(([k]) => k.length));
  const lines = [`traffic ${g.label}: ${g.sent} requests in ${((g.endAt - g.startedAt) / 1000).toFixed(1)}s, ${ok} ok, ${failed} failed`];
  lines.push(`${'ENDPOINT'.padEnd(width)}   OK      FAILED`);
  for (const [k, v] of eps) lines.push(`${k.padEnd(width)}   ${String(v.ok).padEnd(7)} ${v.failed}`);
  const kinds = Object.entries(g.failures);
  if (kinds.length) lines.push(`failures: ${kinds.map(([k, n]) => `${n} ${k}`).join(', ')}`);
  return lines.join('\n') + '\n';
}

function maybeReport(s: ContainerdState, ctx: Effects, g: LoadGen): void {
  if (ctx.now < g.endAt || g.inFlight > 0) return;
  s.loads?.delete(g.id);
  if (g.timer !== undefined) ctx.cancelTimer(g.timer);
  ctx.emit({ type: 'cli.output', jobId: g.id, stdout: loadReport(g), stderr: '', exitCode: 0 });
}

