// `crictl ps` flags and filtering, as cri-tools v1.31.1 cmd/crictl/container.go does it:
// listContainersCommand's flags (urfave/cli v2 with UseShortOptionHandling, so `-aq` is `-a -q`),
// ListContainers' ContainerFilter (running only unless --all or --state; --state one of created,
// running, exited, unknown; --latest/--last drop the state filter; --id and --pod, which containerd
// resolves from a unique prefix; --label key=value, every one must match), getContainersList
// (--name is a regular expression on the container name, newest first, --latest keeps one and
// --last N keeps N) and OutputContainers (-q prints each full id on its own line, no header;
// -o json|yaml wins over -q, see crictl-ps-output.ts).

import type { ContainerInfo, ContainerState } from '../../node/runtime/cri';

export interface PsOptions {
  all: boolean;
  quiet: boolean;
  noTrunc: boolean;
  latest: boolean;
  last: number;
  id?: string;
  pod?: string;
  name?: string;
  state?: ContainerState;
  labels: Record<string, string>;
  /** -o: json, yaml or table (checked after the RPC, as OutputContainers does). */
  output: string;
}

const BOOL: Record<string, keyof PsOptions> = { a: 'all', all: 'all', q: 'quiet', quiet: 'quiet', l: 'latest', latest: 'latest', 'no-trunc': 'noTrunc' };
const VALUE: Record<string, string> = { id: 'id', name: 'name', p: 'pod', pod: 'pod', s: 'state', state: 'state', label: 'label', n: 'last', last: 'last', o: 'output', output: 'output', image: 'image' };
const SHORT_BOOL = new Set(['a', 'q', 'l', 'v', 'r']);

const STATES: Record<string, ContainerState> = {
  created: 'CONTAINER_CREATED',
  running: 'CONTAINER_RUNNING',
  exited: 'CONTAINER_EXITED',
  unknown: 'CONTAINER_UNKNOWN',
};

const own = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

/** The options, or crictl's fatal line (ends with a newline). */
export function parsePsOptions(args: string[]): PsOptions | string {
  const o: PsOptions = { all: false, quiet: false, noTrunc: false, latest: false, last: 0, labels: {}, output: 'table' };
  const values: [string, string][] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith('-') || a === '-' || a === '--') continue;
    const long = a.startsWith('--');
    const body = a.slice(long ? 2 : 1);
    const eq = body.indexOf('=');
    const name = eq >= 0 ? body.slice(0, eq) : body;
    if (own(VALUE, name)) {
      const v = eq >= 0 ? body.slice(eq + 1) : args[++i];
      if (v === undefined) return `FATA[0000] flag needs an argument: -${name}\n`;
      values.push([VALUE[name]!, v]);
    } else if (own(BOOL, name) || name === 'v' || name === 'verbose' || name === 'r' || name === 'resolve-image-path') {
      const key = BOOL[name];
      if (key) (o as unknown as Record<string, boolean>)[key] = true;
    } else if (!long && [...body].every((ch) => SHORT_BOOL.has(ch))) {
      // UseShortOptionHandling: a run of one-letter booleans.
      for (const ch of body) {
        const key = BOOL[ch];
        if (key) (o as unknown as Record<string, boolean>)[key] = true;
      }
    } else return `FATA[0000] flag provided but not defined: -${name}\n`;
  }
  for (const [k, v] of values) {
    if (k === 'id') o.id = v;
    else if (k === 'pod') o.pod = v;
    else if (k === 'name') o.name = v;
    else if (k === 'output') o.output = v;
    else if (k === 'state') {
      const st = STATES[v.toLowerCase()];
      if (!own(STATES, v.toLowerCase()) || !st) return 'FATA[0000] --state should be one of created, running, exited or unknown\n';
      o.state = st;
    } else if (k === 'label') {
      const pair = v.split('=');
      if (pair.length !== 2) return `FATA[0000] incorrectly specified label: ${v}\n`;
      o.labels[pair[0]!] = pair[1]!;
    } else if (k === 'last') {
      if (!/^[-+]?\d+$/.test(v)) return `FATA[0000] invalid value "${v}" for flag -n: parse error\n`;
      o.last = Number(v);
    }
  }
  return o;
}

/** containerd resolves a truncated id when exactly one id starts with it; otherwise it must match whole. */
function resolveId(given: string, ids: string[]): string {
  const hits = [...new Set(ids.filter((id) => id.startsWith(given)))];
  return hits.length === 1 ? hits[0]! : given;
}

/** Go's regexp.MatchString as crictl's matchesRegex uses it: a bad pattern matches nothing. */
function matchesRegex(pattern: string | undefined, target: string): boolean {
  if (!pattern) return true;
  try {
    return new RegExp(pattern).test(target);
  } catch {
    return false;
  }
}

/** What the runtime's filter and crictl's own post-filter leave, newest first. */
export function filterContainers(all: ContainerInfo[], o: PsOptions): ContainerInfo[] {
  let state: ContainerState | undefined = o.state ?? (o.all ? undefined : 'CONTAINER_RUNNING');
  if (o.latest || o.last > 0) state = undefined;
  const id = o.id ? resolveId(o.id, all.map((c) => c.id)) : undefined;
  const pod = o.pod ? resolveId(o.pod, all.map((c) => c.podSandboxId)) : undefined;
  const kept = all.filter(
    (c) =>
      (id === undefined || c.id === id) &&
      (pod === undefined || c.podSandboxId === pod) &&
      (state === undefined || c.state === state) &&
      Object.entries(o.labels).every(([k, v]) => c.labels[k] === v) &&
      matchesRegex(o.name, c.metadata.name),
  );
  kept.sort((a, b) => b.createdAt - a.createdAt);
  let n = kept.length;
  if (o.latest) n = 1;
  if (o.last > 0) n = o.last;
  return kept.slice(0, Math.min(n, kept.length));
}

/** `crictl ps -q`: each full container id on its own line. */
export function quietIds(containers: ContainerInfo[]): string {
  return containers.map((c) => c.id + '\n').join('');
}
