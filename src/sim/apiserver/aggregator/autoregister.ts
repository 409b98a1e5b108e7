// kube-apiserver's `kube-apiserver-autoregistration` post-start hook (pkg/controlplane/apiserver/
// aggregator.go, v1.31): one Local APIService (no spec.service) per group/version the apiserver
// itself serves, named `<version>.<group>` (`v1.` for the core group), with the group and version
// priorities of DefaultGenericAPIServicePriorities merged with kube-apiserver's own table
// (cmd/kube-apiserver/app/aggregator.go). A served group/version missing from the table gets none
// (makeAPIService skips it). The autoregister controller labels what it syncs on start
// `kube-aggregator.kubernetes.io/automanaged: onstart`; the available-condition controller then
// marks each one Available (reason Local). What the controller does with them when they are
// missing, edited or deleted: autoregister-controller.ts.

import { RESOURCES } from '../../api/resources';
import { rfc3339 } from '../../api/time';
import type { KubeObject } from '../../api/types';
import { newUID } from '../registry/strategy';
import { AUTOMANAGED_LABEL, MANAGE_ON_START } from './autoregister-check';

/** group/version -> [groupPriorityMinimum, versionPriority] for the versions a v1.31 apiserver serves by default. */
const PRIORITIES: Record<string, [number, number]> = {
  '/v1': [18000, 1],
  'apps/v1': [17800, 15],
  'events.k8s.io/v1': [17750, 15],
  'authentication.k8s.io/v1': [17700, 15],
  'authorization.k8s.io/v1': [17600, 15],
  'autoscaling/v1': [17500, 15],
  'autoscaling/v2': [17500, 30],
  'batch/v1': [17400, 15],
  'certificates.k8s.io/v1': [17300, 15],
  'networking.k8s.io/v1': [17200, 15],
  'policy/v1': [17100, 15],
  'rbac.authorization.k8s.io/v1': [17000, 15],
  'storage.k8s.io/v1': [16800, 15],
  'apiextensions.k8s.io/v1': [16700, 15],
  'admissionregistration.k8s.io/v1': [16700, 15],
  'scheduling.k8s.io/v1': [16600, 15],
  'coordination.k8s.io/v1': [16500, 15],
  'node.k8s.io/v1': [16300, 15],
  'discovery.k8s.io/v1': [16200, 15],
  'flowcontrol.apiserver.k8s.io/v1': [16100, 21],
  'flowcontrol.apiserver.k8s.io/v1beta3': [16100, 18],
};

/** The group/versions this apiserver serves (its ListedPaths), in the order they are registered. */
function servedGroupVersions(): { group: string; version: string }[] {
  const seen = new Map<string, { group: string; version: string }>();
  for (const r of RESOURCES) seen.set(`${r.group}/${r.version}`, { group: r.group, version: r.version });
  return [...seen.values()];
}

/** The Local APIService kube-apiserver registers for one of its group/versions, if it registers one. */
export function autoregisteredName(group: string, version: string): string | undefined {
  return PRIORITIES[`${group}/${version}`] ? `${version}.${group}` : undefined;
}

/** The APIServices the hook syncs on start, as objects to create. */
export function autoregisteredAPIServices(now: number, rand: () => number): KubeObject[] {
  const out: KubeObject[] = [];
  for (const { group, version } of servedGroupVersions()) {
    const p = PRIORITIES[`${group}/${version}`];
    if (!p) continue;
    out.push({
      apiVersion: 'apiregistration.k8s.io/v1',
      kind: 'APIService',
      metadata: { name: `${version}.${group}`, uid: newUID(rand), creationTimestamp: rfc3339(now), labels: { [AUTOMANAGED_LABEL]: MANAGE_ON_START } },
      // group is omitempty: the core group's APIService has none.
      spec: { ...(group && { group }), version, groupPriorityMinimum: p[0], versionPriority: p[1] },
      status: {},
    });
  }
  return out;
}
