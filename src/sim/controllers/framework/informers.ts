// kube-controller-manager's shared informer factory: one LIST+WATCH per resource for all
// controllers, run with the controller manager's own identity (system:kube-controller-manager may
// list and watch everything), plus the indexes controllers look pods up by: pods by spec.nodeName,
// and pods by their controller's UID (orphans by namespace), as client-go's indexers keep them.

import type { Pod } from '../../api/types';
import { createInformer, objectKey, type Delta } from '../../client/informer';
import { createInformerSet, type InformerSet } from '../../client/informer-set';

export type InformerName = 'nodes' | 'pods' | 'leases' | 'services' | 'endpoints' | 'endpointslices' | 'replicasets' | 'deployments' | 'namespaces' | 'daemonsets' | 'jobs' | 'serviceaccounts' | 'statefulsets' | 'configmaps' | 'cronjobs' | 'resourcequotas' | 'persistentvolumes' | 'persistentvolumeclaims' | 'storageclasses' | 'poddisruptionbudgets' | 'controllerrevisions';

/**
 * The factory's informers (nodes, pods, node leases in kube-node-lease, services, endpointslices,
 * replicasets, deployments, daemonsets, jobs, statefulsets, namespaces, serviceaccounts, configmaps, resourcequotas, persistentvolumes, persistentvolumeclaims, storageclasses, poddisruptionbudgets, controllerrevisions) and the
 * pod index by node.
 */
export interface SharedInformers extends InformerSet<InformerName> {
  /** spec.nodeName -> keys of the pods bound to it (the informer's `spec.nodeName` indexer). */
  podsByNode: Map<string, Set<string>>;
  /**
   * The controller's UID -> keys of the pods it controls; a pod without a controller is filed under
   * its namespace's orphan key (controller_utils.go AddPodControllerUIDIndexer, PodControllerUIDIndex
   * and OrphanPodIndexKeyForNamespace). A ReplicaSet claims from its own pods and its namespace's
   * orphans instead of walking every pod of the cluster.
   */
  podsByController: Map<string, Set<string>>;
}

/** kube-controller-manager runs as PID 1 of its static pod; its reflectors are the shared factory's. */
const KCM_LOG = { pid: 1, reflector: 'k8s.io/client-go/informers/factory.go:160' };

export function createSharedInformers(): SharedInformers {
  const set = createInformerSet<InformerName>(
    {
      nodes: createInformer({ name: 'nodes', path: '/api/v1/nodes', phase: 'controller' }),
      pods: createInformer({ name: 'pods', path: '/api/v1/pods', phase: 'controller' }),
      leases: createInformer({ name: 'leases', path: '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases', phase: 'controller' }),
      services: createInformer({ name: 'services', path: '/api/v1/services', phase: 'controller' }),
      endpoints: createInformer({ name: 'endpoints', path: '/api/v1/endpoints', phase: 'controller' }),
      endpointslices: createInformer({ name: 'endpointslices', path: '/apis/discovery.k8s.io/v1/endpointslices', phase: 'controller' }),
      replicasets: createInformer({ name: 'replicasets', path: '/apis/apps/v1/replicasets', phase: 'controller' }),
      deployments: createInformer({ name: 'deployments', path: '/apis/apps/v1/deployments', phase: 'controller' }),
      namespaces: createInformer({ name: 'namespaces', path: '/api/v1/namespaces', phase: 'controller' }),
      daemonsets: createInformer({ name: 'daemonsets', path: '/apis/apps/v1/daemonsets', phase: 'controller' }),
      jobs: createInformer({ name: 'jobs', path: '/apis/batch/v1/jobs', phase: 'controller' }),
      serviceaccounts: createInformer({ name: 'serviceaccounts', path: '/api/v1/serviceaccounts', phase: 'controller' }),
      statefulsets: createInformer({ name: 'statefulsets', path: '/apis/apps/v1/statefulsets', phase: 'controller' }),
      configmaps: createInformer({ name: 'configmaps', path: '/api/v1/configmaps', phase: 'controller' }),
      cronjobs: createInformer({ name: 'cronjobs', path: '/apis/batch/v1/cronjobs', phase: 'controller' }),
      resourcequotas: createInformer({ name: 'resourcequotas', path: '/api/v1/resourcequotas', phase: 'controller' }),
      persistentvolumes: createInformer({ name: 'persistentvolumes', path: '/api/v1/persistentvolumes', phase: 'controller' }),
      persistentvolumeclaims: createInformer({ name: 'persistentvolumeclaims', path: '/api/v1/persistentvolumeclaims', phase: 'controller' }),
      storageclasses: createInformer({ name: 'storageclasses', path: '/apis/storage.k8s.io/v1/storageclasses', phase: 'controller' }),
      poddisruptionbudgets: createInformer({ name: 'poddisruptionbudgets', path: '/apis/policy/v1/poddisruptionbudgets', phase: 'controller' }),
      controllerrevisions: createInformer({ name: 'controllerrevisions', path: '/apis/apps/v1/controllerrevisions', phase: 'controller' }),
    },
    KCM_LOG,
  );
  return { ...set, podsByNode: new Map(), podsByController: new Map() };
}

/** The orphan pods' index key of a namespace; a UID never starts with a NUL, so no UID can collide with it. */
export function orphanPodIndexKey(namespace: string): string {
  return `\u0000orphan/${namespace}`;
}

/** podControllerUIDIndex's value for a pod: its controller's UID, or its namespace's orphan key. */
export function podControllerIndexKey(p: Pod): string {
  const ref = p.metadata.ownerReferences?.find((r) => r.controller === true);
  return ref ? ref.uid : orphanPodIndexKey(p.metadata.namespace ?? '');
}

function indexAdd(index: Map<string, Set<string>>, at: string, key: string): void {
  let set = index.get(at);
  if (!set) index.set(at, (set = new Set()));
  set.add(key);
}

/** Keep the pod indexes (by node, by controller) in line with a pod delta. */
export function indexPodDelta(inf: SharedInformers, d: Delta): void {
  const key = objectKey(d.object);
  const oldOwner = d.old ? podControllerIndexKey(d.old as Pod) : undefined;
  const newOwner = d.type === 'DELETED' ? undefined : podControllerIndexKey(d.object as Pod);
  if (oldOwner !== undefined && oldOwner !== newOwner) {
    const set = inf.podsByController.get(oldOwner);
    set?.delete(key);
    if (set?.size === 0) inf.podsByController.delete(oldOwner);
  }
  if (d.type === 'DELETED' && !d.old) {
    // A deletion names the last state it knew; its owner is read from it.
    const at = podControllerIndexKey(d.object as Pod);
    const set = inf.podsByController.get(at);
    set?.delete(key);
    if (set?.size === 0) inf.podsByController.delete(at);
  }
  if (newOwner !== undefined) indexAdd(inf.podsByController, newOwner, key);
  const oldNode = (d.old as Pod | undefined)?.spec?.nodeName;
  const newNode = d.type === 'DELETED' ? undefined : (d.object as Pod).spec?.nodeName;
  if (oldNode && oldNode !== newNode) inf.podsByNode.get(oldNode)?.delete(key);
  if (newNode) indexAdd(inf.podsByNode, newNode, key);
}

/** FilterPodsByOwner: the pods of the namespace a controller with this UID controls, then the namespace's orphans. */
export function podsByOwner(inf: SharedInformers, namespace: string, uid: string): Pod[] {
  const out: Pod[] = [];
  for (const at of [uid, orphanPodIndexKey(namespace)]) {
    for (const key of inf.podsByController.get(at) ?? []) {
      const p = inf.byName.pods.items.get(key) as Pod | undefined;
      if (p && (p.metadata.namespace ?? '') === namespace) out.push(p);
    }
  }
  return out;
}

/** The pods bound to a node, from the cache. */
export function podsOnNode(inf: SharedInformers, node: string): Pod[] {
  const out: Pod[] = [];
  for (const key of inf.podsByNode.get(node) ?? []) {
    const p = inf.byName.pods.items.get(key) as Pod | undefined;
    if (p && p.spec.nodeName === node) out.push(p);
  }
  return out;
}

export function allSynced(inf: SharedInformers): boolean {
  return inf.byName.nodes.synced && inf.byName.pods.synced && inf.byName.leases.synced;
}
