// `kubectl exec -it POD -- sh` from a real terminal through kubeplay serve. The simulation answers a
// shell opened with stdin and a tty with its prompt (kubelet/exec.ts); from then on this session
// is the container's terminal: it echoes what kubectl sends on the stdin channel (0) as a tty in
// canonical mode does (kubectl puts the user's terminal in raw mode and the remote tty echoes),
// and each line typed is run in the container as one more exec of `<shell> -c '<line>'`, the same
// request the app's terminal sends for a line of its shell session (ui/terminal/shell-session.ts),
// so it is recorded and replayed like any other. Output goes back on stdout (1) with a tty's
// newline translation (\n -> \r\n); `exit [N]` or Ctrl-D on an empty line ends the session with the
// Status on the error channel (3), which kubectl turns into its exit code. Resize messages (channel
// 4, `{"Width":80,"Height":24}`) are accepted; the simulated shell has no size to change.
// redis-cli without a command opens the same way (its prompt `127.0.0.1:6379> `): each line is split
// as redis-cli splits it and run as `redis-cli [options] <words>`; `quit` or `exit` ends it with 0
// (protocol/redis-cli-line.ts, as the app's terminal does).

import { execExitStatus, EXEC_SUCCESS, isExecStream, type ExecStatus } from '../sim/api/exec-options';
import { ERROR_CHANNEL, STDOUT_CHANNEL } from './exec-stream';
import { wireStatusJson } from '../sim/api/wire-json';
import { isRedisCli, REDIS_CLI_INVALID, redisCliQuits, redisCliWords } from '../protocol/redis-cli-line';

export const STDIN_CHANNEL = 0;
export const RESIZE_CHANNEL = 4;
/** v5.channel.k8s.io: the client closed one of its channels (the byte after it names which). */
export const CLOSE_CHANNEL = 255;

/** Where the session writes: the WebSocket's binary messages, and its normal close. */
export interface SessionSocket {
  send(data: Buffer): void;
  close(code: number): void;
}

/** Run one argv in the container; `done` gets the simulated kube-apiserver's answer (code, body). */
export type RunInContainer = (argv: string[], done: (code: number, body: unknown) => void) => void;

const CTRL_C = 0x03;
const CTRL_D = 0x04;
const BACKSPACE = 0x08;
const DELETE = 0x7f;

function frame(channel: number, text: string): Buffer {
  return Buffer.concat([Buffer.from([channel]), Buffer.from(text, 'utf8')]);
}

/** A tty's output processing (ONLCR): every newline reaches the terminal as CR LF. */
function onlcr(text: string): string {
  return text.replace(/\r?\n/g, '\r\n');
}

/** `exit` ends the shell with 0, `exit N` with N; any other line is a command. */
function exitCode(line: string): number | undefined {
  const m = /^\s*exit(?:\s+(\d+))?\s*$/.exec(line);
  return m ? Number(m[1] ?? '0') % 256 : undefined;
}

export class ExecTtySession {
  private line = '';
  /** A line runs in the container: what is typed meanwhile waits, as in a real terminal's input queue. */
  private running = false;
  private queued: Buffer[] = [];
  private ended = false;

  constructor(
    private readonly ws: SessionSocket,
    /** The command the session was opened with (`['sh']`): its shell runs each line. */
    private readonly argv: string[],
    private readonly prompt: string,
    private readonly run: RunInContainer,
  ) {}

  private get redisCli(): boolean {
    return isRedisCli(this.argv[0] ?? '');
  }

  get done(): boolean {
    return this.ended;
  }

  start(): void {
    this.ws.send(frame(STDOUT_CHANNEL, this.prompt));
  }

  /** One binary message from kubectl. */
  onMessage(data: Buffer): void {
    if (this.ended || data.length === 0) return;
    const channel = data[0]!;
    if (channel === CLOSE_CHANNEL && data[1] === STDIN_CHANNEL) return this.end(EXEC_SUCCESS);
    if (channel !== STDIN_CHANNEL) return; // resize (4) and anything else: nothing to do
    if (this.running) {
      this.queued.push(data.subarray(1));
      return;
    }
    this.type(data.subarray(1));
  }

  /** The user's keys, one byte at a time (UTF-8 continuation bytes join the line as they come). */
  private type(bytes: Buffer): void {
    let echo = '';
    const flushEcho = (): void => {
      if (echo) this.ws.send(frame(STDOUT_CHANNEL, echo));
      echo = '';
    };
    for (let i = 0; i < bytes.length; i++) {
      if (this.ended) return;
      const b = bytes[i]!;
      if (b === 0x0d || b === 0x0a) {
        echo += '\r\n';
        flushEcho();
        const typed = this.line;
        this.line = '';
        const rest = bytes.subarray(i + 1 + (b === 0x0d && bytes[i + 1] === 0x0a ? 1 : 0));
        if (rest.length) this.queued.unshift(rest);
        return this.submit(typed);
      }
      // redis-cli's line editor (linenoise) ends on Ctrl-C, and on Ctrl-D on an empty line, with a newline; repl() exits 0.
      if (b === CTRL_C && this.redisCli) {
        echo += '\r\n';
        flushEcho();
        return this.end(EXEC_SUCCESS);
      }
      if (b === CTRL_C) {
        echo += '^C\r\n' + this.prompt;
        this.line = '';
      } else if (b === CTRL_D) {
        if (this.line === '') {
          if (this.redisCli) echo += '\r\n';
          flushEcho();
          return this.end(EXEC_SUCCESS);
        }
      } else if (b === DELETE || b === BACKSPACE) {
        if (this.line !== '') {
          this.line = Array.from(this.line).slice(0, -1).join('');
          echo += '\b \b';
        }
      } else if (b >= 0x20 || b === 0x09) {
        const ch = String.fromCharCode(b);
        if (b < 0x80) {
          this.line += ch;
          echo += ch;
        } else {
          // A multi-byte character: take its whole UTF-8 sequence.
          let j = i + 1;
          while (j < bytes.length && (bytes[j]! & 0xc0) === 0x80) j++;
          const text = bytes.subarray(i, j).toString('utf8');
          this.line += text;
          echo += text;
          i = j - 1;
        }
      }
    }
    flushEcho();
  }

  /** The argv that runs a typed line, or what the session prints itself (redis-cli's own answers). */
  private lineArgv(typed: string): string[] | { print: string } {
    if (!this.redisCli) return typed.trim() === '' ? { print: '' } : [this.argv[0] ?? 'sh', '-c', typed];
    const words = redisCliWords(typed);
    if (words === undefined) return { print: onlcr(REDIS_CLI_INVALID) };
    return words.length === 0 ? { print: '' } : [...this.argv, ...words];
  }

  private submit(typed: string): void {
    if (this.redisCli && redisCliQuits(redisCliWords(typed) ?? [])) return this.end(EXEC_SUCCESS);
    const code = this.redisCli ? undefined : exitCode(typed);
    if (code !== undefined) return this.end(code === 0 ? EXEC_SUCCESS : execExitStatus(this.argv, code));
    const argv = this.lineArgv(typed);
    if (!Array.isArray(argv)) return this.next(argv.print);
    this.running = true;
    this.run(argv, (status, body) => {
      this.running = false;
      if (this.ended) return;
      // With a tty the program's stderr reaches the same terminal; kubectl's own failure line is no part of it.
      const out = status === 200 && isExecStream(body) ? body.stdout + body.stderr : `${errorText(body)}\n`;
      this.next(onlcr(out));
    });
  }

  /** After a line: its output, the prompt again, then whatever was typed meanwhile. */
  private next(out: string): void {
    this.ws.send(frame(STDOUT_CHANNEL, out + this.prompt));
    const queued = this.queued;
    this.queued = [];
    for (const q of queued) {
      if (this.running || this.ended) {
        this.queued.push(q);
        continue;
      }
      this.type(q);
    }
  }

  private end(status: ExecStatus): void {
    if (this.ended) return;
    this.ended = true;
    this.ws.send(frame(ERROR_CHANNEL, wireStatusJson(status)));
    this.ws.close(1000);
  }
}

function errorText(body: unknown): string {
  const m = (body as { message?: unknown } | null)?.message;
  return typeof m === 'string' ? `error: ${m}` : 'error: the line could not be run';
}
