// The objects a pod names, as k8s.io/kubernetes/pkg/api/v1/pod (VisitPodConfigmapNames,
// VisitPodSecretNames) and the node authorizer's graph populator read them: the ConfigMaps,
// Secrets and PersistentVolumeClaims its containers' env and its volumes use. The kubelet's
// configmap and secret managers watch exactly these; the Node authorizer lets a kubelet read
// exactly these.

import type { Pod } from './types';

interface NameRef {
  name?: string;
}
interface EnvRefs {
  env?: { valueFrom?: { configMapKeyRef?: NameRef; secretKeyRef?: NameRef } }[];
  envFrom?: { configMapRef?: NameRef; secretRef?: NameRef }[];
}
interface PodVolume {
  name: string;
  configMap?: NameRef;
  secret?: { secretName?: string };
  projected?: { sources?: { configMap?: NameRef; secret?: NameRef }[] };
  persistentVolumeClaim?: { claimName?: string };
  ephemeral?: unknown;
  csi?: { nodePublishSecretRef?: NameRef };
  azureFile?: { secretName?: string };
  [plugin: string]: unknown;
}

/** Volume plugins whose source names a Secret in the pod's namespace as `secretRef` (VisitPodSecretNames). */
const SECRET_REF_PLUGINS = ['cephfs', 'cinder', 'flexVolume', 'iscsi', 'rbd', 'scaleIO', 'storageos'];

function containersOf(pod: Pod): EnvRefs[] {
  const spec = pod.spec as { containers?: EnvRefs[]; initContainers?: EnvRefs[]; ephemeralContainers?: EnvRefs[] };
  return [...(spec.initContainers ?? []), ...(spec.containers ?? []), ...(spec.ephemeralContainers ?? [])];
}

function volumesOf(pod: Pod): PodVolume[] {
  return ((pod.spec as { volumes?: PodVolume[] }).volumes ?? []);
}

/** podutil.VisitPodConfigmapNames: env, envFrom, configMap and projected volumes. */
export function podConfigMapNames(pod: Pod): string[] {
  const out: string[] = [];
  for (const c of containersOf(pod)) {
    for (const e of c.envFrom ?? []) if (e.configMapRef?.name) out.push(e.configMapRef.name);
    for (const e of c.env ?? []) if (e.valueFrom?.configMapKeyRef?.name) out.push(e.valueFrom.configMapKeyRef.name);
  }
  for (const v of volumesOf(pod)) {
    if (v.configMap?.name) out.push(v.configMap.name);
    for (const p of v.projected?.sources ?? []) if (p.configMap?.name) out.push(p.configMap.name);
  }
  return [...new Set(out)];
}

/** podutil.VisitPodSecretNames: image pull secrets, env, envFrom, and the volumes that name a Secret. */
export function podSecretNames(pod: Pod): string[] {
  const out: string[] = [];
  for (const s of ((pod.spec as { imagePullSecrets?: NameRef[] }).imagePullSecrets ?? [])) if (s.name) out.push(s.name);
  for (const c of containersOf(pod)) {
    for (const e of c.envFrom ?? []) if (e.secretRef?.name) out.push(e.secretRef.name);
    for (const e of c.env ?? []) if (e.valueFrom?.secretKeyRef?.name) out.push(e.valueFrom.secretKeyRef.name);
  }
  for (const v of volumesOf(pod)) {
    if (v.secret?.secretName) out.push(v.secret.secretName);
    for (const p of v.projected?.sources ?? []) if (p.secret?.name) out.push(p.secret.name);
    if (v.azureFile?.secretName) out.push(v.azureFile.secretName);
    if (v.csi?.nodePublishSecretRef?.name) out.push(v.csi.nodePublishSecretRef.name);
    for (const plugin of SECRET_REF_PLUGINS) {
      const ref = (v[plugin] as { secretRef?: NameRef } | undefined)?.secretRef;
      if (ref?.name) out.push(ref.name);
    }
  }
  return [...new Set(out)];
}

/** The claims a pod uses: persistentVolumeClaim volumes, and `<pod>-<volume>` for generic ephemeral volumes. */
export function podClaimNames(pod: Pod): string[] {
  const out: string[] = [];
  for (const v of volumesOf(pod)) {
    if (v.persistentVolumeClaim?.claimName) out.push(v.persistentVolumeClaim.claimName);
    else if (v.ephemeral) out.push(`${pod.metadata.name}-${v.name}`);
  }
  return out;
}
