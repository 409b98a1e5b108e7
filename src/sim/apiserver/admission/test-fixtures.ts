// Builders shared by the admission tests: attributes, lookups over plain arrays, and a pod.
import { RESOURCES, type ResourceInfo } from '../../api/resources';
import type { KubeObject, Namespace, Pod } from '../../api/types';
import { DEFAULT_TIMINGS } from '../../config';
import type { UserInfo } from '../authn';
import type { AdmissionAttributes, AdmissionConfig, AdmissionLookups } from './index';

/** A fixed sequence stands in for the simulation's PRNG. */
function seq(): () => number {
  let i = 0;
  return () => ((i++ * 0.37) % 1);
}

export const cfg: AdmissionConfig = { timings: DEFAULT_TIMINGS, rand: seq() };
export const ADMIN: UserInfo = { username: 'admin', groups: ['system:masters', 'system:authenticated'] };
export const nodeUser = (n: string): UserInfo => ({ username: `system:node:${n}`, groups: ['system:nodes', 'system:authenticated'] });

export function info(resource: string, group = ''): ResourceInfo {
  const found = RESOURCES.find((r) => r.resource === resource && r.group === group);
  if (found) return found;
  return { group, version: 'v1', resource, singular: resource, kind: resource, listKind: `${resource}List`, namespaced: true, shortNames: [], verbs: [], subresources: [] };
}

export function attrs(over: Partial<AdmissionAttributes> & { resource?: string; group?: string }): AdmissionAttributes {
  const { resource = 'pods', group = '', ...rest } = over;
  return { operation: 'CREATE', info: info(resource, group), subresource: '', namespace: 'default', name: '', user: ADMIN, ...rest };
}

export function pod(name: string, spec: Partial<Pod['spec']> = {}, meta: Partial<Pod['metadata']> = {}): Pod {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', ...meta }, spec: { containers: [{ name: 'app', image: 'nginx' }], ...spec } };
}

export const ns = (name: string, phase: 'Active' | 'Terminating' = 'Active'): Namespace => ({
  apiVersion: 'v1',
  kind: 'Namespace',
  metadata: { name },
  status: { phase },
});

export function lookups(objs: { namespaces?: Namespace[]; limitRanges?: KubeObject[]; nodes?: KubeObject[]; pods?: KubeObject[]; quotas?: KubeObject[]; storageClasses?: KubeObject[]; serviceAccounts?: KubeObject[] } = {}): AdmissionLookups {
  const namespaces = objs.namespaces ?? [ns('default'), ns('kube-system'), ns('kube-node-lease')];
  // Every namespace has its `default` ServiceAccount (the serviceaccount controller makes it), unless a test says otherwise.
  const serviceAccounts = objs.serviceAccounts ?? namespaces.map((n) => ({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'default', namespace: n.metadata.name } }) as KubeObject);
  return {
    namespace: (n) => namespaces.find((x) => x.metadata.name === n),
    limitRanges: (n) => (objs.limitRanges ?? []).filter((x) => x.metadata.namespace === n),
    node: (n) => (objs.nodes ?? []).find((x) => x.metadata.name === n),
    pod: (namespace, n) => (objs.pods ?? []).find((x) => x.metadata.namespace === namespace && x.metadata.name === n),
    resourceQuotas: (n) => (objs.quotas ?? []).filter((x) => x.metadata.namespace === n),
    storageClasses: () => objs.storageClasses ?? [],
    serviceAccount: (namespace, n) => serviceAccounts.find((x) => x.metadata.namespace === namespace && x.metadata.name === n),
  };
}
