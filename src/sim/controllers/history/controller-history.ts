// ControllerRevisions as the DaemonSet and StatefulSet controllers keep them (pkg/controller/history
// and the constructHistory / getStatefulSetRevisions steps of daemon_update.go and
// stateful_set_control.go, v1.31). Each template a controller has run is one apps/v1
// ControllerRevision owned by it: named `<owner>-<hash>`, labelled with the template's labels plus
// controller-revision-hash, annotated with the owner's annotations, holding the template as a
// strategic merge patch `{"spec":{"template":{..., "$patch":"replace"}}}` and a revision number.
// A new template gets the next number (the highest + 1); going back to a template seen before
// renumbers its revision to the next number instead of making a second one; revisions beyond
// spec.revisionHistoryLimit (default 10) that no pod runs and that are not the current one are
// deleted, oldest first. `kubectl rollout history|undo daemonset/statefulset` read them.
//
// Simplified: the hash is the template's hash (the one the pods' labels carry), not the hash of
// the revision's data with the collision count; hash collisions are not handled.

import type { KubeObject, OwnerReference } from '../../api/types';
import { syncWrite, type SyncContext } from '../framework/controller';
import { controllerRef, type PodTemplateSpec } from '../replicaset/types';

export interface ControllerRevision extends KubeObject {
  data?: unknown;
  revision: number;
}

export const REVISION_HISTORY_LIMIT = 10;

/** What the controller sends to keep the owner's history in line with its template. */
export type HistoryWrite =
  | { method: 'POST'; body: ControllerRevision }
  | { method: 'PATCH'; name: string; body: { revision: number } }
  | { method: 'DELETE'; name: string };

interface Owner extends KubeObject {
  spec: { template: PodTemplateSpec; revisionHistoryLimit?: number };
}

/** The owner's revisions among the cached ones: same namespace, controlled by it (IsControlledBy). */
export function ownedRevisions(owner: KubeObject, cached: Iterable<KubeObject>): ControllerRevision[] {
  const out: ControllerRevision[] = [];
  for (const r of cached) {
    if (r.metadata.namespace !== owner.metadata.namespace) continue;
    if ((r.metadata.ownerReferences ?? []).some((o: OwnerReference) => o.controller === true && o.uid === owner.metadata.uid)) out.push(r as ControllerRevision);
  }
  return out.sort((a, b) => a.revision - b.revision);
}

/** history.NextRevision: one more than the highest. */
export function nextRevision(revisions: ControllerRevision[]): number {
  return revisions.reduce((m, r) => Math.max(m, r.revision), 0) + 1;
}

/**
 * The revision's data: the template as a patch that replaces it whole (getPatch). getPatch
 * marshals the typed object through a map, so its bytes have every object's keys sorted and the
 * template's `metadata.creationTimestamp: null`; kubectl's rollback compares those bytes with the
 * patch it makes of the live object (daemonSetMatch), so they are kept the same here.
 */
export function revisionData(owner: Owner): unknown {
  const template = structuredClone(owner.spec.template) as PodTemplateSpec & { metadata?: Record<string, unknown> };
  return sortedKeys({ spec: { template: { ...template, metadata: { creationTimestamp: null, ...template.metadata }, $patch: 'replace' } } });
}

/** Go's encoding/json writes map keys in byte order. */
function sortedKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortedKeys);
  if (v === null || typeof v !== 'object') return v;
  const o = v as Record<string, unknown>;
  return Object.fromEntries(Object.keys(o).sort().map((k) => [k, sortedKeys(o[k])]));
}

/** The template a revision holds, for `rollout history --revision` and `rollout undo`. */
export function revisionTemplate(r: ControllerRevision): Record<string, unknown> | undefined {
  const t = (r.data as { spec?: { template?: Record<string, unknown> } } | undefined)?.spec?.template;
  if (!t) return undefined;
  const { $patch: _p, ...rest } = t;
  const meta = rest.metadata as Record<string, unknown> | undefined;
  if (meta && meta.creationTimestamp === null) {
    const { creationTimestamp: _c, ...m } = meta;
    rest.metadata = m;
  }
  return rest;
}

/**
 * The writes that make `<owner>-<hash>` the owner's newest revision, and trim the history.
 * `inUse` holds the revision names (or hashes) the owner's pods still run.
 */
export function planHistory(owner: Owner, hash: string, revisions: ControllerRevision[], inUse: Set<string>): HistoryWrite[] {
  const name = `${owner.metadata.name}-${hash}`;
  const writes: HistoryWrite[] = [];
  const current = revisions.find((r) => r.metadata.name === name);
  const next = nextRevision(revisions);
  if (!current) {
    writes.push({
      method: 'POST',
      body: {
        apiVersion: 'apps/v1',
        kind: 'ControllerRevision',
        metadata: {
          name,
          namespace: owner.metadata.namespace,
          labels: { ...(owner.spec.template.metadata?.labels ?? {}), 'controller-revision-hash': hash },
          ...(owner.metadata.annotations ? { annotations: { ...owner.metadata.annotations } } : {}),
          ownerReferences: [controllerRef(owner)],
        },
        data: revisionData(owner),
        revision: next,
      },
    });
  } else if (current.revision !== next - 1) {
    writes.push({ method: 'PATCH', name, body: { revision: next } });
  }
  // cleanupHistory: the oldest of the rest go first, while more than the limit are kept.
  const limit = owner.spec.revisionHistoryLimit ?? REVISION_HISTORY_LIMIT;
  const old = revisions.filter((r) => r.metadata.name !== name && !inUse.has(r.metadata.name ?? '') && !inUse.has(hashOf(r)));
  for (const r of old.slice(0, Math.max(0, old.length - limit))) writes.push({ method: 'DELETE', name: r.metadata.name ?? '' });
  return writes;
}

const hashOf = (r: ControllerRevision): string => r.metadata.labels?.['controller-revision-hash'] ?? '';

/** Send the planned writes, in the controller's name. */
export function writeHistory(sc: SyncContext, owner: KubeObject, writes: HistoryWrite[]): void {
  const ns = owner.metadata.namespace ?? 'default';
  const base = `/apis/apps/v1/namespaces/${ns}/controllerrevisions`;
  for (const w of writes) {
    const name = w.method === 'POST' ? (w.body.metadata.name ?? '') : w.name;
    const object = { kind: 'ControllerRevision', name, namespace: ns };
    if (w.method === 'POST') syncWrite(sc, { method: 'POST', path: base, body: w.body }, { phase: 'controller', summary: `POST controllerrevision ${name} (revision ${w.body.revision})`, object });
    else if (w.method === 'PATCH') {
      syncWrite(sc, { method: 'PATCH', path: `${base}/${name}`, body: w.body, contentType: 'application/merge-patch+json' }, { phase: 'controller', summary: `PATCH controllerrevision ${name}: revision ${w.body.revision}`, object });
    } else syncWrite(sc, { method: 'DELETE', path: `${base}/${name}` }, { phase: 'controller', summary: `DELETE controllerrevision ${name}`, object });
  }
}
