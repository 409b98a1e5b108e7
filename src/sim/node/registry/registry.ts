// The image registry (registry-1.docker.io and friends, one process standing for every registry
// host). containerd resolves a reference by asking for its manifest; the registry answers with the
// digest and the compressed size, or with the error a real registry gives: an unknown tag is a 404
// (containerd: `<ref>: not found`), an unknown repository is a 401 insufficient_scope, because
// Docker Hub will not say whether a private repository exists.

import type { ComponentType, Effects, Message, Timer } from '../../kernel/component';
import { lookupImage } from './behaviour';
import { sha256Of } from './digest';
import { publishedDigest } from './published-digests';
import { normalizedName } from './reference';

/** containerd -> registry: resolve a (normalised) reference. */
export interface RegistryResolveRequest {
  type: 'registry.resolve';
  reference: string;
}

export type RegistryResolveResult =
  | { ok: true; name: string; digest: string; sizeBytes: number }
  | { ok: false; error: 'not-found' | 'denied' | 'invalid' };

/** registry -> containerd */
export interface RegistryResolveResponse {
  type: 'registry.response';
  requestId: number;
  reference: string;
  result: RegistryResolveResult;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface RegistryConfig {}

export interface RegistryState {
  /** How many manifests were served: the UI shows it, nothing else depends on it. */
  served: number;
}

/** The registry's answer for a reference, as a pure function (tests and containerd's crictl use it). */
export function resolveReference(reference: string): RegistryResolveResult {
  const l = lookupImage(reference);
  if (l.found) {
    // The real digest where one was checked (published-digests.ts), else a stable stand-in.
    const name = normalizedName(l.ref);
    return { ok: true, name, digest: publishedDigest(name) ?? sha256Of(`manifest:${name}`), sizeBytes: l.sizeBytes };
  }
  if (l.reason === 'no-tag') return { ok: false, error: 'not-found' };
  if (l.reason === 'no-repository') return { ok: false, error: 'denied' };
  return { ok: false, error: 'invalid' };
}

function onMessage(state: RegistryState, msg: Message, ctx: Effects): void {
  const body = msg.body as RegistryResolveRequest;
  if (body.type !== 'registry.resolve') return;
  const result = resolveReference(body.reference);
  state.served++;
  const reply: RegistryResolveResponse = { type: 'registry.response', requestId: msg.id, reference: body.reference, result };
  const what = result.ok ? `200 manifest ${result.digest.slice(0, 19)}` : result.error === 'not-found' ? '404 manifest unknown' : '401 insufficient_scope';
  ctx.reply(msg, reply, { summary: `${what} (${body.reference})`, phase: 'execution' });
}

export const imageRegistry: ComponentType<RegistryState, RegistryConfig> = {
  kind: 'registry',
  start() {
    return { served: 0 };
  },
  onMessage,
  onTimer(_s: RegistryState, _t: Timer) {},
};
