import { describe, expect, it } from 'vitest';
import { programFor } from './behaviour';
import { fillPlaceholders } from '../runtime/process';
import { simEpochMs } from '../../api/time';

// bitnami/containers bitnami/redis/7.2/debian-12/Dockerfile of 2024-06-29: APP_VERSION="7.2.5",
// org.opencontainers.image.ref.name="7.2.5-debian-12-r2" (the 7.2 tag's build until 7.2.6 in
// October 2024). The lines: entrypoint.sh, setup.sh, run.sh, libbitnami.sh print_image_welcome_page,
// liblog.sh info/warn/error (stderr, `date "+%T.%2N "`, colour codes), libredis.sh redis_validate and
// redis_configure_default, as a `docker logs` of bitnami/redis 7.4.1 shows them rendered:
// `redis 23:18:54.59 INFO  ==> Welcome to the Bitnami redis container` ... `1:C 17 Dec 2024
// 23:18:54.633 * Redis version=7.4.1, bits=64, commit=00000000, modified=1, pid=1, just started`.
const AT = Date.UTC(2024, 8, 19, 12, 37, 32, 953) - simEpochMs();
// The colour codes as a terminal takes them away (ESC [ ... m).
const ESC = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const run = (image: string, env: [string, string][]) => programFor(image, undefined, undefined, { env, files: {} });
const rendered = (image: string, env: [string, string][]): string[] =>
  run(image, env).steps.flatMap((s) => (s.op === 'log' ? [`${s.stream} ${fillPlaceholders(s.text, AT, '10.244.1.5').replace(ESC, '')}`] : []));

const WELCOME = [
  'stderr redis 12:37:32.95 INFO  ==> ',
  'stderr redis 12:37:32.95 INFO  ==> Welcome to the Bitnami redis container',
  'stderr redis 12:37:32.95 INFO  ==> Subscribe to project updates by watching https://github.com/bitnami/containers',
  'stderr redis 12:37:32.95 INFO  ==> Submit issues and feature requests at https://github.com/bitnami/containers/issues',
  'stderr redis 12:37:32.95 INFO  ==> Upgrade to Tanzu Application Catalog for production environments to access custom-configured and pre-packaged software components. Gain enhanced features, including Software Bill of Materials (SBOM), CVE scan result reports, and VEX documents. To learn more, visit https://bitnami.com/enterprise',
  'stderr redis 12:37:32.95 INFO  ==> ',
  'stderr redis 12:37:32.95 INFO  ==> ** Starting Redis setup **',
];

describe('bitnami/redis', () => {
  it('bitnami/redis:7.2 runs 7.2.5 and logs it in bitnami format, ALLOW_EMPTY_PASSWORD=yes warned about', () => {
    expect(rendered('bitnami/redis:7.2', [['ALLOW_EMPTY_PASSWORD', 'yes']])).toEqual([
      ...WELCOME,
      'stderr redis 12:37:32.95 WARN  ==> You set the environment variable ALLOW_EMPTY_PASSWORD=yes. For safety reasons, do not use this flag in a production environment.',
      'stderr redis 12:37:32.95 INFO  ==> Initializing Redis',
      'stderr redis 12:37:32.95 INFO  ==> Setting Redis config file',
      'stderr redis 12:37:32.95 INFO  ==> ** Redis setup finished! **',
      'stdout ',
      'stderr redis 12:37:32.95 INFO  ==> ** Starting Redis **',
      'stdout 1:C 19 Sep 2024 12:37:32.953 * oO0OoO0OoO0Oo Redis is starting oO0OoO0OoO0Oo',
      'stdout 1:C 19 Sep 2024 12:37:32.953 * Redis version=7.2.5, bits=64, commit=00000000, modified=1, pid=1, just started',
      'stdout 1:C 19 Sep 2024 12:37:32.953 * Configuration loaded',
      'stdout 1:M 19 Sep 2024 12:37:32.953 * monotonic clock: POSIX clock_gettime',
      'stdout 1:M 19 Sep 2024 12:37:32.953 * Running mode=standalone, port=6379.',
      'stdout 1:M 19 Sep 2024 12:37:32.953 * Server initialized',
      'stdout 1:M 19 Sep 2024 12:37:32.953 * Creating AOF base file appendonly.aof.1.base.rdb on server start',
      'stdout 1:M 19 Sep 2024 12:37:32.953 * Creating AOF incr file appendonly.aof.1.incr.aof on server start',
      'stdout 1:M 19 Sep 2024 12:37:32.953 * Ready to accept connections tcp',
    ]);
    expect(run('bitnami/redis:7.2', [['ALLOW_EMPTY_PASSWORD', 'yes']]).steps.slice(-2)).toEqual([{ op: 'listen', port: 6379 }, { op: 'wait' }]);
  });

  it("liblog.sh's bytes: module cyan, time magenta, level green, then the message", () => {
    const first = run('bitnami/redis:7.2', [['REDIS_PASSWORD', 's3cret']]).steps[1];
    expect(first).toEqual({ op: 'log', stream: 'stderr', text: '\x1b[38;5;6mredis \x1b[38;5;5m{bitnamiTime} \x1b[0m\x1b[38;5;2mINFO \x1b[0m ==> \x1b[1mWelcome to the Bitnami redis container\x1b[0m' });
  });

  it('with REDIS_PASSWORD set there is no warning; latest and 7.4 run 7.4.0', () => {
    const lines = rendered('bitnami/redis:latest', [['REDIS_PASSWORD', 's3cret']]);
    expect(lines.filter((l) => l.includes('WARN'))).toEqual([]);
    expect(lines).toContain('stdout 1:C 19 Sep 2024 12:37:32.953 * Redis version=7.4.0, bits=64, commit=00000000, modified=1, pid=1, just started');
    expect(rendered('bitnami/redis:7.4', [['REDIS_PASSWORD', 's3cret']])).toEqual(lines);
  });

  it('without a password or ALLOW_EMPTY_PASSWORD=yes, redis_validate stops the container with exit code 1', () => {
    const p = run('bitnami/redis:7.2', [['ALLOW_EMPTY_PASSWORD', 'no']]);
    expect(rendered('bitnami/redis:7.2', [['ALLOW_EMPTY_PASSWORD', 'no']])).toEqual([
      ...WELCOME,
      'stderr redis 12:37:32.95 ERROR ==> The REDIS_PASSWORD environment variable is empty or not set. Set the environment variable ALLOW_EMPTY_PASSWORD=yes to allow the container to be started with blank passwords. This is recommended only for development.',
    ]);
    expect(p.steps.at(-1)).toEqual({ op: 'exit', code: 1 });
  });
});
