// The admin machine's files that kubectl reads: the kubeconfigs kubeadm writes (admin.conf, and one
// per scenario user, as `kubeadm kubeconfig user --client-name=jane` would), ~/.kube/config (the
// admin's copy with every user's context, kubectl's default file), and the cluster's CA certificate.

import type { Credentials } from '../../../api/http';
import type { CliExec } from '../../protocol';
import type { KubectlConfig, KubectlState } from '../job';
import { emptyKubeconfig, serializeKubeconfig, type Kubeconfig, type KubeconfigUser } from './file';
import { base64OfText } from '../../../api/base64';
import { certificatePem, CLUSTER_CA_CN, CLUSTER_CA_PEM, privateKeyPem } from './pem';

export const CLUSTER_NAME = 'kubeplay';
export const ADMIN_USER = 'kubernetes-admin';
/** clientcmd.RecommendedHomeFile for root. */
export const DEFAULT_KUBECONFIG = '/root/.kube/config';
export const ADMIN_CONF = '/etc/kubernetes/admin.conf';
export const CA_CERT_PATH = '/etc/kubernetes/pki/ca.crt';
export const userConfPath = (user: string): string => `/etc/kubernetes/${user}.conf`;
export const contextOf = (user: string): string => `${user}@${CLUSTER_NAME}`;

function userEntry(name: string, creds: Credentials): { name: string; user: KubeconfigUser } {
  const user: KubeconfigUser = {};
  const cert = creds.clientCertificate;
  if (cert) {
    user['client-certificate-data'] = base64OfText(certificatePem({ ...cert, issuer: CLUSTER_CA_CN }));
    user['client-key-data'] = base64OfText(privateKeyPem(name));
  }
  if (creds.bearerToken !== undefined) user.token = creds.bearerToken;
  return { name, user };
}

function configFor(server: string, users: [string, Credentials][], current: string): Kubeconfig {
  const cfg = emptyKubeconfig();
  cfg.clusters.push({ name: CLUSTER_NAME, cluster: { 'certificate-authority-data': base64OfText(CLUSTER_CA_PEM), server: `https://${server}` } });
  for (const [name, creds] of users) {
    cfg.users.push(userEntry(name, creds));
    cfg.contexts.push({ name: contextOf(name), context: { cluster: CLUSTER_NAME, user: name } });
  }
  cfg['current-context'] = contextOf(current);
  return cfg;
}

/** The files kubectl's machine starts with, by absolute path. */
export function initialFiles(config: KubectlConfig): Record<string, string> {
  const others = Object.entries(config.users ?? {}).filter(([u]) => u !== ADMIN_USER);
  const admin: [string, Credentials] = [ADMIN_USER, config.credentials];
  const files: Record<string, string> = {
    [CA_CERT_PATH]: CLUSTER_CA_PEM,
    [ADMIN_CONF]: serializeKubeconfig(configFor(config.server, [admin], ADMIN_USER)),
    [DEFAULT_KUBECONFIG]: serializeKubeconfig(configFor(config.server, [admin, ...others], ADMIN_USER)),
  };
  for (const [name, creds] of others) files[userConfPath(name)] = serializeKubeconfig(configFor(config.server, [[name, creds]], name));
  return files;
}

const own = (o: Record<string, string> | undefined, k: string): o is Record<string, string> => !!o && Object.prototype.hasOwnProperty.call(o, k);

/** A path as one command sees it: the command's own files (a scenario's, the editor's) over the machine's disk. */
export function readFileOf(st: KubectlState, exec: CliExec): (path: string) => string | undefined {
  return (path) => (own(exec.files, path) ? exec.files[path] : own(st.files, path) ? st.files[path] : undefined);
}
