// The pure parts of the DaemonSet controller (pkg/controller/daemon/daemon_controller.go and
// pkg/controller/daemon/util/daemonset_util.go, v1.31): which nodes should run a daemon pod, the
// pod the template makes for one node, and which node a daemon pod is meant for.
//
// Since v1.12 the DaemonSet controller does not bind its pods itself: it gives each pod a required
// node affinity `metadata.name In [<node>]` and lets kube-scheduler place it, so the pod passes
// through the scheduler's queue, filters and Bind like any other.

import { labelSelectorMatches, nodeSelectorTermsMatch, tolerationsTolerateTaint } from '../../api/labels';
import type { Node, NodeSelectorTerm, Pod, Toleration } from '../../api/types';
import { DAEMONSET_TEMPLATE_GENERATION } from '../../apiserver/registry/strategy';
import { computeHash } from '../deployment/hash';
import { controllerRef } from '../replicaset/types';
import type { DaemonSet } from './types';

/** The label that carries the template's revision hash (apps.ControllerRevisionHashLabelKey). */
export const CONTROLLER_REVISION_HASH = 'controller-revision-hash';
/** The deprecated label the controller still sets (extensions.DaemonSetTemplateGenerationKey): the template generation. */
export const POD_TEMPLATE_GENERATION = 'pod-template-generation';

/**
 * AddOrUpdateDaemonPodTolerations: daemon pods stay through node problems and cordons. The
 * NoExecute ones have no tolerationSeconds, so taint-based eviction never removes a daemon pod.
 */
export function daemonPodTolerations(hostNetwork: boolean): Toleration[] {
  const out: Toleration[] = [
    { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute' },
    { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute' },
    { key: 'node.kubernetes.io/disk-pressure', operator: 'Exists', effect: 'NoSchedule' },
    { key: 'node.kubernetes.io/memory-pressure', operator: 'Exists', effect: 'NoSchedule' },
    { key: 'node.kubernetes.io/pid-pressure', operator: 'Exists', effect: 'NoSchedule' },
    { key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' },
  ];
  if (hostNetwork) out.push({ key: 'node.kubernetes.io/network-unavailable', operator: 'Exists', effect: 'NoSchedule' });
  return out;
}

/** The template's tolerations plus the daemon ones that are not there yet (same key and effect). */
function withDaemonTolerations(existing: Toleration[] | undefined, hostNetwork: boolean): Toleration[] {
  const out = [...(existing ?? [])];
  for (const t of daemonPodTolerations(hostNetwork)) {
    if (!out.some((x) => x.key === t.key && x.effect === t.effect)) out.push(t);
  }
  return out;
}

/** The hash of the template, as the DaemonSet's current ControllerRevision names it. */
export function templateHash(ds: DaemonSet): string {
  return computeHash(ds.spec.template);
}

/**
 * NodeShouldRunDaemonPod (predicates: node name, node selector and required affinity, and taints
 * with effect NoSchedule or NoExecute that the pod does not tolerate). A node a pod should not run
 * on is also one an existing pod should not continue on: Kubeplay does not tell the two apart.
 */
export function nodeShouldRunDaemonPod(node: Node, ds: DaemonSet): boolean {
  const spec = ds.spec.template.spec;
  if (spec.nodeName && spec.nodeName !== node.metadata.name) return false;
  const labels = node.metadata.labels ?? {};
  for (const [k, v] of Object.entries(spec.nodeSelector ?? {})) if (labels[k] !== v) return false;
  const terms = spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms;
  if (terms && !nodeSelectorTermsMatch(terms, node)) return false;
  const tolerations = withDaemonTolerations(spec.tolerations, !!spec.hostNetwork);
  for (const taint of node.spec?.taints ?? []) {
    if (taint.effect === 'PreferNoSchedule') continue;
    if (!tolerationsTolerateTaint(tolerations, taint)) return false;
  }
  return true;
}

/** ReplaceDaemonSetPodNodeNameNodeAffinity: every required term pins the pod to the node by metadata.name. */
function pinToNode(terms: NodeSelectorTerm[] | undefined, nodeName: string): NodeSelectorTerm[] {
  const field = { key: 'metadata.name', operator: 'In' as const, values: [nodeName] };
  if (!terms || terms.length === 0) return [{ matchFields: [field] }];
  return terms.map((t) => ({ ...t, matchFields: [field] }));
}

/** The daemon pod for one node: the template, the revision labels, the controller reference, the affinity and tolerations. */
export function daemonPodFor(ds: DaemonSet, nodeName: string, hash: string): Pod {
  const t = ds.spec.template;
  const spec = structuredClone(t.spec);
  const required = spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  spec.affinity = {
    ...spec.affinity,
    nodeAffinity: {
      ...spec.affinity?.nodeAffinity,
      requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: pinToNode(required?.nodeSelectorTerms, nodeName) },
    },
  };
  spec.tolerations = withDaemonTolerations(spec.tolerations, !!spec.hostNetwork);
  const labels = { ...(t.metadata?.labels ?? {}), [CONTROLLER_REVISION_HASH]: hash, [POD_TEMPLATE_GENERATION]: ds.metadata.annotations?.[DAEMONSET_TEMPLATE_GENERATION] ?? '1' };
  const metadata: Pod['metadata'] = { generateName: `${ds.metadata.name}-`, namespace: ds.metadata.namespace, labels, ownerReferences: [controllerRef(ds)] };
  if (t.metadata?.annotations) metadata.annotations = { ...t.metadata.annotations };
  return { apiVersion: 'v1', kind: 'Pod', metadata, spec };
}

/** GetTargetNodeName: the bound node, or the node the required affinity pins the pod to. */
export function targetNodeName(pod: Pod): string | undefined {
  if (pod.spec.nodeName) return pod.spec.nodeName;
  const terms = pod.spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms ?? [];
  for (const t of terms) {
    const f = (t.matchFields ?? []).find((r) => r.key === 'metadata.name' && r.operator === 'In' && r.values?.length === 1);
    if (f) return f.values![0];
  }
  return undefined;
}

/** The pods a DaemonSet controls (by controller reference) that match its selector. */
export function daemonPods(ds: DaemonSet, pods: Iterable<Pod>): Pod[] {
  const out: Pod[] = [];
  for (const p of pods) {
    if (p.metadata.namespace !== ds.metadata.namespace) continue;
    const ref = p.metadata.ownerReferences?.find((r) => r.controller === true);
    if (ref?.uid !== ds.metadata.uid) continue;
    if (labelSelectorMatches(ds.spec.selector, p.metadata.labels)) out.push(p);
  }
  return out;
}

/**
 * ClaimPods' orphans (controller_ref_manager.go): pods of the DaemonSet's namespace that no
 * controller owns, that match its selector and are not being deleted. A DaemonSet that is itself
 * being deleted adopts nothing. These are what a DaemonSet created after `kubectl delete ds
 * --cascade=orphan` takes over, as the DaemonSet concept page says.
 */
export function orphansToAdopt(ds: DaemonSet, pods: Iterable<Pod>): Pod[] {
  if (ds.metadata.deletionTimestamp) return [];
  const out: Pod[] = [];
  for (const p of pods) {
    if (p.metadata.namespace !== ds.metadata.namespace || p.metadata.deletionTimestamp) continue;
    if (p.metadata.ownerReferences?.some((r) => r.controller === true)) continue;
    if (labelSelectorMatches(ds.spec.selector, p.metadata.labels)) out.push(p);
  }
  return out;
}

/** The strategic merge patch AdoptPod sends: the controller reference, and the pod's uid as a precondition. */
export function adoptPatch(ds: DaemonSet, pod: Pod): { metadata: { ownerReferences: ReturnType<typeof controllerRef>[]; uid: string } } {
  return { metadata: { ownerReferences: [controllerRef(ds)], uid: pod.metadata.uid ?? '' } };
}
