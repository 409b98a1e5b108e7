// `kubectl edit TYPE NAME` (kubectl/pkg/cmd/util/editor/editoptions.go): read the object, write it
// to a temporary file and launch $KUBE_EDITOR, $EDITOR or `vi` on it. The simulated laptop has no
// editor program and no KUBE_EDITOR, so, as real kubectl where `vi` is not installed, the launch
// fails (editor.go Launch, exec.ErrNotFound): `error: unable to launch the editor "vi"`. A missing
// object fails first, at the read. Editing an object happens in the app's YAML tab instead.

import { resourcePath } from '../../../client/apiclient';
import type { Effects } from '../../../kernel/component';
import { plain } from '../errors';
import type { ParsedArgs } from '../flags';
import { finishJob, jobRequest, type JobCommon, type KubectlState, type RequestResult } from '../job';
import { resolveTargets } from './get';

export const NO_EDITOR = 'unable to launch the editor "vi"';

export function startEdit(st: KubectlState, common: JobCommon, p: ParsedArgs, ctx: Effects): void {
  if (p.args.length === 0) {
    return finishJob(st, common, ctx, plain("You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'"));
  }
  const resolved = resolveTargets(p.args);
  if ('t' in resolved) return finishJob(st, common, ctx, resolved);
  const t = resolved.targets[0]!;
  const i = t.info;
  const path = resourcePath({ group: i.group || undefined, version: i.version, resource: i.resource, namespace: i.namespaced ? common.namespace : undefined, name: t.names[0] });
  st.jobs.set(common.jobId, common as JobCommon & Record<string, unknown>);
  jobRequest(st, common, ctx, { method: 'GET', path }, 'get');
}

export function onEditResult(st: KubectlState, job: JobCommon, _step: string, r: RequestResult, ctx: Effects): void {
  if (!r.ok) return finishJob(st, job, ctx, r.err);
  finishJob(st, job, ctx, plain(NO_EDITOR));
}
