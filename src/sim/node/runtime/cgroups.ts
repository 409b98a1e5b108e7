// Where a pod's processes sit in the cgroup v2 tree when the kubelet and containerd use the systemd
// cgroup driver, as kubeadm sets them up (cgroupDriver: systemd, SystemdCgroup = true): the pod's
// slice under its QoS class's slice, and one scope per container (cri-containerd-<id>.scope).
// kubernetes.io/docs/concepts/architecture/cgroups/; containerd's runc options, SystemdCgroup.

import type { Container, Sandbox } from './state';

/** The pod's slice as the kubelet names it (pkg/kubelet/cm/cgroup_manager_linux.go: dashes in the uid become underscores). */
export function podSlice(qosClass: string | undefined, uid: string): string {
  const id = uid.replace(/-/g, '_');
  if (qosClass === 'Guaranteed') return `kubepods-pod${id}.slice`;
  const qos = qosClass === 'Burstable' ? 'burstable' : 'besteffort';
  return `kubepods-${qos}-pod${id}.slice`;
}

/** systemd's slice expansion: `a-b-c.slice` lives in `/a.slice/a-b.slice/a-b-c.slice`. */
export function expandSlice(slice: string): string {
  const parts = slice.replace(/\.slice$/, '').split('-');
  return parts.map((_, i) => '/' + parts.slice(0, i + 1).join('-') + '.slice').join('');
}

export function sandboxSlice(sb: Sandbox): string {
  return sb.cgroupParent ?? podSlice(undefined, sb.metadata.uid);
}

/** The directory of a container's (or the sandbox's own, for pause) scope under /sys/fs/cgroup. */
export function scopePath(sb: Sandbox, id: string): string {
  return `${expandSlice(sandboxSlice(sb))}/cri-containerd-${id}.scope`;
}

/** runc's cgroupsPath in the systemd driver's `slice:prefix:name` form (the OCI spec containerd writes). */
export function systemdCgroupsPath(sb: Sandbox, id: string): string {
  return `${sandboxSlice(sb)}:cri-containerd:${id}`;
}

/** memory.max of a container's scope: its limit in bytes, or `max`. */
export function memoryMax(c: Pick<Container, 'memoryLimitInBytes'>): string {
  return c.memoryLimitInBytes ? String(c.memoryLimitInBytes) : 'max';
}

/** cpu.max of a container's scope: `quota period` in microseconds, or `max 100000`. */
export function cpuMax(c: Pick<Container, 'cpuQuota' | 'cpuPeriod'>): string {
  return `${c.cpuQuota ?? 'max'} ${c.cpuPeriod ?? 100_000}`;
}
