// A process started by CRI Exec (`kubectl exec`) inside a running container: runc looks the program
// up on the container's $PATH (a program the image does not have fails to start, before anything
// runs), then it runs with the container's environment and files. The programs are the image's
// own (registry/userland.ts): busybox's applets, Debian's dash and coreutils, bash. Each prints
// what the real one prints for the cases the Kubernetes docs use: env, hostname, cat, ls, echo,
// id, ps, date, sleep, grep, and `sh -c` scripts of simple commands joined by `;`, `&&`, `||`
// and pipes (`env | grep _USERNAME`, as the Secrets task page runs). Redirections and state kept
// between separate execs (`cd`, `export`) are not modelled; a lone wget or curl goes out over the
// network (outgoing.ts), inside a longer script it says so.

import { rfc3339 } from '../../api/time';
import { BUSYBOX_CURRENT, busyboxUsage } from '../registry/busybox-release';
import { sleepMs } from '../registry/shell';
import type { Userland } from '../registry/userland';

export interface ExecContext {
  userland: Userland;
  /** The process environment: PATH, HOSTNAME, the image's Env, the container's env, HOME. */
  env: [string, string][];
  /** Files by absolute path (/etc/hostname, /etc/hosts, /etc/resolv.conf, volumes). */
  files: Record<string, string>;
  hostname: string;
  now: number;
  startedAt: number;
  /** PID 1's command line, for ps. */
  mainCommand: string;
  /** The PID the exec'd process gets. */
  pid: number;
}

export interface ExecOutcome {
  stdout: string;
  stderr: string;
  exitCode: number;
  /** How long the command runs (its sleeps); 'forever' for `sleep infinity`. */
  runMs: number | 'forever';
  /** Files it created (touch) or removed (rm), in order: they stay in the container's filesystem. */
  fileChanges?: { op: 'touch' | 'rm'; path: string }[];
}

/** The program is not in the image: runc fails to start it. */
export type ExecStart = { started: true; outcome: ExecOutcome } | { started: false; missing: string };

interface Io {
  out: string;
  err: string;
  runMs: number | 'forever';
  env: Map<string, string>;
  cwd: string;
  /** What the previous command of a pipeline wrote; undefined when stdin is not a pipe. */
  stdin?: string;
  fileChanges?: { op: 'touch' | 'rm'; path: string }[];
}

const SHELLS = ['sh', 'ash', 'dash', 'bash'];
const TRAFFIC_TOOLS = ['wget', 'curl', 'nslookup', 'dig'];

function hasProgram(u: Userland, name: string): boolean {
  if (name === 'bash') return u.bash;
  if (name === 'sh') return u.shell !== 'none';
  if (name === 'ash') return u.shell === 'busybox';
  if (name === 'dash') return u.shell === 'dash';
  return u.tools.has(name);
}

const base = (p: string): string => p.split('/').pop() ?? p;

/** Run argv as CRI Exec does: no shell unless argv names one. */
export function execProcess(argv: string[], ctx: ExecContext): ExecStart {
  const name = base(argv[0] ?? '');
  if (!name || !hasProgram(ctx.userland, name)) return { started: false, missing: argv[0] ?? '' };
  const io: Io = { out: '', err: '', runMs: 0, env: new Map(ctx.env), cwd: '/' };
  // touch and rm change this exec's view of the files; the changes go back to the container.
  const own: ExecContext = { ...ctx, files: { ...ctx.files } };
  const code = runProgram(name, argv.slice(1), io, own);
  const outcome: ExecOutcome = { stdout: io.out, stderr: io.err, exitCode: code, runMs: io.runMs };
  if (io.fileChanges?.length) outcome.fileChanges = io.fileChanges;
  return { started: true, outcome };
}

/** The prompt an interactive shell prints: busybox `/ # `, dash `# `, bash `root@web-5f..:/# `. */
export function shellPrompt(shell: string, ctx: ExecContext): string {
  const name = base(shell);
  if (name === 'bash') return `root@${ctx.hostname}:/# `;
  return ctx.userland.shell === 'busybox' ? '/ # ' : '# ';
}

function runProgram(name: string, args: string[], io: Io, ctx: ExecContext): number {
  if (SHELLS.includes(name)) {
    const c = args.indexOf('-c');
    // A shell with no script reads stdin; with none attached it reads end-of-file and exits 0.
    if (c < 0) return 0;
    return runScript(args[c + 1] ?? '', name === 'bash' ? 'bash' : ctx.userland.shell, io, ctx);
  }
  return runTool(name, args, io, ctx);
}

// ---------------------------------------------------------------- the shell

type Op = ';' | '&&' | '||';

/** Split a script into simple commands and the operator before each. */
function splitScript(script: string): { op: Op; text: string }[] {
  const out: { op: Op; text: string }[] = [];
  let cur = '';
  let op: Op = ';';
  let quote = '';
  const push = (next: Op): void => {
    if (cur.trim()) out.push({ op, text: cur.trim() });
    cur = '';
    op = next;
  };
  for (let i = 0; i < script.length; i++) {
    const c = script[i]!;
    const two = script.slice(i, i + 2);
    if (quote) {
      if (c === quote) quote = '';
      cur += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      cur += c;
    } else if (c === ';' || c === '\n') push(';');
    else if (two === '&&' || two === '||') {
      push(two);
      i++;
    } else cur += c;
  }
  push(';');
  return out;
}

/** Words of a simple command: quotes removed, `$VAR`, `${VAR}` and `$?` expanded except inside single quotes. */
export function shellWords(text: string, env: Map<string, string>, status = 0): string[] {
  const words: string[] = [];
  let cur: string | undefined;
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote === "'") {
      if (c === "'") quote = '';
      else cur += c;
      continue;
    }
    if (c === '$' && /[A-Za-z_{?]/.test(text[i + 1] ?? '')) {
      const m = /^\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*)|(\?))/.exec(text.slice(i));
      if (m) {
        cur = (cur ?? '') + (m[3] ? String(status) : (env.get((m[1] ?? m[2])!) ?? ''));
        i += m[0].length - 1;
        continue;
      }
    }
    if (quote === '"') {
      if (c === '"') quote = '';
      else cur += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      cur ??= '';
    } else if (/\s/.test(c)) {
      if (cur !== undefined) words.push(cur);
      cur = undefined;
    } else cur = (cur ?? '') + c;
  }
  if (cur !== undefined) words.push(cur);
  return words;
}

function notFound(shell: ShellFlavour2, name: string): string {
  if (shell === 'bash') return `bash: line 1: ${name}: command not found\n`;
  if (shell === 'dash') return `sh: 1: ${name}: not found\n`;
  return `sh: ${name}: not found\n`;
}

type ShellFlavour2 = 'busybox' | 'dash' | 'bash' | 'none';

/** Split a simple command on `|` outside quotes (`||` was taken by splitScript). */
function splitPipeline(text: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quote = '';
  for (const c of text) {
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '|') {
      out.push(cur.trim());
      cur = '';
      continue;
    }
    cur += c;
  }
  out.push(cur.trim());
  return out;
}

function runScript(script: string, shell: ShellFlavour2, io: Io, ctx: ExecContext): number {
  let status = 0;
  for (const { op, text } of splitScript(script)) {
    if ((op === '&&' && status !== 0) || (op === '||' && status === 0)) continue;
    const stages = splitPipeline(text);
    if (stages.length === 1) {
      const r = runSimple(text, shell, io, ctx, status);
      if (r.exit) return r.status;
      status = r.status;
    } else {
      // A pipeline: each command reads what the one before it wrote; its status is the last one's.
      const out = io.out;
      let piped: string | undefined;
      for (const stage of stages) {
        io.out = '';
        io.stdin = piped;
        status = runSimple(stage, shell, io, ctx, status).status;
        piped = io.out;
      }
      io.stdin = undefined;
      io.out = out + (piped ?? '');
    }
    if (io.runMs === 'forever') return status;
  }
  return status;
}

/** One simple command; `exit` ends the script. */
function runSimple(text: string, shell: ShellFlavour2, io: Io, ctx: ExecContext, status: number): { status: number; exit?: boolean } {
  const words = shellWords(text, io.env, status);
  // `A=1 B=2` alone sets shell variables.
  while (words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0]!)) {
    const [k, ...v] = words.shift()!.split('=');
    io.env.set(k!, v.join('='));
  }
  const [cmd, ...args] = words;
  if (cmd === undefined) return { status };
  if (cmd === 'exit') return { status: Number(args[0] ?? status) || 0, exit: true };
  if (cmd === 'cd') {
    io.cwd = args[0] ?? '/';
    return { status: 0 };
  }
  if (cmd === 'export') {
    for (const a of args) if (a.includes('=')) io.env.set(a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1));
    return { status: 0 };
  }
  // dash's builtin echo expands backslash escapes (`\n`) as POSIX XSI asks; bash's and busybox's do not without -e.
  if (cmd === 'echo') return { status: echo(args, io, shell === 'dash') };
  if (cmd === 'true' || cmd === 'false' || cmd === 'pwd') return { status: runTool(cmd, args, io, ctx) };
  if (hasProgram(ctx.userland, base(cmd))) return { status: runProgram(base(cmd), args, io, ctx) };
  io.err += notFound(shell, cmd);
  return { status: 127 };
}

function echo(args: string[], io: Io, escapes: boolean): number {
  const n = args[0] === '-n';
  let text = (n ? args.slice(1) : args).join(' ');
  let newline = !n;
  if (escapes) {
    const stop = text.indexOf('\\c');
    if (stop >= 0) {
      text = text.slice(0, stop);
      newline = false;
    }
    text = text.replace(/\\([nt\\])/g, (_m, e: string) => ({ n: '\n', t: '\t', '\\': '\\' })[e]!);
  }
  io.out += text + (newline ? '\n' : '');
  return 0;
}

// ---------------------------------------------------------------- the tools

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** date's default format, `%a %b %e %H:%M:%S %Z %Y`: `Wed Dec  2 17:00:05 UTC 2026`. */
export function dateText(now: number): string {
  const iso = rfc3339(now);
  const [y, mo, d] = iso.slice(0, 10).split('-').map(Number) as [number, number, number];
  const weekday = DAYS[(Math.floor(Date.UTC(y, mo - 1, d) / 86_400_000) + 4) % 7]!;
  return `${weekday} ${MONTHS[mo - 1]} ${String(d).padStart(2, ' ')} ${iso.slice(11, 19)} UTC ${y}`;
}

function runTool(name: string, args: string[], io: Io, ctx: ExecContext): number {
  const gnu = ctx.userland.shell !== 'busybox';
  switch (name) {
    case 'true':
      return 0;
    case 'false':
      return 1;
    case 'echo':
      return echo(args, io, false);
    case 'grep':
      return grep(args, io, ctx, gnu);
    case 'env':
    case 'printenv': {
      if (name === 'printenv' && args.length) {
        const v = io.env.get(args[0]!);
        if (v === undefined) return 1;
        io.out += v + '\n';
        return 0;
      }
      for (const [k, v] of io.env) io.out += `${k}=${v}\n`;
      return 0;
    }
    case 'hostname':
      io.out += ctx.hostname + '\n';
      return 0;
    case 'id':
      io.out += ctx.userland.rootId + '\n';
      return 0;
    case 'whoami':
      io.out += 'root\n';
      return 0;
    case 'pwd':
      io.out += io.cwd + '\n';
      return 0;
    case 'uname':
      io.out += 'Linux\n';
      return 0;
    case 'date':
      io.out += dateText(ctx.now) + '\n';
      return 0;
    case 'sleep': {
      const d = sleepMs(args[0]);
      io.runMs = d === 'forever' || io.runMs === 'forever' ? 'forever' : io.runMs + d;
      return 0;
    }
    case 'cat':
      return cat(args, io, ctx, gnu);
    case 'ls':
      return ls(args, io, ctx, gnu);
    case 'ps':
      return ps(io, ctx, gnu);
    case 'touch':
      for (const a of args.filter((x) => !x.startsWith('-'))) {
        const p = absolute(a, io.cwd);
        if (!Object.hasOwn(ctx.files, p)) ctx.files[p] = '';
        (io.fileChanges ??= []).push({ op: 'touch', path: p });
      }
      return 0;
    case 'rm':
      return rm(args, io, ctx, gnu);
    case 'mkdir':
      return 0;
    default:
      // A lone wget, curl or nslookup goes out over the network (outgoing.ts, nslookup.ts); inside a longer script it cannot.
      if (TRAFFIC_TOOLS.includes(name)) io.err += `${name}: in Kubeplay only a lone wget, curl or nslookup (or sh -c with just that command) reaches the network\n`;
      return 1;
  }
}

/** rm [-f] FILE...: busybox `rm: can't remove 'x': ...`, coreutils `rm: cannot remove 'x': ...`; -f is silent. */
function rm(args: string[], io: Io, ctx: ExecContext, gnu: boolean): number {
  const force = args.some((a) => /^-[a-zA-Z]*f/.test(a));
  let code = 0;
  for (const a of args.filter((x) => !x.startsWith('-'))) {
    const p = absolute(a, io.cwd);
    if (Object.hasOwn(ctx.files, p)) {
      delete ctx.files[p];
      (io.fileChanges ??= []).push({ op: 'rm', path: p });
    } else if (!force) {
      io.err += `rm: ${gnu ? 'cannot' : "can't"} remove '${a}': No such file or directory\n`;
      code = 1;
    }
  }
  return code;
}

function absolute(p: string, cwd: string): string {
  const joined = p.startsWith('/') ? p : `${cwd.replace(/\/$/, '')}/${p}`;
  return joined.length > 1 ? joined.replace(/\/+$/, '') : joined;
}

/** grep [-i] [-v] [-c] [-E] PATTERN [FILE...]: the lines that match; status 1 when none does. */
function grep(args: string[], io: Io, ctx: ExecContext, gnu: boolean): number {
  const flags = args.filter((a) => /^-[a-zA-Z]+$/.test(a)).join('');
  const [pattern, ...files] = args.filter((a) => !/^-[a-zA-Z]+$/.test(a));
  if (pattern === undefined) {
    io.err += gnu ? 'Usage: grep [OPTION]... PATTERNS [FILE]...\nTry \'grep --help\' for more information.\n' : busyboxUsage(ctx.userland.busyboxRelease ?? BUSYBOX_CURRENT, 'grep');
    return 2;
  }
  let re: RegExp;
  try {
    re = new RegExp(pattern, flags.includes('i') ? 'i' : '');
  } catch {
    re = new RegExp(pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), flags.includes('i') ? 'i' : '');
  }
  const texts: string[] = [];
  let code = 0;
  if (files.length === 0) texts.push(io.stdin ?? '');
  for (const f of files) {
    const p = absolute(f, io.cwd);
    if (Object.hasOwn(ctx.files, p)) texts.push(ctx.files[p]!);
    else {
      io.err += `grep: ${f}: No such file or directory\n`;
      code = 2;
    }
  }
  const lines = texts.flatMap((t) => (t === '' ? [] : (t.endsWith('\n') ? t.slice(0, -1) : t).split('\n')));
  const hits = lines.filter((l) => re.test(l) !== flags.includes('v'));
  if (flags.includes('c')) io.out += `${hits.length}\n`;
  else for (const l of hits) io.out += `${l}\n`;
  if (code) return code;
  return hits.length ? 0 : 1;
}

function cat(args: string[], io: Io, ctx: ExecContext, gnu: boolean): number {
  let code = 0;
  if (args.filter((x) => !x.startsWith('-')).length === 0 && io.stdin !== undefined) {
    io.out += io.stdin;
    return 0;
  }
  for (const a of args.filter((x) => !x.startsWith('-'))) {
    const p = absolute(a, io.cwd);
    if (Object.hasOwn(ctx.files, p)) io.out += ctx.files[p]!;
    else if (dirEntries(p, ctx) !== undefined) {
      io.err += gnu ? `cat: ${a}: Is a directory\n` : `cat: read error: Is a directory\n`;
      code = 1;
    } else {
      io.err += gnu ? `cat: ${a}: No such file or directory\n` : `cat: can't open '${a}': No such file or directory\n`;
      code = 1;
    }
  }
  return code;
}

/** The names in a directory (sorted; the kubelet's `..data` links hidden as ls hides dot files), or undefined. */
function dirEntries(dir: string, ctx: ExecContext): string[] | undefined {
  const names = new Set<string>(dir === '/' ? ctx.userland.rootDirs : []);
  const prefix = dir === '/' ? '/' : `${dir}/`;
  for (const f of Object.keys(ctx.files)) if (f.startsWith(prefix)) names.add(f.slice(prefix.length).split('/')[0]!);
  if (names.size === 0 && !['/etc', '/tmp', '/root', '/home', '/var', '/usr', '/proc', '/dev'].includes(dir)) return undefined;
  return [...names].filter((n) => !n.startsWith('.')).sort();
}

function ls(args: string[], io: Io, ctx: ExecContext, gnu: boolean): number {
  const long = args.some((a) => /^-[a-zA-Z]*l/.test(a));
  const paths = args.filter((a) => !a.startsWith('-'));
  let code = 0;
  for (const raw of paths.length ? paths : ['.']) {
    const p = absolute(raw === '.' ? io.cwd : raw, io.cwd);
    if (paths.length > 1) io.out += `${raw}:\n`;
    if (Object.hasOwn(ctx.files, p)) {
      io.out += long ? longLine(raw, ctx.files[p]!.length, false, ctx, gnu) : `${raw}\n`;
      continue;
    }
    const names = dirEntries(p, ctx);
    if (!names) {
      io.err += gnu ? `ls: cannot access '${raw}': No such file or directory\n` : `ls: ${raw}: No such file or directory\n`;
      code = gnu ? 2 : 1;
      continue;
    }
    if (long && gnu) io.out += `total ${names.length * 4}\n`;
    for (const n of names) {
      const child = p === '/' ? `/${n}` : `${p}/${n}`;
      const isFile = Object.hasOwn(ctx.files, child);
      io.out += long ? longLine(n, isFile ? ctx.files[child]!.length : 4096, !isFile, ctx, gnu) : `${n}\n`;
    }
  }
  return code;
}

function longLine(name: string, size: number, dir: boolean, ctx: ExecContext, gnu: boolean): string {
  const iso = rfc3339(ctx.startedAt);
  const mo = MONTHS[Number(iso.slice(5, 7)) - 1]!;
  const when = `${mo} ${String(Number(iso.slice(8, 10))).padStart(2, ' ')} ${iso.slice(11, 16)}`;
  const mode = dir ? 'drwxr-xr-x' : '-rw-r--r--';
  if (gnu) return `${mode} ${dir ? 2 : 1} root root ${String(size).padStart(4, ' ')} ${when} ${name}\n`;
  return `${mode}    ${dir ? 2 : 1} root     root      ${String(size).padStart(8, ' ')} ${when} ${name}\n`;
}

function ps(io: Io, ctx: ExecContext, gnu: boolean): number {
  const main = ctx.mainCommand || 'sh';
  if (gnu) {
    io.out += '    PID TTY          TIME CMD\n';
    io.out += `      1 ?        00:00:00 ${base(main.split(' ')[0]!)}\n`;
    io.out += `${String(ctx.pid).padStart(7, ' ')} ?        00:00:00 ps\n`;
    return 0;
  }
  io.out += 'PID   USER     TIME  COMMAND\n';
  io.out += `    1 root      0:00 ${main}\n`;
  io.out += `${String(ctx.pid).padStart(5, ' ')} root      0:00 ps\n`;
  return 0;
}
