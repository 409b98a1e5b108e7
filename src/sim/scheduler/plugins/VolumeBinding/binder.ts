// kube-scheduler's volume binder (plugins/volumebinding/binder.go), over the scheduler's listers of
// claims, volumes and classes: which of a pod's claims are bound, unbound with immediate binding or
// unbound with delayed binding (GetPodVolumeClaims); which node a bound volume allows
// (checkBoundClaims); whether a delayed claim can be met on a node by an available volume or by its
// class's provisioner (findMatchingVolumes, checkVolumeProvisions); and, once a node is chosen, the
// writes that assume the pod's volumes there (AssumePodVolumes + BindPodVolumes): a matching volume
// gets the claim's reference, a claim to provision gets `volume.kubernetes.io/selected-node`.

import { nodeSelectorTermsMatch } from '../../../api/labels';
import { parseList } from '../../../api/quota/resource-list';
import type { KubeObject, Node, Pod } from '../../../api/types';
import type { PersistentVolume, PersistentVolumeClaim } from '../../../api/storage';

export interface VolumeListers {
  /** `namespace/name` -> PersistentVolumeClaim. */
  claims: ReadonlyMap<string, KubeObject>;
  volumes: ReadonlyMap<string, KubeObject>;
  classes: ReadonlyMap<string, KubeObject>;
}

export type Claim = PersistentVolumeClaim;
export type Volume = PersistentVolume;
interface Class extends KubeObject {
  provisioner?: string;
  volumeBindingMode?: string;
}

export const SELECTED_NODE = 'volume.kubernetes.io/selected-node';
/** The provisioner of classes whose volumes are made by hand (local volumes). */
export const NO_PROVISIONER = 'kubernetes.io/no-provisioner';

/** The ConflictReasons of binder.go. */
export const ErrReasonBindConflict = "node(s) didn't find available persistent volumes to bind";
export const ErrReasonNodeConflict = 'node(s) had volume node affinity conflict';
export const ErrReasonPVNotExist = 'node(s) unavailable due to one or more pvc(s) bound to non-existent pv(s)';
export const ErrUnboundImmediate = 'pod has unbound immediate PersistentVolumeClaims';

export interface PodVolumeClaims {
  bound: Claim[];
  immediate: Claim[];
  delayed: Claim[];
}

/** The claim names a pod's volumes refer to. */
export function podClaimNames(pod: Pod): string[] {
  const vols = (pod.spec as { volumes?: { persistentVolumeClaim?: { claimName?: string } }[] }).volumes ?? [];
  return vols.map((v) => v.persistentVolumeClaim?.claimName).filter((n): n is string => !!n);
}

/** podHasPVCs's error for the first claim that is missing or going away, if any. */
export function missingClaim(pod: Pod, l: VolumeListers): string | undefined {
  const ns = pod.metadata.namespace ?? 'default';
  for (const name of podClaimNames(pod)) {
    const c = l.claims.get(`${ns}/${name}`) as Claim | undefined;
    if (!c) return `persistentvolumeclaim "${name}" not found`;
    if (c.metadata.deletionTimestamp) return `persistentvolumeclaim "${name}" is being deleted`;
  }
  return undefined;
}

function isDelayBinding(c: Claim, l: VolumeListers): boolean {
  const cls = l.classes.get(c.spec?.storageClassName ?? '') as Class | undefined;
  return cls?.volumeBindingMode === 'WaitForFirstConsumer';
}

/** GetPodVolumeClaims: a claim with a volume name is bound; others bind now or wait for a node. */
export function podVolumeClaims(pod: Pod, l: VolumeListers): PodVolumeClaims {
  const ns = pod.metadata.namespace ?? 'default';
  const out: PodVolumeClaims = { bound: [], immediate: [], delayed: [] };
  for (const name of podClaimNames(pod)) {
    const c = l.claims.get(`${ns}/${name}`) as Claim | undefined;
    if (!c) continue;
    if (c.spec?.volumeName) out.bound.push(c);
    else if (isDelayBinding(c, l)) out.delayed.push(c);
    else out.immediate.push(c);
  }
  return out;
}

function volumeAllowsNode(v: Volume, node: Node): boolean {
  const terms = v.spec?.nodeAffinity?.required?.nodeSelectorTerms;
  return !terms || nodeSelectorTermsMatch(terms, node);
}

const storageOf = (list: Record<string, string> | undefined) => parseList(list).get('storage')?.value ?? 0;

/** findMatchingVolumes for one claim on one node: the smallest free volume of its class that fits and allows the node. */
export function matchingVolume(c: Claim, node: Node, l: VolumeListers, taken: ReadonlySet<string> = new Set()): Volume | undefined {
  const want = storageOf(c.spec?.resources?.requests);
  let best: Volume | undefined;
  for (const v of l.volumes.values() as Iterable<Volume>) {
    const ref = v.spec?.claimRef;
    if (taken.has(v.metadata.name ?? '') || v.metadata.deletionTimestamp) continue;
    if (ref && !(ref.namespace === c.metadata.namespace && ref.name === c.metadata.name)) continue;
    if ((v.spec?.storageClassName ?? '') !== (c.spec?.storageClassName ?? '')) continue;
    if ((v.spec?.volumeMode ?? 'Filesystem') !== (c.spec?.volumeMode ?? 'Filesystem')) continue;
    if (!(c.spec?.accessModes ?? []).every((m) => v.spec?.accessModes?.includes(m))) continue;
    if (storageOf(v.spec?.capacity) < want || !volumeAllowsNode(v, node)) continue;
    if (!best || storageOf(v.spec?.capacity) < storageOf(best.spec?.capacity)) best = v;
  }
  return best;
}

/** FindPodVolumes on one node: the conflict reasons, none when the pod's volumes can be had there. */
export function findPodVolumes(claims: PodVolumeClaims, node: Node, l: VolumeListers): string[] {
  const reasons: string[] = [];
  for (const c of claims.bound) {
    const v = l.volumes.get(c.spec?.volumeName ?? '') as Volume | undefined;
    if (!v) return [ErrReasonPVNotExist];
    if (!volumeAllowsNode(v, node)) reasons.push(ErrReasonNodeConflict);
  }
  const taken = new Set<string>();
  for (const c of claims.delayed) {
    const v = matchingVolume(c, node, l, taken);
    if (v) {
      taken.add(v.metadata.name ?? '');
      continue;
    }
    const cls = l.classes.get(c.spec?.storageClassName ?? '') as Class | undefined;
    if (!cls?.provisioner || cls.provisioner === NO_PROVISIONER) {
      reasons.push(ErrReasonBindConflict);
      break;
    }
  }
  return [...new Set(reasons)];
}

export interface VolumeWrite {
  path: string;
  body: unknown;
  summary: string;
  object: { kind: string; name: string; namespace?: string };
}

/** AssumePodVolumes + BindPodVolumes: the writes that give the pod's delayed claims their volumes on `node`. */
export function bindPodVolumes(claims: PodVolumeClaims, node: Node, l: VolumeListers): VolumeWrite[] {
  const writes: VolumeWrite[] = [];
  const taken = new Set<string>();
  const nodeName = node.metadata.name ?? '';
  for (const c of claims.delayed) {
    const ns = c.metadata.namespace ?? '';
    const name = c.metadata.name ?? '';
    const v = matchingVolume(c, node, l, taken);
    if (v) {
      const pv = v.metadata.name ?? '';
      taken.add(pv);
      const claimRef = { kind: 'PersistentVolumeClaim', apiVersion: 'v1', namespace: ns, name, uid: c.metadata.uid ?? '' };
      writes.push({
        path: `/api/v1/persistentvolumes/${pv}`,
        body: { metadata: { annotations: { 'pv.kubernetes.io/bound-by-controller': 'yes' } }, spec: { claimRef } },
        summary: `PATCH /api/v1/persistentvolumes/${pv} (claimRef ${ns}/${name})`,
        object: { kind: 'PersistentVolume', name: pv },
      });
      continue;
    }
    if (c.metadata.annotations?.[SELECTED_NODE] === nodeName) continue;
    const path = `/api/v1/namespaces/${ns}/persistentvolumeclaims/${name}`;
    writes.push({
      path,
      body: { metadata: { annotations: { [SELECTED_NODE]: nodeName } } },
      summary: `PATCH ${path} (selected-node ${nodeName})`,
      object: { kind: 'PersistentVolumeClaim', name, namespace: ns },
    });
  }
  return writes;
}

/** checkBindings: every claim of the pod is bound (so the pod itself may be bound). */
export function podVolumesBound(pod: Pod, l: VolumeListers): boolean {
  const ns = pod.metadata.namespace ?? 'default';
  return podClaimNames(pod).every((n) => {
    const c = l.claims.get(`${ns}/${n}`) as Claim | undefined;
    return !!c && !!c.spec?.volumeName && c.status?.phase === 'Bound';
  });
}
