import { describe, expect, it } from 'vitest';
import { lookupImage, programFor, releaseOf } from './behaviour';
import { PUBLISHED_DIGESTS } from './published-digests';
import { tagVersion } from './tag-version';
import { userlandOf } from './userland';

// docker-library/official-images library/nginx lists each build with its release's shorter tags
// (at 00b9be3521cb1d8b650039d2f2f9d204ee8d557c: `Tags: 1.21.1, mainline, 1, 1.21, latest`,
// `Tags: 1.20.1, stable, 1.20`, `Tags: 1.21.1-alpine, mainline-alpine, 1-alpine, 1.21-alpine, alpine`).
// The last 1.25 build was 1.25.5 (docker-library/repo-info's mainline.md of May 2024: ENV NGINX_VERSION=1.25.5).
describe('the release a tag runs', () => {
  const NGINX = ['latest', '1.27', '1.27.1', 'mainline', 'stable', '1.26', '1.26.2', '1.26.1', '1.25', '1.25.5', '1.25.4', '1.24', '1.24.0', '1.23', '1.23.4', '1.23.3', '1.25-alpine', 'alpine'];

  it.each([
    ['1.25', '1.25.5'],
    ['1.25-alpine', '1.25.5'],
    ['1.25.4', '1.25.4'],
    ['1.25.5-alpine', '1.25.5'],
    ['1.24', '1.24.0'],
    ['1.23', '1.23.4'],
    ['1.26', '1.26.2'],
    ['stable', '1.26.2'],
    ['stable-alpine', '1.26.2'],
    ['1.27', '1.27.1'],
    ['latest', '1.27.1'],
    ['mainline', '1.27.1'],
    ['alpine', '1.27.1'],
  ])('nginx:%s runs %s', (tag, want) => {
    expect(tagVersion(tag, NGINX, '1.27.1', { stable: '1.26' })).toBe(want);
  });

  it('falls back to the current release for a line the repository has no release of', () => {
    expect(tagVersion('5.0', ['5.0', '7.4.0'], '7.4.0')).toBe('7.4.0');
  });

  it('logs nginx/1.25.5 for nginx:1.25 and nginx:1.25-alpine, nginx/1.27.1 for nginx:latest', () => {
    const notice = (image: string): string | undefined =>
      programFor(image, undefined, undefined).steps.flatMap((s) => (s.op === 'log' && / nginx\//.test(s.text) ? [s.text] : []))[0];
    expect(notice('nginx:1.25')).toBe('{nginxTime} [notice] 1#1: nginx/1.25.5');
    expect(notice('nginx:1.25-alpine')).toBe('{nginxTime} [notice] 1#1: nginx/1.25.5');
    expect(notice('nginx:stable')).toBe('{nginxTime} [notice] 1#1: nginx/1.26.2');
    expect(notice('nginx')).toBe('{nginxTime} [notice] 1#1: nginx/1.27.1');
  });

  it("sets the image's NGINX_VERSION to the tag's release (1.25.5's njs 0.8.4, as its Dockerfile)", () => {
    expect(userlandOf('nginx:1.25').imageEnv).toEqual([['NGINX_VERSION', '1.25.5'], ['NJS_VERSION', '0.8.4'], ['NJS_RELEASE', '3~bookworm'], ['PKG_RELEASE', '1~bookworm']]);
    expect(userlandOf('nginx:latest').imageEnv[0]).toEqual(['NGINX_VERSION', '1.27.1']);
  });

  it('runs redis:6 as redis 6 (its 6.2.14), not the current 7.4.0', () => {
    const line = programFor('redis:6', undefined, undefined).steps.find((s) => s.op === 'log' && s.text.includes('Redis version='));
    expect(line).toMatchObject({ text: expect.stringContaining('Redis version=6.2.14,') });
  });

  // redis:5.0 is the 5.0.14 build (docker-library/repo-info's fork maxmood96/repo-info,
  // repos/redis/remote/5.0.md at ae5c4295: ENV REDIS_VERSION=5.0.14), logging as a redis:5.0
  // container does (redis 5.0.14 src/server.c main(): the LL_WARNING `#` lines; a docker-compose
  // log of redis 5.0.14 in an issue transcript: `# Redis version=5.0.14, ...`, `* Running
  // mode=standalone, port=6379.`, `# Server initialized`, `* Ready to accept connections`).
  it('runs redis:5.0 as redis 5.0.14 with redis 5 startup lines', () => {
    const logs = programFor('redis:5.0', undefined, undefined).steps.flatMap((s) => (s.op === 'log' ? [s.text] : []));
    expect(logs).toEqual([
      '1:C {redisTime} # oO0OoO0OoO0Oo Redis is starting oO0OoO0OoO0Oo',
      '1:C {redisTime} # Redis version=5.0.14, bits=64, commit=00000000, modified=0, pid=1, just started',
      '1:C {redisTime} # Warning: no config file specified, using the default config. In order to specify a config file use redis-server /path/to/redis.conf',
      '1:M {redisTime} * Running mode=standalone, port=6379.',
      '1:M {redisTime} # Server initialized',
      '1:M {redisTime} * Ready to accept connections',
    ]);
  });

  // redis 6.2.14 src/server.c: main() logs the banner and the config warning at LL_WARNING (`#`, role
  // `C` before initServer() sets server.pid), initServer() logs `monotonic clock: %s` at LL_NOTICE
  // (src/monotonic.c: "POSIX clock_gettime"), redisAsciiArt() `Running mode=...` when stdout is no
  // tty, then `# Server initialized` and `* Ready to accept connections` (no listener name before 7.0).
  it.each(['redis:6', 'redis:6.2', 'redis:6.2.14'])('runs %s with redis 6.2.14 startup lines, monotonic clock included', (image) => {
    const logs = programFor(image, undefined, undefined).steps.flatMap((s) => (s.op === 'log' ? [s.text] : []));
    expect(logs).toEqual([
      '1:C {redisTime} # oO0OoO0OoO0Oo Redis is starting oO0OoO0OoO0Oo',
      '1:C {redisTime} # Redis version=6.2.14, bits=64, commit=00000000, modified=0, pid=1, just started',
      '1:C {redisTime} # Warning: no config file specified, using the default config. In order to specify a config file use redis-server /path/to/redis.conf',
      '1:M {redisTime} * monotonic clock: POSIX clock_gettime',
      '1:M {redisTime} * Running mode=standalone, port=6379.',
      '1:M {redisTime} # Server initialized',
      '1:M {redisTime} * Ready to accept connections',
    ]);
  });

  // redis src/server.c main(): argc > 1 logs "Configuration loaded" (LL_WARNING `#` at 5.0.14 and
  // 6.2.14, LL_NOTICE `*` at 7.4.0) instead of the no-config warning; the image's docker-entrypoint.sh
  // runs `redis-server <args>` for args such as the docs' `/usr/local/etc/redis/redis.conf`.
  it.each([
    ['redis:5.0', '#'],
    ['redis:6.2', '#'],
    ['redis:7.4', '*'],
  ])('%s given a config file says Configuration loaded (%s)', (image, level) => {
    const logs = programFor(image, undefined, ['/usr/local/etc/redis/redis.conf']).steps.flatMap((s) => (s.op === 'log' ? [s.text] : []));
    expect(logs[2]).toBe(`1:C {redisTime} ${level} Configuration loaded`);
    expect(logs.some((t) => t.includes('no config file'))).toBe(false);
  });

  // The docs' "Configuring Redis using a ConfigMap" pod (kubernetes/website
  // content/en/examples/pods/config/redis-pod.yaml): image redis:5, args its redis.conf. official-images
  // library/redis at 314380779d: `Tags: 5.0.14, 5.0, 5, ...`, one build.
  it('pulls redis:5 as the 5.0.14 build redis:5.0 is, and starts it with its config file', () => {
    const five = lookupImage('redis:5');
    expect(five.found && releaseOf(five)).toBe('5.0.14');
    expect(PUBLISHED_DIGESTS['docker.io/library/redis:5']?.digest).toBe(PUBLISHED_DIGESTS['docker.io/library/redis:5.0']?.digest);
    expect(PUBLISHED_DIGESTS['docker.io/library/redis:5.0.14']?.digest).toBe(PUBLISHED_DIGESTS['docker.io/library/redis:5.0']?.digest);
    const logs = programFor('redis:5', undefined, ['/usr/local/etc/redis/redis.conf']).steps.flatMap((s) => (s.op === 'log' ? [s.text] : []));
    expect(logs.slice(1, 3)).toEqual(['1:C {redisTime} # Redis version=5.0.14, bits=64, commit=00000000, modified=0, pid=1, just started', '1:C {redisTime} # Configuration loaded']);
  });

  it('runs redis:6.0.5 as redis 6.0.5 with the same 6.0 lines', () => {
    const logs = programFor('redis:6.0.5', undefined, undefined).steps.flatMap((s) => (s.op === 'log' ? [s.text] : []));
    expect(logs[1]).toBe('1:C {redisTime} # Redis version=6.0.5, bits=64, commit=00000000, modified=0, pid=1, just started');
    expect(logs.at(-1)).toBe('1:M {redisTime} * Ready to accept connections');
  });
});
