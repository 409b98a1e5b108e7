// `kubectl apply --server-side` (kubectl/pkg/cmd/apply/apply.go, applyOneObject's ServerSideApply
// branch): PATCH each object whole as `application/apply-patch+yaml` with ?fieldManager= (default
// `kubectl`) and ?force=, and print `kind/name serverside-applied`. A 409 is the server's conflict
// message with kubectl's advice after it. Then, for the default manager, the two migration steps
// from client-side apply: saveLastApplyAnnotationIfNecessary applies the last-applied annotation
// as `kubectl-last-applied` when no Apply manager owns it yet, and migrateToSSAIfNecessary
// (k8s.io/client-go/util/csaupgrade UpgradeManagedFieldsPatch) moves the fields of the Update
// managers that own the annotation into the `kubectl` Apply entry with a JSON patch, after which
// the configuration is applied again so that the fields it dropped go.

import type { KubeObject } from '../../../api/types';
import type { Effects } from '../../../kernel/component';
import { goMarshal } from '../../common/go-json';
import { errorString, plain, type KubectlError } from '../errors';
import { asObject, type JobCommon, type KubectlState, type RequestResult, jobRequest } from '../job';
import { manifestPath, type ManifestObject } from '../manifest';
import { dryRunQuery, type DryRun } from './dry-run';

export const SSA_FIELD_MANAGER = 'kubectl';
const LAST_APPLIED_MANAGER = 'kubectl-last-applied';
const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';
const APPLY_PATCH = 'application/apply-patch+yaml';

export const CONFLICT_ADVICE = `
Please review the fields above--they currently have other managers. Here
are the ways you can resolve this warning:
* If you intend to manage all of these fields, please re-run the apply
  command with the \`--force-conflicts\` flag.
* If you do not intend to manage all of the fields, please edit your
  manifest to remove references to the fields that should keep their
  current managers.
* You may co-own fields by updating your manifest to match the existing
  value; in this case, you'll become the manager if the other manager(s)
  stop managing the field (remove it from their configuration).
See https://kubernetes.io/docs/reference/using-api/server-side-apply/#conflicts`;

const WARNING_LAST_APPLIED = (e: string): string =>
  `Warning: failed to migrate kubectl.kubernetes.io/last-applied-configuration for Server-Side Apply. This is non-fatal and will be retried next time you apply. Error: ${e}\n`;
const WARNING_MIGRATION = (e: string): string =>
  `Warning: server rejected managed fields migration to Server-Side Apply. This is non-fatal and will be retried next time you apply. Error: ${e}\n`;
const WARNING_REAPPLY = (e: string): string =>
  `Warning: failed to re-apply configuration after performing Server-Side Apply migration. This is non-fatal and will be retried next time you apply. Error: ${e}\n`;

export interface ServerSideJob extends JobCommon {
  fieldManager: string;
  forceConflicts: boolean;
  fieldValidation: string;
  dryRun: DryRun;
}

/** What a step ends in: the object to print, an error, or a request still out. */
export type SsaOutcome = { done: KubeObject } | { error: KubectlError } | { pending: true };

function objectRef(o: ManifestObject): { kind: string; name: string; namespace?: string } {
  return { kind: o.info.kind, name: o.obj.metadata.name ?? '', namespace: o.obj.metadata.namespace };
}

function query(job: ServerSideJob, manager: string, force?: boolean): Record<string, string> {
  return {
    ...dryRunQuery(job.dryRun),
    fieldManager: manager,
    fieldValidation: job.fieldValidation,
    ...(force !== undefined && { force: String(force) }),
  };
}

function patch(st: KubectlState, job: ServerSideJob, o: ManifestObject, ctx: Effects, step: string, body: unknown, contentType: string, q: Record<string, string>): SsaOutcome {
  jobRequest(st, job, ctx, { method: 'PATCH', path: manifestPath(o), query: q, body, contentType }, step, { object: objectRef(o), phase: 'persistence' });
  return { pending: true };
}

/** The first request: the whole object as an apply patch. */
export function sendServerSideApply(st: KubectlState, job: ServerSideJob, o: ManifestObject, ctx: Effects, step = 'ssa'): SsaOutcome {
  return patch(st, job, o, ctx, step, o.obj, APPLY_PATCH, query(job, job.fieldManager, job.forceConflicts));
}

interface Entry {
  manager?: string;
  operation?: string;
  subresource?: string;
  apiVersion?: string;
  fieldsV1?: Record<string, unknown>;
}

const entriesOf = (obj: KubeObject): Entry[] => (Array.isArray(obj.metadata.managedFields) ? (obj.metadata.managedFields as Entry[]) : []);

/** Does the entry own metadata.annotations[last-applied]? (csaupgrade.FindFieldsOwners) */
function ownsLastApplied(e: Entry): boolean {
  const annotations = (e.fieldsV1?.['f:metadata'] as Record<string, unknown> | undefined)?.['f:annotations'] as Record<string, unknown> | undefined;
  return !!annotations && `f:${LAST_APPLIED}` in annotations;
}

/** Union of two FieldsV1 trees. */
function unionFields(a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const cur = out[k];
    out[k] = cur && typeof cur === 'object' && v && typeof v === 'object' ? unionFields(cur as Record<string, unknown>, v as Record<string, unknown>) : v;
  }
  // A node with children and its own membership keeps `.`; a leaf `{}` merged with children becomes `.` plus them.
  const aLeaf = Object.keys(a).length === 0;
  const bLeaf = Object.keys(b).length === 0;
  if ((aLeaf || bLeaf) && Object.keys(out).length > 0 && !(aLeaf && bLeaf)) out['.'] = {};
  return out;
}

/** csaupgrade.upgradedManagedFields for one client-side manager. */
function upgraded(entries: Entry[], csa: string, ssa: string): Entry[] {
  const list = entries.map((e) => ({ ...e }));
  const isCsa = (e: Entry): boolean => e.manager === csa && e.operation === 'Update' && !e.subresource;
  let target = list.findIndex((e) => e.manager === ssa && e.operation === 'Apply' && !e.subresource);
  if (target < 0) {
    target = list.findIndex(isCsa);
    if (target < 0) return list;
    list[target] = { ...list[target], operation: 'Apply', manager: ssa };
  }
  const t = list[target]!;
  const source = list.find((e) => isCsa(e) && e.apiVersion === t.apiVersion);
  if (source) t.fieldsV1 = unionFields(t.fieldsV1 ?? {}, source.fieldsV1 ?? {});
  return list.filter((e) => !isCsa(e));
}

/** After the apply: the last-applied step, the migration, or done. */
function afterApplied(st: KubectlState, job: ServerSideJob, o: ManifestObject, obj: KubeObject, ctx: Effects): SsaOutcome {
  if (job.fieldManager !== SSA_FIELD_MANAGER) return { done: obj };
  const original = obj.metadata.annotations?.[LAST_APPLIED];
  if (original !== undefined && !entriesOf(obj).some((e) => e.operation === 'Apply' && ownsLastApplied(e))) {
    const justAnnotation = {
      apiVersion: o.obj.apiVersion,
      kind: o.obj.kind,
      metadata: { annotations: { [LAST_APPLIED]: original }, name: obj.metadata.name, ...(obj.metadata.namespace && { namespace: obj.metadata.namespace }) },
    };
    return patch(st, job, o, ctx, 'ssa-last-applied', justAnnotation, APPLY_PATCH, query(job, LAST_APPLIED_MANAGER));
  }
  return migrate(st, job, o, obj, ctx);
}

function migrate(st: KubectlState, job: ServerSideJob, o: ManifestObject, obj: KubeObject, ctx: Effects): SsaOutcome {
  const entries = entriesOf(obj);
  const csa = [...new Set(entries.filter((e) => e.operation === 'Update' && ownsLastApplied(e)).map((e) => e.manager ?? ''))];
  let next = entries;
  for (const name of csa) next = upgraded(next, name, job.fieldManager);
  if (goMarshal(next) === goMarshal(entries)) return { done: obj };
  const body = [
    { op: 'replace', path: '/metadata/managedFields', value: next },
    { op: 'replace', path: '/metadata/resourceVersion', value: obj.metadata.resourceVersion ?? '' },
  ];
  return patch(st, job, o, ctx, 'ssa-migrate', body, 'application/json-patch+json', query(job, job.fieldManager));
}

/** One answer in the server-side apply of object o. */
export function onServerSideStep(st: KubectlState, job: ServerSideJob, o: ManifestObject, step: string, r: RequestResult, ctx: Effects, applied: { last?: KubeObject }): SsaOutcome {
  switch (step) {
    case 'ssa': {
      if (!r.ok) {
        if (r.err.t === 'status' && r.err.status.code === 409) return { error: plain(`${errorString(r.err)}${CONFLICT_ADVICE}`) };
        return { error: r.err };
      }
      applied.last = asObject(r);
      return afterApplied(st, job, o, applied.last, ctx);
    }
    case 'ssa-last-applied':
      if (!r.ok) {
        job.stderr += WARNING_LAST_APPLIED(errorString(r.err));
        return { done: applied.last! };
      }
      applied.last = asObject(r);
      return migrate(st, job, o, applied.last, ctx);
    case 'ssa-migrate':
      if (!r.ok) {
        job.stderr += WARNING_MIGRATION(errorString(r.err));
        return { done: applied.last! };
      }
      applied.last = asObject(r);
      return sendServerSideApply(st, job, o, ctx, 'ssa-reapply');
    case 'ssa-reapply':
      if (!r.ok) {
        job.stderr += WARNING_REAPPLY(errorString(r.err));
        return { done: applied.last! };
      }
      return { done: asObject(r) };
  }
  return { error: plain(`unexpected step ${step}`) };
}

/** Validate(): the flags server-side apply refuses. */
export function serverSideFlagError(serverSide: boolean, forceConflicts: boolean, dryRun: DryRun): KubectlError | undefined {
  if (forceConflicts && !serverSide) return plain('--force-conflicts only works with --server-side');
  if (dryRun === 'client' && serverSide) return plain("--dry-run=client doesn't work with --server-side (did you mean --dry-run=server instead?)");
  return undefined;
}
