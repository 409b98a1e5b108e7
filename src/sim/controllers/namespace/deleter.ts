// The pure parts of the namespace controller's deleter (pkg/controller/namespace/deletion/
// namespaced_resources_deleter.go): which resources a namespace can hold and be emptied of, how
// long the content still there will take to go, and the namespace with the `kubernetes` finalizer
// removed, as finalizeNamespace PUTs it to /finalize.

import { RESOURCES, type ResourceInfo } from '../../api/resources';
import type { KubeObject, Namespace, Pod } from '../../api/types';

/** api.FinalizerKubernetes: the token the namespace controller owns in spec.finalizers. */
export const FINALIZER_KUBERNETES = 'kubernetes';

/**
 * The discovery filter of the deleter (discovery.SupportsAllVerbs with `list` and `delete`):
 * every namespaced resource the apiserver serves that can be listed and deleted. Read from the
 * table at call time, so a resource added to it later is emptied too.
 */
export function deletableResources(): ResourceInfo[] {
  return RESOURCES.filter((r) => r.namespaced && r.verbs.includes('list') && r.verbs.includes('delete'));
}

/**
 * estimateGracefulTerminationForPods: the longest terminationGracePeriodSeconds of the pods not yet
 * finished. The controller re-checks the namespace after estimate/2 + 1 seconds.
 */
export function estimateGracefulTermination(pods: Pod[]): number {
  let estimate = 0;
  for (const pod of pods) {
    const phase = pod.status?.phase;
    if (phase === 'Succeeded' || phase === 'Failed') continue;
    const grace = pod.spec?.terminationGracePeriodSeconds ?? 30;
    if (grace > estimate) estimate = grace;
  }
  return estimate;
}

/** The delay before the next look at a namespace whose content is still there (namespace_controller.go). */
export function remainingRequeueMs(estimateSeconds: number): number {
  return (Math.floor(estimateSeconds / 2) + 1) * 1000;
}

/** finalizeNamespace: the namespace with the `kubernetes` token removed from spec.finalizers. */
export function finalizedNamespace(ns: Namespace): Namespace {
  const finalizers = (ns.spec?.finalizers ?? []).filter((f) => f !== FINALIZER_KUBERNETES);
  return { ...ns, spec: { ...ns.spec, finalizers } };
}

export function hasKubernetesFinalizer(ns: KubeObject): boolean {
  return ((ns.spec as Namespace['spec'])?.finalizers ?? []).includes(FINALIZER_KUBERNETES);
}
