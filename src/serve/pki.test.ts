// Certificate serial numbers (RFC 5280 4.1.2.2: a positive INTEGER) encode as minimal DER: a
// serial whose encoding starts 0x00 followed by a byte under 0x80 is refused by OpenSSL
// (ERR_OSSL_ASN1_ILLEGAL_PADDING), which made `kubeplay serve` fail to start now and then.
import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { makePki, serial } from './pki';

describe('serve PKI', () => {
  it('makes serials that are positive and minimally encoded, whatever the random bytes', () => {
    for (const first of [0x00, 0x01, 0x7f, 0x80, 0xff]) {
      const s = serial(Buffer.from([first, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]));
      expect(s).toHaveLength(32);
      const lead = parseInt(s.slice(0, 2), 16);
      expect(lead).toBeGreaterThanOrEqual(0x40);
      expect(lead).toBeLessThan(0x80);
    }
  });

  it('writes certificates OpenSSL parses, the serving one for 127.0.0.1 and localhost', () => {
    const pki = makePki([{ name: 'kubernetes-admin', groups: ['system:masters'] }]);
    const server = new X509Certificate(pki.server.certPem);
    expect(server.subjectAltName).toContain('IP Address:127.0.0.1');
    expect(server.checkIssued(new X509Certificate(pki.ca.certPem))).toBe(true);
    for (const c of pki.clients) expect(() => new X509Certificate(c.certPem)).not.toThrow();
  }, 30_000);
});
