// Liveness, readiness and startup probes (pkg/kubelet/prober): each runs every periodSeconds after
// initialDelaySeconds; a result flips after successThreshold / failureThreshold consecutive
// outcomes. Readiness drives the container's `ready` and the pod's Ready condition; a failed
// liveness (or startup) probe kills the container so the restart policy restarts it. Every failure
// is an `Unhealthy` Warning event with the prober's output.

import type { Probe } from '../../api/types';
import type { Effects } from '../../kernel/component';
import type { CriResponse, ExecSyncResult, ProbeRequest, ProbeResponse } from '../runtime/cri';
import { criCall } from './cri-client';
import { recordEvent } from './events';
import { findContainer } from './init-containers';
import { podRef, pushStatus, syncPod } from './pod-worker';
import type { ContainerWorker, KubeletState, PodWorker, ProbeKind, ProbeState } from './state';
import { ProbeOutput, Reason, T } from './texts';

export const PROBE_TIMER = 'probe';

function specOf(c: ContainerWorker, kind: ProbeKind): Probe | undefined {
  return kind === 'liveness' ? c.spec.livenessProbe : kind === 'readiness' ? c.spec.readinessProbe : c.spec.startupProbe;
}

function schedule(ctx: Effects, w: PodWorker, c: ContainerWorker, p: ProbeState, delayMs: number): void {
  p.timer = ctx.setTimer(delayMs, PROBE_TIMER, { uid: w.uid, container: c.name, kind: p.kind });
}

function begin(ctx: Effects, w: PodWorker, c: ContainerWorker, kind: ProbeKind): void {
  const spec = specOf(c, kind);
  if (!spec) return;
  const p: ProbeState = { kind, successes: 0, failures: 0, inFlight: false };
  c.probes.push(p);
  schedule(ctx, w, c, p, (spec.initialDelaySeconds ?? 0) * 1000);
}

/** A container started: its startup probe runs first; liveness and readiness wait for it. */
export function startProbes(_s: KubeletState, ctx: Effects, w: PodWorker, c: ContainerWorker): void {
  stopProbes(ctx, c);
  if (c.spec.startupProbe) return begin(ctx, w, c, 'startup');
  begin(ctx, w, c, 'liveness');
  begin(ctx, w, c, 'readiness');
}

export function stopProbes(ctx: Effects, c: ContainerWorker): void {
  for (const p of c.probes) if (p.timer !== undefined) ctx.cancelTimer(p.timer);
  c.probes = [];
}

function portOf(c: ContainerWorker, port: number | string): number {
  if (typeof port === 'number') return port;
  return c.spec.ports?.find((p) => p.name === port)?.containerPort ?? (Number(port) || 0);
}

export function onProbeTimer(s: KubeletState, ctx: Effects, w: PodWorker, containerName: string, kind: ProbeKind): void {
  const c = findContainer(w, containerName);
  const p = c?.probes.find((x) => x.kind === kind);
  const spec = c && specOf(c, kind);
  if (!c || !p || !spec || c.state !== 'running' || !c.containerId) return;
  p.timer = undefined;
  schedule(ctx, w, c, p, (spec.periodSeconds ?? 10) * 1000);
  if (p.inFlight) return;
  p.inFlight = true;
  if (spec.exec) {
    criCall(s, ctx, { method: 'ExecSync', containerId: c.containerId, cmd: spec.exec.command ?? [], timeout: spec.timeoutSeconds ?? 1 }, { purpose: 'probe', podUid: w.uid, container: c.name, probe: kind }, podRef(w), `ExecSync ${(spec.exec.command ?? []).join(' ')} (${kind} probe)`);
    return;
  }
  const ip = w.podIP ?? '';
  const http = spec.httpGet;
  const port = portOf(c, http ? http.port : (spec.tcpSocket?.port ?? 0));
  const hostPort = `${ip}:${port}`;
  const path = http?.path ?? '/';
  const target = http ? `${(http.scheme ?? 'HTTP').toLowerCase()}://${hostPort}${path}` : hostPort;
  const req: ProbeRequest = http ? { type: 'probe.request', kind: 'http', ip, port, path } : { type: 'probe.request', kind: 'tcp', ip, port };
  // A probe is the kubelet's periodic health check of a container, background traffic as the
  // node's lease renewals are: the heartbeat phase, which the app hides by default (an idle
  // kubeadm cluster probes CoreDNS every 10 s). What a failure causes (events, a restart) is not.
  const id = ctx.send(s.config.containerd, req, { summary: `${kind} probe ${http ? `GET ${target}` : `TCP ${hostPort}`}`, phase: 'heartbeat', object: podRef(w) });
  s.probeCalls.set(id, { uid: w.uid, container: c.name, kind, target, hostPort });
}

/** A probe's outcome: count it, and act when a threshold is crossed. */
export function probeResult(s: KubeletState, ctx: Effects, w: PodWorker, containerName: string, kind: ProbeKind, ok: boolean, output: string): void {
  const c = findContainer(w, containerName);
  const p = c?.probes.find((x) => x.kind === kind);
  const spec = c && specOf(c, kind);
  if (!c || !p || !spec || c.state !== 'running') return;
  p.inFlight = false;
  if (ok) {
    p.successes++;
    p.failures = 0;
  } else {
    p.failures++;
    p.successes = 0;
    recordEvent(s, ctx, w.pod, c.name, 'Warning', Reason.Unhealthy, T.unhealthy(kind, output));
  }
  const before = p.result;
  if (ok && p.successes >= (spec.successThreshold ?? 1)) p.result = true;
  if (!ok && p.failures >= (spec.failureThreshold ?? 3)) p.result = false;
  if (p.result === before && kind !== 'readiness') return;
  if (kind === 'readiness') {
    const ready = p.result === true;
    if (ready !== c.ready) {
      c.ready = ready;
      pushStatus(s, ctx, w);
    }
    return;
  }
  if (kind === 'startup' && p.result) {
    stopProbes(ctx, c);
    c.started = true;
    c.ready = !c.spec.readinessProbe;
    begin(ctx, w, c, 'liveness');
    begin(ctx, w, c, 'readiness');
    pushStatus(s, ctx, w);
    // A sidecar that has started lets the next init container run (computeInitContainerActions).
    if (c.init === 'sidecar') syncPod(s, ctx, w);
    return;
  }
  if (p.result === false && !c.stopping) {
    // kuberuntime_manager.go computePodActions: kill it; the restart policy brings it back.
    stopProbes(ctx, c);
    c.stopping = true;
    recordEvent(s, ctx, w.pod, c.name, 'Normal', Reason.Killing, T.probeKill(c.name, kind));
    const grace = w.pod.spec.terminationGracePeriodSeconds ?? 30;
    criCall(s, ctx, { method: 'StopContainer', containerId: c.containerId!, timeout: grace }, { purpose: 'stop', podUid: w.uid, container: c.name }, podRef(w), `StopContainer ${c.name} (failed ${kind} probe)`);
  }
}

export function onExecProbeResponse(s: KubeletState, ctx: Effects, w: PodWorker, container: string, kind: ProbeKind, resp: CriResponse): void {
  if (resp.error) return probeResult(s, ctx, w, container, kind, false, resp.error.message);
  const r = resp.result as ExecSyncResult;
  probeResult(s, ctx, w, container, kind, r.exitCode === 0, `${r.stdout}${r.stderr}`.trim());
}

export function onNetProbeResponse(s: KubeletState, ctx: Effects, r: ProbeResponse): void {
  const call = s.probeCalls.get(r.requestId);
  if (!call) return;
  s.probeCalls.delete(r.requestId);
  const w = s.workers.get(call.uid);
  if (!w) return;
  const isHttp = call.target.includes('://');
  if (r.outcome === 'refused') {
    const out = isHttp ? ProbeOutput.httpRefused(call.target, call.hostPort) : ProbeOutput.tcpRefused(call.hostPort);
    return probeResult(s, ctx, w, call.container, call.kind, false, out);
  }
  if (r.outcome === 'http' && (r.statusCode ?? 500) >= 400) return probeResult(s, ctx, w, call.container, call.kind, false, ProbeOutput.httpStatus(r.statusCode ?? 500));
  probeResult(s, ctx, w, call.container, call.kind, true, '');
}
