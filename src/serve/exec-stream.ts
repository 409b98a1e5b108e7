// `kubectl exec` against kubeplay serve. kubectl v1.31 first dials a WebSocket (KEP-4006, beta and
// on by default since v1.30) offering the subprotocol `v5.channel.k8s.io` (then v4...), and falls
// back to SPDY only when the upgrade fails without a Status (client-go transport/websocket
// roundtripper: a Status body is an API error, anything else an UpgradeFailureError). The stream
// is framed as k8s.io/apimachinery/pkg/util/httpstream/wsstream and remotecommand define it: each
// binary message starts with its channel, 0 stdin, 1 stdout, 2 stderr, 3 error (a metav1.Status
// as JSON, written once when the command ends), 4 resize; v5 adds 255, a client's CLOSE of a
// channel. The simulation answers an exec with all of it at once (api/exec-options.ts), so the
// server writes stdout, stderr and the status, then closes the connection normally.

import type { Duplex } from 'node:stream';
import { STATUS_CODES } from 'node:http';
import { encodeCommand, type ExecStreamBody } from '../sim/api/exec-options';
import { wireJson, wireStatusJson } from '../sim/api/wire-json';

/** The subprotocols kubeplay serve speaks, best first (v5 adds the CLOSE signal, which a server never sends). */
export const EXEC_SUBPROTOCOLS = ['v5.channel.k8s.io', 'v4.channel.k8s.io'] as const;

export const STDOUT_CHANNEL = 1;
export const STDERR_CHANNEL = 2;
export const ERROR_CHANNEL = 3;

const EXEC_PATH = /^\/api\/v1\/namespaces\/[^/]+\/pods\/[^/]+\/exec$/;

export function isExecPath(path: string): boolean {
  return EXEC_PATH.test(path);
}

/** The client's choice among its offered subprotocols, or false when it offers none of ours. */
export function pickSubprotocol(offered: Set<string>): string | false {
  return EXEC_SUBPROTOCOLS.find((p) => offered.has(p)) ?? false;
}

/** PodExecOptions from the URL: every `command` word, in order, and the other options' last values. */
export function execQuery(url: URL): Record<string, string> {
  const q: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [k, v] of url.searchParams) if (k !== 'command') q[k] = v;
  const command = url.searchParams.getAll('command');
  if (command.length) q.command = encodeCommand(command);
  return q;
}

function frame(channel: number, text: string): Buffer {
  return Buffer.concat([Buffer.from([channel]), Buffer.from(text, 'utf8')]);
}

/** The binary messages of one finished exec: its output, then the Status on the error channel. */
export function execFrames(body: ExecStreamBody): Buffer[] {
  const out: Buffer[] = [];
  if (body.stdout) out.push(frame(STDOUT_CHANNEL, body.stdout));
  if (body.stderr) out.push(frame(STDERR_CHANNEL, body.stderr));
  out.push(frame(ERROR_CHANNEL, wireStatusJson(body.status)));
  return out;
}

/** An answer on a connection that asked to upgrade and will not be: a plain HTTP response, then close. */
export function refuseUpgrade(socket: Duplex, code: number, body: unknown): void {
  if (socket.destroyed) return;
  const text = typeof body === 'string' ? body : wireJson(body);
  const type = typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json';
  socket.end(`HTTP/1.1 ${code} ${STATUS_CODES[code] ?? ''}\r\nContent-Type: ${type}\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`);
}
