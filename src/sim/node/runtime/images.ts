// containerd's image service: PullImage resolves the reference at the registry, then "downloads"
// for size / bandwidth on a timer; ImageStatus and ListImages read the content store. Error texts
// are containerd 1.7's (pkg/cri/server/image_pull.go wraps the resolver's error):
//   failed to pull and unpack image "docker.io/library/nginx:1.999": failed to resolve reference
//   "docker.io/library/nginx:1.999": docker.io/library/nginx:1.999: not found

import type { Effects } from '../../kernel/component';
import type { MessageId } from '../../kernel/units';
import { sha256Of } from '../registry/digest';
import { normalizeImage, parseImageReference, repositoryName } from '../registry/reference';
import type { RegistryResolveRequest, RegistryResolveResponse } from '../registry/registry';
import type { CriError, ImageInfo, PullImageResult } from './cri';
import { answer } from './reply';
import { clog, type ContainerdState, type Waiter } from './state';

export const PULL_DONE_TIMER = 'image.pull.done';
export const REGISTRY_TIMEOUT_TIMER = 'image.pull.timeout';
const REGISTRY_TIMEOUT_MS = 30_000;

export function imageInfo(name: string, size: number, digest: string): ImageInfo {
  const ref = parseImageReference(name);
  return {
    id: sha256Of(`image:${name}`),
    repoTags: [name],
    repoDigests: ref ? [`${repositoryName(ref)}@${digest}`] : [],
    size,
  };
}

/** Find an image by any name the kubelet may use (`nginx`, `nginx:1.25`, the full name, the id). */
export function findImage(s: ContainerdState, image: string): ImageInfo | undefined {
  return s.images.get(normalizeImage(image)) ?? [...s.images.values()].find((i) => i.id === image);
}

export function pullErrorText(ref: string, error: 'not-found' | 'denied' | 'invalid' | 'unreachable'): CriError {
  const head = `failed to pull and unpack image "${ref}": failed to resolve reference "${ref}": `;
  switch (error) {
    case 'not-found':
      return { code: 'NotFound', message: `${head}${ref}: not found` };
    case 'denied':
      return { code: 'Unknown', message: `${head}pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed` };
    case 'invalid':
      return { code: 'Unknown', message: `failed to pull and unpack image "${ref}": failed to parse image reference "${ref}"` };
    case 'unreachable': {
      const r = parseImageReference(ref);
      const host = r?.domain === 'docker.io' ? 'registry-1.docker.io' : (r?.domain ?? 'registry');
      return { code: 'Unknown', message: `${head}failed to do request: Head "https://${host}/v2/${r?.path ?? ''}/manifests/${r?.tag ?? 'latest'}": dial tcp: lookup ${host}: i/o timeout` };
    }
  }
}

/** Start (or join) a pull. `waiter` is the kubelet's PullImage call; `sandbox` a RunPodSandbox waiting for the pause image. */
export function startPull(s: ContainerdState, ctx: Effects, image: string, waiter?: Waiter, sandbox?: string): void {
  const name = normalizeImage(image);
  const existing = s.pulls.get(name);
  if (existing) {
    if (waiter) existing.waiters.push(waiter);
    if (sandbox) existing.sandboxes.push(sandbox);
    return;
  }
  clog(ctx, 'info', `PullImage "${image}"`);
  const req: RegistryResolveRequest = { type: 'registry.resolve', reference: name };
  const id = ctx.send(s.config.registry, req, { summary: `GET manifest ${name}`, phase: 'execution' });
  ctx.setTimer(REGISTRY_TIMEOUT_MS, REGISTRY_TIMEOUT_TIMER, name);
  s.pulls.set(name, { image: name, waiters: waiter ? [waiter] : [], sandboxes: sandbox ? [sandbox] : [], registryRequest: id, startedAt: ctx.now });
}

/** The registry answered: download the layers (a timer) or fail every waiter. Returns sandboxes to fail. */
export function onRegistryResponse(s: ContainerdState, ctx: Effects, r: RegistryResolveResponse): string[] {
  const pull = s.pulls.get(r.reference);
  if (!pull || pull.registryRequest !== r.requestId) return [];
  pull.registryRequest = undefined;
  if (r.result.ok) {
    const ms = Math.max(1, Math.round((r.result.sizeBytes / Math.max(1, s.config.bandwidthBytesPerSec)) * 1000));
    ctx.setTimer(ms, PULL_DONE_TIMER, { name: r.reference, size: r.result.sizeBytes, digest: r.result.digest });
    return [];
  }
  return failPull(s, ctx, r.reference, r.result.error);
}

export function failPull(s: ContainerdState, ctx: Effects, name: string, error: 'not-found' | 'denied' | 'invalid' | 'unreachable'): string[] {
  const pull = s.pulls.get(name);
  if (!pull) return [];
  s.pulls.delete(name);
  const err = pullErrorText(name, error);
  clog(ctx, 'error', `PullImage "${name}" failed`, `error="${err.message.replace(/"/g, '\\"')}"`);
  for (const w of pull.waiters) answer(ctx, w, undefined, err, `PullImage ${name}: ${error === 'not-found' ? 'not found' : 'failed'}`);
  return pull.sandboxes;
}

export function onRegistryTimeout(s: ContainerdState, ctx: Effects, name: string): string[] {
  const pull = s.pulls.get(name);
  if (!pull || pull.registryRequest === undefined) return [];
  return failPull(s, ctx, name, 'unreachable');
}

export function onRegistryRefused(s: ContainerdState, ctx: Effects, requestId: MessageId): string[] {
  for (const p of s.pulls.values()) if (p.registryRequest === requestId) return failPull(s, ctx, p.image, 'unreachable');
  return [];
}

/** The download finished: store the image and answer everyone waiting. Returns the sandboxes that can go on. */
export function onPullDone(s: ContainerdState, ctx: Effects, p: { name: string; size: number; digest: string }): string[] {
  const pull = s.pulls.get(p.name);
  s.pulls.delete(p.name);
  const info = imageInfo(p.name, p.size, p.digest);
  s.images.set(p.name, info);
  clog(ctx, 'info', `PullImage "${p.name}" returns image reference "${info.id}"`);
  const result: PullImageResult = { imageRef: info.id, size: p.size, image: info };
  for (const w of pull?.waiters ?? []) answer(ctx, w, result, undefined, `PullImage ${p.name}: pulled ${p.size} bytes`);
  return pull?.sandboxes ?? [];
}
