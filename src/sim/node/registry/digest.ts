// Deterministic stand-ins for content digests. A real digest is the sha256 of a manifest; the
// simulation has no bytes to hash, so it derives 64 hex digits from a name with eight FNV-1a lanes.
// The same name always gives the same digest, so `imageID` and container ids are stable across runs.

function fnv1a(s: string, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** 64 lowercase hex digits derived from `s`. */
export function hex64(s: string): string {
  let out = '';
  for (let lane = 0; lane < 8; lane++) out += fnv1a(s, lane * 0x9e3779b1).toString(16).padStart(8, '0');
  return out;
}

/** `sha256:<64 hex>` */
export function sha256Of(s: string): string {
  return `sha256:${hex64(s)}`;
}
