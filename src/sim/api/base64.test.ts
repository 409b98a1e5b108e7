// Source: Go's encoding/base64 (StdEncoding: RFC 4648 section 4, padded; decodeQuantum's
// CorruptInputError offsets; \r and \n skipped). Values checked with `printf ... | base64` and Go.
import { describe, expect, it } from 'vitest';
import { base64OfText, decodeBase64, textOfBase64, utf8Bytes } from './base64';

describe('base64 as Go encodes and decodes []byte', () => {
  it.each([
    ['', ''],
    ['a', 'YQ=='],
    ['ab', 'YWI='],
    ['abc', 'YWJj'],
    ['admin', 'YWRtaW4='],
    ['1f2d1e2e67df', 'MWYyZDFlMmU2N2Rm'],
    ['пароль', '0L/QsNGA0L7Qu9GM'],
  ])('encodes %j as %s and decodes it back', (text, b64) => {
    expect(base64OfText(text)).toBe(b64);
    expect(textOfBase64(b64)).toBe(text);
  });

  it.each([
    ['abc!', 3],
    ['YWRtaW4', 4],
    ['Y===', 1],
    ['YQ=a', 2],
    ['YQ==YQ==', 4],
    ['Y', 0],
  ])('reports %s as illegal at input byte %i', (value, at) => {
    expect(decodeBase64(value)).toEqual({ error: `illegal base64 data at input byte ${at}` });
  });

  it('skips newlines, as Go does', () => {
    expect(textOfBase64('YWRt\naW4=\n')).toBe('admin');
  });
});

describe('utf8Bytes (RFC 3629 encoding, as Go keeps a string)', () => {
  it.each([
    ['', []],
    ['{"a":1}', [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x31, 0x7d]],
    ['aé', [0x61, 0xc3, 0xa9]],
    ['x\u20acy', [0x78, 0xe2, 0x82, 0xac, 0x79]],
    ['\u{1f600}', [0xf0, 0x9f, 0x98, 0x80]],
  ])('encodes %j', (s, bytes) => {
    expect(utf8Bytes(s)).toEqual(bytes);
  });
});
