// kubectl explain RESOURCE[.field...] [--recursive] [--api-version] (kubectl/pkg/cmd/explain and
// pkg/explain/explain.go, v1.31): the resource is resolved as the RESTMapper does (a
// `deployments.apps` prefix names the group; otherwise the first resource of that name), then
// GET /openapi/v3 for the group-version's document and GET that document, rendered with the
// plaintext template (explain/template.ts). As in kubectl, what the template printed before a
// missing field stays on stdout.

import type { Effects } from '../../../kernel/component';
import { plain } from '../errors';
import { DISCOVERY_TIMEOUT, mapResource } from '../discovery-cache';
import { openApiDocumentRequest } from './apply-openapi';

import { renderExplain, type ExplainRequest } from '../explain/template';
import { flagBool, flagString, type ParsedArgs } from '../flags';
import { finishJob, jobRequest, type JobCommon, type KubectlState, type RequestResult } from '../job';

export interface ExplainJob extends JobCommon {
  command: 'explain';
  req: ExplainRequest;
}

const gvrString = (r: ExplainRequest): string => `${r.group}/${r.version}, Resource=${r.resource}`;

export function startExplain(st: KubectlState, common: JobCommon, p: ParsedArgs, ctx: Effects): void {
  if (p.args.length === 0) {
    return finishJob(st, common, ctx, plain('You must specify the type of resource to explain. Use "kubectl api-resources" for a complete list of supported resources.\n'));
  }
  if (p.args.length > 1) return finishJob(st, common, ctx, plain('We accept only this format: explain RESOURCE\n'));
  const input = p.args[0]!.replace(/\.$/, '');
  const first = input.split('.')[0]!;
  const info = mapResource(st, first);
  if (!info) {
    common.stderr += `the server doesn't have a resource type "${first}"\n`;
    return finishJob(st, common, ctx, undefined, 1);
  }
  const groupResource = info.group ? `${info.resource}.${info.group}` : info.resource;
  const apiVersion = flagString(p, 'api-version');
  // SplitAndParseResourceRequestWithMatchingPrefix: `deployments.apps.spec` is the group's prefix.
  const rest = !apiVersion && input.startsWith(groupResource) ? input.slice(groupResource.length) : input.slice(first.length);
  const req: ExplainRequest = {
    group: info.group,
    version: info.version,
    resource: info.resource,
    fieldPath: rest.split('.').filter((f) => f !== ''),
    recursive: flagBool(p, 'recursive'),
  };
  if (apiVersion) {
    const slash = apiVersion.indexOf('/');
    req.group = slash >= 0 ? apiVersion.slice(0, slash) : '';
    req.version = slash >= 0 ? apiVersion.slice(slash + 1) : apiVersion;
  }
  const job: ExplainJob = { ...common, command: 'explain', req };
  st.jobs.set(job.jobId, job as unknown as JobCommon & Record<string, unknown>);
  // client-go's openapi client asks with discovery's 32 s timeout (kubectl v1.31.9 -v=6: /openapi/v3?timeout=32s, then the document's ?hash=...&timeout=32s).
  jobRequest(st, job, ctx, { method: 'GET', path: '/openapi/v3', query: DISCOVERY_TIMEOUT }, 'paths');
}

export function onExplainResult(st: KubectlState, job: ExplainJob, step: string, r: RequestResult, ctx: Effects): void {
  if (!r.ok) return finishJob(st, job, ctx, r.err);
  if (step === 'paths') {
    const key = job.req.group ? `apis/${job.req.group}/${job.req.version}` : `api/${job.req.version}`;
    const paths = (r.body as { paths?: Record<string, { serverRelativeURL?: string }> }).paths ?? {};
    const url = Object.hasOwn(paths, key) ? paths[key]?.serverRelativeURL : undefined;
    if (!url) return finishJob(st, job, ctx, plain(`couldn't find resource for "${gvrString(job.req)}"`));
    jobRequest(st, job, ctx, { method: 'GET', ...openApiDocumentRequest(url) }, 'document');
    return;
  }
  const res = renderExplain(r.body as Record<string, unknown>, job.req);
  job.stdout += res.out;
  finishJob(st, job, ctx, res.error === undefined ? undefined : plain(res.error));
}
