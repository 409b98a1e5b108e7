// `kubectl edit TYPE NAME` (kubectl/pkg/cmd/util/editor/editoptions.go, v1.31): read the object,
// write it as YAML under the edit header to a temporary file, launch $KUBE_EDITOR, $EDITOR or `vi`
// on it, and when the editor closes send what changed as a patch; `deployment.apps/web edited`.
// Comment lines are dropped first; an unchanged file is `Edit cancelled, no changes made.`, an
// empty one `Edit cancelled, saved file was empty.` (both on stderr, exit 0); a changed apiVersion,
// kind or name is refused before anything is sent; an answer the server refuses reopens the file
// with the failures in its header.
//
// Kubeplay's laptop has no editor program. The command's answer carries the file (`edit` in
// cli.output) so the page opens it in its YAML tab; where nothing opens it (`kubeplay run`, a
// scenario step) the launch fails as it does for real without `vi`: `error: unable to launch the
// editor "vi"`. Saving in the page runs the same command with the saved file as stdin, which
// plays the editor's closing: it is this second run that changes the cluster, so a recorded or
// shared run replays it like any other command.
//
// `edit -f FILE` edits the live object the file names (read again from the server), as kubectl's
// builder does with Latest(); the file itself is left as it was.
//
// Simplified: real kubectl keeps the object as it was read when the editor opened and sends a
// strategic merge patch of the differences; here the second run reads the object again and sends
// a JSON merge patch (lists whole) of what differs from it, leaving out what the server owns
// (status, resourceVersion, generation, managedFields, uid, creationTimestamp).

import type { KubeObject } from '../../../api/types';
import { resourcePath } from '../../../client/apiclient';
import type { Effects } from '../../../kernel/component';
import { goYaml } from '../../common/go-yaml';
import { parseYamlChunk } from '../../common/yaml-docs';
import type { CliEdit, CliExec } from '../../protocol';
import { plain, type KubectlError } from '../errors';
import { flagArray, type ParsedArgs } from '../flags';
import { asObject, finishJob, jobRequest, type JobCommon, type KubectlState, type RequestResult } from '../job';
import { kindSlashName, readManifestsFromFlags } from '../manifest';
import { omitManagedFields } from '../printers/go-template-output';
import type { GetTarget } from './get';
import { resolveTargets } from './get';
import { cachedIn } from '../discovery-cache';

import { threeWayMergePatch } from './three-way-patch';

export const NO_EDITOR = 'unable to launch the editor "vi"';

/** editoptions.go editHeader.writeTo. */
export const EDIT_HEADER =
  "# Please edit the object below. Lines beginning with a '#' will be ignored,\n" +
  '# and an empty file will abort the edit. If an error occurs while saving this file will be\n' +
  '# reopened with the relevant failures.\n' +
  '#\n';

/** Fields the server owns: what the file says of them is not the user's change. */
const SERVER_METADATA = ['resourceVersion', 'generation', 'managedFields', 'uid', 'creationTimestamp', 'selfLink'];

export interface EditJob extends JobCommon {
  command: 'edit';
  target: GetTarget;
  name: string;
  /** The saved file (the second run), absent when the editor is still to be opened. */
  saved?: string;
  line: string;
  edit?: CliEdit;
}

/** cmdutil.StripComments: lines whose first non-blank character is `#` are dropped. */
export function stripComments(text: string): string {
  return text
    .split('\n')
    .filter((l) => !l.trim().startsWith('#'))
    .join('\n');
}

/**
 * `kubectl edit -f FILE`: the file only names the object; the builder's Latest() reads it again
 * from the server, so the editor gets the live object, not the file's text.
 */
function targetFromFile(filenames: string[], p: ParsedArgs, exec: CliExec, common: JobCommon): { target: GetTarget; name: string } | KubectlError {
  const m = readManifestsFromFlags(filenames, p, exec, common);
  if (m.fatal) return m.fatal;
  if (m.errors[0]) return m.errors[0];
  const first = m.objects[0];
  if (!first) return plain('no objects passed to edit');
  if (m.objects.length > 1) return plain("Kubeplay's kubectl edit takes one object; this file holds several");
  if (first.info.namespaced && first.obj.metadata.namespace) common.namespace = first.obj.metadata.namespace;
  return { target: { info: first.info, names: [first.obj.metadata.name ?? ''], items: [], tables: [] }, name: first.obj.metadata.name ?? '' };
}

export function startEdit(st: KubectlState, common: JobCommon, p: ParsedArgs, exec: CliExec, ctx: Effects): void {
  const filenames = flagArray(p, 'filename');
  if (filenames.length > 0 && p.args.length === 0) {
    const fromFile = targetFromFile(filenames, p, exec, common);
    if ('t' in fromFile) return finishJob(st, common, ctx, fromFile);
    // With `-f -` stdin held the object's name, so there is no saved file yet.
    return readObject(st, { ...common, command: 'edit', ...fromFile, line: exec.line }, filenames.includes('-') ? undefined : exec.stdin, ctx);
  }
  if (p.args.length === 0) {
    return finishJob(st, common, ctx, plain("You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'"));
  }
  const resolved = resolveTargets(p.args, cachedIn(st));
  if ('t' in resolved) return finishJob(st, common, ctx, resolved);
  const t = resolved.targets[0]!;
  if (t.names.length === 0) return finishJob(st, common, ctx, plain('Kubeplay\'s kubectl edit takes one object by name (TYPE/NAME or TYPE NAME)'));
  readObject(st, { ...common, command: 'edit', target: t, name: t.names[0]!, line: exec.line }, exec.stdin, ctx);
}

/** GET the object: the first run opens the editor on it, the second (with the saved file) patches it. */
function readObject(st: KubectlState, job: EditJob, saved: string | undefined, ctx: Effects): void {
  if (saved !== undefined) job.saved = saved;
  st.jobs.set(job.jobId, job as unknown as JobCommon & Record<string, unknown>);
  jobRequest(st, job, ctx, { method: 'GET', path: objectPath(job) }, 'get', { object: objectRef(job) });
}

function objectPath(job: EditJob): string {
  const i = job.target.info;
  return resourcePath({ group: i.group || undefined, version: i.version, resource: i.resource, namespace: i.namespaced ? job.namespace : undefined, name: job.name });
}

function objectRef(job: EditJob): { kind: string; name: string; namespace?: string } {
  return { kind: job.target.info.kind, name: job.name, namespace: job.target.info.namespaced ? job.namespace : undefined };
}

/** The file kubectl writes for the editor: the header (with any failures), then the object as YAML. */
function editFile(obj: KubeObject, failures: string[] = []): string {
  return EDIT_HEADER + failures.map((f) => `# ${f}\n#\n`).join('') + goYaml(omitManagedFields(obj));
}

/** Open the editor on the file: the page does (cli.output `edit`); anywhere else there is no editor. */
function openEditor(st: KubectlState, job: EditJob, text: string, ctx: Effects, err: KubectlError = plain(NO_EDITOR)): void {
  job.edit = { text, line: job.line, namespace: job.namespace, object: kindSlashName(job.target.info, job.name) };
  finishJob(st, job, ctx, err);
}

/** What the saved file changes, as a JSON merge patch from the object as it is now; a string is kubectl's refusal. */
function changes(current: KubeObject, edited: Record<string, unknown>): Record<string, unknown> | string {
  const meta = (edited.metadata ?? {}) as Record<string, unknown>;
  if (edited.apiVersion !== current.apiVersion || edited.kind !== current.kind || meta.name !== current.metadata.name) {
    return 'At least one of apiVersion, kind and name was changed';
  }
  const cur = omitManagedFields(current) as unknown as Record<string, unknown>;
  const curMeta = cur.metadata as Record<string, unknown>;
  const mine: Record<string, unknown> = { ...edited, metadata: { ...meta }, status: cur.status };
  if (cur.status === undefined) delete mine.status;
  const mineMeta = mine.metadata as Record<string, unknown>;
  for (const k of SERVER_METADATA) {
    if (curMeta[k] === undefined) delete mineMeta[k];
    else mineMeta[k] = curMeta[k];
  }
  return threeWayMergePatch(cur, mine, cur);
}

export function onEditResult(st: KubectlState, job: EditJob, step: string, r: RequestResult, ctx: Effects): void {
  if (step === 'patch') {
    if (r.ok) {
      job.stdout += `${kindSlashName(job.target.info, job.name)} edited\n`;
      return finishJob(st, job, ctx);
    }
    // The server refused the change: the file is reopened with its failures in the header.
    const s = r.err.t === 'status' ? r.err.status : undefined;
    const causes = (s?.details?.causes ?? []).map((c) => `* ${c.field ? `${c.field}: ` : ''}${c.message ?? ''}`);
    const what = `${job.target.info.resource}${job.target.info.group ? `.${job.target.info.group}` : ''} "${job.name}"`;
    const failures = s?.reason === 'Invalid' ? [`${what} was not valid:\n# ${causes.join('\n# ')}`] : [s?.message ?? ''];
    return openEditor(st, job, EDIT_HEADER + failures.map((f) => `# ${f}\n#\n`).join('') + stripComments(job.saved ?? ''), ctx, r.err);
  }
  if (!r.ok) return finishJob(st, job, ctx, r.err);
  const current = asObject(r);
  if (job.saved === undefined) return openEditor(st, job, editFile(current), ctx);
  const body = stripComments(job.saved);
  if (body.trim() === '') {
    job.stderr += 'Edit cancelled, saved file was empty.\n';
    return finishJob(st, job, ctx);
  }
  const parsed = parseYamlChunk(body);
  if (!parsed.ok || typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value)) {
    const why = parsed.ok ? 'the file is not an object' : parsed.error;
    return openEditor(st, job, EDIT_HEADER + `# The edited file had a syntax error: ${why}\n#\n` + body, ctx, plain(`The edited file had a syntax error: ${why}`));
  }
  const patch = changes(current, parsed.value as Record<string, unknown>);
  if (typeof patch === 'string') return finishJob(st, job, ctx, plain(patch));
  if (Object.keys(patch).length === 0) {
    job.stderr += 'Edit cancelled, no changes made.\n';
    return finishJob(st, job, ctx);
  }
  jobRequest(st, job, ctx, { method: 'PATCH', path: objectPath(job), query: { fieldManager: 'kubectl-edit' }, body: patch, contentType: 'application/merge-patch+json' }, 'patch', {
    phase: 'persistence',
    object: objectRef(job),
  });
}
