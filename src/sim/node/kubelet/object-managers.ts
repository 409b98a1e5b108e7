// The kubelet's configmap and secret managers with the Watch strategy
// (pkg/kubelet/util/manager/watch_based_manager.go, the default ConfigMapAndSecretChangeDetectionStrategy):
// when a pod comes to the node, each ConfigMap and Secret it names gets a reflector of its own that
// LISTs and WATCHes just that object (`/api/v1/namespaces/<ns>/configmaps?fieldSelector=metadata.name=<x>`),
// shared by every pod that names it; when the last such pod leaves, the reflector stops. A kubelet
// may not read more than that: the Node authorizer allows only objects its pods reference.
// A pod worker waits for its objects' first LIST before it syncs, as the manager's Get waits for the
// reflector to sync.

import { podConfigMapNames, podSecretNames } from '../../api/pod-references';
import { tokenFor } from './token-manager';
import type { Pod } from '../../api/types';
import { createInformer, informerList } from '../../client/informer';
import type { Effects } from '../../kernel/component';
import type { ConfigSources } from './container-env';
import type { KubeletInformer, KubeletState, ObjectInformer, PodWorker } from './state';

type ObjectResource = 'configmaps' | 'secrets';

export function objectInformerName(resource: ObjectResource, namespace: string, name: string): ObjectInformer {
  return `${resource}/${namespace}/${name}`;
}

/** The resource an object informer watches, or undefined for the pods informer. */
export function objectResourceOf(informer: KubeletInformer): ObjectResource | undefined {
  if (informer.startsWith('configmaps/')) return 'configmaps';
  if (informer.startsWith('secrets/')) return 'secrets';
  return undefined;
}

/** The object informers a pod needs: one per ConfigMap and Secret it names. */
function podObjectInformers(pod: Pod): ObjectInformer[] {
  const ns = pod.metadata.namespace ?? 'default';
  return [
    ...podConfigMapNames(pod).map((n) => objectInformerName('configmaps', ns, n)),
    ...podSecretNames(pod).map((n) => objectInformerName('secrets', ns, n)),
  ];
}

/** RegisterPod: add the pod's references, starting a reflector for each object no other pod names yet. */
export function registerPod(s: KubeletState, ctx: Effects, w: PodWorker): void {
  for (const key of podObjectInformers(w.pod)) {
    let users = s.objectRefs.get(key);
    if (!users) s.objectRefs.set(key, (users = new Set()));
    users.add(w.uid);
    if (s.informers.byName[key]) continue;
    const [resource, namespace, name] = key.split('/') as [ObjectResource, string, string];
    const inf = createInformer({
      name: key,
      path: `/api/v1/namespaces/${namespace}/${resource}`,
      fieldSelector: `metadata.name=${name}`,
      // watch_based_manager.go names each object's reflector `object-"<ns>"/"<name>"`.
      reflector: `object-"${namespace}"/"${name}"`,
      phase: 'watch',
    });
    s.informers.byName[key] = inf;
    s.informers.names = [...s.informers.names, key];
    informerList(ctx, s.client, inf);
  }
}

/** UnregisterPod: drop the pod's references; a reflector no pod needs any more stops (its watch is closed). */
export function unregisterPod(s: KubeletState, ctx: Effects, uid: string): void {
  for (const [key, users] of [...s.objectRefs]) {
    if (!users.delete(uid) || users.size > 0) continue;
    s.objectRefs.delete(key);
    const inf = s.informers.byName[key];
    if (!inf) continue;
    if (inf.watchId !== undefined) {
      s.client.pending.delete(inf.watchId);
      ctx.closeStream(inf.watchId);
    }
    delete s.informers.byName[key];
    s.informers.names = s.informers.names.filter((n) => n !== key);
  }
}

/** Has every object the pod names been listed once (or failed to list, so waiting would be for ever)? */
export function objectsSynced(s: KubeletState, w: PodWorker): boolean {
  for (const key of podObjectInformers(w.pod)) {
    const inf = s.informers.byName[key];
    if (inf && !inf.synced && inf.status === 'listing') return false;
  }
  return true;
}

/** The pod workers that wait for this object's first LIST. */
export function workersAwaiting(s: KubeletState, key: KubeletInformer): PodWorker[] {
  const out: PodWorker[] = [];
  for (const uid of s.objectRefs.get(key as ObjectInformer) ?? []) {
    const w = s.workers.get(uid);
    if (w?.awaitingObjects) out.push(w);
  }
  return out;
}

/** The kubelet's ConfigMap and Secret caches, for env and volumes: what each object's reflector holds. */
export function configSources(s: KubeletState): ConfigSources {
  const get = (resource: ObjectResource, ns: string, name: string) =>
    s.informers.byName[objectInformerName(resource, ns, name)]?.items.get(`${ns}/${name}`);
  return {
    configMap: (ns, name) => get('configmaps', ns, name),
    secret: (ns, name) => get('secrets', ns, name),
    serviceAccountToken: (pod, source) => tokenFor(s, pod as Pod, source),
  };
}
