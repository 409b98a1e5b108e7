// `kubectl logs -f` against kubeplay serve: kube-apiserver proxies GET pods/<pod>/log?follow=true to
// the kubelet, whose answer is a chunked text/plain stream that stays open and carries each line as
// the container writes it, and ends when the container does (kuberuntime/logs ReadLogs with Follow).
// The simulation answers a log request once, so while the client stays connected this session asks
// again every POLL_MS of wall time, each time one recorded request through the simulated pipeline:
// the pod (has its container ended, or been replaced by a restart?), then the log since the last line
// written (timestamps asked for, to tell the new lines from those already sent; dropped unless the
// client asked for them too). The first read is the whole log, so that `--tail` and `--limit-bytes`
// apply as the kubelet applies them (the last N lines; at most N bytes of the whole stream, cut
// wherever the limit falls) and the next read knows where to start even when the tail is 0.
// A container that ended gets a last read (of its previous instance when it was restarted) and the
// stream ends; so does `--previous`, whose container has ended already.

import { cutToBytes } from '../sim/node/kubelet/logs';

/** Wall milliseconds between two reads of a followed container. */
export const LOG_POLL_MS = 250;

const LOG_PATH = /^\/api\/v1\/namespaces\/([^/]+)\/pods\/([^/]+)\/log$/;

export function isFollowedLog(path: string, query: Record<string, string>): boolean {
  return LOG_PATH.test(path) && (query.follow === 'true' || query.follow === '1');
}

/** One recorded request into the simulation; `done` gets kube-apiserver's answer. */
export type Ask = (path: string, query: Record<string, string>, done: (code: number, body: unknown) => void) => void;

export interface LogSink {
  /** The first read answered: the stream's headers. */
  start(): void;
  write(text: string): void;
  end(): void;
  /** The first read was refused: the apiserver's answer, as without -f. */
  fail(code: number, body: unknown): void;
}

type ContainerStatus = { name: string; containerID?: string; state?: { running?: unknown } };

function statusOf(pod: unknown, container: string | undefined): ContainerStatus | undefined {
  const p = pod as { spec?: { containers?: { name: string }[] }; status?: { containerStatuses?: ContainerStatus[]; initContainerStatuses?: ContainerStatus[] } };
  const name = container ?? p.spec?.containers?.[0]?.name;
  return [...(p.status?.containerStatuses ?? []), ...(p.status?.initContainerStatuses ?? [])].find((c) => c.name === name);
}

export class LogFollow {
  private readonly podPath: string;
  private lastTime: string | undefined;
  private atLastTime = 0;
  private written = 0;
  private containerId: string | undefined;
  private previous: boolean;
  private busy = false;
  private ended = false;

  constructor(
    path: string,
    private readonly query: Record<string, string>,
    private readonly ask: Ask,
    private readonly sink: LogSink,
  ) {
    this.podPath = path.replace(/\/log$/, '');
    this.previous = query.previous === 'true' || query.previous === '1';
  }

  get done(): boolean {
    return this.ended;
  }

  /** The first read: the headers and what the log holds, or the apiserver's refusal. */
  start(): void {
    this.busy = true;
    this.ask(this.podPath, {}, (podCode, pod) => {
      if (this.ended) return;
      const status = podCode === 200 ? statusOf(pod, this.query.container) : undefined;
      this.containerId = status?.containerID;
      this.read(true, (code, body) => {
        if (code !== 200) {
          this.ended = true;
          return this.sink.fail(code, body);
        }
        this.sink.start();
        this.emit(typeof body === 'string' ? body : '', true);
        // --previous reads a container that has ended; one that is not running has nothing more to say.
        if (this.previous || !status?.state?.running) return this.end();
        this.busy = false;
      });
    });
  }

  /** One turn of the poll: is the container still the one followed, then what it wrote since. */
  poll(): void {
    if (this.ended || this.busy) return;
    this.busy = true;
    this.ask(this.podPath, {}, (code, pod) => {
      if (this.ended) return;
      if (code !== 200) return this.end();
      const status = statusOf(pod, this.query.container);
      const replaced = status?.containerID !== this.containerId;
      if (replaced) this.previous = this.containerId !== undefined;
      const ending = replaced || !status?.state?.running;
      this.read(false, (c, body) => {
        if (this.ended) return;
        if (c !== 200) return this.end();
        this.emit(typeof body === 'string' ? body : '', false);
        if (ending) return this.end();
        this.busy = false;
      });
    });
  }

  /** The client went away: nothing more is read. */
  stop(): void {
    this.ended = true;
  }

  private read(first: boolean, done: (code: number, body: unknown) => void): void {
    const q: Record<string, string> = { timestamps: 'true' };
    if (this.query.container !== undefined) q.container = this.query.container;
    if (this.previous) q.previous = 'true';
    // Until a line has been written, every read keeps the client's own cut (--since, --since-time):
    // with no last line to start from, a read without it would return the whole log.
    if (first || this.lastTime === undefined) {
      if (this.query.sinceSeconds !== undefined) q.sinceSeconds = this.query.sinceSeconds;
      if (this.query.sinceTime !== undefined) q.sinceTime = this.query.sinceTime;
    } else q.sinceTime = this.lastTime;
    this.ask(`${this.podPath}/log`, q, done);
  }

  /** Writes the lines not written yet (the tail of the first read), within --limit-bytes. */
  private emit(text: string, first: boolean): void {
    const fresh: { time: string; line: string }[] = [];
    let skip = this.atLastTime;
    for (const raw of text.split('\n')) {
      if (raw === '') continue;
      const sp = raw.indexOf(' ');
      const time = sp < 0 ? '' : raw.slice(0, sp);
      const line = sp < 0 ? raw : raw.slice(sp + 1);
      if (this.lastTime !== undefined && time < this.lastTime) continue;
      if (this.lastTime !== undefined && time === this.lastTime && skip > 0) {
        skip--;
        continue;
      }
      fresh.push({ time, line });
      this.atLastTime = time === this.lastTime ? this.atLastTime + 1 : 1;
      this.lastTime = time;
    }
    let shown = fresh;
    const tail = Number(this.query.tailLines);
    if (first && this.query.tailLines !== undefined && Number.isInteger(tail) && tail >= 0) shown = tail === 0 ? [] : fresh.slice(-tail);
    const stamps = this.query.timestamps === 'true' || this.query.timestamps === '1';
    let out = shown.map((l) => `${stamps ? `${l.time} ` : ''}${l.line}\n`).join('');
    const limit = Number(this.query.limitBytes);
    const limited = this.query.limitBytes !== undefined && Number.isInteger(limit) && limit > 0;
    if (limited) out = cutToBytes(out, limit - this.written);
    if (out !== '') this.sink.write(out);
    this.written += Buffer.byteLength(out);
    if (limited && this.written >= limit) this.end();
  }

  private end(): void {
    if (this.ended) return;
    this.ended = true;
    this.sink.end();
  }
}
