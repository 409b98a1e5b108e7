// ConfigMap and Secret updates reach the files of running containers, not their env
// (docs: tasks/configure-pod-container/configure-pod-configmap "Mounted ConfigMaps are updated
// automatically"; concepts/configuration/configmap: "the kubelet checks whether the mounted
// ConfigMap is fresh on every periodic sync", and env variables are not updated without a restart).
// The kubelet's configmap manager (Watch strategy) sees the change at once; each pod worker
// resyncs every syncFrequency (1 min, kubelet config), and then the volume manager rewrites the
// volume's files (AtomicWriter). subPath mounts are never updated, as in the real kubelet.

import type { Container } from '../../api/types';
import type { Effects } from '../../kernel/component';
import type { Delta } from '../../client/informer';
import type { VolumeUpdate } from '../runtime/cri';
import { mountedFiles } from './config-volumes';
import type { ConfigSources } from './container-env';
import { allContainers } from './init-containers';
import type { KubeletState, PodWorker } from './state';

export const VOLUME_RESYNC_TIMER = 'volume.resync';
/** KubeletConfiguration syncFrequency: 1m. */
const SYNC_FREQUENCY_MS = 60_000;

interface SourceRef {
  name?: string;
  secretName?: string;
}
interface VolumeRefs {
  configMap?: SourceRef;
  secret?: SourceRef;
  projected?: { sources?: { configMap?: SourceRef; secret?: SourceRef }[] };
}

/** The ConfigMaps and Secrets (`configmaps/<name>`, `secrets/<name>`) a pod's volumes read. */
function volumeSources(w: PodWorker): string[] {
  const out: string[] = [];
  for (const v of ((w.pod.spec as { volumes?: VolumeRefs[] }).volumes ?? [])) {
    if (v.configMap?.name) out.push(`configmaps/${v.configMap.name}`);
    if (v.secret?.secretName) out.push(`secrets/${v.secret.secretName}`);
    for (const p of v.projected?.sources ?? []) {
      if (p.configMap?.name) out.push(`configmaps/${p.configMap.name}`);
      if (p.secret?.name) out.push(`secrets/${p.secret.name}`);
    }
  }
  return out;
}

/** A ConfigMap or Secret changed: each pod that mounts it gets its volumes rewritten at its next periodic sync. */
export function onVolumeSourceDeltas(s: KubeletState, ctx: Effects, resource: 'configmaps' | 'secrets', deltas: Delta[]): void {
  for (const d of deltas) {
    if (d.type === 'ADDED') continue;
    const key = `${resource}/${d.object.metadata.name}`;
    const ns = d.object.metadata.namespace;
    for (const w of s.workers.values()) {
      if (w.namespace !== ns || w.volumeResyncPending || w.terminating || !volumeSources(w).includes(key)) continue;
      w.volumeResyncPending = true;
      const sinceStart = ctx.now - w.startTime;
      ctx.setTimer(SYNC_FREQUENCY_MS - (sinceStart % SYNC_FREQUENCY_MS), VOLUME_RESYNC_TIMER, { uid: w.uid });
    }
  }
}

/** The mount paths of a container's subPath mounts (never updated, as in the real kubelet). */
function subPathTargets(c: Container): string[] {
  const mounts = (c as { volumeMounts?: { mountPath: string; subPath?: string }[] }).volumeMounts ?? [];
  return mounts.filter((m) => m.subPath).map((m) => m.mountPath.replace(/\/+$/, ''));
}

/** The same paths in the same order with the same contents (what comparing their JSON told). */
export function sameFiles(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && a[k] === b[k]);
}

/** The periodic sync: rewrite the volume files of every running container whose files changed. */
export function resyncVolumes(s: KubeletState, ctx: Effects, w: PodWorker, src: ConfigSources): void {
  w.volumeResyncPending = false;
  for (const c of allContainers(w)) {
    if (c.state !== 'running' || !c.containerId) continue;
    const m = mountedFiles(c.spec, w.pod, src);
    if ('error' in m) continue;
    // A subPath mount is a bind mount of the file as it was when the container started: it keeps that.
    const before = c.mounted ?? {};
    for (const path of subPathTargets(c.spec)) {
      if (Object.hasOwn(before, path)) m.files[path] = before[path]!;
      else delete m.files[path];
    }
    if (c.mounted !== undefined && sameFiles(m.files, c.mounted)) continue;
    c.mounted = m.files;
    const body: VolumeUpdate = { type: 'volume.update', containerId: c.containerId, files: m.files };
    ctx.send(s.config.containerd, body, { summary: `MountVolume.SetUp (update) ${w.name}/${c.name}`, phase: 'execution', object: { kind: 'Pod', name: w.name, namespace: w.namespace } });
  }
}
