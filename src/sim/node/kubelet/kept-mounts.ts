// Which of a container's mounts still hold what its previous run wrote. A restarted container is a
// new container with a fresh root filesystem, but its pod's volumes are not made again: an emptyDir
// lives as long as the pod ("A container crashing does not remove a Pod from a node. The data in an
// emptyDir volume is safe across container crashes", kubernetes.io Concepts > Storage > Volumes,
// emptyDir), and a persistentVolumeClaim's or hostPath's data outlives the pod too.
// Simplified: a new pod on a claim an earlier pod filled finds it empty (only restarts count).

import type { Container, KubeObject } from '../../api/types';

interface MountedVolume {
  name: string;
  emptyDir?: unknown;
  persistentVolumeClaim?: unknown;
  hostPath?: unknown;
  ephemeral?: unknown;
}

/** The mount paths whose data a container's run `attempt` finds from its runs before; none on its first. */
export function keptMounts(container: Container, pod: KubeObject, attempt: number): string[] {
  if (attempt === 0) return [];
  const volumes = ((pod.spec as { volumes?: MountedVolume[] } | undefined)?.volumes ?? []);
  const lasting = new Set(volumes.filter((v) => v.emptyDir !== undefined || v.persistentVolumeClaim !== undefined || v.hostPath !== undefined || v.ephemeral !== undefined).map((v) => v.name));
  const mounts = (container as { volumeMounts?: { name: string; mountPath: string }[] }).volumeMounts ?? [];
  return mounts.filter((m) => lasting.has(m.name)).map((m) => m.mountPath);
}
