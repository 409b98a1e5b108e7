// bitnami/redis's startup (bitnami/containers bitnami/redis/7.2/debian-12: Dockerfile ENTRYPOINT
// entrypoint.sh, CMD run.sh). entrypoint.sh prints libbitnami.sh's welcome page, runs setup.sh
// between "** Starting Redis setup **" and "** Redis setup finished! **", echoes an empty line and
// execs run.sh, which says "** Starting Redis **" and execs redis-server with the image's
// redis.conf. liblog.sh writes every message to stderr as `${CYAN}${MODULE} ${MAGENTA}$(date
// "+%T.%2N ")${RESET}` then `${GREEN}INFO ${RESET} ==> ` (WARN yellow, ERROR red), MODULE being
// redis-env.sh's `redis`; the colour codes are in the bytes kubectl logs prints.
// libredis.sh redis_validate: without ALLOW_EMPTY_PASSWORD=yes an empty REDIS_PASSWORD is an error
// and setup.sh exits 1 (so the container exits 1); with it, a warning. redis_configure_default then
// logs "Initializing Redis" and "Setting Redis config file" (no redis.conf mounted).
// redis-server 7.x with a config file says "Configuration loaded"; bitnami's build reports
// modified=1, and with the image's appendonly yes it creates the AOF files of a fresh data dir
// (a docker logs of bitnami/redis 7.4.1: `* Redis version=7.4.1, bits=64, commit=00000000,
// modified=1, pid=1, just started`, `* Configuration loaded`).
// Simplified: redis-server's "WARNING Memory overcommit must be enabled!" line is left out, as for
// the official image (catalogue.ts); replication, TLS and a mounted redis.conf are not modelled.

import type { Step } from './program';

type Line = ['stdout' | 'stderr', string];

const RESET = '\x1b[0m';
const BOLD = '\x1b[1m';
const PREFIX = `\x1b[38;5;6mredis \x1b[38;5;5m{bitnamiTime} ${RESET}`;
const info = (text: string): Line => ['stderr', `${PREFIX}\x1b[38;5;2mINFO ${RESET} ==> ${text}`];
const warn = (text: string): Line => ['stderr', `${PREFIX}\x1b[38;5;3mWARN ${RESET} ==> ${text}`];
const error = (text: string): Line => ['stderr', `${PREFIX}\x1b[38;5;1mERROR${RESET} ==> ${text}`];

const GITHUB = 'https://github.com/bitnami/containers';

/** libbitnami.sh print_image_welcome_page, BITNAMI_APP_NAME=redis. */
const WELCOME: Line[] = [
  info(''),
  info(`${BOLD}Welcome to the Bitnami redis container${RESET}`),
  info(`Subscribe to project updates by watching ${BOLD}${GITHUB}${RESET}`),
  info(`Submit issues and feature requests at ${BOLD}${GITHUB}/issues${RESET}`),
  info(
    `Upgrade to Tanzu Application Catalog for production environments to access custom-configured and pre-packaged software components. Gain enhanced features, including Software Bill of Materials (SBOM), CVE scan result reports, and VEX documents. To learn more, visit ${BOLD}https://bitnami.com/enterprise${RESET}`,
  ),
  info(''),
];

const SERVER: Line[] = [
  ['stdout', '1:C {redisTime} * oO0OoO0OoO0Oo Redis is starting oO0OoO0OoO0Oo'],
  ['stdout', '1:C {redisTime} * Redis version={version}, bits=64, commit=00000000, modified=1, pid=1, just started'],
  ['stdout', '1:C {redisTime} * Configuration loaded'],
  ['stdout', '1:M {redisTime} * monotonic clock: POSIX clock_gettime'],
  ['stdout', '1:M {redisTime} * Running mode=standalone, port=6379.'],
  ['stdout', '1:M {redisTime} * Server initialized'],
  ['stdout', '1:M {redisTime} * Creating AOF base file appendonly.aof.1.base.rdb on server start'],
  ['stdout', '1:M {redisTime} * Creating AOF incr file appendonly.aof.1.incr.aof on server start'],
  ['stdout', '1:M {redisTime} * Ready to accept connections tcp'],
];

/** libvalidations.sh is_boolean_yes: 1, yes or true, in any case. */
const isBooleanYes = (v: string | undefined): boolean => v !== undefined && /^(1|yes|true)$/i.test(v);

/**
 * What bitnami/redis prints from its entrypoint to a listening redis-server, or, when redis_validate
 * refuses the environment, up to its error (`exit: 1`: setup.sh exits and the container with it).
 */
export function bitnamiRedisStartup(env: readonly [string, string][]): { lines: Line[]; exit?: number } {
  const vars = new Map(env);
  const allowEmpty = vars.get('ALLOW_EMPTY_PASSWORD');
  const setup: Line[] = [...WELCOME, info('** Starting Redis setup **')];
  if (isBooleanYes(allowEmpty)) {
    setup.push(warn(`You set the environment variable ALLOW_EMPTY_PASSWORD=${allowEmpty}. For safety reasons, do not use this flag in a production environment.`));
  } else if (!vars.get('REDIS_PASSWORD')) {
    setup.push(
      error(
        'The REDIS_PASSWORD environment variable is empty or not set. Set the environment variable ALLOW_EMPTY_PASSWORD=yes to allow the container to be started with blank passwords. This is recommended only for development.',
      ),
    );
    return { lines: setup, exit: 1 };
  }
  return {
    lines: [...setup, info('Initializing Redis'), info('Setting Redis config file'), info('** Redis setup finished! **'), ['stdout', ''], info('** Starting Redis **'), ...SERVER],
  };
}

/** The same as program steps, `{version}` filled in; a refusal ends in its exit. */
export function bitnamiRedisSteps(env: readonly [string, string][], version: string): { logs: Step[]; exit?: number } {
  const { lines, exit } = bitnamiRedisStartup(env);
  const logs: Step[] = lines.map(([stream, text]) => ({ op: 'log', stream, text: text.replace('{version}', version) }));
  return exit === undefined ? { logs } : { logs, exit };
}
