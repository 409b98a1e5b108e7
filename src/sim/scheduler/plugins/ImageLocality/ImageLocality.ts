// ImageLocality (plugins/imagelocality): favour nodes that already have the pod's images, weighted
// by image size and by how many nodes have it (spread), clamped between 23 MB and 1000 MB per container.

import { MAX_NODE_SCORE, PluginNames, type CycleContext, type Plugin } from '../../framework/types';
import { HAS_IMAGES } from '../../framework/node-table';

const MB = 1024 * 1024;
export const MIN_THRESHOLD = 23 * MB;
export const MAX_CONTAINER_THRESHOLD = 1000 * MB;
const NO_IMAGES: readonly { names: string[]; sizeBytes: number }[] = Object.freeze([]);

/** normalizedImageName: an image without a tag means `:latest`. */
export function normalizedImageName(name: string): string {
  return name.lastIndexOf(':') <= name.lastIndexOf('/') ? `${name}:latest` : name;
}

/**
 * How many of the snapshot's nodes have the image (ImageStateSummary.NumNodes): the snapshot keeps
 * the count per image name as the real cache does (snapshot.ts); without one (a cycle run on its
 * own), counted once per cycle and image from the nodes.
 */
function nodesWithImage(ctx: CycleContext, name: string): number {
  if (ctx.imageNumNodes) return ctx.imageNumNodes.get(name) ?? 0;
  const memo = (ctx.state['ImageLocality/numNodes'] ??= new Map<string, number>()) as Map<string, number>;
  let n = memo.get(name);
  if (n === undefined) {
    n = 0;
    for (const node of ctx.nodes) if ((node.node.status?.images ?? []).some((i) => i.names.includes(name))) n++;
    memo.set(name, n);
  }
  return n;
}

/** The pod's containers (init ones too) and their images' normalised names, once per cycle. */
function podImages(ctx: CycleContext): { containers: number; images: string[] } {
  const key = 'ImageLocality/images';
  let out = ctx.state[key] as { containers: number; images: string[] } | undefined;
  if (!out) {
    const containers = [...(ctx.pod.pod.spec.initContainers ?? []), ...(ctx.pod.pod.spec.containers ?? [])];
    out = { containers: containers.length, images: containers.filter((c) => c.image).map((c) => normalizedImageName(c.image!)) };
    ctx.state[key] = out;
  }
  return out;
}

export const ImageLocality: Plugin = {
  name: PluginNames.ImageLocality,
  weight: 1,
  score(ctx, node, row) {
    const { containers, images } = podImages(ctx);
    const total = ctx.nodes.length;
    let sum = 0;
    // A node the cycle's table says has no images (node-table.ts) is not read.
    const noImages = row !== undefined && !!ctx.table && (ctx.table.flags[row]! & HAS_IMAGES) === 0;
    const nodeImages = (noImages ? undefined : node.node.status?.images) ?? NO_IMAGES;
    for (const name of nodeImages.length ? images : []) {
      const img = nodeImages.find((i) => i.names.includes(name));
      if (!img) continue;
      const numNodes = nodesWithImage(ctx, name);
      sum += Math.trunc(img.sizeBytes * (numNodes / total));
    }
    const max = MAX_CONTAINER_THRESHOLD * containers;
    if (sum < MIN_THRESHOLD) sum = MIN_THRESHOLD;
    else if (sum > max) sum = max;
    return Math.trunc((MAX_NODE_SCORE * (sum - MIN_THRESHOLD)) / (max - MIN_THRESHOLD));
  },
};
