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

/**
 * The longest label of `name` that `fits` (the chip's room, measured in the font it is drawn in), in
 * the order a learner loses the least (issue 11: a pending chip showed "eb…6qqmv", cut at its start
 * by a character count that overestimated the room): the whole name; the middle cut with the suffix
 * whole (chipLabel: "web…6qqmv", the suffix kubectl get pods shows) while at least two characters
 * of the start stay ("we…6qqmv"); then MIN_HEAD characters of the start, so the Deployment is still
 * recognised, with the suffix shortened down to MIN_TAIL ("web…qmv"), which still tells the pods of
 * one node apart; then the start. The chip's tooltip and aria-label carry the full name.
 */
export function fitChipLabel(name: string, node: string | undefined, fits: (label: string) => boolean): string {
  if (fits(name)) return name;
  for (let k = name.length - 1; k >= WHOLE_SUFFIX_HEAD + 2; k--) {
    const label = chipLabel(name, node, k);
    const head = label.indexOf('…');
    if (head < WHOLE_SUFFIX_HEAD) break;
    if (fits(label)) return label;
  }
  const dash = name.lastIndexOf('-');
  const suffix = dash > 0 ? name.length - dash - 1 : MIN_TAIL;
  for (const [head, tail] of shrinking(suffix)) {
    const label = `${name.slice(0, head)}…${name.slice(name.length - tail)}`;
    if (fits(label)) return label;
  }
  return `${name.slice(0, 1)}…${name.slice(name.length - MIN_TAIL)}`;
}

const WHOLE_SUFFIX_HEAD = 2;
const MIN_HEAD = 3;
const MIN_TAIL = 3;

/** (head, tail) pairs: the suffix shortened to MIN_TAIL with MIN_HEAD characters of the start, then the start shortened. */
function* shrinking(suffix: number): Generator<[number, number]> {
  for (let tail = Math.min(suffix, 5) - 1; tail >= MIN_TAIL; tail--) yield [MIN_HEAD, tail];
  for (let head = MIN_HEAD - 1; head >= 1; head--) yield [head, MIN_TAIL];
}
