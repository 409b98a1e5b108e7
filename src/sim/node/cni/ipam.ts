// host-local IPAM, as the CNI plugin allocates pod IPs: from the node's podCIDR, skipping the network
// address and the gateway (.1), handing out the next free address after the last one it gave
// (rangeStart .2 on a fresh node, then .3, ...), wrapping around when it reaches the end. The
// allocations are files under /var/lib/cni/networks/<net>/ on a real node, so they survive restarts.

export interface IpamState {
  /** Network address as a 32-bit number and prefix length. */
  base: number;
  prefix: number;
  /** ip -> the container (sandbox) id holding it, in allocation order. */
  allocated: Map<string, string>;
  lastReserved?: string;
}

export function ipToNum(ip: string): number {
  return ip.split('.').reduce((n, o) => n * 256 + Number(o), 0);
}

export function numToIp(n: number): string {
  return [24, 16, 8, 0].map((s) => Math.floor(n / 2 ** s) % 256).join('.');
}

export function createIpam(cidr: string): IpamState {
  const [net, len] = cidr.split('/');
  return { base: ipToNum(net ?? '10.244.0.0'), prefix: Number(len ?? 24), allocated: new Map() };
}

/** Allocate the next free address for a sandbox, or undefined when the range is exhausted. */
export function allocate(s: IpamState, id: string): string | undefined {
  for (const [ip, owner] of s.allocated) if (owner === id) return ip;
  const size = 2 ** (32 - s.prefix);
  const first = s.base + 2; // .0 is the network, .1 the gateway (cni0 bridge)
  const last = s.base + size - 2; // the broadcast address is never handed out
  const start = s.lastReserved ? ipToNum(s.lastReserved) + 1 : first;
  const span = last - first + 1;
  for (let i = 0; i < span; i++) {
    let n = start + i;
    if (n > last) n = first + ((n - first) % span);
    const ip = numToIp(n);
    if (!s.allocated.has(ip)) {
      s.allocated.set(ip, id);
      s.lastReserved = ip;
      return ip;
    }
  }
  return undefined;
}

/** Release whatever the sandbox holds (CNI DEL is idempotent). */
export function release(s: IpamState, id: string): string | undefined {
  for (const [ip, owner] of s.allocated) {
    if (owner === id) {
      s.allocated.delete(ip);
      return ip;
    }
  }
  return undefined;
}

export function gatewayOf(s: IpamState): string {
  return numToIp(s.base + 1);
}
