// A kubeconfig file (clientcmd/api/v1 Config) as text on the admin machine's disk: parsed into
// plain data, changed by `kubectl config set-*`, written back as kubectl writes it (sigs.k8s.io/yaml:
// keys sorted). The simulated machine's files are kubectl's state, so they survive between commands
// and a scenario can read them back with `kubectl config view --raw`. Reading one is read.ts (it needs
// the YAML parser, which the app's worker loads after first paint with kubectl's programs).

import { goYaml } from '../../common/go-yaml';

export interface KubeconfigCluster {
  server?: string;
  'certificate-authority'?: string;
  'certificate-authority-data'?: string;
  'insecure-skip-tls-verify'?: boolean;
}
export interface KubeconfigUser {
  token?: string;
  'client-certificate'?: string;
  'client-certificate-data'?: string;
  'client-key'?: string;
  'client-key-data'?: string;
  username?: string;
  password?: string;
}
export interface KubeconfigContext {
  cluster?: string;
  user?: string;
  namespace?: string;
}

/** Named entries keep the file's order; kubectl prints them sorted by name. */
export interface Kubeconfig {
  clusters: { name: string; cluster: KubeconfigCluster }[];
  users: { name: string; user: KubeconfigUser }[];
  contexts: { name: string; context: KubeconfigContext }[];
  'current-context': string;
}

export const emptyKubeconfig = (): Kubeconfig => ({ clusters: [], users: [], contexts: [], 'current-context': '' });

const byName = <T extends { name: string }>(xs: T[]): T[] => [...xs].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

/** clientcmd's v1 form: empty lists are `null`, as `kubectl config view` prints them after a delete. */
function document(cfg: Kubeconfig, redact: (u: KubeconfigUser, c?: KubeconfigCluster) => void): Record<string, unknown> {
  const list = <T>(xs: T[]): T[] | null => (xs.length ? xs : null);
  return {
    apiVersion: 'v1',
    clusters: list(byName(cfg.clusters).map((c) => {
      const cluster = { ...c.cluster };
      redact({}, cluster);
      return { cluster, name: c.name };
    })),
    contexts: list(byName(cfg.contexts).map((c) => ({ context: { ...c.context }, name: c.name }))),
    'current-context': cfg['current-context'],
    kind: 'Config',
    preferences: {},
    users: list(byName(cfg.users).map((u) => {
      const user = { ...u.user };
      redact(user);
      return { name: u.name, user };
    })),
  };
}

/** The file as kubectl writes it (and `config view --raw` prints it). */
export function serializeKubeconfig(cfg: Kubeconfig): string {
  return goYaml(document(cfg, () => undefined));
}

/**
 * `kubectl config view` without --raw (clientcmdapi.ShortenConfig): embedded certificate and key
 * data become `DATA+OMITTED`, tokens and passwords `REDACTED`.
 */
export function viewKubeconfig(cfg: Kubeconfig): string {
  return goYaml(
    document(cfg, (u, c) => {
      if (c?.['certificate-authority-data']) c['certificate-authority-data'] = 'DATA+OMITTED';
      if (u['client-certificate-data']) u['client-certificate-data'] = 'DATA+OMITTED';
      if (u['client-key-data']) u['client-key-data'] = 'DATA+OMITTED';
      if (u.token) u.token = 'REDACTED';
      if (u.password) u.password = 'REDACTED';
    }),
  );
}
