// Chain names as real clusters show them in `iptables-save` (kube-proxy's portProtoHash over
// `<namespace>/<name>:<port name>` and the lower-case protocol, pkg/proxy/iptables/proxier.go).
import { describe, expect, it } from 'vitest';
import { base32, servicePortChainName, sha256 } from './hash';

describe('kube-proxy chain names', () => {
  it('hashes with SHA-256 (the FIPS 180-2 "abc" vector)', () => {
    const hex = sha256('abc').map((b) => b.toString(16).padStart(2, '0')).join('');
    expect(hex).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it.each([
    // FIPS 180-2 appendix B.2: 56 bytes, so the length spills into a second block.
    ['abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq', '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1'],
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
  ])('hashes %j across block boundaries (FIPS 180-2 vectors)', (text, digest) => {
    expect(sha256(text).map((b) => b.toString(16).padStart(2, '0')).join('')).toBe(digest);
  });

  it('encodes base32 like Go StdEncoding (RFC 4648 vector "foobar")', () => {
    expect(base32([...'foobar'].map((c) => c.charCodeAt(0)))).toBe('MZXW6YTBOI');
  });

  it.each([
    ['default/kubernetes:https', 'tcp', 'KUBE-SVC-NPX46M4PTMTKRN6Y'],
    ['kube-system/kube-dns:dns', 'udp', 'KUBE-SVC-TCOU7JCQXEZGVUNU'],
    ['kube-system/kube-dns:dns-tcp', 'tcp', 'KUBE-SVC-ERIFXISQEP7F7OF4'],
    ['kube-system/kube-dns:metrics', 'tcp', 'KUBE-SVC-JD5MR3NA4I4DYORP'],
    ['default/nginx', 'tcp', 'KUBE-SVC-2CMXP7HKUVJN7L6M'],
  ])('names the chain of %s/%s %s', (name, proto, chain) => {
    expect(servicePortChainName(name, proto)).toBe(chain);
  });
});
