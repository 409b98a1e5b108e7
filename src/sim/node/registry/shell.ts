// A very small sh: enough of busybox's shell to run the commands the Kubernetes docs put in pod
// specs (`sleep 3600`, `sh -c "exit 1"`, `echo hello; sleep 10`, `touch /tmp/healthy; sleep 30;
// rm -f /tmp/healthy; sleep 600`, `while true; do echo hi; sleep 5; done`), and the ones the
// ConfigMap and Secret pages use to show what a pod got: `env`, `echo $VAR`, `ls /etc/config/`,
// `cat /etc/config/keys`. Anything else runs as a command that succeeds silently, as a real script
// would mostly do. The environment and the mounted files are the container's at creation.

import type { Step } from './program';
import { stressSteps } from './stress';

/** What a container's shell can see: its environment (in order) and its mounted files by path. */
export interface ShellContext {
  env: [string, string][];
  files: Record<string, string>;
  /** Mount paths of volumes (emptyDir, PVC, hostPath) whose data a restarted container finds again. */
  kept?: string[];
}

export const EMPTY_SHELL: ShellContext = { env: [], files: {} };

/** `$VAR` and `${VAR}` from the environment; unknown variables are empty, as in sh. */
function expandVars(text: string, sh: ShellContext): string {
  const env = new Map(sh.env);
  return text.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g, (_m, a: string | undefined, b: string | undefined) => env.get((a ?? b)!) ?? '');
}

export function logLines(text: string): Step[] {
  const lines = text.endsWith('\n') ? text.slice(0, -1).split('\n') : text.split('\n');
  return text === '' ? [] : lines.map((line) => ({ op: 'log', stream: 'stdout', text: line }) as Step);
}

/** busybox ls of a directory (one name a line when not on a terminal), sorted; ..data links hidden. */
function lsSteps(paths: string[], sh: ShellContext): Step[] {
  const out: Step[] = [];
  for (const raw of paths.length ? paths : ['.']) {
    const dir = raw.replace(/\/+$/, '');
    if (Object.hasOwn(sh.files, dir)) {
      out.push({ op: 'log', stream: 'stdout', text: dir });
      continue;
    }
    const names = [...new Set(Object.keys(sh.files).filter((f) => f.startsWith(`${dir}/`)).map((f) => f.slice(dir.length + 1).split('/')[0]!))].sort();
    if (names.length === 0) {
      out.push({ op: 'log', stream: 'stderr', text: `ls: ${raw}: No such file or directory` });
      continue;
    }
    for (const n of names) out.push({ op: 'log', stream: 'stdout', text: n });
  }
  return out;
}

/** A mounted file is read when `cat` runs (its content may change under the container); others are not there. */
function catSteps(paths: string[], sh: ShellContext): Step[] {
  const out: Step[] = [];
  for (const p of paths) {
    if (Object.hasOwn(sh.files, p)) out.push({ op: 'cat', path: p });
    else out.push({ op: 'log', stream: 'stderr', text: `cat: can't open '${p}': No such file or directory` });
  }
  return out;
}

function unquote(s: string): string {
  const t = s.trim();
  if ((t.startsWith('"') && t.endsWith('"')) || (t.startsWith("'") && t.endsWith("'"))) return t.slice(1, -1);
  return t;
}

/** Split on `;`, `&&` and newlines outside quotes. */
function splitCommands(script: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quote = '';
  for (let i = 0; i < script.length; i++) {
    const c = script[i]!;
    if (quote) {
      if (c === quote) quote = '';
      cur += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      cur += c;
    } else if (c === ';' || c === '\n') {
      out.push(cur);
      cur = '';
    } else if (c === '&' && script[i + 1] === '&') {
      out.push(cur);
      cur = '';
      i++;
    } else cur += c;
  }
  out.push(cur);
  return out.map((s) => s.trim()).filter((s) => s.length > 0);
}

/** `3600`, `1h`, `30s`, `infinity` -> ms (busybox sleep accepts suffixes). */
export function sleepMs(arg: string | undefined): number | 'forever' {
  if (!arg || arg === 'infinity' || arg === 'inf') return 'forever';
  const m = /^(\d+(?:\.\d+)?)([smhd]?)$/.exec(arg);
  if (!m) return 0;
  const mult = { '': 1000, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2]!]!;
  return Math.round(Number(m[1]) * mult);
}

function commandSteps(cmd: string, sh: ShellContext): Step[] {
  const words = cmd.split(/\s+/).filter(Boolean);
  // `/bin/sleep` is `sleep`: the path does not change what runs.
  const name = (words[0] ?? '').split('/').pop() ?? '';
  const arg = words.slice(1).join(' ');
  switch (name) {
    case 'sleep': {
      const d = sleepMs(words[1]);
      return d === 'forever' ? [{ op: 'wait' }] : [{ op: 'sleep', ms: d }];
    }
    case 'exit':
      return [{ op: 'exit', code: Number(words[1] ?? 0) || 0 }];
    case 'false':
      return [{ op: 'exit', code: 1 }];
    case 'echo':
    case 'printf': {
      // Single quotes keep `$` literal; otherwise the shell expands variables first.
      const t = arg.trim();
      const text = t.startsWith("'") && t.endsWith("'") ? unquote(arg) : expandVars(unquote(arg), sh);
      return [{ op: 'log', stream: 'stdout', text: text.replace(/\\n$/, '') }];
    }
    case 'env':
    case 'printenv':
      return sh.env.map(([k, v]) => ({ op: 'log', stream: 'stdout', text: `${k}=${v}` }) as Step);
    case 'ls':
      return lsSteps(words.slice(1).filter((w) => !w.startsWith('-')).map(unquote), sh);
    case 'cat':
      return catSteps(words.slice(1).map(unquote), sh);
    case 'date':
      return [{ op: 'log', stream: 'stdout', text: '{dateTime}' }];
    case 'touch':
      return words.slice(1).map((p) => ({ op: 'touch', path: p }) as Step);
    case 'rm':
      return words.slice(1).filter((w) => !w.startsWith('-')).map((p) => ({ op: 'rm', path: p }) as Step);
    case 'stress':
      return stressSteps(words.slice(1));
    default:
      return [];
  }
}

/** `$(cat <file>)`: the file's text without its trailing newlines, as sh's command substitution gives it. */
function substituteCat(script: string, sh: ShellContext): string {
  return script.replace(/\$\(\s*cat\s+([^)\s]+)\s*\)/g, (_m, p: string) => (Object.hasOwn(sh.files, p) ? sh.files[p]!.replace(/\n+$/, '') : ''));
}

/** Turn a shell script into steps; the script ends with exit 0 unless it says otherwise. */
export function parseScript(raw: string, sh: ShellContext = EMPTY_SHELL): Step[] {
  const script = substituteCat(raw, sh);
  const loop = /^\s*while\s+(?:true|:)\s*;\s*do\s+([\s\S]*?);?\s*done\s*;?\s*$/.exec(script);
  if (loop) return [{ op: 'loop', body: parseScript(loop[1]!, sh) }];
  const until = /^\s*until\s+nslookup\s+(\S+)\s*;\s*do\s+([\s\S]*?);?\s*done\s*;?\s*$/.exec(script);
  if (until) return [{ op: 'untilResolves', host: until[1]!, body: parseScript(until[2]!, sh) }];
  const steps: Step[] = [];
  for (const c of splitCommands(script)) steps.push(...commandSteps(c, sh));
  return steps;
}

/** Steps for an argv run directly (no shell): `["sleep", "3600"]`, `["sh", "-c", "..."]`. */
export function argvSteps(argv: string[], sh: ShellContext = EMPTY_SHELL): Step[] {
  const [cmd, ...rest] = argv;
  const base = (cmd ?? '').split('/').pop() ?? '';
  if (base === 'sh' || base === 'bash' || base === 'ash' || base === 'zsh') {
    const c = rest.indexOf('-c');
    if (c >= 0) return parseScript(rest.slice(c + 1).join(' '), sh);
    // A shell with no script and no terminal reads EOF on stdin and exits 0.
    return [];
  }
  // No shell: an argument is passed as it is, never expanded (`/bin/echo "$(A) $(B)"` was expanded by the kubelet).
  if (base === 'echo') return [{ op: 'log', stream: 'stdout', text: rest.join(' ') }];
  return commandSteps(argv.map((a) => (/\s/.test(a) ? `"${a}"` : a)).join(' '), sh);
}
