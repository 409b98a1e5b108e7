// `kubectl rollout history|undo` for DaemonSets and StatefulSets (kubectl/pkg/polymorphichelpers,
// v1.31: history.go DaemonSetHistoryViewer / StatefulSetHistoryViewer and printHistory,
// rollback.go DaemonSetRollbacker / StatefulSetRollbacker and findHistory). Both read the
// ControllerRevisions the object's controller keeps (listed by the object's selector, kept when
// the object controls them), print a REVISION / CHANGE-CAUSE table with the change-cause from each
// revision's annotations, or with --revision=N the template of that revision; undo sends the
// revision's data (the template with `$patch: replace`) back as a strategic merge patch.

import type { KubeObject } from '../../../api/types';
import { revisionTemplate, type ControllerRevision } from '../../../controllers/history/controller-history';
import type { PodTemplateSpec } from '../../../controllers/replicaset/types';
import { describePodTemplate } from '../describe/template';

const CHANGE_CAUSE = 'kubernetes.io/change-cause';

/** controlledHistories: the listed revisions the object controls, by revision number. */
export function controlledRevisions(owner: KubeObject, listed: KubeObject[]): ControllerRevision[] {
  return (listed as ControllerRevision[])
    .filter((r) => (r.metadata.ownerReferences ?? []).some((o) => o.controller === true && o.uid === owner.metadata.uid))
    .sort((a, b) => a.revision - b.revision);
}

/**
 * printHistory: the overview table, `No rollout history found.`, or the template of one revision;
 * an error text for a revision that is not there.
 */
export function revisionHistory(revisions: ControllerRevision[], revision: number): { text: string } | { error: string } {
  if (revisions.length === 0) return { text: 'No rollout history found.' };
  if (revision > 0) {
    const r = revisions.find((x) => x.revision === revision);
    if (!r) return { error: 'unable to find the specified revision' };
    const template = revisionTemplate(r) as PodTemplateSpec | undefined;
    if (!template) return { error: `unable to parse history ${r.metadata.name ?? ''}` };
    return { text: describePodTemplate(template) };
  }
  const rows = revisions.map((r) => ({ rev: String(r.revision), cause: r.metadata.annotations?.[CHANGE_CAUSE] || '<none>' }));
  // tabwriter.NewWriter(out, 0, 8, 2, ' ', 0): the first column is its widest cell plus two.
  const width = Math.max('REVISION'.length, ...rows.map((x) => x.rev.length)) + 2;
  return { text: [['REVISION', 'CHANGE-CAUSE'], ...rows.map((x) => [x.rev, x.cause])].map(([a, b]) => `${a!.padEnd(width)}${b}\n`).join('') };
}

/** The rollbacker's answer: the patch to send, or the line to print (skipped), or its error. */
export type UndoPlan = { patch: unknown; revision: number } | { skipped: string } | { error: string };

/** DaemonSetRollbacker / StatefulSetRollbacker.Rollback, without the dry runs. */
export function planUndo(owner: KubeObject, revisions: ControllerRevision[], toRevision: number): UndoPlan {
  const notFound = { error: `unable to find specified revision ${toRevision} in history` };
  if (toRevision < 0) return notFound;
  if (toRevision === 0 && revisions.length <= 1) return { error: 'no last revision to roll back to' };
  // findHistory: with no --to-revision, the second highest revision.
  const target = toRevision === 0 ? revisions[revisions.length - 2] : revisions.find((r) => r.revision === toRevision);
  if (!target) return notFound;
  const current = (owner.spec as { template?: unknown } | undefined)?.template;
  // daemonSetMatch / statefulsetMatch compare the revision's patch with the object's own.
  if (sortedJson(revisionTemplate(target)) === sortedJson(current)) return { skipped: `skipped rollback (current template already matches revision ${toRevision})` };
  return { patch: target.data, revision: target.revision };
}

/** JSON with object keys sorted, so two templates compare by content, not by key order. */
function sortedJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(sortedJson).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o).sort().map((k) => `${JSON.stringify(k)}:${sortedJson(o[k])}`).join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}
