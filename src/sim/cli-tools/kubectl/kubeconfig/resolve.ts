// From kubeconfig file and flags to what a request carries, as client-go's clientcmd does
// (client-go/tools/clientcmd/client_config.go and validation.go, v1.31): --kubeconfig picks the file,
// --context (or current-context) the context, --user and --cluster override its entries, --token,
// --client-certificate/--client-key, --certificate-authority, --insecure-skip-tls-verify and
// --server override fields. Errors are clientcmd's texts as kubectl prints them; a TLS failure is
// the handshake's, which kubectl reports as `Unable to connect to the server: ...` before any HTTP
// request is made.

import type { Credentials } from '../../../api/http';
import { textOfBase64 } from '../../../api/base64';
import { flagBool, flagString, type ParsedArgs } from '../flags';
import type { KubeconfigCluster, KubeconfigUser } from './file';
import { parseKubeconfig } from './read';
import { CLUSTER_CA_CN, hasPem, readCertificate } from './pem';
import { DEFAULT_KUBECONFIG } from './machine';

export interface ClientConfig {
  credentials: Credentials;
  /** The context's namespace, used when -n is not given. */
  namespace?: string;
  /** The file the config came from, for -v=6's `Config loaded from file:` line. */
  path: string;
}

/** The machine's files as kubectl sees them: the command's own (scenario files) over the disk. */
export type ReadFile = (path: string) => string | undefined;

const noFile = (path: string): string => `open ${path}: no such file or directory`;

/**
 * A stderr text (ends with a newline) or the resolved config. `apiserver` is the one server the
 * simulated network has (`10.0.0.10:6443`); a kubeconfig or --server naming another host reaches
 * nothing, which kubectl reports as its dial timeout (here at once, not after 30 s).
 */
/**
 * The global --user (a kubeconfig user). Only `create rolebinding` and `create clusterrolebinding`
 * define a --user of their own (a subject, repeatable), which shadows it there; `create -f FILE
 * --user=jane` and every other create take the global one (kubectl's create subcommands are cobra
 * commands with their own flag sets, create_rolebinding.go and create_clusterrolebinding.go). The
 * simulated create has one flag set for all its subcommands, so its --user arrives as a list: the
 * last value, as pflag keeps for a string flag.
 */
function kubeconfigUser(p: ParsedArgs): string | undefined {
  const v = p.flags.get('user');
  if (typeof v === 'string') return v;
  if (!Array.isArray(v) || p.command !== 'create' || /^(rolebindings?|clusterrolebindings?)$/.test(p.args[0] ?? '')) return undefined;
  return v.at(-1);
}

export function resolveClientConfig(p: ParsedArgs, read: ReadFile, apiserver: string): ClientConfig | string {
  const explicit = flagString(p, 'kubeconfig');
  const path = explicit || DEFAULT_KUBECONFIG;
  const text = read(path);
  if (text === undefined && explicit) return `error: stat ${path}: no such file or directory\n`;
  const cfg = parseKubeconfig(text ?? '', path);
  if (typeof cfg === 'string') return cfg + '\n';
  const contextName = flagString(p, 'context') || cfg['current-context'];
  const context = cfg.contexts.find((c) => c.name === contextName)?.context;
  if (contextName && !context) return `Error in configuration: context was not found for specified context: ${contextName}\n`;
  const userFlag = kubeconfigUser(p);
  const clusterFlag = flagString(p, 'cluster');
  if (userFlag && !cfg.users.some((u) => u.name === userFlag)) return `error: auth info "${userFlag}" does not exist\n`;
  if (clusterFlag && !cfg.clusters.some((c) => c.name === clusterFlag)) return `error: cluster "${clusterFlag}" does not exist\n`;
  const userName = userFlag || context?.user || '';
  const clusterName = clusterFlag || context?.cluster || '';
  const user: KubeconfigUser = { ...cfg.users.find((u) => u.name === userName)?.user };
  const cluster: KubeconfigCluster = { ...cfg.clusters.find((c) => c.name === clusterName)?.cluster };
  if (!context && !flagString(p, 'server')) return 'The connection to the server localhost:8080 was refused - did you specify the right host or port?\n';
  applyOverrides(p, user, cluster);
  const host = hostOf(cluster.server ?? '');
  if (host !== apiserver) return host ? `Unable to connect to the server: dial tcp ${host}: i/o timeout\n` : 'The connection to the server localhost:8080 was refused - did you specify the right host or port?\n';
  const tls = checkTls(cluster, clusterName, read);
  if (tls) return tls;
  const creds = credentialsOf(user, userName, read);
  if (typeof creds === 'string') return creds;
  const out: ClientConfig = { credentials: creds, path };
  if (context?.namespace) out.namespace = context.namespace;
  return out;
}

/** `https://10.0.0.10:6443/` -> `10.0.0.10:6443`; a bare host gets https's port. */
function hostOf(server: string): string {
  const m = /^(?:https?:\/\/)?([^/]+)/.exec(server.trim());
  if (!m) return '';
  return m[1]!.includes(':') ? m[1]! : `${m[1]}:443`;
}

function applyOverrides(p: ParsedArgs, user: KubeconfigUser, cluster: KubeconfigCluster): void {
  const token = flagString(p, 'token');
  if (token) user.token = token;
  const cert = flagString(p, 'client-certificate');
  if (cert) {
    user['client-certificate'] = cert;
    delete user['client-certificate-data'];
  }
  const key = flagString(p, 'client-key');
  if (key) {
    user['client-key'] = key;
    delete user['client-key-data'];
  }
  const server = flagString(p, 'server');
  if (server) cluster.server = server;
  const ca = flagString(p, 'certificate-authority');
  if (flagBool(p, 'insecure-skip-tls-verify')) {
    // The insecure override drops the file's CA, unless a CA is also given on the command line.
    cluster['insecure-skip-tls-verify'] = true;
    delete cluster['certificate-authority-data'];
    delete cluster['certificate-authority'];
  }
  if (ca) {
    cluster['certificate-authority'] = ca;
    delete cluster['certificate-authority-data'];
  }
}

/** The server's certificate is signed by the cluster CA; kubectl trusts it only through that CA or --insecure-skip-tls-verify. */
function checkTls(cluster: KubeconfigCluster, clusterName: string, read: ReadFile): string | undefined {
  const caPath = cluster['certificate-authority'];
  const caData = cluster['certificate-authority-data'];
  if (cluster['insecure-skip-tls-verify'] && (caPath || caData)) return 'error: specifying a root certificates file with the insecure flag is not allowed\n';
  if (cluster['insecure-skip-tls-verify']) return undefined;
  let caText: string | undefined;
  if (caPath) {
    caText = read(caPath);
    if (caText === undefined) return `error: unable to read certificate-authority ${caPath} for ${clusterName} due to ${noFile(caPath)}\n`;
  } else if (caData) caText = textOfBase64(caData) ?? '';
  if (caText !== undefined && !hasPem(caText, /CERTIFICATE/)) return 'error: unable to load root certificates: unable to parse bytes as PEM block\n';
  const ca = caText === undefined ? undefined : readCertificate(caText);
  if (ca?.commonName !== CLUSTER_CA_CN) return 'Unable to connect to the server: tls: failed to verify certificate: x509: certificate signed by unknown authority\n';
  return undefined;
}

function pemOf(path: string | undefined, data: string | undefined, what: 'client-cert' | 'client-key', userName: string, read: ReadFile): string | { error: string } {
  if (path) {
    const t = read(path);
    return t ?? { error: `error: unable to read ${what} ${path} for ${userName} due to ${noFile(path)}\n` };
  }
  return textOfBase64(data ?? '') ?? '';
}

function credentialsOf(user: KubeconfigUser, userName: string, read: ReadFile): Credentials | string {
  const creds: Credentials = {};
  const hasCert = !!(user['client-certificate'] || user['client-certificate-data']);
  const hasKey = !!(user['client-key'] || user['client-key-data']);
  if (hasCert && !hasKey) return `error: client-key-data or client-key must be specified for ${userName} to use the clientCert authentication method.\n`;
  if (hasKey && !hasCert) return `error: client-cert-data or client-cert must be specified for ${userName} to use the clientCert authentication method.\n`;
  if (hasCert) {
    const certText = pemOf(user['client-certificate'], user['client-certificate-data'], 'client-cert', userName, read);
    if (typeof certText !== 'string') return certText.error;
    const keyText = pemOf(user['client-key'], user['client-key-data'], 'client-key', userName, read);
    if (typeof keyText !== 'string') return keyText.error;
    const cert = readCertificate(certText);
    if (!cert) return 'Unable to connect to the server: tls: failed to find any PEM data in certificate input\n';
    if (!hasPem(keyText, /[A-Z ]*PRIVATE KEY/)) return 'Unable to connect to the server: tls: failed to find any PEM data in key input\n';
    if (cert.issuer === CLUSTER_CA_CN) creds.clientCertificate = { commonName: cert.commonName, organizations: cert.organizations };
    else creds.untrustedClientCertificate = true;
  }
  if (user.token) creds.bearerToken = user.token;
  return creds;
}
