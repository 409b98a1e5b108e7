// Command-line parsing with pflag's rules, as kubectl's cobra commands do: flags may appear before
// or after the command and its arguments; `--flag=value`, `--flag value`, `-n value`, `-nvalue`;
// boolean flags take no separate value; `--` ends the flags (what follows is for `run --command`).

export type FlagType = 'string' | 'bool' | 'int' | 'stringArray' | 'duration';

/** Go's time.ParseDuration syntax (a signed sequence of decimal numbers, each with a unit, or 0). */
const GO_DURATION = /^[-+]?(0|((\d+(\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h))+)$/;

export interface FlagSpec {
  name: string;
  short?: string;
  type: FlagType;
}

/** Flags every command takes; each verb's own flags are in its entry of verbs.ts. */
export const GLOBAL_FLAGS: readonly FlagSpec[] = [
  { name: 'namespace', short: 'n', type: 'string' },
  { name: 'as', type: 'string' },
  { name: 'as-group', type: 'stringArray' },
  { name: 'request-timeout', type: 'string' },
  { name: 'kubeconfig', type: 'string' },
  { name: 'context', type: 'string' },
  { name: 'v', short: 'v', type: 'int' },
  // The global --user (a kubeconfig user); `create rolebinding --user` shadows it, as in kubectl.
  { name: 'user', type: 'string' },
  // clientcmd's override flags (client-go/tools/clientcmd/overrides.go): they change what the
  // kubeconfig says for this one command (kubeconfig/resolve.ts).
  { name: 'cluster', type: 'string' },
  { name: 'server', short: 's', type: 'string' },
  { name: 'token', type: 'string' },
  { name: 'client-certificate', type: 'string' },
  { name: 'client-key', type: 'string' },
  { name: 'certificate-authority', type: 'string' },
  { name: 'insecure-skip-tls-verify', type: 'bool' },
];

/** The flags a command takes of its own, by command name. */
export type VerbFlags = (command: string | undefined) => readonly FlagSpec[];

export interface ParsedArgs {
  command?: string;
  args: string[];
  /** Words after `--`. */
  dashArgs: string[];
  sawDash: boolean;
  flags: Map<string, string | boolean | number | string[]>;
}

export type ParseResult = { ok: true; parsed: ParsedArgs } | { ok: false; error: string };

function lookup(own: readonly FlagSpec[], name: string, short: boolean): FlagSpec | undefined {
  const match = (f: FlagSpec): boolean => (short ? f.short === name : f.name === name);
  return own.find(match) ?? GLOBAL_FLAGS.find(match);
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
  } else if (spec.type === 'duration') {
    if (!GO_DURATION.test(value)) return `invalid argument "${value}" for "${display}" flag: time: invalid duration "${value}"`;
    p.flags.set(spec.name, value);
  } else if (spec.type === 'stringArray') {
    const prev = (p.flags.get(spec.name) as string[] | undefined) ?? [];
    p.flags.set(spec.name, [...prev, value]);
  } else p.flags.set(spec.name, value);
  return undefined;
}

const usage = (cmd: string | undefined, msg: string): string =>
  `error: ${msg}\nSee 'kubectl${cmd ? ' ' + cmd : ''} --help' for usage.\n`;

/** Parse argv (without the leading `kubectl`), with the flags of the command it names. */
export function parseArgs(argv: string[], flagsOf: VerbFlags): ParseResult {
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
      const spec = lookup(flagsOf(p.command), name, false);
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
        const spec = lookup(flagsOf(p.command), c, true);
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
