// The kubelet's service account token manager (pkg/kubelet/token/token_manager.go) and the projected
// volume's serviceAccountToken source (pkg/volume/projected/projected.go): before a pod's volumes
// are set up, the kubelet asks the apiserver's TokenRequest API for a token bound to the pod
// (POST serviceaccounts/<sa>/token with boundObjectRef Pod, expirationSeconds 3607 for the
// kube-api-access volume) and writes it as the `token` file beside `ca.crt` and `namespace`. It keeps
// the token and fetches a new one once 80 % of its life has passed (requiresRefresh, with up to
// 10 s of jitter), or once it is older than 24 h; the volume's file is then rewritten in place, as
// the AtomicWriter does. A failed request fails MountVolume.SetUp: `failed to fetch token: <err>`,
// and the pod stays in ContainerCreating. Source: kubernetes.io "Configure Service Accounts for
// Pods" and "Managing Service Accounts" (bound service account token volume).

import type { Pod } from '../../api/types';
import { parseTime } from '../../api/time';
import { apiRequest, type ClientEvent } from '../../client/apiclient';
import { isOk } from '../../client/informer';
import type { Effects } from '../../kernel/component';
import { recordEvent } from './events';
import { Reason } from './texts';
import type { KubeletState, PodWorker } from './state';
import { keptString } from '../../kernel/flat-string';

export const TOKEN_REFRESH_TIMER = 'token.refresh';
/** token_manager.go maxTTL and maxJitter. */
const MAX_TTL_MS = 24 * 3600_000;
const MAX_JITTER_MS = 10_000;
/** What a projected serviceAccountToken source asks for when it says nothing (the API default). */
const DEFAULT_EXPIRATION_SECONDS = 3600;

export interface TokenSource {
  volume: string;
  path: string;
  audience: string;
  expirationSeconds: number;
}

export interface CachedToken {
  token: string;
  /** When it was issued and when its status says it expires (simulated ms). */
  issuedAt: number;
  expiresAt: number;
  expirationSeconds: number;
}

interface ProjectedVolume {
  name: string;
  projected?: { sources?: { serviceAccountToken?: { path?: string; audience?: string; expirationSeconds?: number } }[] };
}

/** The pod's projected serviceAccountToken sources. */
export function tokenSources(pod: Pod): TokenSource[] {
  const out: TokenSource[] = [];
  for (const v of ((pod.spec as { volumes?: ProjectedVolume[] }).volumes ?? [])) {
    for (const src of v.projected?.sources ?? []) {
      const t = src.serviceAccountToken;
      if (!t) continue;
      out.push({ volume: v.name, path: t.path ?? 'token', audience: t.audience ?? '', expirationSeconds: t.expirationSeconds ?? DEFAULT_EXPIRATION_SECONDS });
    }
  }
  return out;
}

/** keyFunc: one token per pod, service account, audience and expiry. */
function keyOf(pod: Pod, src: Pick<TokenSource, 'audience' | 'expirationSeconds'>): string {
  return `${pod.metadata.uid ?? ''}|${serviceAccountOf(pod)}|${src.audience}|${src.expirationSeconds}`;
}

function serviceAccountOf(pod: Pod): string {
  return pod.spec.serviceAccountName ?? 'default';
}

/** The token file a source's volume holds now, if the kubelet has one. */
export function tokenFor(s: KubeletState, pod: Pod, src: Pick<TokenSource, 'audience' | 'expirationSeconds'>): string | undefined {
  return s.tokens?.get(keyOf(pod, src))?.token;
}

/** requiresRefresh: past 80 % of its life (less a jitter), or older than a day. */
function refreshAt(t: CachedToken, jitterMs: number): number {
  const byAge = t.issuedAt + MAX_TTL_MS - jitterMs;
  const byLife = t.expiresAt - t.expirationSeconds * 200 - jitterMs;
  return Math.min(byAge, byLife);
}

function requestToken(s: KubeletState, ctx: Effects, w: PodWorker, src: TokenSource, key: string): void {
  (s.tokenRequests ??= new Set()).add(key);
  const sa = serviceAccountOf(w.pod);
  const spec: Record<string, unknown> = { expirationSeconds: src.expirationSeconds, boundObjectRef: { kind: 'Pod', apiVersion: 'v1', name: w.name, uid: w.uid } };
  if (src.audience) spec.audiences = [src.audience];
  apiRequest(
    ctx,
    s.client,
    { method: 'POST', path: `/api/v1/namespaces/${w.namespace}/serviceaccounts/${sa}/token`, body: { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec } },
    'token',
    { key, uid: w.uid, volume: src.volume },
    { phase: 'execution', object: { kind: 'ServiceAccount', name: sa, namespace: w.namespace } },
  );
}

/**
 * True when every token the pod's volumes need is at hand; otherwise the missing ones are asked
 * for (once) and the pod's sync waits for the answer (onTokenResponse resumes it).
 */
export function tokensReady(s: KubeletState, ctx: Effects, w: PodWorker): boolean {
  let ready = true;
  for (const src of tokenSources(w.pod)) {
    const key = keyOf(w.pod, src);
    if (s.tokens?.has(key)) continue;
    ready = false;
    if (!s.tokenRequests?.has(key)) requestToken(s, ctx, w, src, key);
  }
  return ready;
}

interface TokenCall {
  key: string;
  uid: string;
  volume: string;
}

/**
 * The TokenRequest answered: keep the token and set its refresh; the caller lets the pod go on, or
 * rewrites the volume (`refreshed`), or retries later after the FailedMount (`failed`).
 */
export function onTokenResponse(s: KubeletState, ctx: Effects, ev: ClientEvent): { w: PodWorker; failed?: string; refreshed?: boolean } | undefined {
  const call = ev.call.data as TokenCall;
  s.tokenRequests?.delete(call.key);
  const w = s.workers.get(call.uid);
  if (!w || w.terminating) return undefined;
  if (ev.kind !== 'response' || !isOk(ev.response)) {
    const why = ev.kind === 'response' ? ((ev.response.body as { message?: string } | undefined)?.message ?? `status ${ev.response.status}`) : String(ev.kind === 'error' ? ev.error : 'connection ended');
    const err = `MountVolume.SetUp failed for volume "${call.volume}" : failed to fetch token: ${why}`;
    recordEvent(s, ctx, w.pod, undefined, 'Warning', Reason.FailedMount, err);
    // A refresh that failed keeps the old token (still valid for a while) and tries again.
    if (s.tokens?.has(call.key)) ctx.setTimer(10_000, TOKEN_REFRESH_TIMER, call);
    return { w, failed: err, refreshed: s.tokens?.has(call.key) ?? false };
  }
  const body = ev.response.body as { spec?: { expirationSeconds?: number }; status?: { token?: string; expirationTimestamp?: string } };
  const t: CachedToken = {
    token: keptString(body.status?.token ?? ''),
    issuedAt: ctx.now,
    expiresAt: body.status?.expirationTimestamp ? parseTime(body.status.expirationTimestamp) : ctx.now,
    expirationSeconds: body.spec?.expirationSeconds ?? DEFAULT_EXPIRATION_SECONDS,
  };
  const refreshed = s.tokens?.has(call.key) ?? false;
  (s.tokens ??= new Map()).set(call.key, t);
  const at = refreshAt(t, Math.floor(ctx.rand() * MAX_JITTER_MS));
  ctx.setTimer(Math.max(1, at - ctx.now), TOKEN_REFRESH_TIMER, { key: call.key, uid: call.uid, volume: call.volume });
  return { w, refreshed };
}

/** The refresh is due: ask again (the old token stays in the file until the new one comes). */
export function onTokenRefreshTimer(s: KubeletState, ctx: Effects, payload: TokenCall): void {
  const w = s.workers.get(payload.uid);
  if (!w || w.terminating || !s.tokens?.has(payload.key)) return;
  const src = tokenSources(w.pod).find((x) => keyOf(w.pod, x) === payload.key);
  if (src && !s.tokenRequests?.has(payload.key)) requestToken(s, ctx, w, src, payload.key);
}

/** The pod is gone: its tokens go with it (DeleteServiceAccountToken). */
export function forgetPodTokens(s: KubeletState, uid: string): void {
  if (!s.tokens) return;
  for (const key of [...s.tokens.keys()]) if (key.startsWith(`${uid}|`)) s.tokens.delete(key);
}
