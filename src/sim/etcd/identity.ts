// Member and cluster ids: 16 hex digits, as etcd prints them (`8e9e05c52164694d`). Real etcd
// derives a member id from a SHA-1 of its peer URLs, the cluster token and (for a new cluster) the
// time; Kubeplay derives it from the member's name only, so the same scenario gives the same ids.

/** 32-bit FNV-1a of s, started from the given offset basis. */
function fnv1a32(s: string, basis: number): number {
  let h = basis >>> 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

const hex8 = (n: number): string => n.toString(16).padStart(8, '0');

/** A deterministic 16-hex-digit id for a string. */
export function hexId(s: string): string {
  return hex8(fnv1a32(s, 0x811c9dc5)) + hex8(fnv1a32(s, 0x050c5d1f));
}

/** The member id of the etcd member with this name (`etcd-1`). */
export const memberIdOf = (name: string): string => hexId(`member:${name}`);

/** The cluster id of a cluster of these members (order does not matter). */
export const clusterIdOf = (peers: readonly string[]): string => hexId(`cluster:${[...peers].sort().join(',')}`);
