// The kubernetes.io tutorial "Configuring Redis using a ConfigMap" with its manifests unchanged
// (website content/en/examples/pods/config/redis-pod.yaml: redis:5, the ConfigMap's redis-config key
// mounted as /usr/local/etc/redis/redis.conf and named in `args`): CONFIG GET shows the defaults
// with an empty file, still the defaults after the ConfigMap is updated (redis read the file when it
// started), and the new values (2mb is 2097152) once the pod is recreated. The page's earlier pod ran
// `command: [redis-server, <file>]` on redis:5.0.4: the same server, started directly. With a
// terminal (`kubectl exec -it`) redis-cli formats replies as the page shows them (`1) "maxmemory"`).
// The page's own steps, `kubectl exec -it redis -- redis-cli` and then `CONFIG GET maxmemory` at
// `127.0.0.1:6379> `, open redis-cli's interactive mode (redis-cli.c main(): no command starts
// repl(); cliRefreshPrompt's `host:port> `); the app's terminal runs each typed line as one more
// `kubectl exec -i -t redis -c redis -n default -- redis-cli <words>` (ui/terminal/shell-session.ts).
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';
import { CM, POD } from './redis-configmap.fixture';

const EARLIER_POD = POD.replace('image: redis:5', 'image: redis:5.0.4').replace('    args:\n    - /usr/local/etc/redis/redis.conf\n', '    command:\n      - redis-server\n      - "/usr/local/etc/redis/redis.conf"\n');

describe('Configuring Redis using a ConfigMap', () => {
  const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 3 });
  const get = (param: string): string => c.run(`kubectl exec redis -- redis-cli CONFIG GET ${param}`).stdout;
  c.run('kubectl apply -f -', { stdin: CM('""') });
  c.run('kubectl apply -f -', { stdin: POD });
  c.sim.runUntil(c.sim.now + 30_000);

  it('starts redis 5 on the file and answers the defaults (redis-cli prints an array raw, one element a line)', () => {
    expect(c.run('kubectl get pod/redis configmap/example-redis-config').stdout).toMatch(/^pod\/redis +1\/1 +Running +0 /m);
    expect(c.run('kubectl logs redis').stdout.split('\n')[2]).toMatch(/^1:C \d\d Aug 2024 [\d:.]+ # Configuration loaded$/);
    expect(get('maxmemory')).toBe('maxmemory\n0\n');
    expect(get('maxmemory-policy')).toBe('maxmemory-policy\nnoeviction\n');
  });

  it('keeps the values it started with when the ConfigMap changes, and reads the new ones when the pod is recreated', () => {
    c.run('kubectl apply -f -', { stdin: CM('|\n    maxmemory 2mb\n    maxmemory-policy allkeys-lru') });
    c.sim.runUntil(c.sim.now + 90_000);
    expect(c.run('kubectl exec redis -- cat /usr/local/etc/redis/redis.conf').stdout).toBe('maxmemory 2mb\nmaxmemory-policy allkeys-lru\n');
    expect(get('maxmemory')).toBe('maxmemory\n0\n');
    expect(get('maxmemory-policy')).toBe('maxmemory-policy\nnoeviction\n');
    c.run('kubectl delete pod redis');
    c.sim.runUntil(c.sim.now + 60_000);
    c.run('kubectl apply -f -', { stdin: POD });
    c.sim.runUntil(c.sim.now + 30_000);
    expect(get('maxmemory')).toBe('maxmemory\n2097152\n');
    expect(get('maxmemory-policy')).toBe('maxmemory-policy\nallkeys-lru\n');
  });

  it('prints the replies as the page shows them when kubectl exec gives it a terminal (-it)', () => {
    expect(c.run('kubectl exec -it redis -- redis-cli CONFIG GET maxmemory').stdout).toBe('1) "maxmemory"\n2) "2097152"\n');
    expect(c.run('kubectl exec -it redis -- redis-cli CONFIG GET maxmemory-policy').stdout).toBe('1) "maxmemory-policy"\n2) "allkeys-lru"\n');
    expect(c.run('kubectl exec -it redis -- redis-cli GET nosuch').stdout).toBe('(nil)\n');
  });

  it("opens redis-cli's prompt for the page's `kubectl exec -it redis -- redis-cli`, and each typed line runs as a redis command", () => {
    expect(c.run('kubectl exec -it redis -- redis-cli')).toMatchObject({ exitCode: 0, stdout: '', stderr: '', session: { prompt: '127.0.0.1:6379> ', pod: 'redis', container: 'redis', shell: 'redis-cli' } });
    const typed = (words: string): string => c.run(`kubectl exec -i -t redis -c redis -n default -- redis-cli ${words}`).stdout;
    expect(typed('CONFIG GET maxmemory')).toBe('1) "maxmemory"\n2) "2097152"\n');
    expect(typed('CONFIG GET maxmemory-policy')).toBe('1) "maxmemory-policy"\n2) "allkeys-lru"\n');
    // An unknown command goes to the server, which names it (redis 5.0 server.c processCommand: backquotes).
    expect(typed('FOO bar')).toBe('(error) ERR unknown command `FOO`, with args beginning with: `bar`, \n');
    expect(c.run('kubectl exec -it redis -- redis-cli -h 127.0.0.1 -p 6379').session?.prompt).toBe('127.0.0.1:6379> ');
    expect(c.run('kubectl exec -it redis -- redis-cli -h 127.0.0.1 -p 6379').session?.args).toEqual(['-h', '127.0.0.1', '-p', '6379']);
    // Without stdin redis-cli's interactive mode reads nothing and ends at once, status 0.
    expect(c.run('kubectl exec redis -- redis-cli')).toMatchObject({ exitCode: 0, stdout: '', stderr: '' });
  });

  it("runs the page's earlier pod, command: [redis-server, <file>] on redis:5.0.4, as the same server", () => {
    c.run('kubectl delete pod redis');
    c.sim.runUntil(c.sim.now + 60_000);
    c.run('kubectl apply -f -', { stdin: EARLIER_POD });
    c.sim.runUntil(c.sim.now + 60_000);
    expect(c.run('kubectl logs redis').stdout.split('\n').slice(1, 3)).toEqual([
      expect.stringMatching(/ # Redis version=5\.0\.4, bits=64, commit=00000000, modified=0, pid=1, just started$/),
      expect.stringMatching(/ # Configuration loaded$/),
    ]);
    expect(get('maxmemory')).toBe('maxmemory\n2097152\n');
  });
});
