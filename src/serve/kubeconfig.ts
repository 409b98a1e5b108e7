// The kubeconfig `kubeplay serve` writes: one cluster (its CA inline), one user per client
// certificate, one context per user named `<user>@kubeplay`, the admin's current, as
// `kubeadm init` writes admin.conf.

import { stringify } from 'yaml';
import type { Pki } from './pki';

export const CLUSTER_NAME = 'kubeplay';

const b64 = (pem: string): string => Buffer.from(pem, 'utf8').toString('base64');

export function contextName(user: string): string {
  return `${user}@${CLUSTER_NAME}`;
}

export function kubeconfig(pki: Pki, server: string, currentUser: string): string {
  const doc = {
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name: CLUSTER_NAME, cluster: { server, 'certificate-authority-data': b64(pki.ca.certPem) } }],
    users: pki.clients.map((c) => ({ name: c.user, user: { 'client-certificate-data': b64(c.certPem), 'client-key-data': b64(c.keyPem) } })),
    contexts: pki.clients.map((c) => ({ name: contextName(c.user), context: { cluster: CLUSTER_NAME, user: c.user } })),
    'current-context': contextName(currentUser),
    preferences: {},
  };
  return stringify(doc, { lineWidth: 0 });
}
