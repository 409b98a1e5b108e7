// The chain names kube-proxy gives a service port and an endpoint (pkg/proxy/iptables/proxier.go
// portProtoHash, servicePortChainName, servicePortEndpointChainName): the first 16 characters of the
// base32 encoding of a SHA-256 digest. SHA-256 is written out here because src/sim may not import
// Node's crypto (it also runs in the browser), and it must be synchronous.

const K = [
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
  0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
];

function utf8(s: string): number[] {
  const out: number[] = [];
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return out;
}

// The digest runs for every service account token (HMAC, two digests) and every kube-proxy chain
// name, so it works in typed arrays: one message schedule reused by every block, no per-block lists.
const W = new Int32Array(64);

function compress(h: Int32Array, bytes: Uint8Array, off: number): void {
  const w = W;
  for (let i = 0; i < 16; i++) {
    const j = off + i * 4;
    w[i] = (bytes[j]! << 24) | (bytes[j + 1]! << 16) | (bytes[j + 2]! << 8) | bytes[j + 3]!;
  }
  for (let i = 16; i < 64; i++) {
    const x = w[i - 15]!;
    const y = w[i - 2]!;
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
  }
  let a = h[0]!;
  let b = h[1]!;
  let c = h[2]!;
  let d = h[3]!;
  let e = h[4]!;
  let f = h[5]!;
  let g = h[6]!;
  let hh = h[7]!;
  for (let i = 0; i < 64; i++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (hh + S1 + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    hh = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  h[0] = (h[0]! + a) | 0;
  h[1] = (h[1]! + b) | 0;
  h[2] = (h[2]! + c) | 0;
  h[3] = (h[3]! + d) | 0;
  h[4] = (h[4]! + e) | 0;
  h[5] = (h[5]! + f) | 0;
  h[6] = (h[6]! + g) | 0;
  h[7] = (h[7]! + hh) | 0;
}

export function sha256(text: string): number[] {
  return sha256Bytes(utf8(text));
}

/** SHA-256 of raw bytes (HMAC needs it for keys and inner digests that are not UTF-8 text). */
export function sha256Bytes(input: ArrayLike<number>): number[] {
  const n = input.length;
  // The message, 0x80, zeros up to 56 mod 64, then the length in bits as 64 bits big-endian.
  const padded = new Uint8Array((((n + 8) >> 6) + 1) << 6);
  for (let i = 0; i < n; i++) padded[i] = input[i]!;
  padded[n] = 0x80;
  const bitLen = n * 8;
  const end = padded.length;
  padded[end - 5] = Math.floor(bitLen / 2 ** 32) & 255;
  padded[end - 4] = (bitLen >>> 24) & 255;
  padded[end - 3] = (bitLen >>> 16) & 255;
  padded[end - 2] = (bitLen >>> 8) & 255;
  padded[end - 1] = bitLen & 255;
  const h = Int32Array.of(0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19);
  for (let off = 0; off < end; off += 64) compress(h, padded, off);
  const out = new Array<number>(32);
  for (let i = 0; i < 8; i++) {
    const v = h[i]!;
    out[i * 4] = (v >>> 24) & 255;
    out[i * 4 + 1] = (v >>> 16) & 255;
    out[i * 4 + 2] = (v >>> 8) & 255;
    out[i * 4 + 3] = v & 255;
  }
  return out;
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** base32.StdEncoding without padding (only a prefix is ever used). */
export function base32(bytes: number[]): string {
  let out = '';
  let buf = 0;
  let bits = 0;
  for (const b of bytes) {
    buf = (buf << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(buf >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buf &= (1 << bits) - 1;
  }
  if (bits > 0) out += BASE32[(buf << (5 - bits)) & 31];
  return out;
}

/** portProtoHash: servicePortName is `ns/name` or `ns/name:port`, protocol lower case (`tcp`). */
export function portProtoHash(servicePortName: string, protocol: string): string {
  return base32(sha256(servicePortName + protocol)).slice(0, 16);
}

export function servicePortChainName(servicePortName: string, protocol: string): string {
  return `KUBE-SVC-${portProtoHash(servicePortName, protocol)}`;
}

export function externalChainName(servicePortName: string, protocol: string): string {
  return `KUBE-EXT-${portProtoHash(servicePortName, protocol)}`;
}

/** servicePortEndpointChainName: the endpoint is `ip:port`. */
export function servicePortEndpointChainName(servicePortName: string, protocol: string, endpoint: string): string {
  return `KUBE-SEP-${base32(sha256(servicePortName + protocol + endpoint)).slice(0, 16)}`;
}
