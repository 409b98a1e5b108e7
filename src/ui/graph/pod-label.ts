// A pod's name on a chip too narrow for all of it: cut in the middle, never at the end, since the end
// is what tells a Deployment's pods apart (web-7c9f8d6b5-x2x4k: the ReplicaSet's hash, then the pod's
// random suffix; kubernetes.io, "Deployments" and "ReplicaSet" pages). The chip's tooltip carries the full name.

/** At most `max` characters of `name`: its last dash-separated part kept whole when it fits, `…` in the middle. */
export function middleEllipsis(name: string, max: number): string {
  if (name.length <= max) return name;
  const dash = name.lastIndexOf('-');
  const last = dash > 0 ? name.length - dash - 1 : 0;
  // Keep the last part whole when it leaves room for a character of the prefix and the ellipsis.
  const tail = last > 0 && last <= max - 2 ? last : Math.ceil((max - 1) / 2);
  const head = max - 1 - tail;
  return `${name.slice(0, head)}…${name.slice(name.length - tail)}`;
}

/** Characters of a pod's name a compact chip shows (layout.ts K.chipW at 12 px, beside the status glyph). */
export const CHIP_NAME_CHARS = 9;

/** Characters of a pod's name a compact chip `w` units wide shows: about 8 units a character at 12 px, past the glyph. */
export function chipNameChars(w: number): number {
  return Math.max(CHIP_NAME_CHARS, Math.floor((w - 18) / 8));
}

/** Characters of a pod's name a full pod box shows (layout.ts POD_W at 11 px bold, beside its icon and READY). */
export const POD_NAME_CHARS = 13;
