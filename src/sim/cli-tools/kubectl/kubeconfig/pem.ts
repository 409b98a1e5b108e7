// The admin machine's certificates. The simulation has no real cryptography, so a certificate is a
// PEM block whose content is what `openssl x509 -noout -subject -issuer` would print of it: the
// subject (CN = user name, O = groups, as kube-apiserver's x509 authenticator reads them) and the
// issuer. A certificate the cluster's CA (CN = kubernetes, as kubeadm names it) did not issue is
// presented but fails verification, as a certificate from another cluster does. Keys are PEM
// blocks too; only their presence and shape matter to kubectl.

import { base64OfText, textOfBase64 } from '../../../api/base64';

export const CLUSTER_CA_CN = 'kubernetes';

export interface SimCertificate {
  commonName: string;
  organizations: string[];
  issuer: string;
}

const block = (label: string, body: string): string => `-----BEGIN ${label}-----\n${base64OfText(body)}\n-----END ${label}-----\n`;

export function certificatePem(c: SimCertificate): string {
  const subject = [...c.organizations.map((o) => `O = ${o}`), `CN = ${c.commonName}`].join(', ');
  return block('CERTIFICATE', `subject=${subject}\nissuer=CN = ${c.issuer}\n`);
}

export function privateKeyPem(owner: string): string {
  return block('RSA PRIVATE KEY', `private key of ${owner}\n`);
}

/** The cluster's CA certificate (/etc/kubernetes/pki/ca.crt). */
export const CLUSTER_CA_PEM = certificatePem({ commonName: CLUSTER_CA_CN, organizations: [], issuer: CLUSTER_CA_CN });

/** The first PEM block of a label in a text, or undefined (Go's pem.Decode finding none). */
function pemBody(text: string, label: string): string | undefined {
  const m = new RegExp(`-----BEGIN ${label}-----\\s*([A-Za-z0-9+/=\\s]*?)\\s*-----END ${label}-----`).exec(text);
  return m ? textOfBase64(m[1]!.replace(/\s+/g, '')) : undefined;
}

export function hasPem(text: string, label: RegExp): boolean {
  return new RegExp(`-----BEGIN ${label.source}-----`).test(text);
}

/** Read a certificate's subject and issuer, or undefined when the text holds no certificate. */
export function readCertificate(text: string): SimCertificate | undefined {
  const body = pemBody(text, 'CERTIFICATE');
  if (body === undefined) return undefined;
  const subject = /^subject=(.*)$/m.exec(body)?.[1] ?? '';
  const issuer = /^issuer=CN = (.*)$/m.exec(body)?.[1] ?? '';
  const parts = subject.split(', ').map((p) => p.split(' = '));
  return {
    commonName: parts.find(([k]) => k === 'CN')?.[1] ?? '',
    organizations: parts.filter(([k]) => k === 'O').map(([, v]) => v ?? ''),
    issuer,
  };
}
