// The HTTP clients a container can run (busybox's wget applet, curl): their command lines and
// exactly what they print for each outcome of a request. Texts: busybox 1.36 networking/wget.c
// (`wget: bad address '%s'`, `wget: can't connect to remote host (%s): %s`, `wget: server returned
// error: %s`, `wget: download timed out`, `Connecting to %s (%s)`, `writing to stdout`), and curl's
// lib/cf-socket.c and lib/connect.c (`curl: (7) Failed to connect to %s port %u after %d ms:
// Couldn't connect to server`, `curl: (6) Could not resolve host: %s`); `-s` silences curl's errors
// unless `-S` is given.

import { BUSYBOX_CURRENT, busyboxUsage } from '../registry/busybox-release';
import { shellWords } from './exec';

export interface HttpClientCommand {
  /**
   * redis-cli speaks RESP, not HTTP: its `path` is the command it sends (PING), `redisArgs` the
   * whole command. `redis` is a program's own redis connection (the guestbook's Predis, a
   * replica's link to its master): its outcome goes back to that program, not to a terminal.
   */
  tool: 'wget' | 'curl' | 'redis-cli' | 'redis';
  redisArgs?: string[];
  host: string;
  port: number;
  path: string;
  /** wget -q; curl -s */
  quiet: boolean;
  /** curl -S: show errors even when silent. */
  showError: boolean;
  /** wget -O FILE (`-` for stdout) / curl -o FILE; undefined: wget's index.html, curl's stdout. */
  output?: string;
  /** wget -T / curl -m or --connect-timeout, in seconds. */
  timeoutSec?: number;
  /** curl -f: fail (exit 22) on HTTP errors. */
  fail: boolean;
  /** redis-cli with a terminal for stdout (`kubectl exec -t`): replies in its human-readable form. */
  tty?: boolean;
}

export type HttpClientParse = { ok: true; cmd: HttpClientCommand } | { ok: false; stderr: string; exitCode: number };

function parseUrl(raw: string): { host: string; port: number; path: string } | undefined {
  const m = /^(?:(https?):\/\/)?([^/:?#]+)(?::(\d+))?([^#]*)/.exec(raw);
  if (!m) return undefined;
  const port = m[3] ? Number(m[3]) : m[1] === 'https' ? 443 : 80;
  return { host: m[2]!, port, path: m[4] || '/' };
}

function parseWget(args: string[], busyboxRelease: string): HttpClientParse {
  const cmd: Partial<HttpClientCommand> = { tool: 'wget', quiet: false, showError: true, fail: true };
  let url: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.startsWith('--')) {
      if (a === '--quiet') cmd.quiet = true;
      else if (a.startsWith('--output-document=')) cmd.output = a.slice(18);
      else if (a.startsWith('--timeout=')) cmd.timeoutSec = Number(a.slice(10));
      continue;
    }
    if (a.startsWith('-') && a.length > 1) {
      for (let j = 1; j < a.length; j++) {
        const f = a[j]!;
        if (f === 'q') cmd.quiet = true;
        else if (f === 'O' || f === 'T' || f === 'U' || f === 'P') {
          const v = a.slice(j + 1) || args[++i] || '';
          if (f === 'O') cmd.output = v;
          if (f === 'T') cmd.timeoutSec = Number(v);
          break;
        }
      }
      continue;
    }
    url ??= a;
  }
  if (url === undefined) return { ok: false, stderr: busyboxUsage(busyboxRelease, 'wget'), exitCode: 1 };
  const u = parseUrl(url);
  if (!u) return { ok: false, stderr: `wget: bad address '${url}'\n`, exitCode: 1 };
  return { ok: true, cmd: { ...(cmd as HttpClientCommand), ...u } };
}

function parseCurl(args: string[]): HttpClientParse {
  const cmd: Partial<HttpClientCommand> = { tool: 'curl', quiet: false, showError: false, fail: false };
  let url: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--silent') cmd.quiet = true;
    else if (a === '--show-error') cmd.showError = true;
    else if (a === '--fail') cmd.fail = true;
    else if (a === '--max-time' || a === '--connect-timeout') cmd.timeoutSec = Number(args[++i]);
    else if (a === '--output') cmd.output = args[++i];
    else if (a.startsWith('--')) continue;
    else if (a.startsWith('-') && a.length > 1) {
      for (let j = 1; j < a.length; j++) {
        const f = a[j]!;
        if (f === 's') cmd.quiet = true;
        else if (f === 'S') cmd.showError = true;
        else if (f === 'f') cmd.fail = true;
        else if (f === 'o' || f === 'm' || f === 'H' || f === 'A' || f === 'X') {
          const v = a.slice(j + 1) || args[++i] || '';
          if (f === 'o') cmd.output = v;
          if (f === 'm') cmd.timeoutSec = Number(v);
          break;
        }
      }
    } else url ??= a;
  }
  if (url === undefined) return { ok: false, stderr: "curl: try 'curl --help' or 'curl --manual' for more information\n", exitCode: 2 };
  const u = parseUrl(url);
  if (!u) return { ok: false, stderr: `curl: (3) URL using bad/illegal format or missing URL\n`, exitCode: 3 };
  return { ok: true, cmd: { ...(cmd as HttpClientCommand), ...u } };
}

/** redis-cli's -h and -p, and the command after them (empty: none, its interactive mode). */
function redisCliOptions(args: string[]): { host: string; port: number; rest: string[] } {
  let host = '127.0.0.1';
  let port = 6379;
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (rest.length === 0 && a === '-h') host = args[++i] ?? host;
    else if (rest.length === 0 && a === '-p') port = Number(args[++i]);
    else rest.push(a);
  }
  return { host, port, rest };
}

/**
 * `redis-cli [-h HOST] [-p PORT] COMMAND [ARG...]`: the command goes to the server as typed (the
 * server answers the ones it does not know with its own error). Without a command redis-cli runs
 * its interactive mode (redis-cli.c main(): `argc == 0` starts repl()): with nothing on stdin it
 * ends at once, status 0, having printed nothing; with a terminal see redisCliPrompt.
 */
function parseRedisCli(args: string[]): HttpClientParse {
  const { host, port, rest } = redisCliOptions(args);
  if (rest.length === 0) return { ok: false, stderr: '', exitCode: 0 };
  const command = rest[0]!.toUpperCase();
  return { ok: true, cmd: { tool: 'redis-cli', host, port, path: command, redisArgs: [...rest], quiet: false, showError: true, fail: false } };
}

/**
 * The prompt of `redis-cli [-h HOST] [-p PORT]` with no command, run with stdin and a terminal:
 * repl()'s cliRefreshPrompt, `<host as given>:<port>> ` (`127.0.0.1:6379> ` by default).
 * Undefined when the command line is not that.
 */
export function redisCliPrompt(argv: string[], has: (tool: string) => boolean): string | undefined {
  if (base(argv[0] ?? '') !== 'redis-cli' || !has('redis-cli')) return undefined;
  const { host, port, rest } = redisCliOptions(argv.slice(1));
  return rest.length === 0 ? `${host}:${port}> ` : undefined;
}

const SHELLS = ['sh', 'ash', 'dash', 'bash'];
const base = (p: string): string => p.split('/').pop() ?? p;

/**
 * The HTTP request a command line makes, if it is one: `wget ...`, `curl ...`, or a shell running
 * just that (`sh -c 'wget -qO- http://web'`). Undefined for anything else.
 */
export function httpClientCommand(argv: string[], has: (tool: string) => boolean, busyboxRelease = BUSYBOX_CURRENT): HttpClientParse | undefined {
  let words = argv;
  if (SHELLS.includes(base(argv[0] ?? '')) && argv[1] === '-c' && argv.length === 3 && !/[;&|<>`$]/.test(argv[2]!)) words = shellWords(argv[2]!, new Map());
  const tool = base(words[0] ?? '');
  if ((tool !== 'wget' && tool !== 'curl' && tool !== 'redis-cli') || !has(tool)) return undefined;
  if (tool === 'redis-cli') return parseRedisCli(words.slice(1));
  return tool === 'wget' ? parseWget(words.slice(1), busyboxRelease) : parseCurl(words.slice(1));
}

export type HttpOutcome =
  | { kind: 'response'; status: number; reason: string; body: string; ip: string }
  | { kind: 'bad-address' }
  | { kind: 'refused'; ip: string; elapsedMs: number }
  /** The server accepted the connection and closed it without an HTTP answer (redis, a database). */
  | { kind: 'reset'; ip: string }
  /** No answer: the connection attempt timed out (the kernel's SYN retries, or the tool's own -T). */
  | { kind: 'timeout'; ip: string; elapsedMs: number; byTool: boolean };

export interface ClientResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}

function wgetResult(c: HttpClientCommand, o: HttpOutcome): ClientResult {
  if (o.kind === 'bad-address') return { stdout: '', stderr: `wget: bad address '${c.host}'\n`, exitCode: 1 };
  const connecting = c.quiet ? '' : `Connecting to ${c.host} (${o.ip}:${c.port})\n`;
  if (o.kind === 'refused') return { stdout: '', stderr: `${connecting}wget: can't connect to remote host (${o.ip}): Connection refused\n`, exitCode: 1 };
  if (o.kind === 'reset') return { stdout: '', stderr: `${connecting}wget: error getting response: Connection reset by peer\n`, exitCode: 1 };
  if (o.kind === 'timeout') return { stdout: '', stderr: connecting + (o.byTool ? 'wget: download timed out\n' : `wget: can't connect to remote host (${o.ip}): Connection timed out\n`), exitCode: 1 };
  if (o.status >= 400) return { stdout: '', stderr: `${connecting}wget: server returned error: HTTP/1.1 ${o.status} ${o.reason}\n`, exitCode: 1 };
  const toStdout = c.output === '-';
  const file = c.output ?? (c.path.split('/').pop() || 'index.html');
  const size = String(o.body.length).padStart(6, ' ');
  const bar = `${(toStdout ? '-' : file).padEnd(20, ' ')} 100% |********************************|${size}  0:00:00 ETA\n`;
  if (c.quiet) return { stdout: toStdout ? o.body : '', stderr: '', exitCode: 0 };
  if (toStdout) return { stdout: o.body, stderr: `${connecting}writing to stdout\n${bar}written to stdout\n`, exitCode: 0 };
  return { stdout: '', stderr: `${connecting}saving to '${file}'\n${bar}'${file}' saved\n`, exitCode: 0 };
}

function curlResult(c: HttpClientCommand, o: HttpOutcome): ClientResult {
  const err = (code: number, text: string): ClientResult => ({ stdout: '', stderr: !c.quiet || c.showError ? `curl: (${code}) ${text}\n` : '', exitCode: code });
  if (o.kind === 'bad-address') return err(6, `Could not resolve host: ${c.host}`);
  if (o.kind === 'refused') return err(7, `Failed to connect to ${c.host} port ${c.port} after ${o.elapsedMs} ms: Couldn't connect to server`);
  if (o.kind === 'reset') return err(56, 'Recv failure: Connection reset by peer');
  if (o.kind === 'timeout') {
    if (o.byTool) return err(28, `Connection timed out after ${o.elapsedMs} milliseconds`);
    return err(28, `Failed to connect to ${c.host} port ${c.port} after ${o.elapsedMs} ms: Couldn't connect to server`);
  }
  if (c.fail && o.status >= 400) return err(22, `The requested URL returned error: ${o.status}`);
  return { stdout: c.output && c.output !== '-' ? '' : o.body, stderr: '', exitCode: 0 };
}

/**
 * redis-cli (src/redis-cli.c): the reply (`+PONG` printed as `PONG`), or `Could not connect to
 * Redis at %s:%d: %s` with the resolver's or the socket's error, exit 1.
 */
function redisCliResult(c: HttpClientCommand, o: HttpOutcome): ClientResult {
  const fail = (why: string): ClientResult => ({ stdout: '', stderr: `Could not connect to Redis at ${c.host}:${c.port}: ${why}\n`, exitCode: 1 });
  if (o.kind === 'bad-address') return fail('Name or service not known');
  if (o.kind === 'refused') return fail('Connection refused');
  if (o.kind === 'timeout') return fail('Connection timed out');
  if (o.kind === 'reset') return { stdout: '', stderr: 'Error: Connection reset by peer\n', exitCode: 1 };
  return { stdout: c.tty ? ttyReply(o.body) : rawReply(o.body), stderr: '', exitCode: 0 };
}

/**
 * redis-cli's output when stdout is a terminal (src/redis-cli.c cliFormatReplyTTY): a status as is,
 * an error after `(error) `, an integer after `(integer) `, a bulk string quoted (sdscatrepr), nil
 * as `(nil)`, an array as numbered `1) ...` lines, an empty one as `(empty array)` (redis-cli 6.0
 * and later; 5.0's says `(empty list or set)`, a difference not modelled).
 */
function ttyReply(body: string): string {
  const quote = (v: string): string => `"${v.replace(/["\\]/g, '\\$&').replace(/\n/g, '\\n').replace(/\r/g, '\\r')}"`;
  if (body === '$-1\r\n') return '(nil)\n';
  if (body.startsWith('*')) {
    const items = [...body.matchAll(/\$\d+\r\n([^\r]*)\r\n/g)].map((m) => m[1]!);
    return items.length ? items.map((v, i) => `${i + 1}) ${quote(v)}\n`).join('') : '(empty array)\n';
  }
  const bulk = /^\$\d+\r\n([\s\S]*)\r\n$/.exec(body);
  if (bulk) return `${quote(bulk[1]!)}\n`;
  if (body.startsWith('-')) return `(error) ${body.slice(1).replace(/\r\n$/, '')}\n`;
  if (body.startsWith(':')) return `(integer) ${body.slice(1).replace(/\r\n$/, '')}\n`;
  return body.replace(/^\+/, '').replace(/\r\n$/, '\n');
}

/**
 * redis-cli's output when stdout is not a terminal (kubectl exec without -t): the raw reply, a
 * status or error without its `+`/`-`, a bulk string as its bytes, nil as an empty line.
 */
function rawReply(body: string): string {
  if (body === '$-1\r\n') return '\n';
  // An array (CONFIG GET): each element on its own line, an empty array as an empty line.
  if (body.startsWith('*')) {
    const items = [...body.matchAll(/\$\d+\r\n([^\r]*)\r\n/g)].map((m) => m[1]!);
    return items.length ? `${items.join('\n')}\n` : '\n';
  }
  const bulk = /^\$\d+\r\n([\s\S]*)\r\n$/.exec(body);
  if (bulk) return `${bulk[1]}\n`;
  return body.replace(/^[+-]/, '').replace(/\r\n$/, '\n');
}

/** What the tool prints and its exit status, for an outcome. */
export function clientResult(c: HttpClientCommand, o: HttpOutcome): ClientResult {
  if (c.tool === 'redis-cli' || c.tool === 'redis') return redisCliResult(c, o);
  return c.tool === 'wget' ? wgetResult(c, o) : curlResult(c, o);
}

/** The User-Agent the tool sends (busybox wget: `Wget`; curl: `curl/<version>`). */
export function userAgent(c: HttpClientCommand, curlVersion: string): string {
  if (c.tool === 'redis-cli' || c.tool === 'redis') return '';
  return c.tool === 'wget' ? 'Wget' : `curl/${curlVersion}`;
}
