// Resolving what a user typed (`deploy`, `deployment/web`, `pod web`) to a resource. The apiserver's
// resources table is the source; the apps/v1 rows are also known here so kubectl's apps commands
// work (and are testable) before and after the table gains them - the table wins when it has them.

import { resourceForName, type ResourceInfo } from '../../api/resources';
import { noResourceType } from './errors';

function apps(resource: string, kind: string, shortNames: string[]): ResourceInfo {
  return {
    group: 'apps',
    version: 'v1',
    resource,
    singular: kind.toLowerCase(),
    kind,
    listKind: `${kind}List`,
    namespaced: true,
    shortNames,
    verbs: ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'],
    subresources: ['status', 'scale'],
  };
}

const APPS: ResourceInfo[] = [apps('deployments', 'Deployment', ['deploy']), apps('replicasets', 'ReplicaSet', ['rs'])];

/** resourceForName, falling back to the apps/v1 Deployment and ReplicaSet rows. */
export function lookupResource(typed: string): ResourceInfo | undefined {
  const found = resourceForName(typed);
  if (found) return found;
  const lower = typed.toLowerCase();
  const dot = lower.indexOf('.');
  const name = dot >= 0 ? lower.slice(0, dot) : lower;
  const group = dot >= 0 ? lower.slice(dot + 1) : undefined;
  return APPS.find(
    (x) => (group === undefined || x.group === group) && (x.resource === name || x.singular === name || x.shortNames.includes(name)),
  );
}

/** The apps/v1 row for a kind, from the table when present. */
export function appsResource(kind: 'Deployment' | 'ReplicaSet'): ResourceInfo {
  return lookupResource(kind === 'Deployment' ? 'deployments.apps' : 'replicasets.apps')!;
}

export type TypeName = { info: ResourceInfo; name: string; rest: string[] } | { error: string };

/**
 * `deployment/web ...` or `deployment web ...`: one object and the arguments after it.
 * `known`: whether kubectl's discovery cache holds the type's group/version (discovery-cache.ts cachedIn).
 */
export function typeAndName(args: string[], known: (info: ResourceInfo) => boolean): TypeName {
  const first = args[0];
  if (first === undefined) return { error: 'you must specify the type of resource and its name' };
  const slash = first.indexOf('/');
  const typed = slash >= 0 ? first.slice(0, slash) : first;
  const info = lookupResource(typed);
  if (!info || !known(info)) return { error: noResourceType(typed) };
  if (slash >= 0) return { info, name: first.slice(slash + 1), rest: args.slice(1) };
  const name = args[1];
  if (name === undefined) return { error: 'resource(s) were provided, but no name was specified' };
  return { info, name, rest: args.slice(2) };
}
