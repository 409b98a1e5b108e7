// kubectl's first command with a token the apiserver does not know (discovery-retry.ts). Real kubectl
// v1.31.9 against `kubeplay serve` (a kubeconfig user `intruder` with `token: not-a-real-token`, a
// fresh --cache-dir each time; the same as --user=jane --token=bogus here) printed, klog headers
// left out, for `get pods -v=6`:
//   round_trippers.go:553] GET https://127.0.0.1:16443/api?timeout=32s 401 Unauthorized   (x5, each followed by)
//   memcache.go:265] "Unhandled Error" err="couldn't get current server API group list: the server has asked for the client to provide credentials"
//   cached_discovery.go:120] skipped caching discovery info due to the server has asked for the client to provide credentials
// with `shortcut.go:103] Error loading discovery information: ...` after the second, then the
// Status dump (helpers.go:246, no kind or apiVersion, cause UnexpectedServerResponse) and
// `error: You must be logged in to the server (the server has asked for the client to provide credentials)`.
// Without -v only the five E lines and the error; `get deploy,pods` six, `logs web` four,
// `explain pods` two; `auth can-i get pods` two, then the warning and the review's own 401.
// Sources: client-go discovery/cached/memory/memcache.go refreshLocked (the E line),
// discovery/cached/disk/cached_discovery.go ServerGroups (V(3) line), restmapper/shortcut.go
// getShortcutMappings (V(1) line), kubectl pkg/cmd/util/helpers.go StandardErrorMessage (V(4) dump).
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';

const MSG = 'the server has asked for the client to provide credentials';
const E = `memcache.go:265] "Unhandled Error" err="couldn't get current server API group list: ${MSG}"`;
const SKIP = `cached_discovery.go:120] skipped caching discovery info due to ${MSG}`;
const SHORTCUT = `shortcut.go:103] Error loading discovery information: ${MSG}`;
const GET401 = 'round_trippers.go:553] GET https://10.0.0.10:6443/api?timeout=32s 401 Unauthorized';
const ERROR = `error: You must be logged in to the server (${MSG})`;

/** stderr without klog headers, durations or the kubeconfig line. */
function lines(stderr: string): string[] {
  return stderr
    .split('\n')
    .filter((l) => !l.includes('Config loaded from file'))
    .map((l) => l.replace(/^[IEW]\d{4} [\d:.]+ +\d+ /, '').replace(/ in \d+ milliseconds$/, ''));
}

const times = <T,>(n: number, f: (i: number) => T[]): T[] => Array.from({ length: n }, (_, i) => f(i)).flat();

function firstCommand(line: string) {
  const c = buildCluster({ nodes: [{ name: 'worker-1' }], users: [{ name: 'jane' }] }, { seed: 3 });
  return { c, out: c.run(`${line} --user=jane --token=bogus`) };
}

describe('a wrong token on the first command: discovery is asked for again and again', () => {
  it('get pods -v=6: five GET /api with 401, the memcache and cache lines, the shortcut line after the second, the dump and the error', () => {
    const { out } = firstCommand('kubectl get pods -v=6');
    const attempt = (i: number) => [GET401, E, SKIP, ...(i === 1 ? [SHORTCUT] : [])];
    expect(lines(out.stderr)).toEqual([
      ...times(5, attempt),
      'helpers.go:246] server response object: %s[{',
      '  "metadata": {},',
      '  "status": "Failure",',
      `  "message": "${MSG}",`,
      '  "reason": "Unauthorized",',
      '  "details": {',
      '    "causes": [',
      '      {',
      '        "reason": "UnexpectedServerResponse",',
      '        "message": "unknown"',
      '      }',
      '    ]',
      '  },',
      '  "code": 401',
      '}]',
      ERROR,
      '',
    ]);
    expect(out).toMatchObject({ stdout: '', exitCode: 1 });
  });

  it.each([
    ['kubectl get pods', 5],
    ['kubectl get deploy,pods', 6],
    ['kubectl describe pod web', 5],
    ['kubectl get pod/web', 4],
    ['kubectl logs web', 4],
    ['kubectl rollout status deploy/x', 4],
    ['kubectl explain pods', 2],
  ])('%s prints %i memcache lines and the error, nothing else', (line, n) => {
    const { out } = firstCommand(line);
    expect(lines(out.stderr)).toEqual([...times(n, () => [E]), ERROR, '']);
  });

  it('auth can-i asks twice, warns that the type is unknown and sends its review, whose 401 is the apiserver\'s own', () => {
    const { out } = firstCommand('kubectl auth can-i get pods');
    expect(lines(out.stderr)).toEqual([E, E, "Warning: the server doesn't have a resource type 'pods'", '', 'error: You must be logged in to the server (Unauthorized)', '']);
  });

  it('the failed discovery GETs are messages in the trace, and nothing is cached: the next command asks again', () => {
    const { c } = firstCommand('kubectl get pods');
    const from = c.sim.now;
    c.run('kubectl get pods');
    const requests = c.sim.world.trace.filter((r) => r.time >= from && r.from === 'kubectl' && r.type === 'http.request').map((r) => r.summary);
    expect(requests).toEqual(['GET /api?timeout=32s', 'GET /apis?timeout=32s', 'GET /api/v1/namespaces/default/pods?limit=500']);
  });

  it('-v=3 adds the cache lines, -v=1 only the shortcut line', () => {
    const v3 = lines(firstCommand('kubectl logs web -v=3').out.stderr);
    expect(v3).toEqual([E, SKIP, SHORTCUT, ...times(3, () => [E, SKIP]), ERROR, '']);
    const v1 = lines(firstCommand('kubectl get pods -v=1').out.stderr);
    expect(v1).toEqual([E, E, SHORTCUT, E, E, E, ERROR, '']);
  });

  it('the Status dump comes from -v=4 on (helpers.go klog.V(4); v1.31.9 printed it at -v=5, not at -v=3)', () => {
    expect(firstCommand('kubectl get pods -v=3').out.stderr).not.toContain('helpers.go:246]');
    expect(firstCommand('kubectl get pods -v=4').out.stderr).toContain('helpers.go:246] server response object: %s[{');
  });
});
