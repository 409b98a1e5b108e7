// The Deployment controller (pkg/controller/deployment, service account deployment-controller).
// Deployment and ReplicaSet changes only enqueue the Deployment's key. syncDeployment finds the
// ReplicaSets the Deployment controls, the new one (same template, pod-template-hash aside) and
// the old ones; creates the new one if missing, with the next revision; then moves replicas from
// old to new by the strategy (RollingUpdate within maxSurge and maxUnavailable, or Recreate: all old
// down first) and writes the status with the Available and Progressing conditions.
//
// Simplified: no proportional scaling of several old ReplicaSets in mid-rollout, no cleanup of
// old ReplicaSets beyond revisionHistoryLimit, no adoption of orphan ReplicaSets, no pause and no
// progress deadline (ProgressDeadlineExceeded).

import type { ClientEvent } from '../../client/apiclient';
import { objectKey, type Delta } from '../../client/informer';
import type { MessageId } from '../../kernel/units';
import { armWorker, createRuntime, syncWrite, type ControllerRuntime, type SyncContext, type SyncResult } from '../framework/controller';
import type { ControllerEnv } from '../framework/env';
import { objectReference, recordEvent } from '../framework/events';
import { queueAdd, queueAddAfter } from '../framework/workqueue';
import { controllerOf, controllerRef, isPodActive, type Deployment, type ReplicaSet } from '../replicaset/types';
import type { Pod } from '../../api/types';
import { computeHash } from './hash';
import { DESIRED_REPLICAS, fenceposts, MAX_REPLICAS, newRSReplicas, POD_TEMPLATE_HASH, REVISION, revisionOf, sameTemplate, scaleDownOld, specReplicas } from './rollout';
import { deploymentStatus, progressDeadlineAt, setCondition, type ProgressEvent } from './status';

export const DEPLOYMENT_CONTROLLER = 'deployment-controller';
export const DEPLOYMENT_SA = 'deployment-controller';
const PURPOSE = `controller:${DEPLOYMENT_CONTROLLER}`;

export interface ScaleNote {
  deployment: string;
  rs: string;
  from: number;
  to: number;
  created: boolean;
}

export interface DeploymentControllerState {
  rt: ControllerRuntime;
  /** Deployments whose new ReplicaSet is being created: wait for the informer to show it. */
  creating: Set<string>;
  /** Writes that scale a ReplicaSet, for the ScalingReplicaSet event once they succeed. */
  scaleNotes: Map<MessageId, ScaleNote>;
}

export function createDeploymentController(): DeploymentControllerState {
  return { rt: createRuntime(DEPLOYMENT_CONTROLLER), creating: new Set(), scaleNotes: new Map() };
}

function enqueue(s: DeploymentControllerState, env: ControllerEnv, key: string): void {
  queueAdd(s.rt.queue, key);
  armWorker(s.rt, env.ctx);
}

export function onDeploymentDelta(s: DeploymentControllerState, env: ControllerEnv, d: Delta): void {
  enqueue(s, env, objectKey(d.object));
}

/** addReplicaSet / updateReplicaSet / deleteReplicaSet: the owning Deployment is synced again. */
export function onDeploymentReplicaSetDelta(s: DeploymentControllerState, env: ControllerEnv, d: Delta): void {
  const ref = controllerOf(d.object);
  if (ref?.kind !== 'Deployment') return;
  const key = `${d.object.metadata.namespace}/${ref.name}`;
  if (d.type === 'ADDED') s.creating.delete(key);
  enqueue(s, env, key);
}

function rsPath(ns: string, name?: string): string {
  return `/apis/apps/v1/namespaces/${ns}/replicasets${name ? `/${name}` : ''}`;
}

/** The ReplicaSets a Deployment controls, oldest first (controller.ReplicaSetsByCreationTimestamp). */
function ownedReplicaSets(env: ControllerEnv, d: Deployment): ReplicaSet[] {
  const out: ReplicaSet[] = [];
  for (const o of env.informers.byName.replicasets.items.values()) {
    if (o.metadata.namespace === d.metadata.namespace && controllerOf(o)?.uid === d.metadata.uid) out.push(o as ReplicaSet);
  }
  const ts = (rs: ReplicaSet): string => `${rs.metadata.creationTimestamp ?? ''}/${rs.metadata.name ?? ''}`;
  return out.sort((a, b) => (ts(a) < ts(b) ? -1 : ts(a) > ts(b) ? 1 : 0));
}

/** The new ReplicaSet getNewReplicaSet would create: template + hash label, selector + hash, owner, annotations. */
export function newReplicaSet(d: Deployment, replicas: number, revision: number): ReplicaSet {
  const hash = computeHash(d.spec.template);
  const labels = { ...(d.spec.template.metadata?.labels ?? {}), [POD_TEMPLATE_HASH]: hash };
  const matchLabels = { ...(d.spec.selector.matchLabels ?? {}), [POD_TEMPLATE_HASH]: hash };
  const selector = d.spec.selector.matchExpressions ? { matchLabels, matchExpressions: d.spec.selector.matchExpressions } : { matchLabels };
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: {
      name: `${d.metadata.name}-${hash}`,
      namespace: d.metadata.namespace,
      labels,
      annotations: replicaAnnotations(d, revision),
      ownerReferences: [controllerRef(d)],
    },
    spec: { replicas, minReadySeconds: d.spec.minReadySeconds ?? 0, selector, template: { ...d.spec.template, metadata: { ...(d.spec.template.metadata ?? {}), labels } } },
  };
}

function replicaAnnotations(d: Deployment, revision: number): Record<string, string> {
  const replicas = d.spec.replicas ?? 1;
  return { [DESIRED_REPLICAS]: String(replicas), [MAX_REPLICAS]: String(replicas + fenceposts(d).maxSurge), [REVISION]: String(revision) };
}

/** Scale a ReplicaSet (and refresh its annotations) with an update, as scaleReplicaSet does. */
function scaleRS(s: DeploymentControllerState, sc: SyncContext, d: Deployment, rs: ReplicaSet, to: number, revision?: number): void {
  const ns = rs.metadata.namespace ?? 'default';
  const annotations = { ...(rs.metadata.annotations ?? {}), ...replicaAnnotations(d, revision ?? revisionOf(rs)) };
  const body: ReplicaSet = { ...rs, metadata: { ...rs.metadata, annotations }, spec: { ...rs.spec, replicas: to } };
  const from = specReplicas(rs);
  const summary = from === to ? `PUT replicaset ${rs.metadata.name} (revision ${annotations[REVISION]})` : `PUT replicaset ${rs.metadata.name} replicas ${from} -> ${to}`;
  const id = syncWrite(sc, { method: 'PUT', path: rsPath(ns, rs.metadata.name), body }, { phase: 'controller', summary, object: { kind: 'ReplicaSet', name: rs.metadata.name ?? '', namespace: ns } });
  if (from !== to) s.scaleNotes.set(id, { deployment: sc.key, rs: rs.metadata.name ?? '', from, to, created: false });
}

function annotationsCurrent(d: Deployment, rs: ReplicaSet, revision: number): boolean {
  const want = replicaAnnotations(d, revision);
  return Object.entries(want).every(([k, v]) => rs.metadata.annotations?.[k] === v);
}

/** Move replicas: RollingUpdate grows the new set within maxSurge, then shrinks old ones within maxUnavailable. */
function rollout(s: DeploymentControllerState, env: ControllerEnv, sc: SyncContext, d: Deployment, newRS: ReplicaSet, old: ReplicaSet[], revision: number): void {
  const replicas = d.spec.replicas ?? 1;
  if (d.spec.strategy?.type === 'Recreate') {
    const stillUp = old.filter((rs) => specReplicas(rs) > 0);
    for (const rs of stillUp) scaleRS(s, sc, d, rs, 0);
    const oldUids = new Set(old.map((rs) => rs.metadata.uid));
    const oldPods = [...env.informers.byName.pods.items.values()].some((p) => isPodActive(p as Pod) && oldUids.has(controllerOf(p)?.uid));
    const target = stillUp.length > 0 || oldPods ? specReplicas(newRS) : replicas;
    if (target !== specReplicas(newRS) || !annotationsCurrent(d, newRS, revision)) scaleRS(s, sc, d, newRS, target, revision);
    return;
  }
  const all = [...old, newRS];
  const target = specReplicas(newRS) > replicas ? replicas : newRSReplicas(d, all, newRS);
  if (target !== specReplicas(newRS) || !annotationsCurrent(d, newRS, revision)) scaleRS(s, sc, d, newRS, target, revision);
  // Old sets are scaled down in a later sync, once the new set's size is seen (rolloutRolling returns after a scale-up).
  if (target > specReplicas(newRS)) return;
  for (const [rs, size] of scaleDownOld(d, old, newRS)) scaleRS(s, sc, d, rs, size);
}

/** syncDeployment: new ReplicaSet, rollout, status. */
export function syncDeployment(s: DeploymentControllerState, env: ControllerEnv, sc: SyncContext): SyncResult {
  const d = env.informers.byName.deployments.items.get(sc.key) as Deployment | undefined;
  if (!d || s.creating.has(sc.key)) return 'ok';
  if (!d.spec.paused && d.status?.conditions?.some((c) => c.type === 'Progressing' && c.reason === PAUSED.reason)) {
    // checkPausedConditions on resume: Progressing Unknown, DeploymentResumed, then the rollout goes on.
    const conditions = setCondition(d.status.conditions, RESUMED, env.ctx.now);
    writeStatus(sc, d, { ...d.status, conditions });
    return 'ok';
  }
  if (d.metadata.deletionTimestamp) return syncStatusOnly(env, sc, d);
  if (d.spec.paused) return syncPaused(s, env, sc, d);
  const rss = ownedReplicaSets(env, d);
  const newRS = rss.find((rs) => sameTemplate(rs, d));
  const old = rss.filter((rs) => rs !== newRS);
  const maxOld = old.reduce((m, rs) => Math.max(m, revisionOf(rs)), 0);
  const revision = newRS && revisionOf(newRS) > maxOld ? revisionOf(newRS) : maxOld + 1;
  let progress: ProgressEvent = 'none';
  if (!newRS) {
    const oldUp = old.some((rs) => specReplicas(rs) > 0);
    const replicas = d.spec.strategy?.type === 'Recreate' && oldUp ? 0 : newRSReplicas(d, rss, undefined);
    const body = newReplicaSet(d, replicas, revision);
    const ns = d.metadata.namespace ?? 'default';
    const id = syncWrite(sc, { method: 'POST', path: rsPath(ns), body }, { phase: 'controller', summary: `POST replicaset ${body.metadata.name}`, object: { kind: 'Deployment', name: d.metadata.name ?? '', namespace: ns } });
    s.creating.add(sc.key);
    s.scaleNotes.set(id, { deployment: sc.key, rs: body.metadata.name ?? '', from: 0, to: replicas, created: true });
    progress = 'created';
    writeStatus(sc, d, deploymentStatus(d, rss, body, progress, env.ctx.now), revision);
    return 'ok';
  }
  if (!d.status?.conditions?.some((c) => c.type === 'Progressing')) progress = 'found';
  rollout(s, env, sc, d, newRS, old, revision);
  const status = deploymentStatus(d, rss, newRS, progress, env.ctx.now);
  writeStatus(sc, d, status, revision);
  // requeueStuckDeployment: look again a second after the progress deadline would pass.
  const deadline = progressDeadlineAt(d, status.conditions ?? []);
  if (deadline !== undefined) queueAddAfter(s.rt.queue, env.ctx, sc.key, deadline - env.ctx.now + 1000);
  return 'ok';
}

/**
 * syncStatusOnly: a Deployment being deleted (say in the foreground, waiting for its ReplicaSets)
 * changes no ReplicaSet; its counts and the Available condition follow them (calculateStatus),
 * the Progressing condition stays as it was.
 */
const PAUSED = { type: 'Progressing', status: 'Unknown', reason: 'DeploymentPaused', message: 'Deployment is paused' } as const;
const RESUMED = { type: 'Progressing', status: 'Unknown', reason: 'DeploymentResumed', message: 'Deployment is resumed' } as const;

/**
 * A paused Deployment (dc.sync): no new ReplicaSet for a changed template, but `kubectl scale` still
 * works when one ReplicaSet is active (scale's FindActiveOrLatest); proportional scaling of several
 * is not modelled.
 */
function syncPaused(s: DeploymentControllerState, env: ControllerEnv, sc: SyncContext, d: Deployment): SyncResult {
  const rss = ownedReplicaSets(env, d);
  const active = rss.filter((rs) => specReplicas(rs) > 0);
  const target = active.length === 1 ? active[0] : active.length === 0 ? rss.find((rs) => sameTemplate(rs, d)) : undefined;
  const replicas = d.spec.replicas ?? 1;
  if (target && specReplicas(target) !== replicas) scaleRS(s, sc, d, target, replicas);
  return syncStatusOnly(env, sc, d, PAUSED);
}

function syncStatusOnly(env: ControllerEnv, sc: SyncContext, d: Deployment, progressing?: typeof PAUSED): SyncResult {
  const rss = ownedReplicaSets(env, d);
  const status = deploymentStatus(d, rss, rss.find((rs) => sameTemplate(rs, d)), 'none', env.ctx.now);
  const available = status.conditions?.find((c) => c.type === 'Available');
  status.conditions = available ? setCondition(d.status?.conditions ?? [], available, env.ctx.now) : d.status?.conditions;
  // checkPausedConditions: a paused Deployment says so in its Progressing condition; sync() moves no replicas to a new template.
  if (progressing) status.conditions = setCondition(status.conditions ?? [], progressing, env.ctx.now);
  if (!status.conditions) delete status.conditions;
  writeStatus(sc, d, status);
  return 'ok';
}

/**
 * UpdateStatus with the status and, as getNewReplicaSet's SetDeploymentRevision does, the
 * Deployment's own `deployment.kubernetes.io/revision` annotation (the status strategy keeps
 * annotations from the request).
 */
function writeStatus(sc: SyncContext, d: Deployment, status: NonNullable<Deployment['status']>, revision?: number): void {
  const annotations = d.metadata.annotations ?? {};
  const revisionChanged = revision !== undefined && annotations[REVISION] !== String(revision);
  if (JSON.stringify(status) === JSON.stringify(d.status ?? {}) && !revisionChanged) return;
  const ns = d.metadata.namespace ?? 'default';
  const path = `/apis/apps/v1/namespaces/${ns}/deployments/${d.metadata.name}/status`;
  const metadata = revisionChanged ? { ...d.metadata, annotations: { ...annotations, [REVISION]: String(revision) } } : d.metadata;
  syncWrite(sc, { method: 'PUT', path, body: { ...d, metadata, status } }, { phase: 'controller', summary: `PUT deployment ${d.metadata.name}/status`, object: { kind: 'Deployment', name: d.metadata.name ?? '', namespace: ns } });
}

/** ScalingReplicaSet once a create or scale succeeded; a failed create lets the next sync try again. */
export function deploymentOnWriteResult(s: DeploymentControllerState, env: ControllerEnv, ev: ClientEvent): void {
  if (ev.call.purpose !== PURPOSE) return;
  const note = s.scaleNotes.get(ev.call.id);
  if (!note) return;
  s.scaleNotes.delete(ev.call.id);
  const ok = ev.kind === 'response' && ev.response.status < 300;
  if (!ok) {
    if (note.created) s.creating.delete(note.deployment);
    return;
  }
  const d = env.informers.byName.deployments.items.get(note.deployment);
  if (!d) return;
  const rec = { component: DEPLOYMENT_CONTROLLER, credentials: env.credentials, phase: 'controller' as const };
  if (note.created && note.to === 0) return;
  const message = note.created
    ? `Scaled up replica set ${note.rs} to ${note.to}`
    : `Scaled ${note.to > note.from ? 'up' : 'down'} replica set ${note.rs} to ${note.to} from ${note.from}`;
  recordEvent(env.ctx, env.client, rec, env.events, objectReference(d), 'Normal', 'ScalingReplicaSet', message);
}
