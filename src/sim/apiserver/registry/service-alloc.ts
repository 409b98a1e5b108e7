// What the Service REST storage does on create before validation (pkg/registry/core/service/storage,
// beginCreate -> allocateCreate): fill the IP family fields, allocate a ClusterIP from the service
// CIDR (--service-cluster-ip-range, kubeadm's default 10.96.0.0/12) and a NodePort for every port of
// a NodePort Service (--service-node-port-range 30000-32767). The real allocators keep a bitmap and
// pick at random; since KEP-3070 (ServiceIPStaticSubrange) dynamic picks prefer the upper band, so
// that the lower band stays for IPs people choose, such as 10.96.0.10 for DNS. Kubeplay derives the
// used set from the watch cache and the creates in flight, and picks with the simulation's PRNG.

import { statusFor } from '../../api/errors';
import type { Service, ServiceSpec } from '../../api/service';
import type { KubeObject, Status } from '../../api/types';

export const SERVICE_CIDR = '10.96.0.0/12';
/** The first address of the range: the `kubernetes` Service (the apiserver's own ClusterIP). */
export const KUBERNETES_SERVICE_IP = '10.96.0.1';
export const NODE_PORT_MIN = 30000;
export const NODE_PORT_MAX = 32767;

export function ipToInt(ip: string): number {
  return ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

export function intToIp(n: number): string {
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

const BASE = ipToInt('10.96.0.0');
const RANGE_SIZE = 1 << 20;

/** Whether an address lies in the service CIDR (and is neither its network nor broadcast address). */
export function inServiceCIDR(ip: string): boolean {
  if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(ip)) return false;
  const off = ipToInt(ip) - BASE;
  return off > 0 && off < RANGE_SIZE - 1;
}

/** calculateRangeOffset: min(max(16, size/16), 256) for IPs; the dynamic band starts there. */
function rangeOffset(size: number, cap: number): number {
  return Math.min(Math.max(16, Math.floor(size / 16)), cap);
}

/** AllocateNext of the bitmap allocator: a random start in the upper band, then the next free one. */
function pickFree(lo: number, hi: number, offset: number, used: Set<number>, rand: () => number): number | undefined {
  const size = hi - lo + 1;
  const band = size - offset;
  const start = Math.floor(rand() * band);
  for (let i = 0; i < size; i++) {
    const candidate = lo + offset + ((start + i) % band);
    if (i < band && !used.has(candidate)) return candidate;
    if (i >= band) {
      const low = lo + (i - band);
      if (!used.has(low)) return low;
    }
  }
  return undefined;
}

export interface UsedAddresses {
  clusterIPs: Set<string>;
  nodePorts: Set<number>;
}

/** The addresses the given Services hold. */
export function usedAddresses(services: Iterable<KubeObject>): UsedAddresses {
  const out: UsedAddresses = { clusterIPs: new Set([KUBERNETES_SERVICE_IP]), nodePorts: new Set() };
  for (const o of services) {
    const spec = (o as Service).spec ?? {};
    for (const ip of spec.clusterIPs ?? (spec.clusterIP ? [spec.clusterIP] : [])) out.clusterIPs.add(ip);
    for (const p of spec.ports ?? []) if (p.nodePort) out.nodePorts.add(p.nodePort);
  }
  return out;
}

function allocError(msg: string): Status {
  return statusFor(500, 'InternalError', `Internal error occurred: ${msg}`);
}

function invalidIP(name: string, ip: string, detail: string): Status {
  return statusFor(422, 'Invalid', `Service "${name}" is invalid: spec.clusterIPs: Invalid value: []string{"${ip}"}: ${detail}`);
}

function allocateClusterIP(spec: ServiceSpec, name: string, used: UsedAddresses, rand: () => number): Status | undefined {
  const wanted = spec.clusterIP ?? spec.clusterIPs?.[0];
  if (wanted === 'None') {
    spec.clusterIP = 'None';
    spec.clusterIPs = ['None'];
    return undefined;
  }
  if (wanted) {
    if (!inServiceCIDR(wanted)) {
      return invalidIP(name, wanted, `failed to allocate IP ${wanted}: the provided IP (${wanted}) is not in the valid range. The range of valid IPs is ${SERVICE_CIDR}`);
    }
    if (used.clusterIPs.has(wanted)) return invalidIP(name, wanted, `failed to allocate IP ${wanted}: provided IP is already allocated`);
    spec.clusterIP = wanted;
    spec.clusterIPs = [wanted];
    return undefined;
  }
  const taken = new Set([...used.clusterIPs].filter(inServiceCIDR).map((ip) => ipToInt(ip) - BASE));
  const off = pickFree(1, RANGE_SIZE - 2, rangeOffset(RANGE_SIZE, 256), taken, rand);
  if (off === undefined) return allocError('failed to allocate a serviceIP: range is full');
  spec.clusterIP = intToIp(BASE + off);
  spec.clusterIPs = [spec.clusterIP];
  return undefined;
}

function allocateNodePorts(spec: ServiceSpec, used: UsedAddresses, rand: () => number): Status | undefined {
  if (spec.type !== 'NodePort' && spec.type !== 'LoadBalancer') return undefined;
  const size = NODE_PORT_MAX - NODE_PORT_MIN + 1;
  const taken = new Set(used.nodePorts);
  for (const p of spec.ports ?? []) {
    if (p.nodePort) {
      taken.add(p.nodePort);
      continue;
    }
    const port = pickFree(NODE_PORT_MIN, NODE_PORT_MAX, rangeOffset(size, 128), taken, rand);
    if (port === undefined) return allocError('failed to allocate a nodePort: range is full');
    p.nodePort = port;
    taken.add(port);
  }
  return undefined;
}

/**
 * Allocate a new Service's addresses in place of the ones it lacks. Returns the Service (a copy) or
 * the Status the apiserver answers when the asked-for address cannot be had.
 */
export function allocateServiceAddresses(obj: KubeObject, used: UsedAddresses, rand: () => number): KubeObject | Status {
  const svc = structuredClone(obj) as Service;
  const spec = (svc.spec ??= {});
  if (spec.type === 'ExternalName') return svc;
  const err = allocateClusterIP(spec, svc.metadata.name ?? '', used, rand) ?? allocateNodePorts(spec, used, rand);
  if (err) return err;
  spec.ipFamilies ??= ['IPv4'];
  spec.ipFamilyPolicy ??= 'SingleStack';
  if (spec.type === 'NodePort' || spec.type === 'LoadBalancer') spec.externalTrafficPolicy ??= 'Cluster';
  return svc;
}
