// `kubectl describe` for storage (kubectl/pkg/describe/describe.go, v1.31): describePersistentVolume,
// describePersistentVolumeClaim (with the pods that use the claim, `Used By`) and
// describeStorageClass. The last-applied annotation is left out of multi-line annotations
// (skipAnnotations), not of a StorageClass's one-line ones. Slices print as Go's %v (`[kubernetes.io/pvc-protection]`, `[]`); label and
// annotation maps of a StorageClass print as labels.FormatLabels (`k=v,k2=v2`, `<none>`).

import type { Event, KubeObject } from '../../../api/types';
import { accessModesString, isDefaultClass } from '../../../apiserver/printers/storage-printers';
import { age } from '../../../apiserver/printers/tables';
import { canonicalQuantity, quantityError } from '../../../api/quantity';
import { tabwrite, KUBECTL_DESCRIBE } from '../../common/tabwriter';
import { describeEvents, multiline } from './format';
import type { PersistentVolumeClaimSpec as ClaimSpec, PersistentVolumeSpec as VolumeSpec } from '../../../api/storage';


const BETA_CLASS = 'volume.beta.kubernetes.io/storage-class';
/** describe.go's skipAnnotations. */
const LAST_APPLIED = ['kubectl.kubernetes.io/last-applied-configuration'];

function quantity(s: string | undefined): string {
  if (s === undefined) return '0';
  return quantityError(s) ? s : canonicalQuantity(s);
}

/** Go's %v of a []string. */
const goSlice = (xs: string[] | undefined) => `[${(xs ?? []).join(' ')}]`;

/** labels.FormatLabels: sorted `k=v` joined by commas, `<none>` when empty. */
function formatLabels(m: Record<string, string> | undefined): string {
  const keys = Object.keys(m ?? {}).sort();
  return keys.length ? keys.map((k) => `${k}=${m![k]}`).join(',') : '<none>';
}

function withEvents(s: string, events: Event[], now: number): string {
  const ev = describeEvents(events, now);
  if (ev.inline) return tabwrite(s + ev.inline, KUBECTL_DESCRIBE);
  return tabwrite(s, KUBECTL_DESCRIBE) + tabwrite(ev.block!, KUBECTL_DESCRIBE);
}

function status(o: KubeObject, now: number): string {
  const phase = (o.status as { phase?: string } | undefined)?.phase ?? '';
  return o.metadata.deletionTimestamp ? `Terminating (lasts ${age(o.metadata.deletionTimestamp, now)})` : phase;
}

/** printVolumeNodeAffinity: the required terms, each requirement as `key op [values]`. */
function nodeAffinity(a: VolumeSpec['nodeAffinity']): string {
  if (!a?.required) return 'Node Affinity:\t<none>\n';
  const terms = a.required.nodeSelectorTerms ?? [];
  if (terms.length === 0) return 'Node Affinity:\t\n  Required Terms:\t<none>\n';
  let s = 'Node Affinity:\t\n  Required Terms:\t\n';
  terms.forEach((t, i) => {
    const reqs = t.matchExpressions ?? [];
    s += `    Term ${i}:\t`;
    if (reqs.length === 0) s += '<none>\n';
    reqs.forEach((r, j) => {
      if (j !== 0) s += '    \t';
      s += `${r.key} ${r.operator.toLowerCase()}${r.values?.length ? ` [${r.values.join(', ')}]` : ''}\n`;
    });
  });
  return s;
}

function source(spec: VolumeSpec): string {
  if (spec.hostPath) return `    Type:\tHostPath (bare host directory volume)\n    Path:\t${spec.hostPath.path ?? ''}\n    HostPathType:\t${spec.hostPath.type || '<none>'}\n`;
  if (spec.local) return `    Type:\tLocalVolume (a persistent volume backed by local storage on a node)\n    Path:\t${spec.local.path ?? ''}\n`;
  if (spec.nfs) return `    Type:\tNFS (an NFS mount that lasts the lifetime of a pod)\n    Server:\t${spec.nfs.server ?? ''}\n    Path:\t${spec.nfs.path ?? ''}\n    ReadOnly:\t${spec.nfs.readOnly === true}\n`;
  return '  <unknown>\n';
}

export function describePersistentVolume(pv: KubeObject, events: Event[], now: number): string {
  const spec = (pv.spec ?? {}) as VolumeSpec;
  const st = (pv.status ?? {}) as { message?: string };
  let s = `Name:\t${pv.metadata.name ?? ''}\n`;
  s += multiline('Labels', pv.metadata.labels, '=');
  s += multiline('Annotations', pv.metadata.annotations, ': ', LAST_APPLIED);
  s += `Finalizers:\t${goSlice(pv.metadata.finalizers)}\n`;
  s += `StorageClass:\t${spec.storageClassName ?? pv.metadata.annotations?.[BETA_CLASS] ?? ''}\n`;
  s += `Status:\t${status(pv, now)}\n`;
  s += `Claim:\t${spec.claimRef ? `${spec.claimRef.namespace ?? ''}/${spec.claimRef.name ?? ''}` : ''}\n`;
  s += `Reclaim Policy:\t${spec.persistentVolumeReclaimPolicy ?? ''}\n`;
  s += `Access Modes:\t${accessModesString(spec.accessModes)}\n`;
  if (spec.volumeMode) s += `VolumeMode:\t${spec.volumeMode}\n`;
  s += `Capacity:\t${quantity(spec.capacity?.storage)}\n`;
  s += nodeAffinity(spec.nodeAffinity);
  s += `Message:\t${st.message ?? ''}\n`;
  s += 'Source:\n' + source(spec);
  return withEvents(s, events, now);
}

/** The claim's pods (getPodsForPVC): those with a volume naming it, sorted by name. */
function usedBy(claim: KubeObject, pods: KubeObject[]): string {
  const names = pods
    .filter((p) => ((p.spec as { volumes?: { persistentVolumeClaim?: { claimName?: string } }[] } | undefined)?.volumes ?? []).some((v) => v.persistentVolumeClaim?.claimName === claim.metadata.name))
    .map((p) => p.metadata.name ?? '')
    .sort();
  if (names.length === 0) return 'Used By:\t<none>\n';
  return names.map((n, i) => (i === 0 ? `Used By:\t${n}\n` : `\t${n}\n`)).join('');
}

export function describePersistentVolumeClaim(pvc: KubeObject, events: Event[], pods: KubeObject[], now: number): string {
  const spec = (pvc.spec ?? {}) as ClaimSpec;
  const st = (pvc.status ?? {}) as { accessModes?: string[]; capacity?: Record<string, string> };
  let s = `Name:\t${pvc.metadata.name ?? ''}\nNamespace:\t${pvc.metadata.namespace ?? ''}\n`;
  s += `StorageClass:\t${spec.storageClassName ?? pvc.metadata.annotations?.[BETA_CLASS] ?? ''}\n`;
  s += `Status:\t${status(pvc, now)}\n`;
  s += `Volume:\t${spec.volumeName ?? ''}\n`;
  s += multiline('Labels', pvc.metadata.labels, '=');
  s += multiline('Annotations', pvc.metadata.annotations, ': ', LAST_APPLIED);
  s += `Finalizers:\t${goSlice(pvc.metadata.finalizers)}\n`;
  const bound = !!spec.volumeName;
  s += `Capacity:\t${bound ? quantity(st.capacity?.storage) : ''}\n`;
  s += `Access Modes:\t${bound ? accessModesString(st.accessModes) : ''}\n`;
  if (spec.volumeMode) s += `VolumeMode:\t${spec.volumeMode}\n`;
  s += usedBy(pvc, pods);
  return withEvents(s, events, now);
}

export function describeStorageClass(sc: KubeObject, events: Event[], now: number): string {
  const o = sc as KubeObject & { provisioner?: string; parameters?: Record<string, string>; allowVolumeExpansion?: boolean; mountOptions?: string[]; reclaimPolicy?: string; volumeBindingMode?: string };
  let s = `Name:\t${sc.metadata.name ?? ''}\n`;
  s += `IsDefaultClass:\t${isDefaultClass(sc) ? 'Yes' : 'No'}\n`;
  s += `Annotations:\t${formatLabels(sc.metadata.annotations)}\n`;
  s += `Provisioner:\t${o.provisioner ?? ''}\n`;
  s += `Parameters:\t${formatLabels(o.parameters)}\n`;
  s += `AllowVolumeExpansion:\t${o.allowVolumeExpansion === undefined ? '<unset>' : o.allowVolumeExpansion ? 'True' : 'False'}\n`;
  if (!o.mountOptions?.length) s += 'MountOptions:\t<none>\n';
  else s += 'MountOptions:\n' + o.mountOptions.map((m) => `  ${m}\n`).join('');
  if (o.reclaimPolicy) s += `ReclaimPolicy:\t${o.reclaimPolicy}\n`;
  if (o.volumeBindingMode) s += `VolumeBindingMode:\t${o.volumeBindingMode}\n`;
  return withEvents(s, events, now);
}
