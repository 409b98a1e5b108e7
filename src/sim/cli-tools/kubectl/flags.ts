// Command-line parsing with pflag's rules, as kubectl's cobra commands do: flags may appear before
// or after the command and its arguments; `--flag=value`, `--flag value`, `-n value`, `-nvalue`;
// boolean flags take no separate value; `--` ends the flags (what follows is for `run --command`).

export type FlagType = 'string' | 'bool' | 'int' | 'stringArray';

interface FlagSpec {
  name: string;
  short?: string;
  type: FlagType;
  /** Commands that accept the flag; undefined means every command (a global flag). */
  commands?: string[];
}

const FILE_CMDS = ['apply', 'create', 'delete'];

export const FLAGS: FlagSpec[] = [
  { name: 'namespace', short: 'n', type: 'string' },
  { name: 'as', type: 'string' },
  { name: 'as-group', type: 'stringArray' },
  { name: 'request-timeout', type: 'string' },
  { name: 'kubeconfig', type: 'string' },
  { name: 'context', type: 'string' },
  { name: 'v', short: 'v', type: 'int' },
  { name: 'filename', short: 'f', type: 'stringArray', commands: FILE_CMDS },
  { name: 'recursive', short: 'R', type: 'bool', commands: FILE_CMDS },
  { name: 'validate', type: 'string', commands: ['apply', 'create'] },
  { name: 'output', short: 'o', type: 'string', commands: ['apply', 'create', 'get', 'run', 'delete', 'version'] },
  { name: 'client', type: 'bool', commands: ['version'] },
  { name: 'selector', short: 'l', type: 'string', commands: ['get', 'delete', 'describe', 'logs'] },
  { name: 'field-selector', type: 'string', commands: ['get'] },
  { name: 'all-namespaces', short: 'A', type: 'bool', commands: ['get', 'describe', 'delete'] },
  { name: 'sort-by', type: 'string', commands: ['get'] },
  { name: 'show-labels', type: 'bool', commands: ['get'] },
  { name: 'label-columns', short: 'L', type: 'stringArray', commands: ['get'] },
  { name: 'no-headers', type: 'bool', commands: ['get'] },
  { name: 'watch', short: 'w', type: 'bool', commands: ['get'] },
  { name: 'watch-only', type: 'bool', commands: ['get'] },
  { name: 'output-watch-events', type: 'bool', commands: ['get'] },
  { name: 'image', type: 'string', commands: ['run'] },
  { name: 'restart', type: 'string', commands: ['run'] },
  { name: 'labels', short: 'L', type: 'string', commands: ['run'] },
  { name: 'port', type: 'string', commands: ['run'] },
  { name: 'command', type: 'bool', commands: ['run'] },
  { name: 'env', type: 'stringArray', commands: ['run'] },
  { name: 'image-pull-policy', type: 'string', commands: ['run'] },
  { name: 'grace-period', type: 'int', commands: ['delete', 'drain'] },
  { name: 'force', type: 'bool', commands: ['delete', 'drain'] },
  { name: 'now', type: 'bool', commands: ['delete'] },
  { name: 'wait', type: 'bool', commands: ['delete'] },
  { name: 'cascade', type: 'string', commands: ['delete'] },
  { name: 'replicas', type: 'int', commands: ['scale', 'create'] },
  { name: 'overwrite', type: 'bool', commands: ['label', 'annotate'] },
  { name: 'image', type: 'stringArray', commands: ['create'] },
  { name: 'port', type: 'int', commands: ['create'] },
  // create service (create-service.ts).
  { name: 'tcp', type: 'stringArray', commands: ['create'] },
  { name: 'clusterip', type: 'string', commands: ['create'] },
  { name: 'node-port', type: 'int', commands: ['create'] },
  { name: 'external-name', type: 'string', commands: ['create'] },
  { name: 'timeout', type: 'string', commands: ['rollout'] },
  { name: 'to-revision', type: 'int', commands: ['rollout'] },
  { name: 'container', short: 'c', type: 'string', commands: ['logs'] },
  { name: 'tail', type: 'int', commands: ['logs'] },
  { name: 'previous', short: 'p', type: 'bool', commands: ['logs'] },
  { name: 'timestamps', type: 'bool', commands: ['logs'] },
  { name: 'ignore-daemonsets', type: 'bool', commands: ['drain'] },
  { name: 'delete-emptydir-data', type: 'bool', commands: ['drain'] },
  { name: 'delete-local-data', type: 'bool', commands: ['drain'] },
  { name: 'disable-eviction', type: 'bool', commands: ['drain'] },
  { name: 'pod-selector', type: 'string', commands: ['drain'] },
  { name: 'skip-wait-for-delete-timeout', type: 'int', commands: ['drain'] },
  { name: 'timeout', type: 'string', commands: ['drain'] },
  { name: 'overwrite', type: 'bool', commands: ['taint'] },
  { name: 'namespaced', type: 'bool', commands: ['api-resources'] },
  { name: 'api-group', type: 'string', commands: ['api-resources'] },
  { name: 'no-headers', type: 'bool', commands: ['api-resources'] },
  // create role|clusterrole|rolebinding|clusterrolebinding (create-rbac.ts) and auth can-i (auth.ts).
  { name: 'verb', type: 'stringArray', commands: ['create'] },
  { name: 'resource', type: 'stringArray', commands: ['create'] },
  { name: 'resource-name', type: 'stringArray', commands: ['create'] },
  { name: 'non-resource-url', type: 'stringArray', commands: ['create'] },
  { name: 'role', type: 'string', commands: ['create'] },
  { name: 'clusterrole', type: 'string', commands: ['create'] },
  { name: 'user', type: 'stringArray', commands: ['create'] },
  { name: 'group', type: 'stringArray', commands: ['create'] },
  { name: 'serviceaccount', type: 'stringArray', commands: ['create'] },
  // create configmap|secret (create-config.ts) and --dry-run for create's subcommands.
  { name: 'from-literal', type: 'stringArray', commands: ['create'] },
  { name: 'from-file', type: 'stringArray', commands: ['create'] },
  { name: 'from-env-file', type: 'stringArray', commands: ['create'] },
  { name: 'type', type: 'string', commands: ['create'] },
  { name: 'cert', type: 'string', commands: ['create'] },
  { name: 'key', type: 'string', commands: ['create'] },
  { name: 'docker-server', type: 'string', commands: ['create'] },
  { name: 'docker-username', type: 'string', commands: ['create'] },
  { name: 'docker-password', type: 'string', commands: ['create'] },
  { name: 'docker-email', type: 'string', commands: ['create'] },
  { name: 'dry-run', type: 'string', commands: ['create'] },
  { name: 'all-namespaces', short: 'A', type: 'bool', commands: ['auth'] },
  { name: 'list', type: 'bool', commands: ['auth'] },
  { name: 'quiet', short: 'q', type: 'bool', commands: ['auth'] },
  { name: 'subresource', type: 'string', commands: ['auth'] },
  { name: 'no-headers', type: 'bool', commands: ['auth'] },
  // The global --user (a kubeconfig user); `create rolebinding --user` above shadows it, as in kubectl.
  { name: 'user', type: 'string' },
];

export interface ParsedArgs {
  command?: string;
  args: string[];
  /** Words after `--`. */
  dashArgs: string[];
  sawDash: boolean;
  flags: Map<string, string | boolean | number | string[]>;
}

export type ParseResult = { ok: true; parsed: ParsedArgs } | { ok: false; error: string };

function lookup(cmd: string | undefined, name: string, short: boolean): FlagSpec | undefined {
  return FLAGS.find(
    (f) => (short ? f.short === name : f.name === name) && (!f.commands || (cmd !== undefined && f.commands.includes(cmd))),
  );
}

function setFlag(p: ParsedArgs, spec: FlagSpec, raw: string | true, display: string): string | undefined {
  if (spec.type === 'bool') {
    if (raw === true || raw === 'true') p.flags.set(spec.name, true);
    else if (raw === 'false') p.flags.set(spec.name, false);
    else return `invalid argument "${raw}" for "${display}" flag: strconv.ParseBool: parsing "${raw}": invalid syntax`;
    return undefined;
  }
  const value = raw as string;
  if (spec.type === 'int') {
    if (!/^[-+]?\d+$/.test(value)) return `invalid argument "${value}" for "${display}" flag: strconv.ParseInt: parsing "${value}": invalid syntax`;
    p.flags.set(spec.name, Number(value));
  } else if (spec.type === 'stringArray') {
    const prev = (p.flags.get(spec.name) as string[] | undefined) ?? [];
    p.flags.set(spec.name, [...prev, value]);
  } else p.flags.set(spec.name, value);
  return undefined;
}

const usage = (cmd: string | undefined, msg: string): string =>
  `error: ${msg}\nSee 'kubectl${cmd ? ' ' + cmd : ''} --help' for usage.\n`;

/** Parse argv (without the leading `kubectl`). */
export function parseArgs(argv: string[]): ParseResult {
  const p: ParsedArgs = { args: [], dashArgs: [], sawDash: false, flags: new Map() };
  // The command is the first word that is neither a flag nor a flag's value.
  const words = [...argv];
  let i = 0;
  while (i < words.length) {
    const w = words[i]!;
    i++;
    if (p.sawDash) {
      p.dashArgs.push(w);
      continue;
    }
    if (w === '--') {
      p.sawDash = true;
      continue;
    }
    if (w.startsWith('--')) {
      const eq = w.indexOf('=');
      const name = eq >= 0 ? w.slice(2, eq) : w.slice(2);
      const spec = lookup(p.command, name, false);
      if (!spec) return { ok: false, error: usage(p.command, `unknown flag: --${name}`) };
      let raw: string | true;
      if (eq >= 0) raw = w.slice(eq + 1);
      else if (spec.type === 'bool') raw = true;
      else if (i < words.length) raw = words[i++]!;
      else return { ok: false, error: usage(p.command, `flag needs an argument: --${name}`) };
      const err = setFlag(p, spec, raw, `--${name}`);
      if (err) return { ok: false, error: usage(p.command, err) };
      continue;
    }
    if (w.startsWith('-') && w.length > 1) {
      // A run of shorthand flags; the first one that takes a value consumes the rest of the word.
      for (let k = 1; k < w.length; k++) {
        const c = w[k]!;
        const spec = lookup(p.command, c, true);
        if (!spec) return { ok: false, error: usage(p.command, `unknown shorthand flag: '${c}' in ${w}`) };
        if (spec.type === 'bool') {
          const err = setFlag(p, spec, true, `-${c}, --${spec.name}`);
          if (err) return { ok: false, error: usage(p.command, err) };
          continue;
        }
        let raw = w.slice(k + 1);
        if (raw.startsWith('=')) raw = raw.slice(1);
        else if (raw === '') {
          if (i >= words.length) return { ok: false, error: usage(p.command, `flag needs an argument: '${c}' in ${w}`) };
          raw = words[i++]!;
        }
        const err = setFlag(p, spec, raw, `-${c}, --${spec.name}`);
        if (err) return { ok: false, error: usage(p.command, err) };
        break;
      }
      continue;
    }
    if (p.command === undefined) p.command = w;
    else p.args.push(w);
  }
  return { ok: true, parsed: p };
}

export function flagString(p: ParsedArgs, name: string): string | undefined {
  const v = p.flags.get(name);
  return typeof v === 'string' ? v : undefined;
}
export function flagBool(p: ParsedArgs, name: string): boolean {
  return p.flags.get(name) === true;
}
export function flagInt(p: ParsedArgs, name: string): number | undefined {
  const v = p.flags.get(name);
  return typeof v === 'number' ? v : undefined;
}
export function flagArray(p: ParsedArgs, name: string): string[] {
  const v = p.flags.get(name);
  return Array.isArray(v) ? v : [];
}

/**
 * `--validate` as the fieldValidation query kubectl sends (cmdutil.GetValidationDirective):
 * strict or true (the default) -> Strict, warn -> Warn, ignore or false -> Ignore.
 */
export function validationDirective(p: ParsedArgs): 'Strict' | 'Warn' | 'Ignore' {
  const v = String(p.flags.get('validate') ?? 'strict').toLowerCase();
  if (v === 'warn') return 'Warn';
  if (v === 'ignore' || v === 'false') return 'Ignore';
  return 'Strict';
}
