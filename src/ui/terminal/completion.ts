// Tab completion for the terminal: kubectl's verbs and each verb's flags, resource kinds, the names
// of objects that exist now, namespaces; and `ssh <node> -- crictl|systemctl|journalctl ...` for the
// node tools. A pure function of the line, the object names and the kubectl vocabulary the worker
// sends with `loaded` (read from the simulated kubectl's verb table, so the two never disagree).

import type { KubectlVocabulary } from '../../protocol/view';

export const COMMANDS: readonly string[] = ['kubectl', 'ssh'];
/** What a node's shell answers (src/sim/cli-tools/node), with the words each tool takes next. */
export const NODE_TOOLS: Readonly<Record<string, readonly string[]>> = {
  crictl: ['ps', 'pods', 'images', 'logs', 'inspect', 'pull', 'stop'],
  etcdctl: ['member', 'endpoint', 'get'],
  systemctl: ['status', 'start', 'stop', 'restart', 'is-active'],
  journalctl: ['-u', '-n', '--no-pager'],
};
const UNITS = ['kubelet', 'containerd'];
export const OUTPUTS: readonly string[] = ['wide', 'yaml', 'json', 'name'];
/** Verbs whose first word is a kind (then names of that kind). */
const KIND_VERBS = new Set(['get', 'describe', 'delete', 'label', 'annotate', 'scale', 'explain']);

/** The kinds' spellings (plural, singular, short) to the resource each one means. */
function kindResources(v: KubectlVocabulary): Map<string, string> {
  const m = new Map<string, string>();
  for (const k of v.kinds) for (const n of [k.resource, k.singular, ...k.shortNames]) m.set(n, k.resource);
  return m;
}

/** What Tab offers for a kind: the plural names and the short ones people type. */
const kindWords = (v: KubectlVocabulary): string[] => v.kinds.flatMap((k) => [k.resource, ...k.shortNames]);

const EMPTY: KubectlVocabulary = { verbs: [], globalFlags: [], valueFlags: [], kinds: [] };

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

export function complete(line: string, objects: readonly ObjectName[], vocabulary: KubectlVocabulary | null): Completion {
  const start = line.search(/\S*$/);
  const prefix = line.slice(start);
  const words = line.slice(0, start).trim().split(/\s+/).filter(Boolean);
  const fits = (list: Iterable<string>): string[] =>
    [...new Set(list)].filter((c) => c.startsWith(prefix)).sort();
  return { start, prefix, candidates: fits(wordsFor(words, prefix, objects, vocabulary ?? EMPTY)) };
}

function wordsFor(words: string[], prefix: string, objects: readonly ObjectName[], v: KubectlVocabulary): string[] {
  if (words.length === 0) return [...COMMANDS];
  if (words[0] === 'ssh') return sshWords(words, objects);
  // `k` is the laptop shell's alias for kubectl (cluster.ts).
  if (words[0] !== 'kubectl' && words[0] !== 'k') return [];
  const previous = words[words.length - 1] ?? '';
  const valueFlags = new Set(v.valueFlags);
  const kinds = kindResources(v);
  const clusterScoped = new Set(v.kinds.filter((k) => !k.namespaced).map((k) => k.resource));
  const names = (resource: string, namespace: string | null): string[] => namesOf(resource, objects, clusterScoped.has(resource) ? null : namespace);
  if (previous === '-o' || previous === '--output') return [...OUTPUTS];
  if (previous === '-n' || previous === '--namespace') return names('namespaces', null);
  if (valueFlags.has(previous)) return [];
  const { positional, namespace } = parseArgs(words.slice(1), valueFlags);
  const [sub, kind] = positional;
  if (prefix.startsWith('-')) return [...(v.verbs.find((x) => x.name === sub)?.flags ?? []), ...v.globalFlags];
  if (sub === undefined) return v.verbs.map((x) => x.name);
  if (sub === 'logs') return positional.length === 1 ? names('pods', namespace) : [];
  if (sub === 'cordon' || sub === 'uncordon' || sub === 'drain') return positional.length === 1 ? names('nodes', null) : [];
  if (!KIND_VERBS.has(sub)) return [];
  if (kind === undefined) {
    // `pod/we<Tab>` completes the name after a kind and a slash.
    const slash = prefix.indexOf('/');
    const resource = slash > 0 ? kinds.get(prefix.slice(0, slash)) : undefined;
    if (resource) return names(resource, namespace).map((n) => `${prefix.slice(0, slash)}/${n}`);
    return kindWords(v);
  }
  const resource = kinds.get(kind);
  return resource && sub !== 'explain' ? names(resource, namespace) : [];
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
function parseArgs(args: string[], valueFlags: ReadonlySet<string>): { positional: string[]; namespace: string | null } {
  const positional: string[] = [];
  let namespace: string | null = 'default';
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-A' || a === '--all-namespaces') namespace = null;
    else if (a === '-n' || a === '--namespace') namespace = args[++i] ?? 'default';
    else if (a.startsWith('--namespace=')) namespace = a.slice('--namespace='.length);
    else if (valueFlags.has(a)) i++;
    else if (!a.startsWith('-')) positional.push(a);
  }
  return { positional, namespace };
}

function namesOf(resource: string, objects: readonly ObjectName[], namespace: string | null): string[] {
  return objects.filter((o) => o.resource === resource && (namespace === null || o.namespace === namespace)).map((o) => o.name);
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
