// The core/v1 PersistentVolume and PersistentVolumeClaim fields Kubeplay reads (k8s.io/api/core/v1
// types.go), in one place for the controllers, the apiserver's printers and kubectl describe.

import type { KubeObject, NodeSelectorTerm } from './types';

export interface PersistentVolumeSpec {
  capacity?: Record<string, string>;
  accessModes?: string[];
  persistentVolumeReclaimPolicy?: string;
  claimRef?: { namespace?: string; name?: string; uid?: string };
  storageClassName?: string;
  volumeAttributesClassName?: string;
  volumeMode?: string;
  nodeAffinity?: { required?: { nodeSelectorTerms?: NodeSelectorTerm[] } };
  hostPath?: { path?: string; type?: string };
  local?: { path?: string; fsType?: string };
  nfs?: { server?: string; path?: string; readOnly?: boolean };
}

export interface PersistentVolumeClaimSpec {
  accessModes?: string[];
  storageClassName?: string;
  volumeAttributesClassName?: string;
  volumeName?: string;
  volumeMode?: string;
  resources?: { requests?: Record<string, string> };
}

export interface PersistentVolume extends KubeObject {
  spec?: PersistentVolumeSpec;
  status?: { phase?: string };
}

export interface PersistentVolumeClaim extends KubeObject {
  spec?: PersistentVolumeClaimSpec;
  status?: { phase?: string; capacity?: Record<string, string>; accessModes?: string[] };
}
