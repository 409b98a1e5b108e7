// ServiceAccount (plugin/pkg/admission/serviceaccount/admission.go, v1.31): every pod runs as a
// service account, `default` unless it names one, and unless automountServiceAccountToken is false
// every container mounts the projected volume `kube-api-access-<5 random>` at
// /var/run/secrets/kubernetes.io/serviceaccount, read-only (mountServiceAccountToken): a bound token
// (expirationSeconds 3607, serviceaccount.WarnOnlyBoundTokenExpirationSeconds), the cluster CA from
// the kube-root-ca.crt ConfigMap, and the namespace from the downward API (TokenVolumeSource).
// shouldAutomount: the pod's automountServiceAccountToken decides when set, else the
// ServiceAccount's own field (false on either turns the volume off).
// A ServiceAccount that does not exist refuses the pod: 403 `pods "x" is forbidden: error looking up
// service account <ns>/<name>: serviceaccount "<name>" not found` (getServiceAccount's NotFound for
// the singular resource "serviceaccount"). The real plugin looks `default` up again up to 10 times,
// 100-200 ms apart, since the serviceaccount controller makes it right after the namespace; the
// apiserver does that wait (stages/service-account-wait.ts) before it answers with this refusal.

import type { Container, KubeObject, Pod } from '../../api/types';
import { generateName } from '../registry/strategy';
import type { AdmissionPlugin, PluginInput } from './plugin';
import { admissionForbidden, isCore } from './plugin';

export const DEFAULT_SERVICE_ACCOUNT = 'default';
const MIRROR_POD_ANNOTATION = 'kubernetes.io/config.mirror';
/** ServiceAccountVolumeName and DefaultAPITokenMountPath. */
export const SERVICE_ACCOUNT_VOLUME_PREFIX = 'kube-api-access-';
export const DEFAULT_API_TOKEN_MOUNT_PATH = '/var/run/secrets/kubernetes.io/serviceaccount';

interface VolumeMount {
  name: string;
  mountPath: string;
  readOnly?: boolean;
}

/** TokenVolumeSource: the projected sources, with defaultMode 0644 set explicitly (#104464). */
export function tokenVolume(name: string): Record<string, unknown> {
  return {
    name,
    projected: {
      defaultMode: 420,
      sources: [
        { serviceAccountToken: { expirationSeconds: 3607, path: 'token' } },
        { configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
        { downwardAPI: { items: [{ path: 'namespace', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } }] } },
      ],
    },
  };
}

/** Mount the token volume into every container that has nothing at the mount path yet. */
function withMount(c: Container, mount: VolumeMount): { container: Container; added: boolean } {
  const mounts = ((c as { volumeMounts?: VolumeMount[] }).volumeMounts ?? []);
  if (mounts.some((m) => m.mountPath === DEFAULT_API_TOKEN_MOUNT_PATH)) return { container: c, added: false };
  return { container: { ...c, volumeMounts: [...mounts, mount] } as Container, added: true };
}

function mountServiceAccountToken(pod: Pod, rand: () => number): Pod {
  const volumes = ((pod.spec as { volumes?: { name: string }[] }).volumes ?? []);
  const existing = volumes.find((v) => v.name.startsWith(SERVICE_ACCOUNT_VOLUME_PREFIX));
  const name = existing?.name ?? generateName(SERVICE_ACCOUNT_VOLUME_PREFIX, rand);
  const mount: VolumeMount = { name, readOnly: true, mountPath: DEFAULT_API_TOKEN_MOUNT_PATH };
  let needsVolume = false;
  const mountAll = (list: Container[] | undefined): Container[] | undefined =>
    list?.map((c) => {
      const r = withMount(c, mount);
      needsVolume ||= r.added;
      return r.container;
    });
  const spec = { ...pod.spec } as Pod['spec'] & { volumes?: unknown[] };
  if (pod.spec.initContainers) spec.initContainers = mountAll(pod.spec.initContainers);
  spec.containers = mountAll(pod.spec.containers) ?? [];
  if (!existing && needsVolume) spec.volumes = [...volumes, tokenVolume(name)];
  return { ...pod, spec };
}

/** shouldAutomount (admission.go): the pod's field wins, then the ServiceAccount's, true when neither says. */
function shouldAutomount(pod: Pod, sa: KubeObject | undefined): boolean {
  const podSays = (pod.spec as { automountServiceAccountToken?: boolean }).automountServiceAccountToken;
  if (podSays !== undefined) return podSays;
  return (sa as { automountServiceAccountToken?: boolean } | undefined)?.automountServiceAccountToken !== false;
}

function admit({ attrs, object, cfg, lookups }: PluginInput) {
  if (!isCore(attrs, 'pods') || attrs.operation !== 'CREATE' || !object) return {};
  const pod = object as Pod;
  // Mirror pods (static pods reported by a kubelet) may not use service accounts at all.
  if (pod.metadata.annotations?.[MIRROR_POD_ANNOTATION] !== undefined) return {};
  let out = pod;
  if (!pod.spec.serviceAccountName) out = { ...pod, spec: { ...pod.spec, serviceAccountName: DEFAULT_SERVICE_ACCOUNT } };
  const namespace = attrs.namespace || pod.metadata.namespace || 'default';
  const saName = out.spec.serviceAccountName ?? DEFAULT_SERVICE_ACCOUNT;
  const sa = lookups.serviceAccount?.(namespace, saName);
  if (lookups.serviceAccount && !sa) {
    return { error: admissionForbidden(attrs, pod, `error looking up service account ${namespace}/${saName}: serviceaccount "${saName}" not found`) };
  }
  if (shouldAutomount(pod, sa)) out = mountServiceAccountToken(out, cfg.rand);
  return out === pod ? {} : { object: out };
}

export const ServiceAccount: AdmissionPlugin = { name: 'ServiceAccount', admit };
