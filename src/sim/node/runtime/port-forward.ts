// CRI PortForward: containerd enters the sandbox's network namespace and dials localhost:PORT
// there (containerd's sandbox_portforward_linux.go), so the program listening on that port sees a
// client at 127.0.0.1. The bytes the client sent are read as the program reads them: an HTTP
// request line and headers for a web server, a RESP (or inline) command for redis. What the program
// writes back goes back whole, and the connection ends there (one exchange per connection). An
// nginx logs the access as for any client (serve-request.ts), with 127.0.0.1 as the address.
// Nobody listening: containerd's error, which the kubelet wraps and writes on the error stream.

import { decodeBase64 } from '../../api/base64';
import { simEpochMs } from '../../api/time';
import type { CriError, PortForwardResult } from './cri';
import { writeLog } from './process';
import { serveRequest, type PodHttpRequest, type Served } from './serve-request';
import type { ContainerdState, Sandbox } from './state';

/** A request as the listening program reads it from the connection's bytes, or undefined when it is not one it understands. */
export function readRequest(data: string): PodHttpRequest | undefined {
  const http = /^([A-Z]+) (\S+) HTTP\/1\.[01]\r?\n/.exec(data);
  if (http) {
    const ua = /\r?\nuser-agent:[ \t]*([^\r\n]*)/i.exec(data);
    return { method: http[1]!, path: http[2]!, src: '127.0.0.1', userAgent: ua?.[1] ?? '-' };
  }
  const words = redisCommand(data);
  if (words?.length) return { method: 'GET', path: words[0]!.toUpperCase(), src: '127.0.0.1', userAgent: '', protocol: 'redis' };
  return undefined;
}

/** A redis command: RESP's array of bulk strings (`*1\r\n$4\r\nPING\r\n`, what redis-cli sends) or an inline command (`PING\r\n`). */
function redisCommand(data: string): string[] | undefined {
  if (data.startsWith('*')) {
    const parts = data.split('\r\n');
    const n = Number(parts[0]!.slice(1));
    const words: string[] = [];
    for (let i = 0; i < n; i++) {
      const word = parts[2 + i * 2];
      if (word === undefined) return undefined;
      words.push(word);
    }
    return words;
  }
  const line = /^([^\r\n]*)\r?\n/.exec(data)?.[1];
  return line?.trim() ? line.trim().split(/\s+/) : undefined;
}

/** Whether the bytes so far hold a whole request (an HTTP head ends with an empty line; a redis command with its last CRLF). */
export function requestComplete(data: string): boolean {
  if (/^[A-Z]+ \S+ HTTP\/1\.[01]\r?\n/.test(data)) return /\r?\n\r?\n/.test(data);
  if (data.startsWith('*')) {
    const parts = data.split('\r\n');
    const n = Number(parts[0]!.slice(1));
    return Number.isInteger(n) && parts.length >= 2 + n * 2;
  }
  return /\n/.test(data);
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
function wire(s: ContainerdState, served: Served & { kind: 'response' }, req: PodHttpRequest, now: number): string {
  if (req.protocol === 'redis') return served.body;
  const c = [...s.containers.values()].find((x) => x.metadata.name === served.container);
  const nginx = c?.processEnv?.find(([k]) => k === 'NGINX_VERSION')?.[1];
  const type = served.body.startsWith('<') ? 'text/html' : 'text/plain';
  const head = [
    `HTTP/1.1 ${served.status} ${served.reason}`,
    ...(nginx ? [`Server: nginx/${nginx}`] : []),
    `Date: ${httpDate(now)}`,
    `Content-Type: ${type}`,
    `Content-Length: ${utf8Length(served.body)}`,
    'Connection: close',
  ];
  return `${head.join('\r\n')}\r\n\r\n${served.body}`;
}

/** The namespace path CNI made for the sandbox: `/var/run/netns/cni-<uuid>` (the uuid drawn from the sandbox's id). */
function netnsPath(sb: Sandbox): string {
  const h = sb.id;
  return `/var/run/netns/cni-${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/** PortForward into a sandbox: the listener's answer, or containerd's error when nothing listens. */
export function portForward(s: ContainerdState, sb: Sandbox, port: number, base64: string, now: number): { result?: PortForwardResult; error?: CriError } {
  // The bytes as the program reads them, one character per byte.
  const decoded = decodeBase64(base64);
  const data = 'bytes' in decoded ? decoded.bytes.map((b) => String.fromCharCode(b)).join('') : '';
  const req = readRequest(data) ?? { method: '', path: '', src: '127.0.0.1', userAgent: '' };
  const served = sb.ip ? serveRequest(s, sb.ip, port, req, now) : ({ kind: 'refused' } as const);
  if (served.kind === 'refused') {
    const refused = `IPv4: dial tcp4 127.0.0.1:${port}: connect: connection refused IPv6 dial tcp6 [::1]:${port}: connect: connection refused `;
    return { error: { code: 'Unknown', message: `failed to execute portforward in network namespace "${netnsPath(sb)}": failed to connect to localhost:${port} inside namespace "${sb.id}", ${refused}` } };
  }
  // A listener that does not understand what was sent (or redis asked anything but PING) closes the connection.
  if (served.kind === 'reset' || !readRequest(data) || (req.protocol === 'redis' && req.path !== 'PING')) return { result: { data: '' } };
  if (served.log) {
    const c = [...s.containers.values()].find((x) => x.metadata.name === served.container && x.podSandboxId === sb.id && x.state === 'CONTAINER_RUNNING');
    if (c) writeLog(s, c, served.log.stream, served.log.text, now);
  }
  return { result: { data: wire(s, served, req, now) } };
}
