// The files of a container's configMap, secret and projected volumes, as the kubelet's volume
// plugins write them (pkg/volume/configmap/configmap.go, pkg/volume/secret/secret.go,
// pkg/volume/projected/projected.go, MakePayload): one file per key, or per `items` entry at its
// `path`; a missing ConfigMap or Secret fails MountVolume.SetUp unless the volume is optional, and
// the pod stays in ContainerCreating with a FailedMount event.

import { textOfBase64 } from '../../api/base64';
import type { Container, KubeObject } from '../../api/types';
import type { ConfigSources } from './container-env';

interface KeyToPath {
  key: string;
  path: string;
}

interface ConfigRefVolume {
  name?: string;
  secretName?: string;
  items?: KeyToPath[];
  optional?: boolean;
}

interface Volume {
  name: string;
  configMap?: ConfigRefVolume;
  secret?: ConfigRefVolume;
  projected?: { sources?: { configMap?: ConfigRefVolume; secret?: ConfigRefVolume; downwardAPI?: { items?: { path: string; fieldRef?: { fieldPath: string } }[] }; serviceAccountToken?: { path?: string; audience?: string; expirationSeconds?: number } }[] };
}

class MountError extends Error {}

function payload(kind: 'configmap' | 'secret', obj: KubeObject | undefined, ref: ConfigRefVolume, name: string): Record<string, string> {
  if (!obj) {
    if (ref.optional) return {};
    throw new MountError(`${kind} "${name}" not found`);
  }
  const all = new Map<string, string>();
  for (const [k, v] of Object.entries((obj.data ?? {}) as Record<string, string>)) all.set(k, kind === 'secret' ? (textOfBase64(v) ?? '') : v);
  if (kind === 'configmap') for (const [k, v] of Object.entries((obj.binaryData ?? {}) as Record<string, string>)) all.set(k, textOfBase64(v) ?? '');
  const out: Record<string, string> = {};
  if (!ref.items?.length) {
    for (const [k, v] of all) out[k] = v;
    return out;
  }
  for (const item of ref.items) {
    if (!all.has(item.key)) {
      if (ref.optional) continue;
      throw new MountError(`${kind} references non-existent ${kind === 'secret' ? 'secret' : 'config'} key: ${item.key}`);
    }
    out[item.path] = all.get(item.key)!;
  }
  return out;
}

function volumeFiles(v: Volume, pod: KubeObject, src: ConfigSources): Record<string, string> | undefined {
  const ns = pod.metadata.namespace ?? 'default';
  if (v.configMap) return payload('configmap', src.configMap(ns, v.configMap.name ?? ''), v.configMap, v.configMap.name ?? '');
  if (v.secret) return payload('secret', src.secret(ns, v.secret.secretName ?? ''), v.secret, v.secret.secretName ?? '');
  if (v.projected) {
    const out: Record<string, string> = {};
    for (const s of v.projected.sources ?? []) {
      if (s.configMap) Object.assign(out, payload('configmap', src.configMap(ns, s.configMap.name ?? ''), s.configMap, s.configMap.name ?? ''));
      if (s.secret) Object.assign(out, payload('secret', src.secret(ns, s.secret.name ?? ''), s.secret, s.secret.name ?? ''));
      for (const item of s.downwardAPI?.items ?? []) if (item.fieldRef?.fieldPath === 'metadata.namespace') out[item.path] = ns;
      const t = s.serviceAccountToken;
      const token = t ? src.serviceAccountToken?.(pod, { audience: t.audience ?? '', expirationSeconds: t.expirationSeconds ?? 3600 }) : undefined;
      if (t && token !== undefined) out[t.path ?? 'token'] = token;
    }
    return out;
  }
  return undefined;
}

/**
 * The container's mounted files by path (`/etc/config/special.level`), or the FailedMount message
 * of the first volume that cannot be set up (`MountVolume.SetUp failed for volume "v" : ...`).
 */
export function mountedFiles(container: Container, pod: KubeObject, src: ConfigSources): { files: Record<string, string> } | { error: string } {
  const volumes = ((pod.spec as { volumes?: Volume[] } | undefined)?.volumes ?? []);
  const files: Record<string, string> = {};
  for (const m of ((container as { volumeMounts?: { name: string; mountPath: string; subPath?: string }[] }).volumeMounts ?? [])) {
    const v = volumes.find((x) => x.name === m.name);
    if (!v) continue;
    try {
      const content = volumeFiles(v, pod, src);
      if (!content) continue;
      const base = m.mountPath.replace(/\/+$/, '');
      if (m.subPath) {
        if (Object.hasOwn(content, m.subPath)) files[base] = content[m.subPath]!;
      } else for (const [rel, text] of Object.entries(content)) files[`${base}/${rel}`] = text;
    } catch (e) {
      if (e instanceof MountError) return { error: `MountVolume.SetUp failed for volume "${v.name}" : ${e.message}` };
      throw e;
    }
  }
  return { files };
}
