// The pod-template-hash (pkg/controller/controller_utils.go ComputeHash): an FNV-1a 32-bit hash of
// the pod template (and the collision count), printed in decimal and made safe for names by
// rand.SafeEncodeString, which maps every digit to a letter or digit of the vowel-free alphabet.
// The real hash runs over spew's dump of the Go struct; Kubeplay hashes the template's JSON with
// sorted keys, so the value differs from a real cluster's but is as stable and as 10-ish chars long.

import { NAME_ALPHABET } from '../../apiserver/registry/strategy';

function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .filter((k) => o[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

function fnv32a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i) & 0xff;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** rand.SafeEncodeString: each character's code modulo the alphabet's length picks a character. */
export function safeEncodeString(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) out += NAME_ALPHABET[s.charCodeAt(i) % NAME_ALPHABET.length]!;
  return out;
}

export function computeHash(template: unknown, collisionCount?: number): string {
  const text = canonical(template) + (collisionCount ? String(collisionCount) : '');
  return safeEncodeString(String(fnv32a(text)));
}
