// The machines of the cluster as the UI draws them: the control plane, the workers, the person's
// laptop and the image registry on the internet. Read-only: nothing here changes the world.

import type { HostView } from '../../protocol/view';
import type { Simulation } from '../../sim/kernel/simulation';
import { CONTROL_PLANE_HOST, KUBECTL_HOST, REGISTRY_HOST } from '../../sim/names';

/** The hosts of etcd members (`etcd-1` ... `etcd-7`), as cluster.ts names them. */
const ETCD_HOST = /^etcd-\d+$/;

export function hostRole(name: string, controlPlanes: ReadonlySet<string>): HostView['role'] {
  if (name === CONTROL_PLANE_HOST || controlPlanes.has(name)) return 'control-plane';
  if (name === KUBECTL_HOST) return 'client';
  if (name === REGISTRY_HOST) return 'registry';
  // The hosts of an external etcd cluster (cluster.ts names them etcd-1, etcd-2 ...).
  if (/^etcd-\d+$/.test(name)) return 'etcd';
  // kubeadm's external etcd topology: each member of a multi-member etcd has a host of its own.
  if (ETCD_HOST.test(name)) return 'etcd';
  return 'worker';
}

/** Every host in the order it was added (control plane first, as cluster.ts wires them). */
export function observeHosts(sim: Simulation, controlPlanes: ReadonlySet<string> = new Set()): HostView[] {
  const out: HostView[] = [];
  for (const h of sim.world.net.hosts.values()) {
    out.push({ id: h.name, address: h.address, role: hostRole(h.name, controlPlanes), up: h.up });
  }
  return out;
}

/** Cut host pairs as `[a, b]` with a < b (the network keeps them as `a|b`). */
/** Host pairs whose link was degraded (slow, jittery or lossy), as [a, b]. */
export function observeDegradedLinks(sim: Simulation): [string, string][] {
  const out: [string, string][] = [];
  for (const key of sim.world.net.links.keys()) {
    const i = key.indexOf('|');
    out.push([key.slice(0, i), key.slice(i + 1)]);
  }
  return out;
}

export function observePartitions(sim: Simulation): [string, string][] {
  const out: [string, string][] = [];
  for (const key of sim.world.net.partitions) {
    const i = key.indexOf('|');
    out.push([key.slice(0, i), key.slice(i + 1)]);
  }
  return out;
}
