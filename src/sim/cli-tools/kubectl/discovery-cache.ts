// kubectl's discovery cache (~/.kube/cache/discovery: client-go discovery/cached/disk, kept 6 hours
// by kubectl v1.31's ConfigFlags). kubectl maps a typed resource (`deployments`, `deploy`,
// `deployments.apps`) through the group/versions the cache holds, not through the server each
// time. On a miss the deferred REST mapper (client-go restmapper/discovery.go) invalidates the
// cache ("Invalidating discovery information"), fetches GET /api and GET /apis again and retries
// once; `kubectl api-resources` and `api-versions` always fetch afresh. So after `kubectl delete
// apiservice v1.apps` a warm cache still maps `deployments` (and kube-apiserver still serves them),
// while after any refresh `kubectl get deployments` says the server doesn't have that type.
// Every verb that takes a TYPE is mapped so: the verb table (verbs.ts) declares each verb's TYPE
// words (type-args.ts), kubectl.ts startVerb refreshes on a miss before the verb starts, and the
// verb maps through the cache (mapResource, cachedIn), so a miss after the refresh is its error.
// Checked with kubectl v1.31 against `kubeplay serve` (local-apiservices.cluster.test.ts says how).
// The cache's files expire 6 hours after they were written (cli-runtime genericclioptions
// config_flags.go ToDiscoveryClient: NewCachedDiscoveryClientForConfig(..., 6*time.Hour); disk
// cached_discovery.go getCachedFile: `cache expired` once now is after the file's mtime + ttl): the
// next command that maps a type then fetches GET /api and /apis again, without invalidating
// (no `Invalidating discovery information` at -v=6), and writes the cache anew.
// The in-page kubectl starts with an empty cache, as kubectl with a fresh --cache-dir does: the first
// command that maps a type reads no cache files, so it fetches GET /api and /apis (no
// `Invalidating discovery information`: nothing was cached), writes the cache and maps through it;
// kubectl v1.31 -v=6 get pods against `kubeplay serve` with an empty --cache-dir logs the same three
// GETs (discovery-cache-cold.cluster.test.ts).
// Verbs without TYPE words map too: cordon, uncordon and drain map `nodes`, cluster-info `services`,
// run `pods` (verbs.ts), and apply, create, replace and delete -f fetch discovery on a cold or
// expired cache before their first object's write (commands/apply-openapi.ts).
// Simplified: only the TYPE words the verb table declares are mapped (exec, attach and logs of a
// bare POD map `pods`); a -f object whose group-version a fresh cache misses is left to the
// apiserver's answer instead of invalidating the cache.

import { AGGREGATED_DISCOVERY_ACCEPT } from '../../api/http';
import { resourcesInCategory, type ResourceInfo } from '../../api/resources';
import type { Effects } from '../../kernel/component';
import { asObject, jobRequest, type JobCommon, type KubectlState, type RequestResult } from './job';
import { invalidatingDiscoveryLine } from './request-log';
import { lookupResource } from './apps-resources';

export const DISCOVERY_API_STEP = 'discovery.api';
export const DISCOVERY_APIS_STEP = 'discovery.apis';

/** config_flags.go: the disk cache's ttl. */
export const DISCOVERY_TTL_MS = 6 * 3_600_000;

/** client-go's discovery client asks with its own 32 s timeout (discovery_client.go defaultTimeout): the mapper's fetch, api-resources, api-versions. */
export const DISCOVERY_TIMEOUT = { timeout: '32s' };

interface DiscoveryList {
  items?: { metadata?: { name?: string }; versions?: { version: string }[] }[];
}

/** Whether kubectl's cache holds this resource's group/version (no cache yet: it holds none). */
export function cachedResource(st: KubectlState, info: ResourceInfo): boolean {
  if (!st.discovery) return false;
  return st.discovery.includes(info.group ? `${info.group}/${info.version}` : info.version);
}

/** The group/versions an aggregated discovery document lists. */
export function groupVersionsOf(body: unknown): string[] {
  const out: string[] = [];
  for (const g of (body as DiscoveryList).items ?? []) {
    const group = g.metadata?.name ?? '';
    for (const v of g.versions ?? []) out.push(group ? `${group}/${v.version}` : v.version);
  }
  return out;
}

/** The cache written anew with what discovery listed, now. */
export function storeDiscovery(st: KubectlState, groupVersions: readonly string[], now: number): void {
  st.discovery = [...groupVersions];
  st.discoveryWrittenAt = now;
}

/** getCachedFile: there are no files yet, or they are older than the ttl; either way kubectl fetches without invalidating. */
export function discoveryExpired(st: KubectlState, now: number): boolean {
  return st.discoveryWrittenAt === undefined || now > st.discoveryWrittenAt + DISCOVERY_TTL_MS;
}

/** A job that refreshes the cache on a miss: what /api listed while /apis is awaited. */
export interface DiscoveryRefresh {
  refreshed: string[];
}

/** Invalidate (after a miss; not when the cache merely expired) and fetch again: GET /api, then GET /apis (onDiscoveryRefresh). */
export function refreshDiscovery(st: KubectlState, job: JobCommon & Partial<DiscoveryRefresh>, ctx: Effects, invalidate = true): void {
  job.refreshed = [];
  if (invalidate && job.verbosity !== undefined) job.stderr += invalidatingDiscoveryLine(job.verbosity, ctx.now, job.jobId);
  jobRequest(st, job, ctx, { method: 'GET', path: '/api', query: DISCOVERY_TIMEOUT, accept: AGGREGATED_DISCOVERY_ACCEPT }, DISCOVERY_API_STEP);
}

/**
 * One answer of the refresh. Returns 'more' while /apis is awaited, an error result when a request
 * failed, or 'done' once the cache holds the fresh group/versions.
 */
export function onDiscoveryRefresh(st: KubectlState, job: JobCommon & DiscoveryRefresh, step: string, r: RequestResult, ctx: Effects): 'more' | 'done' | RequestResult {
  if (!r.ok) return r;
  job.refreshed.push(...groupVersionsOf(asObject(r)));
  if (step === DISCOVERY_API_STEP) {
    jobRequest(st, job, ctx, { method: 'GET', path: '/apis', query: DISCOVERY_TIMEOUT, accept: AGGREGATED_DISCOVERY_ACCEPT }, DISCOVERY_APIS_STEP);
    return 'more';
  }
  storeDiscovery(st, job.refreshed, ctx.now);
  return 'done';
}

/** The mapper's `known` test for a verb's types: kubectl's cache holds the resource's group/version. */
export function cachedIn(st: KubectlState): (info: ResourceInfo) => boolean {
  return (info) => cachedResource(st, info);
}

/** A typed resource (`deploy`, `deployments.apps`) as kubectl's REST mapper maps it through the cache. */
export function mapResource(st: KubectlState, typed: string): ResourceInfo | undefined {
  const info = lookupResource(typed);
  return info && cachedResource(st, info) ? info : undefined;
}

/** Whether the mapper maps this TYPE word without fetching discovery again (a category such as `all` does). */
export function mapsType(st: KubectlState, typed: string): boolean {
  if (!lookupResource(typed) && resourcesInCategory(typed).length > 0) return true;
  return mapResource(st, typed) !== undefined;
}
