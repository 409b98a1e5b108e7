// `cmd | grep PATTERN | wc -l | head -n 3` on a node shell: bash runs the first command and feeds
// its standard output through the filters; standard error passes straight to the terminal, and the
// pipeline's exit status is the last command's (no pipefail). grep exits 1 when it selects no line
// (GNU grep(1), EXIT STATUS); wc -l prints the count alone when it reads standard input (GNU
// coreutils wc); head and tail keep 10 lines unless told otherwise.

import type { CliOutput } from '../protocol';

export const PIPE_FILTERS = new Set(['grep', 'wc', 'head', 'tail']);

/** The stages of a command line, split at `|` words. */
export function splitPipeline(argv: string[]): string[][] {
  const stages: string[][] = [[]];
  for (const a of argv) {
    if (a === '|') stages.push([]);
    else stages[stages.length - 1]!.push(a);
  }
  return stages;
}

interface Filtered {
  stdout: string;
  stderr: string;
  exitCode: number;
}

const lines = (text: string): string[] => (text === '' ? [] : text.replace(/\n$/, '').split('\n'));
const joined = (ls: string[]): string => (ls.length ? ls.join('\n') + '\n' : '');

/** A POSIX basic regular expression as a JavaScript one: `\|`, `\(`, `\)` are the operators there. */
function basicRegex(p: string): string {
  let out = '';
  for (let i = 0; i < p.length; i++) {
    const c = p[i]!;
    if (c === '\\' && i + 1 < p.length) {
      const n = p[++i]!;
      out += '|(){}+?'.includes(n) ? n : `\\${n}`;
    } else out += '|(){}+?'.includes(c) ? `\\${c}` : c;
  }
  return out;
}

function grep(args: string[], input: string): Filtered {
  const opts = new Set<string>();
  const pats: string[] = [];
  for (const a of args) {
    if (/^-[a-zA-Z]+$/.test(a)) for (const c of a.slice(1)) opts.add(c);
    else pats.push(a);
  }
  const bad = [...opts].find((c) => !'viEFwc'.includes(c));
  if (bad) return { stdout: '', stderr: `grep: invalid option -- '${bad}'\nUsage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.\n`, exitCode: 2 };
  if (pats.length === 0) return { stdout: '', stderr: "Usage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.\n", exitCode: 2 };
  const p = pats[0]!;
  let src = opts.has('F') ? p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : opts.has('E') ? p : basicRegex(p);
  if (opts.has('w')) src = `(?<![\\w])(?:${src})(?![\\w])`;
  let re: RegExp;
  try {
    re = new RegExp(src, opts.has('i') ? 'i' : '');
  } catch {
    return { stdout: '', stderr: 'grep: Unmatched ( or \\(\n', exitCode: 2 };
  }
  const picked = lines(input).filter((l) => re.test(l) !== opts.has('v'));
  const out = opts.has('c') ? `${picked.length}\n` : joined(picked);
  return { stdout: out, stderr: '', exitCode: picked.length ? 0 : 1 };
}

function count(args: string[]): number | string {
  let n = 10;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const v = a === '-n' ? args[++i] ?? '' : a.startsWith('-n') ? a.slice(2) : /^-\d+$/.test(a) ? a.slice(1) : undefined;
    if (v === undefined) continue;
    if (!/^\d+$/.test(v)) return v;
    n = Number(v);
  }
  return n;
}

function headTail(tool: 'head' | 'tail', args: string[], input: string): Filtered {
  const n = count(args);
  if (typeof n === 'string') return { stdout: '', stderr: `${tool}: invalid number of lines: ‘${n}’\n`, exitCode: 1 };
  const ls = lines(input);
  return { stdout: joined(tool === 'head' ? ls.slice(0, n) : n === 0 ? [] : ls.slice(-n)), stderr: '', exitCode: 0 };
}

function wc(args: string[], input: string): Filtered {
  const l = (input.match(/\n/g) ?? []).length;
  const w = input.split(/\s+/).filter(Boolean).length;
  const c = [...input].reduce((n, ch) => { const u = ch.codePointAt(0)!; return n + (u < 0x80 ? 1 : u < 0x800 ? 2 : u < 0x10000 ? 3 : 4); }, 0);
  const flags = args.filter((a) => a.startsWith('-')).join('');
  const want = [flags.includes('l') && l, flags.includes('w') && w, flags.includes('c') && c].filter((x): x is number => x !== false);
  // One count is printed bare; several (or the default three) each take seven columns on stdin.
  if (want.length === 1) return { stdout: `${want[0]}\n`, stderr: '', exitCode: 0 };
  const all = want.length ? want : [l, w, c];
  return { stdout: all.map((x) => String(x).padStart(7)).join(' ') + '\n', stderr: '', exitCode: 0 };
}

/** Run the filters over the first command's output. */
export function runFilters(first: CliOutput, stages: string[][]): CliOutput {
  let cur: Filtered = { stdout: first.stdout, stderr: first.stderr, exitCode: first.exitCode };
  let stderr = first.stderr;
  for (const [tool = '', ...args] of stages) {
    let next: Filtered;
    if (tool === 'grep') next = grep(args, cur.stdout);
    else if (tool === 'wc') next = wc(args, cur.stdout);
    else if (tool === 'head' || tool === 'tail') next = headTail(tool, args, cur.stdout);
    else next = { stdout: '', stderr: `bash: ${tool}: command not found\n`, exitCode: 127 };
    stderr += next.stderr;
    cur = next;
  }
  return { ...first, stdout: cur.stdout, stderr, exitCode: cur.exitCode };
}
