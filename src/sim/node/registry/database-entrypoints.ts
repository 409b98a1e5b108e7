// The docker-entrypoint.sh of the postgres and mysql images, as far as what they print before the
// server's own lines: both refuse to initialise an empty data directory without a password, so a
// `kubectl run db --image=postgres` without env ends in CrashLoopBackOff as on a real cluster.
// - postgres (docker-library/postgres 16/bookworm/docker-entrypoint.sh at a37e929682, Sep 2024):
//   docker_verify_minimum_env prints its Error heredoc to stderr and exits 1 unless POSTGRES_PASSWORD
//   is non-empty or POSTGRES_HOST_AUTH_METHOD is `trust`; with `trust` it prints a warning box and
//   goes on. file_env reads POSTGRES_PASSWORD_FILE too.
// - mysql (docker-library/mysql 8.0/docker-entrypoint.sh at a482468, Sep 2024; 5.7 and 5.6 alike):
//   _main notes "Entrypoint script for MySQL Server ${MYSQL_VERSION} started." (stdout), then as
//   root "Switching to dedicated user 'mysql'" and re-executes itself under gosu, which notes the
//   first line again; docker_verify_minimum_env's mysql_error writes `$(date --rfc-3339=seconds)
//   [ERROR] [Entrypoint]: ` and its heredoc to stderr and exits 1 unless MYSQL_ROOT_PASSWORD,
//   MYSQL_ALLOW_EMPTY_PASSWORD or MYSQL_RANDOM_ROOT_PASSWORD (or a _FILE variant) is set.
//   MYSQL_VERSION is the package's: 9.0.1-1.el9, 8.4.2-1.el9, 8.0.39-1.el9 (Oracle Linux 9),
//   5.7.44-1.el7, 5.6.51-1debian9.
// The init runs and the restart paths that follow the check are postgres-init.ts's and mysql-init.ts's.

import type { Step } from './program';
import { postgresDataDirectory, postgresStartSteps } from './postgres-init';
import { mysqlStartSteps } from './mysql-init';
import { mariadbEntrypoint } from './mariadb-entrypoint';

type Line = ['stdout' | 'stderr', string];
type Env = ReadonlyMap<string, string>;

const given = (env: Env, name: string): boolean => !!env.get(name) || !!env.get(`${name}_FILE`);

function postgresEntrypoint(env: Env): { lines: Line[]; exit?: number } {
  // docker_verify_minimum_env runs only when the data directory is empty (_main).
  const trust = env.get('POSTGRES_HOST_AUTH_METHOD') === 'trust';
  if (!given(env, 'POSTGRES_PASSWORD') && !trust) {
    const text = [
      'Error: Database is uninitialized and superuser password is not specified.',
      '       You must specify POSTGRES_PASSWORD to a non-empty value for the',
      '       superuser. For example, "-e POSTGRES_PASSWORD=password" on "docker run".',
      '',
      '       You may also use "POSTGRES_HOST_AUTH_METHOD=trust" to allow all',
      '       connections without a password. This is *not* recommended.',
      '',
      '       See PostgreSQL documentation about "trust":',
      '       https://www.postgresql.org/docs/current/auth-trust.html',
    ];
    return { lines: text.map((t) => ['stderr', t]), exit: 1 };
  }
  if (!trust) return { lines: [] };
  const box = '*'.repeat(80);
  const warning = [
    box,
    'WARNING: POSTGRES_HOST_AUTH_METHOD has been set to "trust". This will allow',
    '         anyone with access to the Postgres port to access your database without',
    '         a password, even if POSTGRES_PASSWORD is set. See PostgreSQL',
    '         documentation about "trust":',
    '         https://www.postgresql.org/docs/current/auth-trust.html',
    "         In Docker's default configuration, this is effectively any other",
    '         container on the same system.',
    '',
    '         It is not recommended to use POSTGRES_HOST_AUTH_METHOD=trust. Replace',
    '         it with "-e POSTGRES_PASSWORD=password" instead to set a password in',
    '         "docker run".',
    box,
  ];
  return { lines: warning.map((t) => ['stderr', t]) };
}

/** The image's MYSQL_VERSION for a release (its Dockerfile's ENV). */
export function mysqlPackageVersion(release: string): string {
  if (release.startsWith('5.6.')) return `${release}-1debian9`;
  if (release.startsWith('5.7.')) return `${release}-1.el7`;
  return `${release}-1.el9`;
}

function mysqlEntrypoint(env: Env, release: string, initialised: boolean): { lines: Line[]; exit?: number } {
  const started: Line = ['stdout', `{rfc3339Seconds} [Note] [Entrypoint]: Entrypoint script for MySQL Server ${mysqlPackageVersion(release)} started.`];
  const lines: Line[] = [started, ['stdout', "{rfc3339Seconds} [Note] [Entrypoint]: Switching to dedicated user 'mysql'"], started];
  // docker_verify_minimum_env runs only when the data directory is empty (_main).
  if (initialised || given(env, 'MYSQL_ROOT_PASSWORD') || given(env, 'MYSQL_ALLOW_EMPTY_PASSWORD') || given(env, 'MYSQL_RANDOM_ROOT_PASSWORD')) return { lines };
  const error = [
    '{rfc3339Seconds} [ERROR] [Entrypoint]: Database is uninitialized and password option is not specified',
    '    You need to specify one of the following as an environment variable:',
    '    - MYSQL_ROOT_PASSWORD',
    '    - MYSQL_ALLOW_EMPTY_PASSWORD',
    '    - MYSQL_RANDOM_ROOT_PASSWORD',
  ];
  return { lines: [...lines, ...error.map((t): Line => ['stderr', t])], exit: 1 };
}

/** Whether `dir` is on one of the volumes a restarted container finds again (ShellContext.kept). */
const keptData = (dir: string, kept: readonly string[]): boolean => kept.some((m) => dir === m || dir.startsWith(`${m.replace(/\/+$/, '')}/`));

/**
 * The entrypoint's lines, then (if it lets the server start) the server's own: `serverLines` for
 * mysql, postgres-init.ts's for postgres (whose `release` is the image tag). `kept` are the mount
 * paths whose data survives from the container's previous run.
 */
export function databaseEntrypointSteps(kind: 'postgres' | 'mysql' | 'mariadb', env: readonly [string, string][], release: string, serverLines: Step[], kept: readonly string[] = []): { logs: Step[]; exit?: number } {
  const vars = new Map(env);
  const initialised = keptData(kind === 'postgres' ? postgresDataDirectory(vars) : '/var/lib/mysql', kept);
  if (kind === 'mariadb') {
    const m = mariadbEntrypoint(vars, release, initialised) ?? { lines: [] };
    const logs: Step[] = m.lines.map(([stream, text]) => ({ op: 'log', stream, text }));
    return m.exit === undefined ? { logs: [...logs, ...serverLines] } : { logs, exit: m.exit };
  }
  const { lines, exit } = kind === 'mysql' ? mysqlEntrypoint(vars, release, initialised) : initialised ? { lines: [] } : postgresEntrypoint(vars);
  const logs: Step[] = lines.map(([stream, text]) => ({ op: 'log', stream, text }));
  if (exit !== undefined) return { logs, exit };
  if (kind === 'postgres') return { logs: [...logs, ...postgresStartSteps(release, vars, initialised)] };
  return { logs: [...logs, ...(mysqlStartSteps(release, initialised) ?? []), ...serverLines] };
}
