// Leader election over a coordination.k8s.io/v1 Lease, as client-go's tools/leaderelection runs it
// for kube-controller-manager and kube-scheduler (leaderelection.go, resourcelock/leaselock.go).
//
// acquire: tryAcquireOrRenew at once, then again after RetryPeriod jittered by 1.2 (2 s to 4.4 s)
// until it succeeds. tryAcquireOrRenew GETs the Lease (creating it when there is none); a Lease
// whose holder is someone else is taken only once it has expired, and expiry is judged by the time
// *this* candidate last saw the record change (observedTime) plus leaseDurationSeconds, never by the
// holder's renewTime, so clocks need not agree. renew: once leading, tryAcquireOrRenew runs at once
// and then every RetryPeriod (the leader's fast path PUTs the Lease it last saw); if no renewal
// succeeds within RenewDeadline of the window's start, leadership is lost and the real process
// exits. Leading and losing are returned to the component, which starts or stops its work.
//
// All plain data: the elector is part of its component's state, and its requests are the
// component's API client calls with the purpose `leaderelection`.

import type { Credentials } from '../api/http';
import { rfc3339Micro } from '../api/time';
import { isStatus, type Lease } from '../api/types';
import { apiRequest, type ClientEvent, type ClientState } from '../client/apiclient';
import { objectReference, recordEvent, type EventSequence } from '../controllers/framework/events';
import type { Effects, Timer } from '../kernel/component';

export const LEADER_ELECTION_PURPOSE = 'leaderelection';
export const LEADER_ELECTION_TIMER = 'leaderelection.retry';
/** wait.JitterUntil's factor in acquire (leaderelection.go JitterFactor). */
export const JITTER_FACTOR = 1.2;

export interface LeaderElectionConfig {
  /** The Lease: kube-system/kube-scheduler, kube-system/kube-controller-manager. */
  lockNamespace: string;
  lockName: string;
  leaseDurationMs: number;
  renewDeadlineMs: number;
  retryPeriodMs: number;
  /** source.component of the LeaderElection events (`default-scheduler`, `kube-controller-manager`). */
  eventComponent: string;
}

/** rl.LeaderElectionRecord as a Lease spec carries it. */
export interface LeaderElectionRecord {
  holderIdentity: string;
  leaseDurationSeconds: number;
  acquireTime: string;
  renewTime: string;
  leaseTransitions: number;
}

export interface LeaderElectorState {
  config: LeaderElectionConfig;
  /** `<hostname>_<uuid>`, new at every start. */
  identity: string;
  phase: 'acquiring' | 'leading' | 'lost';
  /** The Lease as last read or written (its resourceVersion guards the next update). */
  lease?: Lease;
  observed?: LeaderElectionRecord;
  observedRaw: string;
  /** When this candidate last saw the record change. */
  observedTime: number;
  /** When the current renew window began (RenewDeadline counts from here). */
  windowStart: number;
  /** A tryAcquireOrRenew in flight. */
  busy: boolean;
  /** The event recorder's counter and correlator cache. */
  events: EventSequence;
}

/** What an answer or a timer meant for the component. */
export type LeaderTransition = 'none' | 'started-leading' | 'stopped-leading';

export function describeLock(c: LeaderElectionConfig): string {
  return `${c.lockNamespace}/${c.lockName}`;
}

/** uuid.NewUUID's text form from the simulation's PRNG (version 4 layout). */
export function newUUID(rand: () => number): string {
  let s = '';
  for (let i = 0; i < 32; i++) {
    if (i === 12) s += '4';
    else if (i === 16) s += (8 + Math.floor(rand() * 4)).toString(16);
    else s += Math.floor(rand() * 16).toString(16);
  }
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

export function createLeaderElector(config: LeaderElectionConfig, ctx: Effects): LeaderElectorState {
  const identity = `${ctx.host}_${newUUID(() => ctx.rand())}`;
  return { config, identity, phase: 'acquiring', observedRaw: '', observedTime: 0, windowStart: 0, busy: false, events: { seq: 0 } };
}

export function isLeading(le: LeaderElectorState): boolean {
  return le.phase === 'leading';
}

/** Run: log as client-go does and make the first attempt at once. */
export function leaderElectionStart(le: LeaderElectorState, ctx: Effects, client: ClientState): void {
  ctx.log(`attempting to acquire leader lease ${describeLock(le.config)}...`);
  tryAcquireOrRenew(le, ctx, client);
}

function leasePath(c: LeaderElectionConfig, named: boolean): string {
  const base = `/apis/coordination.k8s.io/v1/namespaces/${c.lockNamespace}/leases`;
  return named ? `${base}/${c.lockName}` : base;
}

function recordOf(lease: Lease): LeaderElectionRecord {
  const s = lease.spec ?? {};
  return {
    holderIdentity: s.holderIdentity ?? '',
    leaseDurationSeconds: s.leaseDurationSeconds ?? 0,
    acquireTime: s.acquireTime ?? '',
    renewTime: s.renewTime ?? '',
    leaseTransitions: s.leaseTransitions ?? 0,
  };
}

function setObserved(le: LeaderElectorState, rec: LeaderElectionRecord, now: number): void {
  le.observed = rec;
  le.observedRaw = JSON.stringify(rec);
  le.observedTime = now;
}

function isLeaseValid(le: LeaderElectorState, now: number): boolean {
  return le.observed !== undefined && le.observedTime + le.observed.leaseDurationSeconds * 1000 > now;
}

function isHolder(le: LeaderElectorState): boolean {
  return le.observed?.holderIdentity === le.identity;
}

/** The record this candidate writes: acquireTime and transitions carried over while it holds the lease. */
function ourRecord(le: LeaderElectorState, now: number, transitionsFrom?: LeaderElectionRecord): LeaderElectionRecord {
  const stamp = rfc3339Micro(now);
  const rec: LeaderElectionRecord = {
    holderIdentity: le.identity,
    leaseDurationSeconds: Math.floor(le.config.leaseDurationMs / 1000),
    acquireTime: stamp,
    renewTime: stamp,
    leaseTransitions: 0,
  };
  if (transitionsFrom && isHolder(le)) {
    rec.acquireTime = transitionsFrom.acquireTime;
    rec.leaseTransitions = transitionsFrom.leaseTransitions;
  } else if (transitionsFrom) rec.leaseTransitions = transitionsFrom.leaseTransitions + 1;
  return rec;
}

function leaseWith(le: LeaderElectorState, rec: LeaderElectionRecord): Lease {
  const base: Lease = le.lease ?? {
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    metadata: { name: le.config.lockName, namespace: le.config.lockNamespace },
    spec: {},
  };
  return { ...base, spec: { ...base.spec, ...rec } };
}

type Step = 'fast-update' | 'get' | 'create' | 'update';

function request(le: LeaderElectorState, ctx: Effects, client: ClientState, step: Step, body?: Lease): void {
  const named = step !== 'create';
  const method = step === 'get' ? 'GET' : step === 'create' ? 'POST' : 'PUT';
  // The election's requests give up at the renew deadline (its context), not the client's timeout.
  const timeoutMs = le.phase === 'leading' ? Math.max(1, le.windowStart + le.config.renewDeadlineMs - ctx.now) : le.config.renewDeadlineMs;
  const verb = step === 'get' ? 'GET' : step === 'create' ? 'POST' : 'PUT';
  apiRequest(ctx, client, { method, path: leasePath(le.config, named), ...(body ? { body } : {}) }, LEADER_ELECTION_PURPOSE, { step }, {
    phase: 'heartbeat',
    summary: `${verb} lease ${describeLock(le.config)}${step === 'fast-update' ? ' (renew)' : ''}`,
    object: { kind: 'Lease', name: le.config.lockName, namespace: le.config.lockNamespace },
    timeoutMs,
  });
}

/** tryAcquireOrRenew, first step: the leader's optimistic update, else a GET of the Lease. */
function tryAcquireOrRenew(le: LeaderElectorState, ctx: Effects, client: ClientState): void {
  le.busy = true;
  if (isHolder(le) && isLeaseValid(le, ctx.now) && le.lease) {
    return request(le, ctx, client, 'fast-update', leaseWith(le, ourRecord(le, ctx.now, le.observed)));
  }
  request(le, ctx, client, 'get');
}

/** The Lease as read: decide whether to take it (steps 3 and 4 of tryAcquireOrRenew). */
function onLeaseRead(le: LeaderElectorState, ctx: Effects, client: ClientState, lease: Lease): boolean | undefined {
  le.lease = lease;
  const rec = recordOf(lease);
  if (JSON.stringify(rec) !== le.observedRaw) setObserved(le, rec, ctx.now);
  if (rec.holderIdentity !== '' && isLeaseValid(le, ctx.now) && !isHolder(le)) return false;
  request(le, ctx, client, 'update', leaseWith(le, ourRecord(le, ctx.now, rec)));
  return undefined;
}

/** One answer of a tryAcquireOrRenew: true/false when it has finished, undefined while it goes on. */
function stepResult(le: LeaderElectorState, ctx: Effects, client: ClientState, step: Step, ev: ClientEvent): boolean | undefined {
  const status = ev.kind === 'response' ? ev.response.status : 0;
  const body = ev.kind === 'response' ? ev.response.body : undefined;
  const ok = status >= 200 && status < 300 && !isStatus(body);
  if (step === 'fast-update') {
    if (ok) return written(le, ctx, body as Lease);
    ctx.log(`Failed to update lock optimitically: ${failure(ev)}, falling back to slow path`);
    request(le, ctx, client, 'get');
    return undefined;
  }
  if (step === 'get') {
    if (status === 404) {
      request(le, ctx, client, 'create', leaseWith({ ...le, lease: undefined }, ourRecord(le, ctx.now)));
      return undefined;
    }
    if (!ok) {
      ctx.log(`error retrieving resource lock ${describeLock(le.config)}: ${failure(ev)}`);
      return false;
    }
    return onLeaseRead(le, ctx, client, body as Lease);
  }
  if (ok) return written(le, ctx, body as Lease);
  ctx.log(step === 'create' ? `error initially creating leader election record: ${failure(ev)}` : `Failed to update lock: ${failure(ev)}`);
  return false;
}

function written(le: LeaderElectorState, ctx: Effects, lease: Lease): true {
  le.lease = lease;
  setObserved(le, recordOf(lease), ctx.now);
  return true;
}

function failure(ev: ClientEvent): string {
  if (ev.kind === 'error') return ev.error === 'timeout' ? 'context deadline exceeded' : `connection ${ev.error}`;
  if (ev.kind === 'ended') return 'connection closed';
  const b = ev.response.body;
  return isStatus(b) ? (b.message ?? '') : `status ${ev.response.status}`;
}

function retryAfter(ctx: Effects, ms: number): void {
  ctx.setTimer(ms, LEADER_ELECTION_TIMER);
}

function event(le: LeaderElectorState, ctx: Effects, client: ClientState, what: string): void {
  if (!le.lease) return;
  const rec = { component: le.config.eventComponent, credentials: client.credentials as Credentials, phase: 'heartbeat' as const };
  recordEvent(ctx, client, rec, le.events, objectReference(le.lease), 'Normal', 'LeaderElection', `${le.identity} ${what}`);
}

/** A finished tryAcquireOrRenew: move the acquire or renew loop on. */
function afterTry(le: LeaderElectorState, ctx: Effects, client: ClientState, succeeded: boolean): LeaderTransition {
  le.busy = false;
  const c = le.config;
  if (le.phase === 'acquiring') {
    if (!succeeded) {
      retryAfter(ctx, c.retryPeriodMs + ctx.rand() * JITTER_FACTOR * c.retryPeriodMs);
      return 'none';
    }
    event(le, ctx, client, 'became leader');
    ctx.log(`successfully acquired lease ${describeLock(c)}`);
    le.phase = 'leading';
    // renew: wait.Until runs its first window at once.
    le.windowStart = ctx.now;
    tryAcquireOrRenew(le, ctx, client);
    return 'started-leading';
  }
  if (le.phase !== 'leading') return 'none';
  if (succeeded) {
    retryAfter(ctx, c.retryPeriodMs);
    le.windowStart = ctx.now + c.retryPeriodMs;
    return 'none';
  }
  const deadline = le.windowStart + c.renewDeadlineMs;
  if (ctx.now >= deadline) return lose(le, ctx, client);
  retryAfter(ctx, Math.min(c.retryPeriodMs, deadline - ctx.now));
  return 'none';
}

function lose(le: LeaderElectorState, ctx: Effects, client: ClientState): LeaderTransition {
  le.phase = 'lost';
  event(le, ctx, client, 'stopped leading');
  return 'stopped-leading';
}

/** Route an API answer. Returns undefined when the call is not the elector's. */
export function leaderElectionOnClientEvent(le: LeaderElectorState, ctx: Effects, client: ClientState, ev: ClientEvent): LeaderTransition | undefined {
  if (ev.call.purpose !== LEADER_ELECTION_PURPOSE) return undefined;
  if (le.phase === 'lost') return 'none';
  const { step } = ev.call.data as { step: Step };
  const done = stepResult(le, ctx, client, step, ev);
  return done === undefined ? 'none' : afterTry(le, ctx, client, done);
}

/** The retry timer. Returns undefined when the timer is not the elector's. */
export function leaderElectionOnTimer(le: LeaderElectorState, ctx: Effects, client: ClientState, t: Timer): LeaderTransition | undefined {
  if (t.name !== LEADER_ELECTION_TIMER) return undefined;
  if (le.phase === 'lost' || le.busy) return 'none';
  if (le.phase === 'leading' && ctx.now >= le.windowStart + le.config.renewDeadlineMs) return lose(le, ctx, client);
  tryAcquireOrRenew(le, ctx, client);
  return 'none';
}
