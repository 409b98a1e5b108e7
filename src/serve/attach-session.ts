// `kubectl attach POD [-c C] [-i] [-t]` against kubeplay serve, over the same WebSocket channels as
// exec (v5.channel.k8s.io: 1 stdout, 2 stderr, 3 the closing Status). The simulation answers an
// attach as whole exchanges (api/attach-stream.ts), so while kubectl stays attached this session
// asks again every POLL_MS of wall time for what the container's main process wrote since the last
// answer, and writes it on stdout and stderr (one terminal with a tty, its newlines as CR LF). When
// the container is no longer running the kubelet says `container not found`: the stream ends with
// Success, as the kubelet's ServeAttach ends it when the process's streams close, and kubectl exits 0.
// What kubectl sends on stdin is not read: the simulated main processes read no input.

import { isAttachStream } from '../sim/api/attach-stream';
import { EXEC_SUCCESS } from '../sim/api/exec-options';
import type { SessionSocket } from './exec-session';
import { ERROR_CHANNEL, STDERR_CHANNEL, STDOUT_CHANNEL } from './exec-stream';
import { wireStatusJson } from '../sim/api/wire-json';

const ATTACH_PATH = /^\/api\/v1\/namespaces\/[^/]+\/pods\/[^/]+\/attach$/;

export function isAttachPath(path: string): boolean {
  return ATTACH_PATH.test(path);
}

/** Wall milliseconds between two reads of an attached container's output. */
export const POLL_MS = 250;

/** One read of the output after `after`; `done` gets the simulated kube-apiserver's answer. */
export type ReadAttached = (after: string, done: (code: number, body: unknown) => void) => void;

function frame(channel: number, text: string): Buffer {
  return Buffer.concat([Buffer.from([channel]), Buffer.from(text, 'utf8')]);
}

export class AttachSession {
  private reading = false;
  private ended = false;

  constructor(
    private readonly ws: SessionSocket,
    private readonly tty: boolean,
    private cursor: string,
    private readonly read: ReadAttached,
  ) {}

  get done(): boolean {
    return this.ended;
  }

  /** One turn of the poll: ask for what is new unless a read is still out. */
  poll(): void {
    if (this.ended || this.reading) return;
    this.reading = true;
    this.read(this.cursor, (code, body) => {
      this.reading = false;
      if (this.ended) return;
      if (code !== 200 || !isAttachStream(body)) return this.end();
      this.cursor = body.cursor;
      const nl = (t: string): string => (this.tty ? t.replace(/\r?\n/g, '\r\n') : t);
      if (this.tty) {
        if (body.stdout + body.stderr) this.ws.send(frame(STDOUT_CHANNEL, nl(body.stdout + body.stderr)));
        return;
      }
      if (body.stdout) this.ws.send(frame(STDOUT_CHANNEL, body.stdout));
      if (body.stderr) this.ws.send(frame(STDERR_CHANNEL, body.stderr));
    });
  }

  /** The client went away: nothing more is read. */
  stop(): void {
    this.ended = true;
  }

  private end(): void {
    this.ended = true;
    this.ws.send(frame(ERROR_CHANNEL, wireStatusJson(EXEC_SUCCESS)));
    this.ws.close(1000);
  }
}
