// StorageObjectInUseProtection (plugin/pkg/admission/storage/storageobjectinuseprotection/admission.go):
// every PersistentVolumeClaim is created with the finalizer kubernetes.io/pvc-protection and every
// PersistentVolume with kubernetes.io/pv-protection, so that deleting one that is still in use only
// marks it (Terminating) until the pvc-protection or pv-protection controller lets it go
// (controllers/volumeprotection). Source: kubernetes.io "Persistent Volumes", Storage Object in Use
// Protection.

import type { AdmissionPlugin, PluginInput } from './plugin';
import { isCore } from './plugin';

export const PVC_PROTECTION_FINALIZER = 'kubernetes.io/pvc-protection';
export const PV_PROTECTION_FINALIZER = 'kubernetes.io/pv-protection';

function admit({ attrs, object }: PluginInput) {
  if (attrs.operation !== 'CREATE' || !object) return {};
  const finalizer = isCore(attrs, 'persistentvolumeclaims') ? PVC_PROTECTION_FINALIZER : isCore(attrs, 'persistentvolumes') ? PV_PROTECTION_FINALIZER : undefined;
  if (!finalizer) return {};
  const finalizers = object.metadata.finalizers ?? [];
  if (finalizers.includes(finalizer)) return {};
  return { object: { ...object, metadata: { ...object.metadata, finalizers: [...finalizers, finalizer] } } };
}

export const StorageObjectInUseProtection: AdmissionPlugin = { name: 'StorageObjectInUseProtection', admit };
