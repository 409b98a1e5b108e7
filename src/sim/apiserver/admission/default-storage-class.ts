// DefaultStorageClass (plugin/pkg/admission/storage/storageclass/setdefault/admission.go): a
// PersistentVolumeClaim created without spec.storageClassName gets the default StorageClass's name
// (the class annotated storageclass.kubernetes.io/is-default-class: "true"; of several, the newest,
// then by name). A claim that names a class, or asks for none with "", is left alone.

import type { KubeObject } from '../../api/types';
import { isDefaultClass } from '../printers/storage-printers';
import type { AdmissionPlugin, PluginInput } from './plugin';
import { isCore } from './plugin';

/** GetDefaultClass: the newest default class, ties broken by name. */
export function defaultClass(classes: KubeObject[]): KubeObject | undefined {
  const defaults = classes.filter(isDefaultClass);
  defaults.sort((a, b) => {
    const ta = a.metadata.creationTimestamp ?? '';
    const tb = b.metadata.creationTimestamp ?? '';
    if (ta !== tb) return ta > tb ? -1 : 1;
    return (a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : 1;
  });
  return defaults[0];
}

function admit({ attrs, object, lookups }: PluginInput) {
  if (!isCore(attrs, 'persistentvolumeclaims') || attrs.operation !== 'CREATE' || !object) return {};
  const spec = (object.spec ?? {}) as { storageClassName?: string | null };
  if (spec.storageClassName !== undefined && spec.storageClassName !== null) return {};
  const cls = defaultClass(lookups.storageClasses());
  if (!cls) return {};
  return { object: { ...object, spec: { ...spec, storageClassName: cls.metadata.name } } };
}

export const DefaultStorageClass: AdmissionPlugin = { name: 'DefaultStorageClass', admit };
