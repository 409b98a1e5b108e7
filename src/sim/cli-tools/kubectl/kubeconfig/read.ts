// Reading a kubeconfig file's text (clientcmd's load): apart from file.ts, which writes them, because
// reading needs the YAML parser and writing does not; the machine's files are written when kubectl
// starts with the cluster, and read only by commands (which load after first paint in the app).

import { parseYamlChunk } from '../../common/yaml-docs';
import { emptyKubeconfig, type Kubeconfig, type KubeconfigCluster, type KubeconfigContext, type KubeconfigUser } from './file';

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
