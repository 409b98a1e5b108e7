// The pvc-protection and pv-protection controllers (pkg/controller/volume/pvcprotection and
// pvprotection, v1.31), each running as its own service account. A PersistentVolumeClaim that is
// being deleted keeps its kubernetes.io/pvc-protection finalizer (and shows Terminating) while any
// pod that is not finished uses it in spec.volumes; once none does, the controller updates the claim
// without the finalizer and the apiserver removes it. A PersistentVolume that is being deleted keeps
// kubernetes.io/pv-protection while it is Bound. Source: kubernetes.io "Persistent Volumes", Storage
// Object in Use Protection ("PVC removal is postponed until the PVC is no longer actively used by
// any Pods", "PV removal is postponed until the PV is no longer bound to a PVC").

import type { KubeObject, Pod } from '../../api/types';
import type { Delta } from '../../client/informer';
import { PV_PROTECTION_FINALIZER, PVC_PROTECTION_FINALIZER } from '../../apiserver/admission/storage-object-in-use-protection';
import { armWorker, createRuntime, syncWrite, type ControllerRuntime, type SyncContext, type SyncResult } from '../framework/controller';
import type { ControllerEnv } from '../framework/env';
import { queueAdd } from '../framework/workqueue';

export const PVC_PROTECTION_SA = 'pvc-protection-controller';
export const PV_PROTECTION_SA = 'pv-protection-controller';

export interface VolumeProtectionState {
  pvc: ControllerRuntime;
  pv: ControllerRuntime;
}

export function createVolumeProtection(): VolumeProtectionState {
  return { pvc: createRuntime('pvc-protection'), pv: createRuntime('pv-protection') };
}

function enqueue(rt: ControllerRuntime, env: ControllerEnv, key: string): void {
  queueAdd(rt.queue, key);
  armWorker(rt, env.ctx);
}

const beingDeletedWith = (o: KubeObject, finalizer: string): boolean => !!o.metadata.deletionTimestamp && (o.metadata.finalizers ?? []).includes(finalizer);

function claimNames(pod: KubeObject): string[] {
  const volumes = (pod.spec as { volumes?: { persistentVolumeClaim?: { claimName?: string } }[] } | undefined)?.volumes ?? [];
  return volumes.map((v) => v.persistentVolumeClaim?.claimName).filter((n): n is string => !!n);
}

/** A pod in a terminal phase no longer uses its volumes (podIsShutDown). */
function podIsShutDown(pod: KubeObject): boolean {
  const phase = (pod as Pod).status?.phase;
  return phase === 'Succeeded' || phase === 'Failed';
}

export function onPVCProtectionClaimDelta(s: VolumeProtectionState, env: ControllerEnv, d: Delta): void {
  if (d.type !== 'DELETED' && beingDeletedWith(d.object, PVC_PROTECTION_FINALIZER)) enqueue(s.pvc, env, `${d.object.metadata.namespace}/${d.object.metadata.name}`);
}

/** podAddedDeletedUpdated: a pod that went away or finished may free the claims it named. */
export function onPVCProtectionPodDelta(s: VolumeProtectionState, env: ControllerEnv, d: Delta): void {
  if (d.type !== 'DELETED' && !podIsShutDown(d.object)) return;
  for (const name of claimNames(d.object)) enqueue(s.pvc, env, `${d.object.metadata.namespace}/${name}`);
}

export function onPVProtectionVolumeDelta(s: VolumeProtectionState, env: ControllerEnv, d: Delta): void {
  if (d.type !== 'DELETED' && beingDeletedWith(d.object, PV_PROTECTION_FINALIZER)) enqueue(s.pv, env, d.object.metadata.name ?? '');
}

/** Update the object without the finalizer (removeFinalizer); a conflict retries the key. */
function removeFinalizer(sc: SyncContext, path: string, obj: KubeObject, finalizer: string): void {
  const finalizers = (obj.metadata.finalizers ?? []).filter((f) => f !== finalizer);
  const body = { ...obj, metadata: { ...obj.metadata, finalizers: finalizers.length ? finalizers : undefined } };
  syncWrite(sc, { method: 'PUT', path, body }, {
    phase: 'controller',
    summary: `PUT ${path} (remove ${finalizer})`,
    object: { kind: obj.kind, name: obj.metadata.name ?? '', namespace: obj.metadata.namespace },
  });
}

/** processPVC: once no running pod uses the claim being deleted, let it go. */
export function syncPVCProtection(_s: VolumeProtectionState, env: ControllerEnv, sc: SyncContext): SyncResult {
  const pvc = env.informers.byName.persistentvolumeclaims.items.get(sc.key);
  if (!pvc || !beingDeletedWith(pvc, PVC_PROTECTION_FINALIZER)) return 'ok';
  const ns = pvc.metadata.namespace ?? '';
  for (const pod of env.informers.byName.pods.items.values()) {
    if (pod.metadata.namespace === ns && !podIsShutDown(pod) && claimNames(pod).includes(pvc.metadata.name ?? '')) return 'ok';
  }
  removeFinalizer(sc, `/api/v1/namespaces/${ns}/persistentvolumeclaims/${pvc.metadata.name ?? ''}`, pvc, PVC_PROTECTION_FINALIZER);
  return 'ok';
}

/** processPV: a volume being deleted goes once it is no longer Bound. */
export function syncPVProtection(_s: VolumeProtectionState, env: ControllerEnv, sc: SyncContext): SyncResult {
  const pv = env.informers.byName.persistentvolumes.items.get(sc.key);
  if (!pv || !beingDeletedWith(pv, PV_PROTECTION_FINALIZER)) return 'ok';
  if ((pv.status as { phase?: string } | undefined)?.phase === 'Bound') return 'ok';
  removeFinalizer(sc, `/api/v1/persistentvolumes/${pv.metadata.name ?? ''}`, pv, PV_PROTECTION_FINALIZER);
  return 'ok';
}
