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

/**
 * The name on a pod's chip on node `node`. A static pod's mirror pod is named after its manifest with
 * the node's name appended (kubernetes.io/docs/tasks/configure-pod-container/static-pod: "the Pod
 * names will be suffixed with the node hostname with a leading hyphen"): etcd-control-plane,
 * kube-controller-manager-control-plane. On its own node's region the start says which component it
 * is and the node suffix is what the region already says, so such a name is cut at its end
 * (kube-controller-manag…), not in the middle (kub…plane). Every other name keeps its suffix (middleEllipsis).
 */
export function chipLabel(name: string, node: string | undefined, max: number): string {
  if (name.length <= max) return name;
  if (node && name.endsWith(`-${node}`) && name.length > node.length + 1) return `${name.slice(0, max - 1)}…`;
  return middleEllipsis(name, max);
}
