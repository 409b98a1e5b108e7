// The PersistentVolume binder (pkg/controller/volume/persistentvolume/pv_controller.go,
// kube-controller-manager's `persistentvolume-binder`, acting as
// kube-system/persistent-volume-binder), with a simulated external provisioner for StorageClasses.
// syncClaim: a Pending claim is bound to the smallest Available volume of its class whose access
// modes include the claim's and whose capacity covers the request (findBestMatchForClaim); with
// none, a claim whose class has a provisioner and volumeBindingMode Immediate gets a volume
// provisioned (provisioner.ts: `ExternalProvisioning`, then the provisioner's `Provisioning`,
// `ProvisioningSucceeded` and a volume `pvc-<claim uid>` pre-bound to the claim); a claim of a
// WaitForFirstConsumer class waits (`WaitForFirstConsumer`) until the scheduler's VolumeBinding
// plugin names its node (`volume.kubernetes.io/selected-node`), then is provisioned on that node;
// a claim without a class stays Pending (`FailedBinding`).
// syncVolume: a volume without claimRef is Available; one whose claim is bound to it is Bound;
// one whose claim is gone is Released (and deleted when its reclaim policy is Delete).
// Binding writes merge patches (claimRef, volumeName and the bind annotations, then each status), so
// a stale cache cannot make them conflict. Volumes are never resized.

import type { Delta } from '../../client/informer';
import { parseList } from '../../api/quota/resource-list';
import { armWorker, createRuntime, syncWrite, type ControllerRuntime, type SyncContext, type SyncResult } from '../framework/controller';
import type { ControllerEnv } from '../framework/env';
import { recordEvent } from '../framework/events';
import { queueAdd } from '../framework/workqueue';
import { handOverToProvisioner, LOCAL_PATH_PROVISIONER, NO_PROVISIONER, provisionVolume, SELECTED_NODE, type ProvisionClass } from './provisioner';
import type { PersistentVolume, PersistentVolumeClaim } from '../../api/storage';

export const PV_BINDER = 'persistentvolume-binder';
export const PV_BINDER_SA = 'persistent-volume-binder';
export const BIND_COMPLETED = 'pv.kubernetes.io/bind-completed';
export const BOUND_BY_CONTROLLER = 'pv.kubernetes.io/bound-by-controller';
export { PROVISIONED_BY } from './provisioner';

export interface PVBinderState {
  rt: ControllerRuntime;
  /** Claims whose provisioning was asked for (one ExternalProvisioning each). */
  provisioning: string[];
}

export function createPVBinder(): PVBinderState {
  return { rt: createRuntime(PV_BINDER), provisioning: [] };
}

type Claim = PersistentVolumeClaim;
type Volume = PersistentVolume;

function enqueue(s: PVBinderState, env: ControllerEnv, key: string): void {
  queueAdd(s.rt.queue, key);
  armWorker(s.rt, env.ctx);
}

export function onPVBinderClaimDelta(s: PVBinderState, env: ControllerEnv, d: Delta): void {
  const key = `claim:${d.object.metadata.namespace ?? ''}/${d.object.metadata.name ?? ''}`;
  if (d.type === 'DELETED') {
    s.provisioning = s.provisioning.filter((k) => k !== key && k !== `wait:${key.slice('claim:'.length)}`);
    const vol = (d.object as Claim).spec?.volumeName;
    if (vol) enqueue(s, env, `volume:${vol}`);
    return;
  }
  enqueue(s, env, key);
}

export function onPVBinderVolumeDelta(s: PVBinderState, env: ControllerEnv, d: Delta): void {
  if (d.type !== 'DELETED') enqueue(s, env, `volume:${d.object.metadata.name ?? ''}`);
  const ref = (d.object as Volume).spec?.claimRef;
  if (ref?.name) enqueue(s, env, `claim:${ref.namespace ?? ''}/${ref.name}`);
}

function rec(env: ControllerEnv, component = 'persistentvolume-controller') {
  return { component, credentials: env.credentials, phase: 'controller' as const };
}

function claimRef(c: Claim) {
  return { kind: 'PersistentVolumeClaim', apiVersion: 'v1', namespace: c.metadata.namespace ?? '', name: c.metadata.name ?? '', uid: c.metadata.uid ?? '' };
}

function storageOf(list: Record<string, string> | undefined): number {
  return parseList(list).get('storage')?.value ?? 0;
}

/**
 * findBestMatchForClaim: the smallest Available volume that fits, or one already pre-bound to this
 * claim. With delayed binding (WaitForFirstConsumer) only a pre-bound volume: the scheduler chooses.
 */
function bestMatch(env: ControllerEnv, c: Claim, delayBinding: boolean): Volume | undefined {
  const want = storageOf(c.spec?.resources?.requests);
  const modes = c.spec?.accessModes ?? [];
  const cls = c.spec?.storageClassName ?? '';
  let best: Volume | undefined;
  for (const v of env.informers.byName.persistentvolumes.items.values() as Iterable<Volume>) {
    const ref = v.spec?.claimRef;
    if (ref && !(ref.namespace === c.metadata.namespace && ref.name === c.metadata.name && (!ref.uid || ref.uid === c.metadata.uid))) continue;
    if (ref) return v;
    if (delayBinding) continue;
    if (v.metadata.deletionTimestamp || (v.spec?.storageClassName ?? '') !== cls) continue;
    if ((v.spec?.volumeMode ?? 'Filesystem') !== (c.spec?.volumeMode ?? 'Filesystem')) continue;
    if (!modes.every((m) => v.spec?.accessModes?.includes(m))) continue;
    const size = storageOf(v.spec?.capacity);
    if (size < want) continue;
    if (!best || size < storageOf(best.spec?.capacity)) best = v;
  }
  return best;
}

function patch(sc: SyncContext, path: string, body: unknown, summary: string, object: { kind: string; name: string; namespace?: string }): void {
  syncWrite(sc, { method: 'PATCH', path, body, contentType: 'application/merge-patch+json' }, { phase: 'controller', summary, object });
}

/** bind: the volume's claimRef and phase, then the claim's volumeName, annotations and phase. */
function bind(sc: SyncContext, c: Claim, v: Volume): void {
  const ns = c.metadata.namespace ?? '';
  const claim = c.metadata.name ?? '';
  const vol = v.metadata.name ?? '';
  const vPath = `/api/v1/persistentvolumes/${vol}`;
  const cPath = `/api/v1/namespaces/${ns}/persistentvolumeclaims/${claim}`;
  const vObj = { kind: 'PersistentVolume', name: vol };
  const cObj = { kind: 'PersistentVolumeClaim', name: claim, namespace: ns };
  if (!v.spec?.claimRef) patch(sc, vPath, { metadata: { annotations: { [BOUND_BY_CONTROLLER]: 'yes' } }, spec: { claimRef: claimRef(c) } }, `PATCH ${vPath} (claimRef ${ns}/${claim})`, vObj);
  patch(sc, `${vPath}/status`, { status: { phase: 'Bound' } }, `PATCH ${vPath}/status (Bound)`, vObj);
  patch(sc, cPath, { metadata: { annotations: { [BIND_COMPLETED]: 'yes', [BOUND_BY_CONTROLLER]: 'yes' } }, spec: { volumeName: vol } }, `PATCH ${cPath} (volumeName ${vol})`, cObj);
  const status = { phase: 'Bound', accessModes: v.spec?.accessModes ?? [], capacity: { ...(v.spec?.capacity ?? {}) } };
  patch(sc, `${cPath}/status`, { status }, `PATCH ${cPath}/status (Bound)`, cObj);
}

/** IsDelayBindingMode: the claim's class exists and binds WaitForFirstConsumer. */
function isDelayBinding(env: ControllerEnv, c: Claim): boolean {
  const cls = env.informers.byName.storageclasses.items.get(c.spec?.storageClassName ?? '') as ProvisionClass | undefined;
  return cls?.volumeBindingMode === 'WaitForFirstConsumer';
}

function syncClaim(s: PVBinderState, env: ControllerEnv, sc: SyncContext, key: string): void {
  const c = env.informers.byName.persistentvolumeclaims.items.get(key) as Claim | undefined;
  if (!c || c.metadata.deletionTimestamp || c.status?.phase === 'Bound') return;
  const named = c.spec?.volumeName;
  const delayBinding = isDelayBinding(env, c);
  const v = named ? (env.informers.byName.persistentvolumes.items.get(named) as Volume | undefined) : bestMatch(env, c, delayBinding);
  if (v) return bind(sc, c, v);
  if (named) return;
  const clsName = c.spec?.storageClassName ?? '';
  const ref = claimRef(c);
  if (!clsName) {
    recordEvent(env.ctx, env.client, rec(env), env.events, ref, 'Normal', 'FailedBinding', 'no persistent volumes available for this claim and no storage class is set');
    return;
  }
  const cls = env.informers.byName.storageclasses.items.get(clsName) as ProvisionClass | undefined;
  if (!cls) {
    recordEvent(env.ctx, env.client, rec(env), env.events, ref, 'Warning', 'ProvisioningFailed', `storageclass.storage.k8s.io "${clsName}" not found`);
    return;
  }
  if (cls.volumeBindingMode === 'WaitForFirstConsumer' && !c.metadata.annotations?.[SELECTED_NODE]) {
    // Once per claim: the real controller repeats it on every resync, which the recorder aggregates.
    if (s.provisioning.includes(`wait:${key}`)) return;
    s.provisioning.push(`wait:${key}`);
    recordEvent(env.ctx, env.client, rec(env), env.events, ref, 'Normal', 'WaitForFirstConsumer', 'waiting for first consumer to be created before binding');
    return;
  }
  if (s.provisioning.includes(`claim:${key}`)) return;
  s.provisioning.push(`claim:${key}`);
  if (cls.provisioner === NO_PROVISIONER) {
    // No volume plugin provisions for this name (provisionClaimOperation's findProvisionablePlugin).
    recordEvent(env.ctx, env.client, rec(env), env.events, ref, 'Warning', 'ProvisioningFailed', `no volume plugin matched name: ${NO_PROVISIONER}`);
    return;
  }
  handOverToProvisioner(env, sc, c, cls);
  if (cls.provisioner === LOCAL_PATH_PROVISIONER) provisionVolume(env, sc, c, cls);
}

function syncVolume(env: ControllerEnv, sc: SyncContext, name: string): void {
  const v = env.informers.byName.persistentvolumes.items.get(name) as Volume | undefined;
  if (!v || v.metadata.deletionTimestamp) return;
  const ref = v.spec?.claimRef;
  const path = `/api/v1/persistentvolumes/${name}`;
  const obj = { kind: 'PersistentVolume', name };
  const setPhase = (phase: string) => {
    if (v.status?.phase !== phase) patch(sc, `${path}/status`, { status: { phase } }, `PATCH ${path}/status (${phase})`, obj);
  };
  if (!ref) return setPhase('Available');
  const c = env.informers.byName.persistentvolumeclaims.items.get(`${ref.namespace ?? ''}/${ref.name ?? ''}`) as Claim | undefined;
  if (c && (!ref.uid || c.metadata.uid === ref.uid)) {
    if (c.spec?.volumeName === name) setPhase('Bound');
    return;
  }
  // The claim is gone: the volume is Released first (updateVolumePhaseWithEvent), then reclaimed;
  // the pv-protection controller lets a Released volume that is being deleted go.
  if (!ref.uid) return;
  if (v.status?.phase !== 'Released') return setPhase('Released');
  if (v.spec?.persistentVolumeReclaimPolicy === 'Delete') {
    syncWrite(sc, { method: 'DELETE', path }, { phase: 'controller', summary: `DELETE ${path} (reclaim policy Delete)`, object: obj });
    return;
  }
}

export function syncPVBinder(s: PVBinderState, env: ControllerEnv, sc: SyncContext): SyncResult {
  if (sc.key.startsWith('claim:')) syncClaim(s, env, sc, sc.key.slice('claim:'.length));
  else if (sc.key.startsWith('volume:')) syncVolume(env, sc, sc.key.slice('volume:'.length));
  return 'ok';
}
