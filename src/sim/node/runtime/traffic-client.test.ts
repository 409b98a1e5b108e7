// wget and curl as a container runs them: their command lines and what they print. Sources: busybox
// 1.36 networking/wget.c (bb_error_msg texts: "bad address '%s'", "can't connect to remote host
// (%s): %s", "server returned error: %s", "download timed out"), curl lib/connect.c and
// lib/cf-socket.c ("Failed to connect to %s port %u after %d ms: Couldn't connect to server", exit
// 7; "Could not resolve host: %s", exit 6) and curl's -s/-S (errors hidden unless -S).
import { describe, expect, it } from 'vitest';
import { clientResult, httpClientCommand, type HttpOutcome } from './traffic-client';

const has = (): boolean => true;
const parse = (argv: string[]) => {
  const p = httpClientCommand(argv, has);
  if (!p?.ok) throw new Error('did not parse');
  return p.cmd;
};
const ok: HttpOutcome = { kind: 'response', status: 200, reason: 'OK', body: 'hello\n', ip: '10.96.0.20' };

describe('wget and curl', () => {
  it.each([
    [['wget', '-qO-', 'http://web'], { tool: 'wget', host: 'web', port: 80, path: '/', quiet: true, output: '-' }],
    [['wget', '-q', '-O', '-', 'http://web:8080/healthz'], { host: 'web', port: 8080, path: '/healthz', quiet: true, output: '-' }],
    [['wget', '-T', '5', '-qO-', '10.96.0.20'], { host: '10.96.0.20', timeoutSec: 5 }],
    [['curl', '-s', 'http://web.default.svc.cluster.local/'], { tool: 'curl', host: 'web.default.svc.cluster.local', quiet: true }],
    [['sh', '-c', 'wget -qO- http://web'], { tool: 'wget', host: 'web' }],
  ])('parses %j', (argv, want) => {
    expect(parse(argv)).toMatchObject(want);
  });

  it('reads redis-cli -h HOST -p PORT ping and prints PONG or why it could not connect', () => {
    const c = parse(['redis-cli', '-h', 'redis', 'ping']);
    expect(c).toMatchObject({ tool: 'redis-cli', host: 'redis', port: 6379, path: 'PING' });
    expect(clientResult(c, { kind: 'response', status: 200, reason: 'OK', body: '+PONG\r\n', ip: '10.96.0.30' })).toEqual({ stdout: 'PONG\n', stderr: '', exitCode: 0 });
    expect(clientResult(c, { kind: 'bad-address' })).toEqual({ stdout: '', stderr: 'Could not connect to Redis at redis:6379: Name or service not known\n', exitCode: 1 });
    expect(clientResult(c, { kind: 'refused', ip: '10.96.0.30', elapsedMs: 0 })).toEqual({ stdout: '', stderr: 'Could not connect to Redis at redis:6379: Connection refused\n', exitCode: 1 });
  });

  it('reads redis-cli get and set and sends them as typed and prints their replies raw, as it does when stdout is not a terminal', () => {
    const get = parse(['redis-cli', '-h', 'redis-follower', 'get', 'guestbook']);
    expect(get).toMatchObject({ tool: 'redis-cli', host: 'redis-follower', path: 'GET', redisArgs: ['get', 'guestbook'] });
    expect(clientResult(get, { kind: 'response', status: 200, reason: 'OK', body: '$6\r\n,hello\r\n', ip: '10.96.0.31' })).toEqual({ stdout: ',hello\n', stderr: '', exitCode: 0 });
    expect(clientResult(get, { kind: 'response', status: 200, reason: 'OK', body: '$-1\r\n', ip: '10.96.0.31' })).toEqual({ stdout: '\n', stderr: '', exitCode: 0 });
    const set = parse(['redis-cli', '-h', 'redis-follower', 'set', 'guestbook', 'x']);
    expect(clientResult(set, { kind: 'response', status: 200, reason: 'OK', body: "-READONLY You can't write against a read only replica.\r\n", ip: '10.96.0.31' })).toEqual({ stdout: "READONLY You can't write against a read only replica.\n", stderr: '', exitCode: 0 });
  });

  it('leaves other commands and scripts with more than one command to the shell', () => {
    expect(httpClientCommand(['ls', '/'], has)).toBeUndefined();
    expect(httpClientCommand(['sh', '-c', 'wget -qO- http://web; echo done'], has)).toBeUndefined();
    expect(httpClientCommand(['curl', 'http://web'], (t) => t !== 'curl')).toBeUndefined();
  });

  it.each<[string[], HttpOutcome, { stdout: string; stderr: string; exitCode: number }]>([
    [['wget', '-qO-', 'http://web'], ok, { stdout: 'hello\n', stderr: '', exitCode: 0 }],
    [['wget', '-qO-', 'http://web'], { kind: 'bad-address' }, { stdout: '', stderr: "wget: bad address 'web'\n", exitCode: 1 }],
    [['wget', '-qO-', 'http://web'], { kind: 'refused', ip: '10.96.0.20', elapsedMs: 0 }, { stdout: '', stderr: "wget: can't connect to remote host (10.96.0.20): Connection refused\n", exitCode: 1 }],
    [['wget', '-T', '5', '-qO-', 'http://web'], { kind: 'timeout', ip: '10.96.0.20', elapsedMs: 5000, byTool: true }, { stdout: '', stderr: 'wget: download timed out\n', exitCode: 1 }],
    [['wget', '-qO-', 'http://web'], { kind: 'timeout', ip: '10.96.0.20', elapsedMs: 127000, byTool: false }, { stdout: '', stderr: "wget: can't connect to remote host (10.96.0.20): Connection timed out\n", exitCode: 1 }],
    [['wget', '-qO-', 'http://web/x'], { kind: 'response', status: 404, reason: 'Not Found', body: '', ip: '10.96.0.20' }, { stdout: '', stderr: 'wget: server returned error: HTTP/1.1 404 Not Found\n', exitCode: 1 }],
    [['wget', '-O-', 'http://web'], ok, { stdout: 'hello\n', stderr: 'Connecting to web (10.96.0.20:80)\nwriting to stdout\n-                    100% |********************************|     6  0:00:00 ETA\nwritten to stdout\n', exitCode: 0 }],
    [['curl', '-s', 'http://web'], ok, { stdout: 'hello\n', stderr: '', exitCode: 0 }],
    [['curl', '-s', 'http://web'], { kind: 'refused', ip: '10.96.0.20', elapsedMs: 0 }, { stdout: '', stderr: '', exitCode: 7 }],
    [['curl', '-sS', 'http://web'], { kind: 'refused', ip: '10.96.0.20', elapsedMs: 0 }, { stdout: '', stderr: "curl: (7) Failed to connect to web port 80 after 0 ms: Couldn't connect to server\n", exitCode: 7 }],
    [['curl', 'http://nosuch'], { kind: 'bad-address' }, { stdout: '', stderr: 'curl: (6) Could not resolve host: nosuch\n', exitCode: 6 }],
  ])('%j with %j prints what the real tool prints', (argv, outcome, want) => {
    expect(clientResult(parse(argv), outcome)).toEqual(want);
  });
});
