// CRI PortForward: containerd enters the sandbox's network namespace and dials localhost:PORT
// there (containerd's sandbox_portforward_linux.go), so the program listening on that port sees a
// client at 127.0.0.1. A forwarded connection is a byte stream; each whole request on it (an HTTP
// request line, headers and Content-Length body, or one RESP or inline redis command) is one
// PortForward call here, answered with what the program writes back. The connection stays open
// after an answer unless the program closes it: nginx keeps an HTTP/1.1 connection alive
// (`Connection: keep-alive`) unless the client asked `Connection: close` or spoke HTTP/1.0
// without keep-alive; redis keeps its connection until QUIT; a listener that does not understand
// what it read closes. redis runs the command (redis-server.ts: SET, GET, PING...), and a master's
// write goes on to its replicas. An nginx logs the access as for any client (serve-request.ts),
// with 127.0.0.1 as the address. Nobody listening: containerd's error, which the kubelet wraps and
// writes on the error stream.

import { decodeBase64 } from '../../api/base64';
import { simEpochMs } from '../../api/time';
import type { CriError, PortForwardResult } from './cri';
import { writeLog } from './process';
import type { RedisReply } from './redis-server';
import { serveRequest, type PodHttpRequest, type Served } from './serve-request';
import type { ContainerdState, Sandbox } from './state';

/** A request as the listening program reads it from the connection's bytes, or undefined when it is not one it understands. */
export function readRequest(data: string): PodHttpRequest | undefined {
  const http = /^([A-Z]+) (\S+) HTTP\/1\.[01]\r?\n/.exec(data);
  if (http) {
    const ua = /\r?\nuser-agent:[ \t]*([^\r\n]*)/i.exec(data);
    return { method: http[1]!, path: http[2]!, src: '127.0.0.1', userAgent: ua?.[1] ?? '-' };
  }
  const words = redisCommandWords(data);
  if (words?.length) return { method: 'GET', path: words[0]!.toUpperCase(), src: '127.0.0.1', userAgent: '', protocol: 'redis', redisArgs: words };
  return undefined;
}

/** A RESP array of bulk strings (`*1\r\n$4\r\nPING\r\n`, what redis-cli sends): its words and its length in characters. */
function respArray(data: string): { words: string[]; length: number } | undefined {
  const head = /^\*(\d+)\r\n/.exec(data);
  if (!head) return undefined;
  let at = head[0].length;
  const words: string[] = [];
  for (let i = 0; i < Number(head[1]); i++) {
    const len = /^\$(\d+)\r\n/.exec(data.slice(at));
    if (!len) return undefined;
    at += len[0].length;
    const n = Number(len[1]);
    if (data.length < at + n + 2) return undefined;
    words.push(data.slice(at, at + n));
    at += n + 2;
  }
  return { words, length: at };
}

/** A redis command: RESP's array of bulk strings or an inline command (`PING\r\n`). */
function redisCommandWords(data: string): string[] | undefined {
  if (data.startsWith('*')) return respArray(data)?.words;
  const line = /^([^\r\n]*)\r?\n/.exec(data)?.[1];
  return line?.trim() ? line.trim().split(/\s+/) : undefined;
}

/**
 * The length (in bytes, one character each) of the first whole request in what a client sent so
 * far, or undefined while it is not whole: an HTTP head up to its empty line plus its
 * Content-Length body, a RESP array once its last bulk string came, an inline command up to its
 * newline.
 */
export function requestLength(data: string): number | undefined {
  if (/^[A-Z]+ \S+ HTTP\/1\.[01]\r?\n/.test(data)) {
    const end = /\r?\n\r?\n/.exec(data);
    if (!end) return undefined;
    const headLength = end.index + end[0].length;
    const cl = /\r?\ncontent-length:[ \t]*(\d+)/i.exec(data.slice(0, headLength));
    const total = headLength + (cl ? Number(cl[1]) : 0);
    return data.length >= total ? total : undefined;
  }
  if (data.startsWith('*')) return respArray(data)?.length;
  const nl = data.indexOf('\n');
  return nl < 0 ? undefined : nl + 1;
}

/** Whether the bytes so far hold a whole request. */
export function requestComplete(data: string): boolean {
  return requestLength(data) !== undefined;
}

/** Whether nginx keeps the connection after answering: HTTP/1.1 unless `Connection: close`, HTTP/1.0 only with keep-alive. */
function keepAlive(data: string): boolean {
  const connection = /\r?\nconnection:[ \t]*([^\r\n]*)/i.exec(data)?.[1]?.trim().toLowerCase();
  if (/^[A-Z]+ \S+ HTTP\/1\.0/.test(data)) return connection === 'keep-alive';
  return connection !== 'close';
}

/** `Date:` as HTTP writes it (RFC 7231 IMF-fixdate), from simulated time. */
function httpDate(now: number): string {
  return new Date(simEpochMs() + Math.floor(now / 1000) * 1000).toUTCString();
}

function utf8Length(text: string): number {
  let n = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    n += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return n;
}

/** What the program wrote back on the connection. */
function wire(s: ContainerdState, served: Served & { kind: 'response' }, req: PodHttpRequest, now: number, alive: boolean): string {
  if (req.protocol === 'redis') return served.body;
  const c = [...s.containers.values()].find((x) => x.metadata.name === served.container);
  // Before 1.16 the Dockerfile's NGINX_VERSION was the Debian package version (`1.14.2-1~stretch`).
  const nginx = c?.processEnv?.find(([k]) => k === 'NGINX_VERSION')?.[1]?.split('-')[0];
  const type = served.body.startsWith('<') ? 'text/html' : 'text/plain';
  const head = [
    `HTTP/1.1 ${served.status} ${served.reason}`,
    ...(nginx ? [`Server: nginx/${nginx}`] : []),
    `Date: ${httpDate(now)}`,
    `Content-Type: ${type}`,
    `Content-Length: ${utf8Length(served.body)}`,
    `Connection: ${alive ? 'keep-alive' : 'close'}`,
  ];
  return `${head.join('\r\n')}\r\n\r\n${served.body}`;
}

/** The namespace path CNI made for the sandbox: `/var/run/netns/cni-<uuid>` (the uuid drawn from the sandbox's id). */
function netnsPath(sb: Sandbox): string {
  const h = sb.id;
  return `/var/run/netns/cni-${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/** PortForward into a sandbox: the listener's answer (and whether it closed the connection), or containerd's error when nothing listens. */
export function portForward(s: ContainerdState, sb: Sandbox, port: number, base64: string, now: number): { result?: PortForwardResult; error?: CriError; propagate?: RedisReply['propagate'] } {
  // The bytes as the program reads them, one character per byte.
  const decoded = decodeBase64(base64);
  const data = 'bytes' in decoded ? decoded.bytes.map((b) => String.fromCharCode(b)).join('') : '';
  const understood = readRequest(data);
  const req = understood ?? { method: '', path: '', src: '127.0.0.1', userAgent: '' };
  const served = sb.ip ? serveRequest(s, sb.ip, port, req, now) : ({ kind: 'refused' } as const);
  if (served.kind === 'refused') {
    const refused = `IPv4: dial tcp4 127.0.0.1:${port}: connect: connection refused IPv6 dial tcp6 [::1]:${port}: connect: connection refused `;
    return { error: { code: 'Unknown', message: `failed to execute portforward in network namespace "${netnsPath(sb)}": failed to connect to localhost:${port} inside namespace "${sb.id}", ${refused}` } };
  }
  // A listener that does not understand what was sent closes the connection.
  // A server that never answers (a hung webhook) leaves the tunnel silent.
  if (served.kind === 'hang') return { result: { data: '' } };
  if (served.kind === 'reset' || !understood) return { result: { data: '', close: true } };
  if (served.log) {
    const c = [...s.containers.values()].find((x) => x.metadata.name === served.container && x.podSandboxId === sb.id && x.state === 'CONTAINER_RUNNING');
    if (c) writeLog(s, c, served.log.stream, served.log.text, now);
  }
  // redis closes after QUIT's +OK (its other replies keep the connection).
  const alive = req.protocol === 'redis' ? req.path !== 'QUIT' : keepAlive(data);
  const result: PortForwardResult = { data: wire(s, served, req, now, alive) };
  if (!alive) result.close = true;
  return served.propagate ? { result, propagate: served.propagate } : { result };
}
