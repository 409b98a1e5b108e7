// The compact JSON Web Token (RFC 7519) a service account token is: base64url(header) "."
// base64url(claims) "." base64url(signature). kube-apiserver signs with the private key kubeadm put in
// /etc/kubernetes/pki/sa.key (RS256). Simplification, on purpose: Kubeplay signs with HMAC-SHA256
// (RFC 2104, `alg: HS256`) under a secret made from the simulation's PRNG, because RSA key
// generation and signing in pure TypeScript would cost too much per pod; the token still verifies
// only with the apiserver's key, any changed byte breaks it, and it decodes like a real one (jwt.io).

import { decodeBase64, encodeBase64, utf8Bytes, utf8String } from '../../api/base64';
import { sha256Bytes } from '../../node/kube-proxy/hash';

const BLOCK_BYTES = 64;

/** RFC 4648 section 5, without padding (JWS compact serialization). */
export function base64url(bytes: readonly number[]): string {
  return encodeBase64(bytes).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

function fromBase64url(s: string): number[] | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(s)) return undefined;
  const std = s.replace(/-/g, '+').replace(/_/g, '/');
  const padded = std + '='.repeat((4 - (std.length % 4)) % 4);
  const out = decodeBase64(padded);
  return 'bytes' in out ? out.bytes : undefined;
}

/** HMAC-SHA256 (RFC 2104). */
export function hmacSha256(key: readonly number[], message: readonly number[]): number[] {
  const k = key.length > BLOCK_BYTES ? sha256Bytes(key) : key;
  // (K xor ipad) || message, then (K xor opad) || inner digest; K zero-padded to the block.
  const inner = new Uint8Array(BLOCK_BYTES + message.length);
  const outer = new Uint8Array(BLOCK_BYTES + 32);
  for (let i = 0; i < BLOCK_BYTES; i++) {
    const b = i < k.length ? k[i]! : 0;
    inner[i] = b ^ 0x36;
    outer[i] = b ^ 0x5c;
  }
  inner.set(message, BLOCK_BYTES);
  outer.set(sha256Bytes(inner), BLOCK_BYTES);
  return sha256Bytes(outer);
}

export interface JwtHeader {
  alg: 'HS256';
  kid: string;
}

/** header.claims.signature, each part base64url; the claims are serialized by the caller (key order matters). */
export function signJwt(header: JwtHeader, claimsJson: string, key: readonly number[]): string {
  const input = `${base64url(utf8Bytes(JSON.stringify(header)))}.${base64url(utf8Bytes(claimsJson))}`;
  return `${input}.${base64url(hmacSha256(key, utf8Bytes(input)))}`;
}

/** Constant shape compare: every byte is looked at, as a MAC check should. */
function sameBytes(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

/** Does this look like a JWT at all (three base64url parts)? Other bearer tokens go elsewhere. */
export function looksLikeJwt(token: string): boolean {
  return /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(token);
}

/** The header and claims when the signature verifies under `key`, else undefined. */
export function verifyJwt(token: string, key: readonly number[]): { header: Record<string, unknown>; claims: Record<string, unknown> } | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const sig = fromBase64url(parts[2]!);
  if (!sig || !sameBytes(sig, hmacSha256(key, utf8Bytes(`${parts[0]}.${parts[1]}`)))) return undefined;
  const header = decodePart(parts[0]!);
  const claims = decodePart(parts[1]!);
  if (!header || !claims || header.alg !== 'HS256') return undefined;
  return { header, claims };
}

/** One part's JSON object, or undefined when it is not one. */
export function decodePart(part: string): Record<string, unknown> | undefined {
  const bytes = fromBase64url(part);
  if (!bytes) return undefined;
  try {
    const v: unknown = JSON.parse(utf8String(bytes));
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
