// A kubeconfig file (clientcmd/api/v1 Config) as text on the admin machine's disk: parsed into
// plain data, changed by `kubectl config set-*`, written back as kubectl writes it (sigs.k8s.io/yaml:
// keys sorted). The simulated machine's files are kubectl's state, so they survive between commands
// and a scenario can read them back with `kubectl config view --raw`.

import { goYaml } from '../../common/go-yaml';
import { parseYamlChunk } from '../../common/yaml-docs';

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

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Only the string (and boolean) fields a kubeconfig entry may hold; anything else is dropped. */
function fieldsOf<T>(v: unknown, bools: readonly string[] = []): T {
  const out: Record<string, unknown> = {};
  if (!isRecord(v)) return out as T;
  for (const [k, x] of Object.entries(v)) {
    if (typeof x === 'string' || (bools.includes(k) && typeof x === 'boolean')) out[k] = x;
  }
  return out as T;
}

function named<T>(v: unknown, key: string, bools: readonly string[] = []): { name: string; value: T }[] {
  if (!Array.isArray(v)) return [];
  return v.filter(isRecord).filter((e) => typeof e.name === 'string').map((e) => ({ name: e.name as string, value: fieldsOf<T>(e[key], bools) }));
}

/** encoding/json's name for a JSON value's type, as its UnmarshalTypeError prints it. */
const jsonType = (v: unknown): string => (Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v === 'boolean' ? 'bool' : typeof v);

/** Config's list fields and their Go types (clientcmd/api/v1 types.go). */
const LIST_FIELDS: [string, string][] = [['clusters', '[]v1.NamedCluster'], ['users', '[]v1.NamedAuthInfo'], ['contexts', '[]v1.NamedContext']];

/** Parse a kubeconfig's text; the error is clientcmd's load error for a file that is not one. */
export function parseKubeconfig(text: string, path: string): Kubeconfig | string {
  const loadError = (why: string): string => `error: error loading config file "${path}": ${why}`;
  const parsed = parseYamlChunk(text);
  if (!parsed.ok) return loadError(parsed.error);
  const doc: unknown = parsed.value;
  if (doc === null || doc === undefined) return emptyKubeconfig();
  if (!isRecord(doc)) return loadError(`couldn't get version/kind; json parse error: json: cannot unmarshal ${jsonType(doc)} into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }`);
  for (const [field, goType] of LIST_FIELDS) {
    const v = doc[field];
    if (v !== undefined && v !== null && !Array.isArray(v)) return loadError(`json: cannot unmarshal ${jsonType(v)} into Go struct field Config.${field} of type ${goType}`);
  }
  const cc = doc['current-context'];
  if (cc !== undefined && cc !== null && typeof cc !== 'string') return loadError(`json: cannot unmarshal ${jsonType(cc)} into Go struct field Config.current-context of type string`);
  return {
    clusters: named<KubeconfigCluster>(doc.clusters, 'cluster', ['insecure-skip-tls-verify']).map(({ name, value }) => ({ name, cluster: value })),
    users: named<KubeconfigUser>(doc.users, 'user').map(({ name, value }) => ({ name, user: value })),
    contexts: named<KubeconfigContext>(doc.contexts, 'context').map(({ name, value }) => ({ name, context: value })),
    'current-context': typeof doc['current-context'] === 'string' ? doc['current-context'] : '',
  };
}

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
