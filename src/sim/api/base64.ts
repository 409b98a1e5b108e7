// The `[]byte` fields of the API (Secret.data, ConfigMap.binaryData) travel as standard base64
// (encoding/json with base64.StdEncoding, RFC 4648 section 4, padded). The apiserver decodes them
// while decoding the body, so a bad value fails there with Go's CorruptInputError text
// (`illegal base64 data at input byte 4`), and sizes are counted in decoded bytes.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const INDEX = new Map([...ALPHABET].map((c, i) => [c, i]));

/** A JavaScript string as UTF-8 bytes (what a Go string holds). */
export function utf8Bytes(s: string): number[] {
  // ASCII (every token's JSON, most text) is its own bytes: no code point iteration.
  const ascii = new Array<number>(s.length);
  let i = 0;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x80) break;
    ascii[i] = c;
  }
  if (i === s.length) return ascii;
  const out: number[] = [];
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x80) out.push(cp);
    else if (cp < 0x800) out.push(0xc0 | (cp >> 6), 0x80 | (cp & 63));
    else if (cp < 0x10000) out.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
    else out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
  }
  return out;
}

/** Bytes read as UTF-8, an invalid sequence as U+FFFD (how a Go []byte prints as a string). */
export function utf8String(bytes: readonly number[]): string {
  let out = '';
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]!;
    const need = b < 0x80 ? 0 : b >= 0xc2 && b < 0xe0 ? 1 : b >= 0xe0 && b < 0xf0 ? 2 : b >= 0xf0 && b < 0xf5 ? 3 : -1;
    const cont = bytes.slice(i + 1, i + 1 + Math.max(need, 0));
    if (need < 0 || cont.length < need || cont.some((c) => (c & 0xc0) !== 0x80)) {
      out += '\uFFFD';
      i++;
      continue;
    }
    let cp = need === 0 ? b : b & (0x3f >> need);
    for (const c of cont) cp = (cp << 6) | (c & 0x3f);
    out += String.fromCodePoint(cp);
    i += need + 1;
  }
  return out;
}

/** base64.StdEncoding.EncodeToString. */
export function encodeBase64(bytes: readonly number[]): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    s += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]!;
    s += i + 1 < bytes.length ? ALPHABET[(n >> 6) & 63]! : '=';
    s += i + 2 < bytes.length ? ALPHABET[n & 63]! : '=';
  }
  return s;
}

/** A text's UTF-8 bytes in base64: how `stringData` and `kubectl create secret` fill `data`. */
export function base64OfText(s: string): string {
  return encodeBase64(utf8Bytes(s));
}

/**
 * base64.StdEncoding.Decode, with its error offsets (decodeQuantum in encoding/base64): the bytes,
 * or `illegal base64 data at input byte N`. Go skips \r and \n anywhere in the input.
 */
export function decodeBase64(src: string): { bytes: number[] } | { error: string } {
  const fail = (at: number) => ({ error: `illegal base64 data at input byte ${at}` });
  const out: number[] = [];
  let si = 0;
  while (si < src.length) {
    const quantum: number[] = [];
    let dlen = 4;
    for (let j = 0; j < 4; j++) {
      while (si < src.length && (src[si] === '\n' || src[si] === '\r')) si++;
      if (si === src.length) {
        if (j === 0) return { bytes: out };
        return fail(si - j);
      }
      const c = src[si]!;
      si++;
      const v = INDEX.get(c);
      if (v !== undefined) {
        quantum.push(v);
        continue;
      }
      if (c !== '=') return fail(si - 1);
      // Padding: only in the third or fourth place, and `==` when in the third.
      if (j === 0 || j === 1) return fail(si - 1);
      if (j === 2) {
        while (si < src.length && (src[si] === '\n' || src[si] === '\r')) si++;
        if (si === src.length) return fail(src.length);
        if (src[si] !== '=') return fail(si - 1);
        si++;
      }
      while (si < src.length && (src[si] === '\n' || src[si] === '\r')) si++;
      if (si < src.length) return fail(si);
      dlen = j;
      break;
    }
    const n = ((quantum[0] ?? 0) << 18) | ((quantum[1] ?? 0) << 12) | ((quantum[2] ?? 0) << 6) | (quantum[3] ?? 0);
    const bytes = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
    out.push(...bytes.slice(0, dlen - 1));
  }
  return { bytes: out };
}

/** The text a base64 value holds (a mounted file's content, an env value); undefined if it is not base64. */
export function textOfBase64(value: string): string | undefined {
  const d = decodeBase64(value);
  return 'bytes' in d ? utf8String(d.bytes) : undefined;
}
