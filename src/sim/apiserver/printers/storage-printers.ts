// `kubectl get` tables for storage, as pkg/printers/internalversion/printers.go (v1.31) builds them:
// printPersistentVolume, printPersistentVolumeClaim and printStorageClass. Access modes print in
// GetAccessModesAsString's fixed order (RWO, ROX, RWX, RWOP); a claim shows its capacity and access
// modes only once it names a volume; the default StorageClass gets ` (default)` after its name.

import type { KubeObject } from '../../api/types';
import { canonicalQuantity, quantityError } from '../../api/quantity';
import { parseTime } from '../../api/time';
import { humanDuration } from '../../../apimachinery/duration';
import type { TablePrinter } from './tables';
import type { PersistentVolumeClaimSpec as ClaimSpec, PersistentVolumeSpec as VolumeSpec } from '../../api/storage';

export const DEFAULT_CLASS_ANNOTATION = 'storageclass.kubernetes.io/is-default-class';
const BETA_DEFAULT_CLASS_ANNOTATION = 'storageclass.beta.kubernetes.io/is-default-class';

function age(ts: string | null | undefined, now: number): string {
  return ts ? humanDuration(now - parseTime(ts)) : '<unknown>';
}

/** GetAccessModesAsString. */
export function accessModesString(modes: string[] | undefined): string {
  const m = modes ?? [];
  const out: string[] = [];
  if (m.includes('ReadWriteOnce')) out.push('RWO');
  if (m.includes('ReadOnlyMany')) out.push('ROX');
  if (m.includes('ReadWriteMany')) out.push('RWX');
  if (m.includes('ReadWriteOncePod')) out.push('RWOP');
  return out.join(',');
}

/** Quantity.String of a stored quantity; a zero Quantity prints `0`. */
function quantity(s: string | undefined): string {
  if (s === undefined) return '0';
  return quantityError(s) ? s : canonicalQuantity(s);
}

/** storageutil.IsDefaultAnnotation: the GA or the beta annotation set to "true". */
export function isDefaultClass(sc: KubeObject): boolean {
  const a = sc.metadata.annotations ?? {};
  return a[DEFAULT_CLASS_ANNOTATION] === 'true' || a[BETA_DEFAULT_CLASS_ANNOTATION] === 'true';
}

export const persistentVolumePrinter: TablePrinter = {
  columns: ['Name', 'Capacity', 'Access Modes', 'Reclaim Policy', 'Status', 'Claim', 'StorageClass', 'VolumeAttributesClass', 'Reason', 'Age'],
  wideColumns: ['VolumeMode'],
  row(obj, now, wide) {
    const spec = (obj.spec ?? {}) as VolumeSpec;
    const st = (obj.status ?? {}) as { phase?: string; reason?: string };
    const claim = spec.claimRef ? `${spec.claimRef.namespace ?? ''}/${spec.claimRef.name ?? ''}` : '';
    const phase = obj.metadata.deletionTimestamp ? 'Terminating' : (st.phase ?? '');
    const cells = [
      obj.metadata.name ?? '',
      quantity(spec.capacity?.storage),
      accessModesString(spec.accessModes),
      spec.persistentVolumeReclaimPolicy ?? '',
      phase,
      claim,
      spec.storageClassName ?? obj.metadata.annotations?.['volume.beta.kubernetes.io/storage-class'] ?? '',
      spec.volumeAttributesClassName ?? '<unset>',
      st.reason ?? '',
      age(obj.metadata.creationTimestamp, now),
    ];
    if (wide) cells.push(spec.volumeMode ?? '<unset>');
    return cells;
  },
};

export const persistentVolumeClaimPrinter: TablePrinter = {
  columns: ['Name', 'Status', 'Volume', 'Capacity', 'Access Modes', 'StorageClass', 'VolumeAttributesClass', 'Age'],
  wideColumns: ['VolumeMode'],
  row(obj, now, wide) {
    const spec = (obj.spec ?? {}) as ClaimSpec;
    const st = (obj.status ?? {}) as { phase?: string; capacity?: Record<string, string>; accessModes?: string[] };
    const phase = obj.metadata.deletionTimestamp ? 'Terminating' : (st.phase ?? '');
    const bound = !!spec.volumeName;
    const cells = [
      obj.metadata.name ?? '',
      phase,
      spec.volumeName ?? '',
      bound ? quantity(st.capacity?.storage) : '',
      bound ? accessModesString(st.accessModes) : '',
      spec.storageClassName ?? obj.metadata.annotations?.['volume.beta.kubernetes.io/storage-class'] ?? '',
      spec.volumeAttributesClassName ?? '<unset>',
      age(obj.metadata.creationTimestamp, now),
    ];
    if (wide) cells.push(spec.volumeMode ?? '<unset>');
    return cells;
  },
};

export const storageClassPrinter: TablePrinter = {
  columns: ['Name', 'Provisioner', 'ReclaimPolicy', 'VolumeBindingMode', 'AllowVolumeExpansion', 'Age'],
  wideColumns: [],
  row(obj, now) {
    const sc = obj as KubeObject & { provisioner?: string; reclaimPolicy?: string; volumeBindingMode?: string; allowVolumeExpansion?: boolean };
    const name = (obj.metadata.name ?? '') + (isDefaultClass(obj) ? ' (default)' : '');
    return [name, sc.provisioner ?? '', sc.reclaimPolicy ?? 'Delete', sc.volumeBindingMode ?? 'Immediate', String(sc.allowVolumeExpansion ?? false), age(obj.metadata.creationTimestamp, now)];
  },
};
