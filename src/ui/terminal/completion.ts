// Tab completion for the terminal: kubectl's subcommands, resource kinds, the names of objects that
// exist now, namespaces and flags; and `ssh <node> -- crictl|systemctl|journalctl ...` for the node
// tools. A pure function of the line and the object names.

export const COMMANDS: readonly string[] = ['kubectl', 'ssh'];
/** What a node's shell answers (src/sim/cli-tools/node), with the words each tool takes next. */
export const NODE_TOOLS: Readonly<Record<string, readonly string[]>> = {
  crictl: ['ps', 'pods', 'images', 'logs', 'inspect', 'pull', 'stop'],
  etcdctl: ['member', 'endpoint', 'get'],
  systemctl: ['status', 'start', 'stop', 'restart', 'is-active'],
  journalctl: ['-u', '-n', '--no-pager'],
};
const UNITS = ['kubelet', 'containerd'];
export const SUBCOMMANDS: readonly string[] = [
  'apply', 'create', 'run', 'get', 'describe', 'delete', 'logs', 'scale', 'rollout', 'set', 'label', 'annotate',
  'cordon', 'uncordon', 'drain', 'taint', 'auth', 'api-resources',
];
export const FLAGS: readonly string[] = ['-o', '-n', '-l', '-A', '--as', '-f', '-w'];
export const OUTPUTS: readonly string[] = ['wide', 'yaml', 'json', 'name'];

/** Kind names kubectl accepts, with the resource (plural) each one means. */
export const KINDS: Readonly<Record<string, string>> = {
  pods: 'pods',
  pod: 'pods',
  po: 'pods',
  nodes: 'nodes',
  node: 'nodes',
  no: 'nodes',
  events: 'events',
  event: 'events',
  ev: 'events',
  namespaces: 'namespaces',
  namespace: 'namespaces',
  ns: 'namespaces',
  leases: 'leases',
  lease: 'leases',
  deployments: 'deployments',
  deployment: 'deployments',
  deploy: 'deployments',
  replicasets: 'replicasets',
  replicaset: 'replicasets',
  rs: 'replicasets',
  statefulsets: 'statefulsets',
  statefulset: 'statefulsets',
  sts: 'statefulsets',
  daemonsets: 'daemonsets',
  daemonset: 'daemonsets',
  ds: 'daemonsets',
  jobs: 'jobs',
  job: 'jobs',
  services: 'services',
  service: 'services',
  svc: 'services',
  roles: 'roles',
  role: 'roles',
  rolebindings: 'rolebindings',
  rolebinding: 'rolebindings',
  clusterroles: 'clusterroles',
  clusterrole: 'clusterroles',
  clusterrolebindings: 'clusterrolebindings',
  clusterrolebinding: 'clusterrolebindings',
  serviceaccounts: 'serviceaccounts',
  serviceaccount: 'serviceaccounts',
  sa: 'serviceaccounts',
};
/** What Tab offers for a kind: the long names and the short ones people type. */
const KIND_WORDS = [
  'pods', 'po', 'nodes', 'no', 'events', 'ev', 'namespaces', 'ns', 'leases', 'deployments', 'deploy', 'replicasets', 'rs',
  'statefulsets', 'sts', 'daemonsets', 'ds', 'jobs', 'services', 'svc', 'roles', 'rolebindings', 'clusterroles',
  'clusterrolebindings', 'serviceaccounts', 'sa',
  'cronjobs', 'cj',
];
const CLUSTER_SCOPED = new Set(['nodes', 'namespaces', 'clusterroles', 'clusterrolebindings']);
/** Flags that take a value as the next word. */
const VALUE_FLAGS = new Set(['-o', '-n', '-l', '--as', '-f', '--namespace', '--output', '--selector']);

export interface ObjectName {
  resource: string;
  namespace: string;
  name: string;
}

export interface Completion {
  /** Index in the line where the word being completed starts. */
  start: number;
  /** The word typed so far. */
  prefix: string;
  /** Every word that fits, sorted. */
  candidates: string[];
}

export function complete(line: string, objects: readonly ObjectName[]): Completion {
  const start = line.search(/\S*$/);
  const prefix = line.slice(start);
  const words = line.slice(0, start).trim().split(/\s+/).filter(Boolean);
  const fits = (list: Iterable<string>): string[] =>
    [...new Set(list)].filter((c) => c.startsWith(prefix)).sort();
  return { start, prefix, candidates: fits(wordsFor(words, prefix, objects)) };
}

function wordsFor(words: string[], prefix: string, objects: readonly ObjectName[]): string[] {
  if (words.length === 0) return [...COMMANDS];
  if (words[0] === 'ssh') return sshWords(words, objects);
  // `k` is the laptop shell's alias for kubectl (cluster.ts).
  if (words[0] !== 'kubectl' && words[0] !== 'k') return [];
  const previous = words[words.length - 1] ?? '';
  if (previous === '-o' || previous === '--output') return [...OUTPUTS];
  if (previous === '-n' || previous === '--namespace') return namesOf('namespaces', objects, null);
  if (VALUE_FLAGS.has(previous)) return [];
  if (prefix.startsWith('-')) return [...FLAGS];
  const { positional, namespace } = parseArgs(words.slice(1));
  const [sub, kind] = positional;
  if (sub === undefined) return [...SUBCOMMANDS];
  if (sub === 'logs') return positional.length === 1 ? namesOf('pods', objects, namespace) : [];
  if (sub === 'cordon' || sub === 'uncordon' || sub === 'drain') return positional.length === 1 ? namesOf('nodes', objects, null) : [];
  if (sub !== 'get' && sub !== 'describe' && sub !== 'delete') return [];
  if (kind === undefined) {
    // `pod/we<Tab>` completes the name after a kind and a slash.
    const slash = prefix.indexOf('/');
    const resource = slash > 0 ? KINDS[prefix.slice(0, slash)] : undefined;
    if (resource) return namesOf(resource, objects, namespace).map((n) => `${prefix.slice(0, slash)}/${n}`);
    return KIND_WORDS;
  }
  const resource = KINDS[kind];
  return resource ? namesOf(resource, objects, namespace) : [];
}

/** `ssh <node> -- <tool> <sub> <unit>`: node names, then `--`, then the node tools and their words. */
function sshWords(words: string[], objects: readonly ObjectName[]): string[] {
  if (words.length === 1) return namesOf('nodes', objects, null);
  if (words.length === 2) return ['--'];
  const rest = words.slice(3).filter((w) => w !== 'sudo');
  if (words[2] !== '--') return [];
  const [tool, sub] = rest;
  if (tool === undefined) return Object.keys(NODE_TOOLS);
  const next = NODE_TOOLS[tool];
  if (!next) return [];
  const previous = rest[rest.length - 1];
  if (tool === 'journalctl') return previous === '-u' ? UNITS : previous === '-n' ? [] : [...next];
  if (sub === undefined) return [...next];
  return tool === 'systemctl' && rest.length === 2 ? UNITS : [];
}

/** The words that are not flags or flag values, and the namespace the flags ask for (null = all). */
function parseArgs(args: string[]): { positional: string[]; namespace: string | null } {
  const positional: string[] = [];
  let namespace: string | null = 'default';
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-A' || a === '--all-namespaces') namespace = null;
    else if (a === '-n' || a === '--namespace') namespace = args[++i] ?? 'default';
    else if (a.startsWith('--namespace=')) namespace = a.slice('--namespace='.length);
    else if (VALUE_FLAGS.has(a)) i++;
    else if (!a.startsWith('-')) positional.push(a);
  }
  return { positional, namespace };
}

function namesOf(resource: string, objects: readonly ObjectName[], namespace: string | null): string[] {
  const scoped = !CLUSTER_SCOPED.has(resource) && namespace !== null;
  return objects.filter((o) => o.resource === resource && (!scoped || o.namespace === namespace)).map((o) => o.name);
}

/** `pods/default/web` (an ObjectView id) as a name completion knows it. */
export function objectNameOf(id: string): ObjectName {
  const [resource = '', namespace = '', ...rest] = id.split('/');
  return { resource, namespace, name: rest.join('/') };
}

/** The longest prefix the candidates share. */
export function commonPrefix(words: readonly string[]): string {
  if (words.length === 0) return '';
  let p = words[0]!;
  for (const w of words) while (!w.startsWith(p)) p = p.slice(0, -1);
  return p;
}
