// The DaemonSet controller (pkg/controller/daemon/daemon_controller.go, service account
// daemon-set-controller): one pod per node that should run it. Node, pod and DaemonSet changes
// only enqueue DaemonSet keys; syncDaemonSet groups the DaemonSet's pods by the node they are meant
// for, creates a pod (pinned to the node by required node affinity, placed by kube-scheduler) where
// one is missing, deletes failed, surplus and misplaced ones, rolls out a new template and reports
// the status counts. Expectations keep a sync from acting twice before the informer has caught up.
//
// Orphaned pods that match the selector are adopted (ClaimPods); pods that stop matching are not
// released. Each template is kept as a ControllerRevision (history/controller-history.ts). Simplified: no
// back-off for failed daemon pods, no surge (maxSurge is taken as 0), and pods are created at once
// rather than in slow-start batches.

import type { Node, Pod } from '../../api/types';
import type { ClientEvent } from '../../client/apiclient';
import { objectKey, type Delta } from '../../client/informer';
import { armWorker, createRuntime, syncWrite, type ControllerRuntime, type SyncContext, type SyncResult } from '../framework/controller';
import type { ControllerEnv } from '../framework/env';
import { recordEvent } from '../framework/events';
import { queueAdd } from '../framework/workqueue';
import { isPodReady } from '../replicaset/types';
import { labelSelectorMatches } from '../../api/labels';
import { adoptPatch, CONTROLLER_REVISION_HASH, daemonPodFor, daemonPods, nodeShouldRunDaemonPod, orphansToAdopt, targetNodeName, templateHash } from './pods';
import { calculateStatus, sameStatus, type NodePlan } from './status';
import type { DaemonSet } from './types';
import { ownedRevisions, planHistory, writeHistory } from '../history/controller-history';

export const DAEMONSET_CONTROLLER = 'daemonset-controller';
export const DAEMONSET_SA = 'daemon-set-controller';
const PURPOSE = `controller:${DAEMONSET_CONTROLLER}`;

export interface DaemonSetExpectation {
  adds: number;
  deletes: string[];
}

export interface DaemonSetControllerState {
  rt: ControllerRuntime;
  expectations: Map<string, DaemonSetExpectation>;
}

export function createDaemonSetController(): DaemonSetControllerState {
  return { rt: createRuntime(DAEMONSET_CONTROLLER), expectations: new Map() };
}

function enqueue(s: DaemonSetControllerState, env: ControllerEnv, key: string): void {
  queueAdd(s.rt.queue, key);
  armWorker(s.rt, env.ctx);
}

function enqueueAll(s: DaemonSetControllerState, env: ControllerEnv): void {
  for (const ds of env.informers.byName.daemonsets.items.values()) enqueue(s, env, objectKey(ds));
}

export function onDaemonSetDelta(s: DaemonSetControllerState, env: ControllerEnv, d: Delta): void {
  enqueue(s, env, objectKey(d.object));
}

/** A node came, went or changed labels, taints or schedulability: every DaemonSet looks again. */
export function onDaemonSetNodeDelta(s: DaemonSetControllerState, env: ControllerEnv, d: Delta): void {
  const n = d.object as Node;
  const o = d.old as Node | undefined;
  if (d.type === 'MODIFIED' && o && JSON.stringify([o.metadata.labels, o.spec]) === JSON.stringify([n.metadata.labels, n.spec])) return;
  enqueueAll(s, env);
}

function ownerKey(p: Pod): string | undefined {
  const ref = p.metadata.ownerReferences?.find((r) => r.controller === true);
  return ref?.kind === 'DaemonSet' ? `${p.metadata.namespace}/${ref.name}` : undefined;
}

export function onDaemonSetPodDelta(s: DaemonSetControllerState, env: ControllerEnv, d: Delta): void {
  const pod = d.object as Pod;
  const key = ownerKey(pod);
  if (!key) {
    // An orphan: every DaemonSet that would adopt it looks (addPod/updatePod's getDaemonSetsForPod).
    if (pod.metadata.ownerReferences?.some((r) => r.controller === true) || d.type === 'DELETED') return;
    for (const ds of env.informers.byName.daemonsets.items.values() as Iterable<DaemonSet>) {
      if (ds.metadata.namespace === pod.metadata.namespace && labelSelectorMatches(ds.spec.selector, pod.metadata.labels)) enqueue(s, env, objectKey(ds));
    }
    return;
  }
  const exp = s.expectations.get(key);
  if (exp && d.type === 'ADDED' && exp.adds > 0) exp.adds--;
  if (exp && (d.type === 'DELETED' || pod.metadata.deletionTimestamp)) exp.deletes = exp.deletes.filter((k) => k !== objectKey(pod));
  enqueue(s, env, key);
}

function byAge(a: Pod, b: Pod): number {
  const ta = a.metadata.creationTimestamp ?? '';
  const tb = b.metadata.creationTimestamp ?? '';
  if (ta !== tb) return ta < tb ? -1 : 1;
  return (a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : 1;
}

/** One plan per node, in the informer's node order, with the daemon pods meant for it. */
export function planNodes(ds: DaemonSet, nodes: Iterable<Node>, pods: Pod[]): NodePlan[] {
  const byNode = new Map<string, Pod[]>();
  for (const p of pods) {
    const n = targetNodeName(p);
    if (!n) continue;
    const list = byNode.get(n) ?? [];
    list.push(p);
    byNode.set(n, list);
  }
  const plans: NodePlan[] = [];
  for (const node of nodes) {
    plans.push({ node, shouldRun: nodeShouldRunDaemonPod(node, ds), pods: (byNode.get(node.metadata.name ?? '') ?? []).sort(byAge) });
  }
  return plans;
}

/** podsShouldBeOnNode for every node: which nodes need a pod and which pods must go. */
export function podsToChange(plans: NodePlan[]): { create: string[]; remove: Pod[] } {
  const create: string[] = [];
  const remove: Pod[] = [];
  for (const p of plans) {
    const live = p.pods.filter((x) => !x.metadata.deletionTimestamp);
    if (p.shouldRun && p.pods.length === 0) create.push(p.node.metadata.name ?? '');
    else if (p.shouldRun) {
      const running = live.filter((x) => x.status?.phase !== 'Failed' && x.status?.phase !== 'Succeeded');
      remove.push(...live.filter((x) => x.status?.phase === 'Failed' || x.status?.phase === 'Succeeded'));
      // Without surge, more than one running pod on a node keeps only the oldest.
      remove.push(...running.slice(1));
    } else remove.push(...live);
  }
  return { create, remove };
}

/** maxUnavailable of a RollingUpdate, as a count of the desired pods (a percentage rounds up). */
function maxUnavailable(ds: DaemonSet, desired: number): number {
  const v = ds.spec.updateStrategy?.rollingUpdate?.maxUnavailable ?? 1;
  if (typeof v === 'number') return v;
  const pct = Number(v.replace('%', ''));
  return Math.max(1, Math.ceil((pct * desired) / 100));
}

/** rollingUpdate, simplified: delete out-of-date pods while no more than maxUnavailable nodes lack a ready pod. */
export function rollingUpdateVictims(ds: DaemonSet, plans: NodePlan[], hash: string): Pod[] {
  if ((ds.spec.updateStrategy?.type ?? 'RollingUpdate') !== 'RollingUpdate') return [];
  const wanted = plans.filter((p) => p.shouldRun);
  const old = wanted.map((p) => p.pods[0]).filter((x): x is Pod => !!x && !x.metadata.deletionTimestamp && x.metadata.labels?.[CONTROLLER_REVISION_HASH] !== hash);
  const unavailable = wanted.filter((p) => !p.pods[0] || p.pods[0].metadata.deletionTimestamp || !isPodReady(p.pods[0])).length;
  // Old pods that are not ready cost nothing to replace; ready ones spend the budget.
  const victims = old.filter((x) => !isPodReady(x));
  let budget = maxUnavailable(ds, wanted.length) - unavailable;
  for (const x of old) {
    if (budget <= 0) break;
    if (!isPodReady(x)) continue;
    victims.push(x);
    budget--;
  }
  return victims;
}

function podsPath(ns: string, name?: string): string {
  return `/api/v1/namespaces/${ns}/pods${name ? `/${name}` : ''}`;
}

function manage(s: DaemonSetControllerState, sc: SyncContext, ds: DaemonSet, plans: NodePlan[], hash: string): void {
  const ns = ds.metadata.namespace ?? 'default';
  const { create, remove } = podsToChange(plans);
  if (create.length === 0 && remove.length === 0) remove.push(...rollingUpdateVictims(ds, plans, hash));
  s.expectations.set(sc.key, { adds: create.length, deletes: remove.map(objectKey) });
  const obj = { kind: 'DaemonSet', name: ds.metadata.name ?? '', namespace: ns };
  for (const node of create) {
    syncWrite(sc, { method: 'POST', path: podsPath(ns), body: daemonPodFor(ds, node, hash) }, { phase: 'controller', summary: `POST pod ${ds.metadata.name}-* for ${node}`, object: obj });
  }
  for (const p of remove) {
    const ref = { kind: 'Pod', name: p.metadata.name ?? '', namespace: ns };
    syncWrite(sc, { method: 'DELETE', path: podsPath(ns, p.metadata.name) }, { phase: 'controller', summary: `DELETE pod ${p.metadata.name}`, object: ref });
  }
}

function adopt(sc: SyncContext, ds: DaemonSet, pod: Pod): void {
  const ns = pod.metadata.namespace ?? 'default';
  syncWrite(
    sc,
    { method: 'PATCH', path: podsPath(ns, pod.metadata.name), body: adoptPatch(ds, pod), contentType: 'application/strategic-merge-patch+json' },
    { phase: 'controller', summary: `PATCH pod ${pod.metadata.name}: adopted by daemonset ${ds.metadata.name}`, object: { kind: 'Pod', name: pod.metadata.name ?? '', namespace: ns } },
  );
}

export function syncDaemonSet(s: DaemonSetControllerState, env: ControllerEnv, sc: SyncContext): SyncResult {
  const ds = env.informers.byName.daemonsets.items.get(sc.key) as DaemonSet | undefined;
  if (!ds) {
    s.expectations.delete(sc.key);
    return 'ok';
  }
  const hash = templateHash(ds);
  const allPods = [...(env.informers.byName.pods.items.values() as Iterable<Pod>)];
  // Orphans are adopted (a PATCH each) and counted as the DaemonSet's own in this sync, as ClaimPods
  // returns them, so no second pod is made for their nodes while the patches travel.
  const orphans = orphansToAdopt(ds, allPods);
  for (const p of orphans) adopt(sc, ds, p);
  const plans = planNodes(ds, env.informers.byName.nodes.items.values() as Iterable<Node>, [...daemonPods(ds, allPods), ...orphans]);
  // constructHistory comes before the expectations check, as in syncDaemonSet.
  if (!ds.metadata.deletionTimestamp) {
    const revisions = ownedRevisions(ds, env.informers.byName.controllerrevisions.items.values());
    const inUse = new Set(plans.flatMap((p) => p.pods.map((x) => x.metadata.labels?.[CONTROLLER_REVISION_HASH] ?? '')));
    writeHistory(sc, ds, planHistory(ds, hash, revisions, inUse));
  }
  const exp = s.expectations.get(sc.key);
  const satisfied = !exp || (exp.adds <= 0 && exp.deletes.length === 0);
  if (satisfied && !ds.metadata.deletionTimestamp) manage(s, sc, ds, plans, hash);
  const status = calculateStatus(ds, plans, hash);
  if (!sameStatus(ds.status, status)) {
    const ns = ds.metadata.namespace ?? 'default';
    const path = `/apis/apps/v1/namespaces/${ns}/daemonsets/${ds.metadata.name}/status`;
    syncWrite(sc, { method: 'PUT', path, body: { ...ds, status } }, { phase: 'controller', summary: `PUT daemonset ${ds.metadata.name}/status`, object: { kind: 'DaemonSet', name: ds.metadata.name ?? '', namespace: ns } });
  }
  return 'ok';
}

/** The answer to a pod create or delete: its event, or, if it failed, an expectation that will never be met. */
export function daemonSetOnWriteResult(s: DaemonSetControllerState, env: ControllerEnv, ev: ClientEvent): void {
  if (ev.call.purpose !== PURPOSE) return;
  const { key } = ev.call.data as { key: string };
  const ok = ev.kind === 'response' && ev.response.status < 300;
  const [ns, name] = key.split('/') as [string, string];
  const ds = env.informers.byName.daemonsets.items.get(key);
  const ref = { kind: 'DaemonSet', apiVersion: 'apps/v1', namespace: ns, name, uid: ds?.metadata.uid ?? '' };
  const rec = { component: DAEMONSET_CONTROLLER, credentials: env.credentials, phase: 'controller' as const };
  const exp = s.expectations.get(key);
  if (ev.call.method === 'POST' && ev.call.path.endsWith('/pods')) {
    if (!ok) {
      if (exp && exp.adds > 0) exp.adds--;
      return;
    }
    const pod = (ev as { response: { body: Pod } }).response.body;
    recordEvent(env.ctx, env.client, rec, env.events, ref, 'Normal', 'SuccessfulCreate', `Created pod: ${pod.metadata.name}`);
  } else if (ev.call.method === 'DELETE' && ev.call.path.includes('/pods/')) {
    const pod = ev.call.path.slice(ev.call.path.lastIndexOf('/') + 1);
    if (!ok) {
      if (exp) exp.deletes = exp.deletes.filter((k) => k !== `${ns}/${pod}`);
      return;
    }
    recordEvent(env.ctx, env.client, rec, env.events, ref, 'Normal', 'SuccessfulDelete', `Deleted pod: ${pod}`);
  }
}
