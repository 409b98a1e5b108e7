// What discovery adds for the groups APIServices serve through a Service (kube-aggregator's
// discovery manager, pkg/apiserver/handler_discovery.go): each Available one's group and version,
// after the built-in groups (its groupPriorityMinimum is below theirs). The resources of
// metrics.k8s.io/v1beta1 are the ones metrics-server serves (NodeMetrics, PodMetrics: get and
// list); Kubeplay lists no resources for other groups. Simplified: the real aggregator keeps an
// unavailable group in discovery (marked Stale) and clients fail on it; here it leaves discovery
// until the APIService is Available again.

import type { APIGroupDiscovery, DiscoveryResource } from '../discovery';
import type { ApiserverState } from '../state';
import { apiServices, isAvailable, type APIServiceSpec } from './available-condition';

const KNOWN: Record<string, DiscoveryResource[]> = {
  'metrics.k8s.io/v1beta1': [
    { resource: 'nodes', responseKind: { group: 'metrics.k8s.io', version: 'v1beta1', kind: 'NodeMetrics' }, scope: 'Cluster', singularResource: '', verbs: ['get', 'list'] },
    { resource: 'pods', responseKind: { group: 'metrics.k8s.io', version: 'v1beta1', kind: 'PodMetrics' }, scope: 'Namespaced', singularResource: '', verbs: ['get', 'list'] },
  ],
};

/** The Available service-backed APIServices' group/versions, in groupPriorityMinimum order. */
export function availableAggregatedVersions(s: ApiserverState): { group: string; version: string }[] {
  const out: { group: string; version: string; priority: number }[] = [];
  for (const obj of apiServices(s)) {
    const spec = obj.spec as APIServiceSpec & { groupPriorityMinimum?: number };
    if (!spec?.service || !spec.group || !spec.version || !isAvailable(obj)) continue;
    out.push({ group: spec.group, version: spec.version, priority: spec.groupPriorityMinimum ?? 0 });
  }
  return out.sort((a, b) => b.priority - a.priority || (a.group < b.group ? -1 : a.group > b.group ? 1 : 0));
}

/** Aggregated discovery (apidiscovery.k8s.io/v2) items for /apis. */
export function aggregatedDiscoveryItems(s: ApiserverState): APIGroupDiscovery[] {
  const byGroup = new Map<string, APIGroupDiscovery>();
  for (const { group, version } of availableAggregatedVersions(s)) {
    const g = byGroup.get(group) ?? { metadata: { name: group }, versions: [] };
    g.versions.push({ version, resources: (KNOWN[`${group}/${version}`] ?? []).map((r) => ({ ...r, verbs: [...r.verbs] })), freshness: 'Current' });
    byGroup.set(group, g);
  }
  return [...byGroup.values()];
}

/** Legacy APIGroupList entries for /apis. */
export function aggregatedLegacyGroups(s: ApiserverState): Record<string, unknown>[] {
  return aggregatedDiscoveryItems(s).map((g) => {
    const vs = g.versions.map((v) => ({ groupVersion: `${g.metadata.name}/${v.version}`, version: v.version }));
    return { name: g.metadata.name, versions: vs, preferredVersion: vs[0] };
  });
}
