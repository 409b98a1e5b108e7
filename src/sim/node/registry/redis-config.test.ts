// redis's configuration file and CONFIG GET (src/config.c loadServerConfig and configGetCommand,
// src/util.c memtoll), as the kubernetes.io tutorial "Configuring Redis using a ConfigMap" uses them.
import { describe, expect, it } from 'vitest';
import { configGet, memtoll, redisConfigFrom } from './redis-config';

describe('redis.conf', () => {
  it.each([['2mb', '2097152'], ['2m', '2000000'], ['1gb', '1073741824'], ['100', '100'], ['3KB', '3072']])('memtoll(%s) is %s', (v, want) => {
    expect(memtoll(v)).toBe(want);
  });

  it("reads the tutorial's directives from the file its first .conf argument names, skipping comments", () => {
    const files = { '/usr/local/etc/redis/redis.conf': '# limits\nmaxmemory 2mb\nmaxmemory-policy allkeys-lru\n' };
    expect(redisConfigFrom(['/usr/local/etc/redis/redis.conf'], files)).toEqual({ maxmemory: '2097152', 'maxmemory-policy': 'allkeys-lru' });
    expect(redisConfigFrom(['--port', '6380'], files)).toBeUndefined();
  });

  it('CONFIG GET answers defaults for what the file does not set, and matches glob patterns', () => {
    expect(configGet({}, 'maxmemory')).toEqual([['maxmemory', '0']]);
    expect(configGet({ 'maxmemory-policy': 'allkeys-lru' }, 'maxmemory*')).toEqual([['maxmemory', '0'], ['maxmemory-policy', 'allkeys-lru']]);
    expect(configGet(undefined, 'nosuch')).toEqual([]);
  });
});
