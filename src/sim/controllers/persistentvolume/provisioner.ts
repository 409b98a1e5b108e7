// Dynamic provisioning of a claim whose StorageClass has a provisioner. Two parties act, as in a
// real cluster: kube-controller-manager's persistentvolume-binder hands the claim to the external
// provisioner (pv_controller.go provisionClaimOperationExternal: the storage-provisioner annotations
// on the claim and the `ExternalProvisioning` event), and the external provisioner, here a simulated
// local-path-provisioner (rancher/local-path-provisioner on sig-storage-lib-external-provisioner's
// controller.go), announces `Provisioning`, creates a hostPath volume pre-bound to the claim and
// announces `ProvisioningSucceeded`. For a WaitForFirstConsumer class the volume is made on the node
// the scheduler chose (the claim's `volume.kubernetes.io/selected-node`), with a node affinity
// for that node, as local-path-provisioner does. A class of any other provisioner gets the hand-over
// and its event but no volume, as in a cluster where that provisioner does not run.

import type { KubeObject } from '../../api/types';
import { syncWrite, type SyncContext } from '../framework/controller';
import type { ControllerEnv } from '../framework/env';
import { recordEvent } from '../framework/events';
import type { PersistentVolumeClaim } from '../../api/storage';

export const PROVISIONED_BY = 'pv.kubernetes.io/provisioned-by';
/** The one external provisioner running in the cluster, as in kind: local-path-provisioner. */
export const LOCAL_PATH_PROVISIONER = 'rancher.io/local-path';
/** The provisioner name of classes whose volumes are made by hand (local volumes). */
export const NO_PROVISIONER = 'kubernetes.io/no-provisioner';
export const SELECTED_NODE = 'volume.kubernetes.io/selected-node';
export const STORAGE_PROVISIONER = 'volume.kubernetes.io/storage-provisioner';
export const BETA_STORAGE_PROVISIONER = 'volume.beta.kubernetes.io/storage-provisioner';
/** local-path-provisioner's own record of the node its directory is on. */
export const LOCAL_PATH_SELECTED_NODE = 'local.path.provisioner/selected-node';

export type ProvisionClaim = PersistentVolumeClaim;
export interface ProvisionClass extends KubeObject {
  provisioner?: string;
  reclaimPolicy?: string;
  volumeBindingMode?: string;
}

function ref(c: KubeObject) {
  return { kind: 'PersistentVolumeClaim', apiVersion: 'v1', namespace: c.metadata.namespace ?? '', name: c.metadata.name ?? '', uid: c.metadata.uid ?? '' };
}

function rec(env: ControllerEnv, component: string) {
  return { component, credentials: env.credentials, phase: 'controller' as const };
}

/** The ExternalProvisioning message of pv_controller.go (v1.31). */
export function externalProvisioningMessage(provisioner: string): string {
  return (
    `Waiting for a volume to be created either by the external provisioner '${provisioner}' or manually by the system administrator. ` +
    'If volume creation is delayed, please verify that the provisioner is running and correctly registered.'
  );
}

/** provisionClaimOperationExternal: mark the claim for its provisioner and say so. */
export function handOverToProvisioner(env: ControllerEnv, sc: SyncContext, c: ProvisionClaim, cls: ProvisionClass): void {
  const ns = c.metadata.namespace ?? '';
  const name = c.metadata.name ?? '';
  const provisioner = cls.provisioner ?? '';
  const path = `/api/v1/namespaces/${ns}/persistentvolumeclaims/${name}`;
  const annotations = c.metadata.annotations ?? {};
  if (annotations[STORAGE_PROVISIONER] !== provisioner || annotations[BETA_STORAGE_PROVISIONER] !== provisioner) {
    const body = { metadata: { annotations: { [BETA_STORAGE_PROVISIONER]: provisioner, [STORAGE_PROVISIONER]: provisioner } } };
    syncWrite(sc, { method: 'PATCH', path, body, contentType: 'application/merge-patch+json' }, {
      phase: 'controller',
      summary: `PATCH ${path} (storage-provisioner ${provisioner})`,
      object: { kind: 'PersistentVolumeClaim', name, namespace: ns },
    });
  }
  recordEvent(env.ctx, env.client, rec(env, 'persistentvolume-controller'), env.events, ref(c), 'Normal', 'ExternalProvisioning', externalProvisioningMessage(provisioner));
}

/** The volume local-path-provisioner makes for a claim: a directory on one node, or hostPath anywhere without a chosen node. */
export function provisionedVolume(c: ProvisionClaim, cls: ProvisionClass, node: string | undefined): KubeObject {
  const name = `pvc-${c.metadata.uid ?? ''}`;
  const ns = c.metadata.namespace ?? '';
  const annotations: Record<string, string> = { [PROVISIONED_BY]: cls.provisioner ?? '' };
  if (node) annotations[LOCAL_PATH_SELECTED_NODE] = node;
  const spec: Record<string, unknown> = {
    accessModes: c.spec?.accessModes ?? [],
    capacity: { storage: c.spec?.resources?.requests?.storage ?? '0' },
    claimRef: ref(c),
    hostPath: { path: `/var/local-path-provisioner/${name}_${ns}_${c.metadata.name ?? ''}`, type: 'DirectoryOrCreate' },
    persistentVolumeReclaimPolicy: cls.reclaimPolicy ?? 'Delete',
    storageClassName: cls.metadata.name ?? '',
    volumeMode: c.spec?.volumeMode ?? 'Filesystem',
  };
  if (node) spec.nodeAffinity = { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: [node] }] }] } };
  return { apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name, annotations }, spec } as KubeObject;
}

/** The external provisioner's provisionClaimOperation: `Provisioning`, the volume, `ProvisioningSucceeded`. */
export function provisionVolume(env: ControllerEnv, sc: SyncContext, c: ProvisionClaim, cls: ProvisionClass): void {
  const provisioner = cls.provisioner ?? '';
  const node = c.metadata.annotations?.[SELECTED_NODE];
  const pv = provisionedVolume(c, cls, node);
  const name = pv.metadata.name ?? '';
  const key = `${c.metadata.namespace ?? ''}/${c.metadata.name ?? ''}`;
  recordEvent(env.ctx, env.client, rec(env, provisioner), env.events, ref(c), 'Normal', 'Provisioning', `External provisioner is provisioning volume for claim "${key}"`);
  syncWrite(sc, { method: 'POST', path: '/api/v1/persistentvolumes', body: pv }, { phase: 'controller', summary: `POST /api/v1/persistentvolumes (${name})`, object: { kind: 'PersistentVolume', name } });
  recordEvent(env.ctx, env.client, rec(env, provisioner), env.events, ref(c), 'Normal', 'ProvisioningSucceeded', `Successfully provisioned volume ${name}`);
}
