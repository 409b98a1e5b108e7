// `kubectl auth whoami [-o json|yaml|name|jsonpath=...]` (kubectl/pkg/cmd/auth/whoami.go): POST an
// empty SelfSubjectReview to authentication.k8s.io/v1 and print the user the apiserver saw, as the
// `ATTRIBUTE  VALUE` table (Username, UID, Groups as Go prints a []string, one `Extra: key` row per
// extra) or with the printer -o names. A 403 (system:anonymous is not a system:basic-user) and a
// 404 become whoami.go's own errors. Arguments after `whoami` are ignored, as cobra lets them be.

import type { Effects } from '../../../kernel/component';
import { goMarshalIndentStruct } from '../../common/go-json';
import { goYaml } from '../../common/go-yaml';
import { tabwrite } from '../../common/tabwriter';
import { jsonpathTemplate, JsonPathError } from '../../common/jsonpath';
import { plain, type KubectlError } from '../errors';
import { flagString, type ParsedArgs } from '../flags';
import { finishJob, jobRequest, type JobCommon, type KubectlState, type RequestResult } from '../job';

export interface WhoAmIJob extends JobCommon {
  command: 'auth';
  whoami: { output: string };
}

const FORMATS = 'go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml';
const FORBIDDEN = 'the selfsubjectreviews API is not enabled in the cluster or you do not have permission to call it';
const NOT_ENABLED = 'the selfsubjectreviews API is not enabled in the cluster';

interface UserInfo {
  username?: string;
  uid?: string;
  groups?: string[];
  extra?: Record<string, string[]>;
}

const goSlice = (xs: string[]): string => `[${xs.join(' ')}]`;

/** printTableSelfSubjectAccessReview: the rows a field is set for, padded as a tabwriter does. */
export function whoamiTable(ui: UserInfo): string {
  const rows: string[][] = [['ATTRIBUTE', 'VALUE']];
  if (ui.username) rows.push(['Username', ui.username]);
  if (ui.uid) rows.push(['UID', ui.uid]);
  if (ui.groups?.length) rows.push(['Groups', goSlice(ui.groups)]);
  for (const k of Object.keys(ui.extra ?? {}).sort()) rows.push([`Extra: ${k}`, goSlice(ui.extra![k]!)]);
  // printers.GetNewTabWriter: minwidth 6, padding 3.
  return tabwrite(rows.map((r) => `${r.join('\t')}\n`).join(''));
}

function validOutput(o: string): boolean {
  return ['', 'json', 'yaml', 'name'].includes(o) || o.startsWith('jsonpath=');
}

export function startWhoAmI(st: KubectlState, common: JobCommon, p: ParsedArgs, ctx: Effects): void {
  const output = flagString(p, 'output') ?? '';
  if (!validOutput(output)) return finishJob(st, common, ctx, plain(`unable to match a printer suitable for the output format "${output}", allowed formats are: ${FORMATS}`));
  const job: WhoAmIJob = { ...common, command: 'auth', whoami: { output } };
  st.jobs.set(job.jobId, job as unknown as JobCommon & Record<string, unknown>);
  const body = { kind: 'SelfSubjectReview', apiVersion: 'authentication.k8s.io/v1', metadata: { creationTimestamp: null }, status: { userInfo: {} } };
  jobRequest(st, job, ctx, { method: 'POST', path: '/apis/authentication.k8s.io/v1/selfsubjectreviews', body, contentType: 'application/json' }, 'whoami', { phase: 'user' });
}

function render(output: string, review: { status?: { userInfo?: UserInfo } }): string | KubectlError {
  if (output === '') return whoamiTable(review.status?.userInfo ?? {});
  if (output === 'json') return `${goMarshalIndentStruct(review)}\n`;
  if (output === 'yaml') return goYaml(review);
  // The review has no name: the name printer says so.
  if (output === 'name') return 'selfsubjectreview.authentication.k8s.io/<unknown>\n';
  const template = output.slice('jsonpath='.length).replace(/^'(.*)'$/s, '$1');
  try {
    return jsonpathTemplate(template, review);
  } catch (e) {
    if (e instanceof JsonPathError) return plain(`error parsing jsonpath ${template}, ${e.message}`);
    throw e;
  }
}

export function onWhoAmIResult(st: KubectlState, job: WhoAmIJob, r: RequestResult, ctx: Effects): void {
  if (!r.ok) {
    const code = r.err.t === 'status' ? r.err.status.code : 0;
    if (code === 403) return finishJob(st, job, ctx, plain(FORBIDDEN));
    if (code === 404) return finishJob(st, job, ctx, plain(NOT_ENABLED));
    return finishJob(st, job, ctx, r.err);
  }
  const out = render(job.whoami.output, r.body as { status?: { userInfo?: UserInfo } });
  if (typeof out !== 'string') return finishJob(st, job, ctx, out);
  job.stdout += out;
  finishJob(st, job, ctx);
}
