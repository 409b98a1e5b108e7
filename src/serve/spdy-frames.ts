// SPDY/3.1 framing (draft-mbelshe-httpbis-spdy-00, the protocol moby/spdystream speaks and
// kubectl port-forward uses, tunnelled over a WebSocket in v1.31): a control frame is
// `1 | version(15)=3 | type(16) | flags(8) | length(24) | data`, a data frame
// `0 | stream-id(31) | flags(8) | length(24) | data`. Header blocks are zlib streams, one per
// direction for the whole connection, primed with SPDY's dictionary: the client's are inflated
// (every block so far, sync-flushed as Go's framer writes them, so the output grows by the new
// block's headers), and this side's are written as stored (uncompressed) deflate blocks, each
// sync-flushed, which any inflater reads. No npm package for SPDY is installed in this project, hence this small codec.

import { constants, inflateSync } from 'node:zlib';

export const SYN_STREAM = 1;
export const SYN_REPLY = 2;
export const RST_STREAM = 3;
export const SETTINGS = 4;
export const PING = 6;
export const GOAWAY = 7;
export const HEADERS = 8;
export const WINDOW_UPDATE = 9;
export const FLAG_FIN = 0x01;

export type SpdyFrame =
  | { control: true; type: number; flags: number; data: Buffer }
  | { control: false; streamId: number; flags: number; data: Buffer };

/** SPDY/3's header compression dictionary (the spec's, byte for byte as spdystream's dictionary.go). */
const DICTIONARY = Buffer.concat([
  ...['options', 'head', 'post', 'put', 'delete', 'trace', 'accept', 'accept-charset', 'accept-encoding', 'accept-language', 'accept-ranges', 'age', 'allow',
    'authorization', 'cache-control', 'connection', 'content-base', 'content-encoding', 'content-language', 'content-length', 'content-location', 'content-md5',
    'content-range', 'content-type', 'date', 'etag', 'expect', 'expires', 'from', 'host', 'if-match', 'if-modified-since', 'if-none-match', 'if-range',
    'if-unmodified-since', 'last-modified', 'location', 'max-forwards', 'pragma', 'proxy-authenticate', 'proxy-authorization', 'range', 'referer',
    'retry-after', 'server', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'user-agent', 'vary', 'via', 'warning', 'www-authenticate', 'method', 'get',
    'status', '200 OK', 'version', 'HTTP/1.1', 'url', 'public', 'set-cookie', 'keep-alive', 'origin'].map((w) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(w.length);
    return Buffer.concat([len, Buffer.from(w, 'latin1')]);
  }),
  Buffer.from(
    '100101201202205206300302303304305306307402405406407408409410411412413414415416417502504505' +
      '203 Non-Authoritative Information204 No Content301 Moved Permanently400 Bad Request401 Unauthorized' +
      '403 Forbidden404 Not Found500 Internal Server Error501 Not Implemented503 Service UnavailableJan Feb Mar Apr May Jun Jul Aug Sept Oct Nov Dec' +
      ' 00:00:00 Mon, Tue, Wed, Thu, Fri, Sat, Sun, GMTchunked,text/html,image/png,image/jpg,image/gif,application/xml,application/xhtml+xml,text/plain,' +
      'text/javascript,publicprivatemax-age=gzip,deflate,sdchcharset=utf-8charset=iso-8859-1,utf-,*,enq=0.',
    'latin1',
  ),
]);

export function dictionary(): Buffer {
  return DICTIONARY;
}

function adler32(buf: Buffer): number {
  let a = 1;
  let b = 0;
  for (const x of buf) {
    a = (a + x) % 65521;
    b = (b + a) % 65521;
  }
  return ((b << 16) | a) >>> 0;
}

/** Reads frames from a byte stream that arrives in pieces of any size. */
export class SpdyReader {
  private buf: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): SpdyFrame[] {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    const out: SpdyFrame[] = [];
    while (this.buf.length >= 8) {
      const length = this.buf.readUIntBE(5, 3);
      if (this.buf.length < 8 + length) break;
      const flags = this.buf[4]!;
      const data = this.buf.subarray(8, 8 + length);
      if (this.buf[0]! & 0x80) out.push({ control: true, type: this.buf.readUInt16BE(2), flags, data });
      else out.push({ control: false, streamId: this.buf.readUInt32BE(0) & 0x7fffffff, flags, data });
      this.buf = this.buf.subarray(8 + length);
    }
    return out;
  }
}

/** The client's header blocks, inflated through one zlib stream. */
export class HeaderInflater {
  private blocks: Buffer[] = [];
  private seen = 0;

  /** The name/value pairs of the next header block (names lower-case, as SPDY sends them). */
  read(block: Buffer): Map<string, string> {
    this.blocks.push(block);
    const all = inflateSync(Buffer.concat(this.blocks), { dictionary: DICTIONARY, finishFlush: constants.Z_SYNC_FLUSH });
    const mine = all.subarray(this.seen);
    this.seen = all.length;
    const headers = new Map<string, string>();
    let at = 4;
    const n = mine.readUInt32BE(0);
    for (let i = 0; i < n && at + 4 <= mine.length; i++) {
      const nl = mine.readUInt32BE(at);
      const name = mine.subarray(at + 4, at + 4 + nl).toString('latin1');
      at += 4 + nl;
      const vl = mine.readUInt32BE(at);
      headers.set(name, mine.subarray(at + 4, at + 4 + vl).toString('latin1'));
      at += 4 + vl;
    }
    return headers;
  }
}

const SYNC_MARKER = Buffer.from([0x00, 0x00, 0x00, 0xff, 0xff]);

/** This side's header blocks: a zlib stream of stored blocks, its header (with the dictionary's id) first. */
export class HeaderDeflater {
  private started = false;

  write(headers: [string, string][]): Buffer {
    const parts: Buffer[] = [];
    const count = Buffer.alloc(4);
    count.writeUInt32BE(headers.length);
    parts.push(count);
    for (const [k, v] of headers) {
      for (const s of [k, v]) {
        const len = Buffer.alloc(4);
        len.writeUInt32BE(Buffer.byteLength(s, 'latin1'));
        parts.push(len, Buffer.from(s, 'latin1'));
      }
    }
    const raw = Buffer.concat(parts);
    const stored = Buffer.alloc(5);
    stored[0] = 0; // BFINAL 0, BTYPE 00 (stored), padded to the byte
    stored.writeUInt16LE(raw.length, 1);
    stored.writeUInt16LE(~raw.length & 0xffff, 3);
    const out: Buffer[] = [];
    if (!this.started) {
      this.started = true;
      // CMF 0x78 (deflate, 32K window), FLG 0x20 (FDICT; 0x7820 is a multiple of 31), then the dictionary's Adler-32.
      const head = Buffer.from([0x78, 0x20, 0, 0, 0, 0]);
      head.writeUInt32BE(adler32(DICTIONARY), 2);
      out.push(head);
    }
    // Then an empty stored block, the sync-flush marker Go's framer also ends each block with: Go's
    // inflater hands a stored block's bytes out only when it reads the block after it.
    out.push(stored, raw, SYNC_MARKER);
    return Buffer.concat(out);
  }
}

export function controlFrame(type: number, flags: number, data: Buffer): Buffer {
  const h = Buffer.alloc(8);
  h.writeUInt16BE(0x8003, 0);
  h.writeUInt16BE(type, 2);
  h.writeUInt32BE(data.length, 4);
  h[4] = flags;
  return Buffer.concat([h, data]);
}

export function dataFrame(streamId: number, flags: number, data: Buffer): Buffer {
  const h = Buffer.alloc(8);
  h.writeUInt32BE(streamId & 0x7fffffff, 0);
  h.writeUInt32BE(data.length, 4);
  h[4] = flags;
  return Buffer.concat([h, data]);
}

export function synReply(streamId: number, headerBlock: Buffer): Buffer {
  const id = Buffer.alloc(4);
  id.writeUInt32BE(streamId & 0x7fffffff);
  return controlFrame(SYN_REPLY, 0, Buffer.concat([id, headerBlock]));
}
