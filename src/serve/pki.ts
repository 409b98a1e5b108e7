// The certificates of one `kubeplay serve` run, as kubeadm makes a cluster's: a CA made for this
// run ("kubernetes"), kube-apiserver's serving certificate for 127.0.0.1 and localhost, and a
// client certificate for each person (CN = user name, O = groups), signed by the CA. Keys are
// RSA 2048 made by Node's crypto; certificates are built and signed with node-forge (no ASN.1 by
// hand). Nothing is written anywhere but the kubeconfig the caller asks for.

import { generateKeyPairSync, randomBytes, type X509Certificate } from 'node:crypto';
import forge from 'node-forge';

export interface KeyPairPem {
  certPem: string;
  keyPem: string;
}

export interface ClientCert extends KeyPairPem {
  user: string;
  groups: string[];
}

export interface Pki {
  ca: KeyPairPem;
  server: KeyPairPem;
  clients: ClientCert[];
}

const DAY_MS = 86_400_000;

function rsaKeys(): { forgeKeys: { publicKey: forge.pki.rsa.PublicKey; privateKey: forge.pki.rsa.PrivateKey }; keyPem: string } {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs1', format: 'pem' }, publicKeyEncoding: { type: 'pkcs1', format: 'pem' } });
  const priv = forge.pki.privateKeyFromPem(privateKey) as forge.pki.rsa.PrivateKey;
  const pub = forge.pki.setRsaPublicKey(priv.n, priv.e);
  return { forgeKeys: { publicKey: pub, privateKey: priv }, keyPem: privateKey };
}

/**
 * A random positive serial number, as RFC 5280 wants, whose DER INTEGER is minimal: the first byte
 * has its top bit clear (positive) and is not zero (a leading 0x00 before a byte under 0x80 is the
 * padding OpenSSL refuses with ERR_OSSL_ASN1_ILLEGAL_PADDING).
 */
export function serial(bytes: Buffer = randomBytes(16)): string {
  const b = Buffer.from(bytes);
  b[0] = (b[0]! & 0x7f) | 0x40;
  return b.toString('hex');
}

function certificate(opts: {
  subject: forge.pki.CertificateField[];
  publicKey: forge.pki.rsa.PublicKey;
  issuer: forge.pki.CertificateField[];
  signer: forge.pki.rsa.PrivateKey;
  extensions: object[];
  now: Date;
  days: number;
}): string {
  const cert = forge.pki.createCertificate();
  cert.publicKey = opts.publicKey;
  cert.serialNumber = serial();
  // Backdated a little, as kubeadm does, so that a clock a few minutes behind still accepts it.
  cert.validity.notBefore = new Date(opts.now.getTime() - 5 * 60_000);
  cert.validity.notAfter = new Date(opts.now.getTime() + opts.days * DAY_MS);
  cert.setSubject(opts.subject);
  cert.setIssuer(opts.issuer);
  cert.setExtensions(opts.extensions);
  cert.sign(opts.signer, forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

export function makePki(users: { name: string; groups: string[] }[], now = new Date()): Pki {
  const caKeys = rsaKeys();
  const caName = [{ name: 'commonName', value: 'kubernetes' }];
  const caCert = certificate({
    subject: caName,
    issuer: caName,
    publicKey: caKeys.forgeKeys.publicKey,
    signer: caKeys.forgeKeys.privateKey,
    now,
    days: 3650,
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'subjectKeyIdentifier' },
    ],
  });
  const sign = (subject: forge.pki.CertificateField[], extensions: object[]): KeyPairPem => {
    const k = rsaKeys();
    return { keyPem: k.keyPem, certPem: certificate({ subject, issuer: caName, publicKey: k.forgeKeys.publicKey, signer: caKeys.forgeKeys.privateKey, now, days: 365, extensions }) };
  };
  const server = sign([{ name: 'commonName', value: 'kube-apiserver' }], [
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    {
      name: 'subjectAltName',
      altNames: [
        { type: 2, value: 'localhost' },
        { type: 2, value: 'kubernetes' },
        { type: 2, value: 'kubernetes.default' },
        { type: 7, ip: '127.0.0.1' },
        { type: 7, ip: '10.96.0.1' },
      ],
    },
  ]);
  const clients = users.map((u): ClientCert => ({
    user: u.name,
    groups: u.groups,
    ...sign([{ name: 'commonName', value: u.name }, ...u.groups.map((g) => ({ name: 'organizationName', value: g }))], [
      { name: 'basicConstraints', cA: false, critical: true },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', clientAuth: true },
    ]),
  }));
  return { ca: { certPem: caCert, keyPem: caKeys.keyPem }, server, clients };
}

const CLIENT_AUTH = '1.3.6.1.5.5.7.3.2';

/**
 * Whether a client certificate is one this cluster's CA signed, for client authentication, and
 * valid now: what x509.Verify checks in the apiserver's x509 authenticator (ClientCAs as roots,
 * KeyUsages ExtKeyUsageClientAuth). Checked here rather than by OpenSSL during the handshake: a
 * failed signature check there leaves an error on OpenSSL's queue that ends the connection at the
 * next write, where kube-apiserver answers 401.
 */
export function signedByCa(cert: X509Certificate, ca: X509Certificate, now = new Date()): boolean {
  if (!cert.checkIssued(ca) || !cert.verify(ca.publicKey)) return false;
  if (now < new Date(cert.validFrom) || now > new Date(cert.validTo)) return false;
  const usages = cert.keyUsage;
  return usages === undefined || usages.includes(CLIENT_AUTH);
}

/** The user and groups a verified client certificate names (the apiserver's x509 authenticator). */
export function identityOf(cert: { subject: Record<string, string | string[] | undefined> }): { user: string; groups: string[] } | undefined {
  const cn = cert.subject.CN;
  const user = Array.isArray(cn) ? cn[0] : cn;
  if (!user) return undefined;
  const o = cert.subject.O;
  const groups = o === undefined ? [] : Array.isArray(o) ? o : [o];
  return { user, groups };
}
