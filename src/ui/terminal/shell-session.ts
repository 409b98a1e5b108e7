// An interactive shell in a container (`kubectl exec -it web -- sh`), as the app's terminal keeps
// it: the prompt the shell printed, and each line typed at it run in the container as one more
// `kubectl exec ... -- sh -c '<line>'` (so the line is recorded and replayed like any command).
// With a terminal attached kubectl merges the program's stderr into stdout; what kubectl itself
// adds on stderr when a line fails (`command terminated with exit code 127`) is no part of a shell
// session, where the shell just prints its next prompt. Variables and `cd` do not carry from one
// line to the next, a simplification the README names. redis-cli's interactive mode
// (`kubectl exec -it redis -- redis-cli`) is kept the same way: each line typed at
// `127.0.0.1:6379> ` is split as redis-cli splits it and run as `redis-cli [options] <words>`.

import { isRedisCli, REDIS_CLI_INVALID, redisCliQuits, redisCliWords } from '../../protocol/redis-cli-line';
import type { ShellSessionView, TerminalOutput } from '../../protocol/view';

/** A word for a POSIX shell: single-quoted, with `'` written as `'\''`. */
export function shellQuote(word: string): string {
  return /^[A-Za-z0-9_./=:-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** A session as the terminal keeps it: the shell's view and the directory `cd` went to. */
export type LiveShell = ShellSessionView & { cwd?: string };

/** The kubectl line that runs one typed line in the session's container, from the session's directory. */
export function sessionCommandLine(s: LiveShell, typed: string): string {
  const exec = `kubectl exec -i -t ${shellQuote(s.pod)} -c ${shellQuote(s.container)} -n ${shellQuote(s.namespace)} -- ${shellQuote(s.shell)}`;
  if (isRedisCli(s.shell)) return [exec, ...(s.args ?? []), ...(redisCliWords(typed) ?? [])].map((w, i) => (i === 0 ? w : shellQuote(w))).join(' ');
  const script = s.cwd && s.cwd !== '/' ? `cd ${shellQuote(s.cwd)} && ${typed}` : typed;
  return `${exec} -c ${shellQuote(script)}`;
}

/** `dir` from `cwd`, with `.` and `..` resolved; `cd` alone goes to root's HOME. */
function resolveDir(cwd: string, dir: string | undefined): string {
  if (dir === undefined || dir === '~') return '/root';
  const parts = (dir.startsWith('/') ? dir : `${cwd}/${dir}`).split('/');
  const out: string[] = [];
  for (const p of parts) {
    if (p === '' || p === '.') continue;
    if (p === '..') out.pop();
    else out.push(p);
  }
  return `/${out.join('/')}`;
}

/** The prompt in a directory: bash's `root@web:/etc#` (`~` for HOME), busybox's `/etc # `, dash's `# ` unchanged. */
function promptIn(prompt: string, cwd: string): string {
  const bash = /^(\S+@\S+?):\S*# $/.exec(prompt);
  if (bash) return `${bash[1]}:${cwd === '/root' ? '~' : cwd}# `;
  if (/^\S+ # $/.test(prompt)) return `${cwd} # `;
  return prompt;
}

/** After a typed `cd [dir]`: the session in its new directory; undefined for any other line. */
export function sessionAfterCd(s: LiveShell, typed: string): LiveShell | undefined {
  if (isRedisCli(s.shell)) return undefined;
  const m = /^\s*cd(?:\s+(\S+))?\s*$/.exec(typed);
  if (!m) return undefined;
  const cwd = resolveDir(s.cwd ?? '/', m[1]);
  return { ...s, cwd, prompt: promptIn(s.prompt, cwd) };
}

/** `exit` (with or without a status) ends the session, as Ctrl-D on an empty line does; redis-cli's `quit` or `exit`. */
export function endsSession(typed: string, program = 'sh'): boolean {
  if (isRedisCli(program)) return redisCliQuits(redisCliWords(typed) ?? []);
  return /^\s*exit(\s+\d+)?\s*$/.test(typed);
}

/** Ctrl-C at the prompt: a shell drops the line; redis-cli ends (linenoise returns no line, repl() exits 0). */
export function interruptEnds(s: LiveShell): boolean {
  return isRedisCli(s.shell);
}

/**
 * What the session answers itself, without running anything: redis-cli prints `Invalid
 * argument(s)` for unbalanced quotes and nothing for a line of spaces. Undefined: run the line.
 */
export function sessionOwnAnswer(s: LiveShell, typed: string): string | undefined {
  if (!isRedisCli(s.shell)) return undefined;
  const words = redisCliWords(typed);
  if (words === undefined) return REDIS_CLI_INVALID;
  return words.length === 0 ? '' : undefined;
}

const KUBECTL_EXIT_LINE = /^command terminated with exit code \d+\n/gm;

/** What the session shows for one line's output: the program's output, and kubectl's own errors only. */
export function sessionOutputText(o: TerminalOutput): string {
  const body = o.stdout + o.stderr.replace(KUBECTL_EXIT_LINE, '');
  return body === '' || body.endsWith('\n') ? body : `${body}\n`;
}
