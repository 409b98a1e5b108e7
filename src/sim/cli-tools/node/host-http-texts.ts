// What curl and wget print when they run on a node rather than in a container. The nodes run
// Ubuntu 22.04 (kubelet/texts.ts OS_IMAGE), whose packages are curl 7.81.0 and GNU Wget 1.21.2,
// not busybox:
// - curl 7.81 (lib/connect.c before the connection-filter rewrite of 7.87) ends a failed connect
//   with the socket's errno text: `curl: (7) Failed to connect to %s port %u after %ld ms:
//   Connection refused`, and `curl: (28) ... Connection timed out` when the kernel gave up; its
//   own -m/--connect-timeout: `curl: (28) Connection timed out after %ld milliseconds`; a name the
//   resolver does not know: `curl: (6) Could not resolve host: %s`. -s silences them unless -S.
// - GNU Wget (src/connect.c, src/http.c, src/retr.c, src/progress.c "dot" style, used when stderr
//   is not a terminal): `--DATE--  URL`, `Connecting to IP:PORT... connected.` or `... failed:
//   Connection refused.`, `Resolving H (H)... failed: Name or service not known.` then `wget:
//   unable to resolve host address ‘H’`; exit 4 for a network failure, 8 for an HTTP error; -q
//   prints none of it. Checked against GNU Wget 1.21.3 and curl 7.88.1 on this machine (same
//   texts; 7.88 says `Couldn't connect to server` where 7.81 prints the errno text).

import { rfc3339 } from '../../api/time';
import type { ClientResult, HttpClientCommand, HttpOutcome } from '../../node/runtime/traffic-client';

/** Ubuntu 22.04's curl, the User-Agent a node's curl sends. */
export const NODE_CURL_VERSION = '7.81.0';
/** Ubuntu 22.04's GNU Wget. */
export const NODE_WGET_VERSION = '1.21.2';

export function nodeCurlResult(c: HttpClientCommand, o: HttpOutcome): ClientResult {
  const err = (code: number, text: string): ClientResult => ({ stdout: '', stderr: !c.quiet || c.showError ? `curl: (${code}) ${text}\n` : '', exitCode: code });
  if (o.kind === 'bad-address') return err(6, `Could not resolve host: ${c.host}`);
  if (o.kind === 'refused') return err(7, `Failed to connect to ${c.host} port ${c.port} after ${o.elapsedMs} ms: Connection refused`);
  if (o.kind === 'reset') return err(56, 'Recv failure: Connection reset by peer');
  if (o.kind === 'timeout') {
    if (o.byTool) return err(28, `Connection timed out after ${o.elapsedMs} milliseconds`);
    return err(28, `Failed to connect to ${c.host} port ${c.port} after ${o.elapsedMs} ms: Connection timed out`);
  }
  if (c.fail && o.status >= 400) return err(22, `The requested URL returned error: ${o.status}`);
  return { stdout: c.output && c.output !== '-' ? '' : o.body, stderr: '', exitCode: 0 };
}

/** wget's `2026-12-03 14:11:16` (the node's clock, UTC). */
function wgetTime(now: number): string {
  return rfc3339(now).replace('T', ' ').replace('Z', '');
}

/** retr.c retr_rate: the unit that keeps the number under 1024, 0 to 2 decimals. */
function rate(bytes: number, ms: number, long: boolean): string {
  let r = bytes / (Math.max(ms, 1) / 1000);
  let unit = 0;
  while (r >= 1024 && unit < 3) {
    r /= 1024;
    unit++;
  }
  const digits = r >= 99.95 ? 0 : r >= 9.995 ? 1 : 2;
  return r.toFixed(digits) + (long ? ` ${['B/s', 'KB/s', 'MB/s', 'GB/s'][unit]}` : ['B', 'K', 'M', 'G'][unit]);
}

/** GNU Wget's stderr and exit status on a node; `url` as typed (with the scheme wget adds). */
export function nodeWgetResult(c: HttpClientCommand, o: HttpOutcome, startedAt: number, now: number): ClientResult {
  const elapsedMs = now - startedAt;
  const literal = /^\d+\.\d+\.\d+\.\d+$/.test(c.host);
  const url = `http://${c.host}${c.port === 80 ? '' : `:${c.port}`}${c.path}`;
  let log = `--${wgetTime(startedAt)}--  ${url}\n`;
  const fail = (code: number): ClientResult => ({ stdout: '', stderr: c.quiet ? '' : log, exitCode: code });
  if (o.kind === 'bad-address') {
    log += `Resolving ${c.host} (${c.host})... failed: Name or service not known.\nwget: unable to resolve host address ‘${c.host}’\n`;
    return fail(4);
  }
  const ip = o.ip;
  if (!literal) log += `Resolving ${c.host} (${c.host})... ${ip}\n`;
  log += `Connecting to ${literal ? `${ip}:${c.port}` : `${c.host} (${c.host})|${ip}|:${c.port}`}... `;
  if (o.kind === 'refused') return (log += 'failed: Connection refused.\n'), fail(4);
  if (o.kind === 'timeout') return (log += 'failed: Connection timed out.\n'), fail(4);
  log += 'connected.\nHTTP request sent, awaiting response... ';
  if (o.kind === 'reset') return (log += 'Read error (Connection reset by peer) in headers.\n'), fail(4);
  log += `${o.status} ${o.reason}\n`;
  if (o.status >= 400) return (log += `${wgetTime(now)} ERROR ${o.status}: ${o.reason}.\n\n`), fail(8);
  const toStdout = c.output === '-';
  const file = c.output ?? (c.path.split('/').pop() || 'index.html');
  const n = o.body.length;
  const type = o.body.trimStart().startsWith('<') ? 'text/html' : 'text/plain';
  log += `Length: ${n} [${type}]\nSaving to: ‘${toStdout ? 'STDOUT' : file}’\n\n`;
  log += `     0K${' '.repeat(55)}100% ${rate(n, elapsedMs, false)}=0s\n\n`;
  log += `${wgetTime(now)} (${rate(n, elapsedMs, true)}) - ${toStdout ? 'written to stdout' : `‘${file}’ saved`} [${n}/${n}]\n\n`;
  return { stdout: toStdout ? o.body : '', stderr: c.quiet ? '' : log, exitCode: 0 };
}
