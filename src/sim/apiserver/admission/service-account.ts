// ServiceAccount (plugin/pkg/admission/serviceaccount/admission.go, v1.31): every pod runs as a
// service account, `default` unless it names one, and unless automountServiceAccountToken is false
// every container mounts the projected volume `kube-api-access-<5 random>` at
// /var/run/secrets/kubernetes.io/serviceaccount, read-only (mountServiceAccountToken): a bound token
// (expirationSeconds 3607, serviceaccount.WarnOnlyBoundTokenExpirationSeconds), the cluster CA from
// the kube-root-ca.crt ConfigMap, and the namespace from the downward API (TokenVolumeSource).
// Simplification, on purpose: Kubeplay does not look the ServiceAccount object up (the real plugin
// answers 403 `error looking up service account <ns>/<name>: serviceaccount "<name>" not found`, and
// reads the ServiceAccount's own automountServiceAccountToken); the pod's field alone decides.

import type { Container, Pod } from '../../api/types';
import { generateName } from '../registry/strategy';
import type { AdmissionPlugin, PluginInput } from './plugin';
import { isCore } from './plugin';

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

function admit({ attrs, object, cfg }: PluginInput) {
  if (!isCore(attrs, 'pods') || attrs.operation !== 'CREATE' || !object) return {};
  const pod = object as Pod;
  // Mirror pods (static pods reported by a kubelet) may not use service accounts at all.
  if (pod.metadata.annotations?.[MIRROR_POD_ANNOTATION] !== undefined) return {};
  let out = pod;
  if (!pod.spec.serviceAccountName) out = { ...pod, spec: { ...pod.spec, serviceAccountName: DEFAULT_SERVICE_ACCOUNT } };
  // shouldAutomount: the pod's automountServiceAccountToken, true when unset.
  if ((pod.spec as { automountServiceAccountToken?: boolean }).automountServiceAccountToken !== false) out = mountServiceAccountToken(out, cfg.rand);
  return out === pod ? {} : { object: out };
}

export const ServiceAccount: AdmissionPlugin = { name: 'ServiceAccount', admit };
