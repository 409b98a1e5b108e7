// Bound service account tokens (pkg/serviceaccount/claims.go and jwt.go, v1.31): what a token says
// and how the apiserver's authenticator decides it still holds. The claims are the registered ones
// (iss, sub, aud, iat, nbf, exp, jti — ServiceAccountTokenJTI is on in v1.31) plus `kubernetes.io`
// naming the namespace, the ServiceAccount and, for a pod-bound token, the pod and its node
// (ServiceAccountTokenPodNodeInfo), and `warnafter` when the expiry was extended. go-jose marshals
// them through a map, so the keys come out sorted, as a decoded real token shows.
// Source: kubernetes.io "Managing Service Accounts" (Bound service account tokens) and
// "Configure Service Accounts for Pods"; the TokenRequest API reference.

import type { KubeObject } from '../../api/types';
import { parseTime } from '../../api/time';
import { simEpochMs } from '../../api/time';
import type { UserInfo } from '../authn';
import { base64url, looksLikeJwt, signJwt, verifyJwt } from './jwt';
import { sha256Bytes } from '../../node/kube-proxy/hash';

/** kubeadm's --service-account-issuer; --api-audiences defaults to it. */
export const SERVICE_ACCOUNT_ISSUER = 'https://kubernetes.default.svc.cluster.local';
export const API_AUDIENCES = [SERVICE_ACCOUNT_ISSUER];
/** serviceaccount.WarnOnlyBoundTokenExpirationSeconds: what the kubelet's projected volume asks for. */
export const WARN_ONLY_BOUND_TOKEN_EXPIRATION_SECONDS = 3607;
/** serviceaccount.ExpirationExtensionSeconds: one year, the hard expiry of an extended token. */
export const EXPIRATION_EXTENSION_SECONDS = 24 * 365 * 60 * 60;
/** jwt.go: a token of a pod deleted longer ago than this no longer authenticates. */
const POD_DELETION_GRACE_S = 60;

export const SERVICE_ACCOUNTS_GROUP = 'system:serviceaccounts';
const EXTRA = 'authentication.kubernetes.io/';

interface Ref {
  name: string;
  uid: string;
}

export interface TokenSubject {
  serviceAccount: KubeObject;
  pod?: KubeObject;
  /** The pod's node as the apiserver found it (uid absent when the Node is not there). */
  node?: { name: string; uid?: string };
  audiences: string[];
  /** Seconds until the token expires (the extended year for a kubelet's 3607 request). */
  expirationSeconds: number;
  /** Seconds after which the apiserver logs that a stale token was used; 0 when not extended. */
  warnAfterSeconds: number;
  jti: string;
}

/** Unix seconds of a simulated instant. */
export function unixSeconds(simMs: number): number {
  return Math.floor((simEpochMs() + simMs) / 1000);
}

/** The key id: derived from the signing key, as the real one is a hash of the public key. */
export function keyId(key: readonly number[]): string {
  return base64url(sha256Bytes(key));
}

function ref(o: KubeObject): Ref {
  return { name: o.metadata.name ?? '', uid: o.metadata.uid ?? '' };
}

/** The JSON claims with keys in go-jose's (sorted) order. */
export function claimsJson(t: TokenSubject, nowMs: number): string {
  const now = unixSeconds(nowMs);
  const sa = t.serviceAccount;
  const namespace = sa.metadata.namespace ?? '';
  const k8s: Record<string, unknown> = { namespace };
  if (t.node) k8s.node = t.node.uid ? { name: t.node.name, uid: t.node.uid } : { name: t.node.name };
  if (t.pod) k8s.pod = ref(t.pod);
  k8s.serviceaccount = ref(sa);
  if (t.warnAfterSeconds) k8s.warnafter = now + t.warnAfterSeconds;
  return JSON.stringify({
    aud: t.audiences,
    exp: now + t.expirationSeconds,
    iat: now,
    iss: SERVICE_ACCOUNT_ISSUER,
    jti: t.jti,
    'kubernetes.io': k8s,
    nbf: now,
    sub: `system:serviceaccount:${namespace}:${sa.metadata.name ?? ''}`,
  });
}

export function issueToken(t: TokenSubject, nowMs: number, key: readonly number[]): string {
  return signJwt({ alg: 'HS256', kid: keyId(key) }, claimsJson(t, nowMs), key);
}

/** What the authenticator reads from the apiserver's caches. */
export interface TokenGetters {
  serviceAccount(namespace: string, name: string): KubeObject | undefined;
  pod(namespace: string, name: string): KubeObject | undefined;
}

interface K8sClaims {
  namespace?: string;
  serviceaccount?: Partial<Ref>;
  pod?: Partial<Ref>;
  node?: Partial<Ref>;
}

/**
 * The service account token authenticator: the user the token names, or why it is refused (the
 * apiserver logs the reason; the client only ever sees 401 Unauthorized). Not a JWT, or not signed
 * by this apiserver: `undefined`, so another authenticator may try.
 */
export function authenticateServiceAccountToken(
  token: string,
  key: readonly number[],
  nowMs: number,
  get: TokenGetters,
): { user: UserInfo } | { error: string } | undefined {
  if (!looksLikeJwt(token)) return undefined;
  const v = verifyJwt(token, key);
  if (!v) return undefined;
  const c = v.claims;
  if (c.iss !== SERVICE_ACCOUNT_ISSUER) return undefined;
  const aud = Array.isArray(c.aud) ? c.aud : [c.aud];
  if (!aud.some((a) => API_AUDIENCES.includes(a as string))) return { error: 'token audiences is invalid' };
  const now = unixSeconds(nowMs);
  if (typeof c.exp !== 'number' || now >= c.exp) return { error: 'service account token has expired' };
  if (typeof c.nbf === 'number' && now < c.nbf) return { error: 'service account token is not valid yet' };
  const k = (c['kubernetes.io'] ?? {}) as K8sClaims;
  const ns = k.namespace ?? '';
  const saName = k.serviceaccount?.name ?? '';
  const sa = get.serviceAccount(ns, saName);
  if (!sa) return { error: `service account ${ns}/${saName} has been deleted` };
  if (sa.metadata.uid !== k.serviceaccount?.uid) return { error: `service account UID (${k.serviceaccount?.uid ?? ''}) does not match claim (${sa.metadata.uid ?? ''})` };
  if (sa.metadata.deletionTimestamp) return { error: 'Token has been invalidated' };
  const extra: Record<string, string[]> = {};
  if (k.pod) {
    const pod = get.pod(ns, k.pod.name ?? '');
    if (!pod) return { error: `pod ${ns}/${k.pod.name ?? ''} has been deleted` };
    if (pod.metadata.uid !== k.pod.uid) return { error: `pod UID (${k.pod.uid ?? ''}) does not match claim (${pod.metadata.uid ?? ''})` };
    const dt = pod.metadata.deletionTimestamp;
    if (dt && parseTime(dt) < nowMs - POD_DELETION_GRACE_S * 1000) return { error: 'Token has been invalidated' };
    extra[`${EXTRA}pod-name`] = [k.pod.name ?? ''];
    extra[`${EXTRA}pod-uid`] = [k.pod.uid ?? ''];
  }
  if (typeof c.jti === 'string' && c.jti) extra[`${EXTRA}credential-id`] = [`JTI=${c.jti}`];
  if (k.node?.name) {
    extra[`${EXTRA}node-name`] = [k.node.name];
    if (k.node.uid) extra[`${EXTRA}node-uid`] = [k.node.uid];
  }
  const user: UserInfo = { username: `system:serviceaccount:${ns}:${saName}`, groups: [SERVICE_ACCOUNTS_GROUP, `${SERVICE_ACCOUNTS_GROUP}:${ns}`] };
  if (sa.metadata.uid) user.uid = sa.metadata.uid;
  if (Object.keys(extra).length) user.extra = extra;
  return { user };
}
