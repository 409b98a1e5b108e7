// kubectl api-resources (kubectl/pkg/cmd/apiresources/apiresources.go, v1.31): read aggregated
// discovery (GET /api, then GET /apis), leave out subresources, sort by API group and then by name
// (sortableResource with no --sort-by), and print NAME SHORTNAMES APIVERSION NAMESPACED KIND.
// --namespaced=true|false and --api-group filter; --no-headers drops the header line.

import { AGGREGATED_DISCOVERY_ACCEPT } from '../../../api/http';
import type { Effects } from '../../../kernel/component';
import { tabwrite, KUBECTL_TABLE } from '../../common/tabwriter';
import { flagBool, flagString, type ParsedArgs } from '../flags';
import { DISCOVERY_TIMEOUT, groupVersionsOf, storeDiscovery } from '../discovery-cache';
import { asObject, finishJob, jobRequest, type JobCommon, type KubectlState, type RequestResult } from '../job';

interface Row {
  name: string;
  shortNames: string;
  apiVersion: string;
  namespaced: boolean;
  kind: string;
  group: string;
}

export interface ApiResourcesJob extends JobCommon {
  command: 'api-resources';
  rows: Row[];
  namespaced?: boolean;
  apiGroup?: string;
  noHeaders: boolean;
  /** The group/versions fetched, which become kubectl's discovery cache (discovery-cache.ts). */
  groupVersions: string[];
}

interface DiscoveryList {
  items?: { metadata?: { name?: string }; versions?: { version: string; resources?: { resource: string; scope: string; shortNames?: string[]; responseKind?: { kind: string } }[] }[] }[];
}

export function startApiResources(st: KubectlState, common: JobCommon, p: ParsedArgs, ctx: Effects): void {
  const job: ApiResourcesJob = {
    ...common,
    command: 'api-resources',
    rows: [],
    namespaced: p.flags.has('namespaced') ? p.flags.get('namespaced') === true : undefined,
    apiGroup: flagString(p, 'api-group'),
    noHeaders: flagBool(p, 'no-headers'),
    groupVersions: [],
  };
  st.jobs.set(job.jobId, job as unknown as JobCommon & Record<string, unknown>);
  jobRequest(st, job, ctx, { method: 'GET', path: '/api', query: DISCOVERY_TIMEOUT, accept: AGGREGATED_DISCOVERY_ACCEPT }, 'api');
}

/** The first version a group lists is its preferred one; kubectl prints only that. */
function collect(job: ApiResourcesJob, doc: DiscoveryList): void {
  for (const g of doc.items ?? []) {
    const group = g.metadata?.name ?? '';
    const v = g.versions?.[0];
    if (!v) continue;
    for (const r of v.resources ?? []) {
      if (r.resource.includes('/')) continue;
      job.rows.push({
        name: r.resource,
        shortNames: (r.shortNames ?? []).join(','),
        apiVersion: group ? `${group}/${v.version}` : v.version,
        namespaced: r.scope === 'Namespaced',
        kind: r.responseKind?.kind ?? '',
        group,
      });
    }
  }
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function renderApiResources(job: ApiResourcesJob): string {
  const rows = job.rows
    .filter((r) => job.namespaced === undefined || r.namespaced === job.namespaced)
    .filter((r) => job.apiGroup === undefined || r.group === job.apiGroup)
    .sort((a, b) => cmp(a.group, b.group) || cmp(a.name, b.name));
  let text = job.noHeaders ? '' : 'NAME\tSHORTNAMES\tAPIVERSION\tNAMESPACED\tKIND\n';
  for (const r of rows) text += `${r.name}\t${r.shortNames}\t${r.apiVersion}\t${r.namespaced}\t${r.kind}\n`;
  return tabwrite(text, KUBECTL_TABLE);
}

export function onApiResourcesResult(st: KubectlState, job: ApiResourcesJob, step: string, r: RequestResult, ctx: Effects): void {
  if (!r.ok) return finishJob(st, job, ctx, r.err);
  collect(job, asObject(r) as unknown as DiscoveryList);
  job.groupVersions.push(...groupVersionsOf(asObject(r)));
  if (step === 'api') return void jobRequest(st, job, ctx, { method: 'GET', path: '/apis', query: DISCOVERY_TIMEOUT, accept: AGGREGATED_DISCOVERY_ACCEPT }, 'apis');
  // api-resources always asks the server afresh (discoveryclient.Invalidate) and caches what it got.
  storeDiscovery(st, job.groupVersions, ctx.now);
  job.stdout += renderApiResources(job);
  finishJob(st, job, ctx);
}
