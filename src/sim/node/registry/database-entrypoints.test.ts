// The postgres and mysql images' docker-entrypoint.sh refuse an uninitialised data directory without
// a password (docker-library/postgres 16/bookworm/docker-entrypoint.sh docker_verify_minimum_env at
// a37e929682; docker-library/mysql 8.0/docker-entrypoint.sh _main, mysql_log and
// docker_verify_minimum_env at a482468, MYSQL_VERSION from each Dockerfile's ENV).
import { describe, expect, it } from 'vitest';
import { programFor } from './behaviour';
import { fillPlaceholders } from '../runtime/process';

const run = (image: string, env: [string, string][] = []) => programFor(image, undefined, undefined, { env, files: {} }).steps;
const lines = (image: string, env: [string, string][] = []): string[] => run(image, env).flatMap((s) => (s.op === 'log' ? [`${s.stream} ${fillPlaceholders(s.text, 5_123, '10.244.1.5')}`] : []));
const exitOf = (image: string, env: [string, string][] = []) => run(image, env).find((s) => s.op === 'exit');

describe('postgres entrypoint', () => {
  it('exits 1 with its Error text when POSTGRES_PASSWORD is not set', () => {
    expect(lines('postgres:16')).toEqual([
      'stderr Error: Database is uninitialized and superuser password is not specified.',
      'stderr        You must specify POSTGRES_PASSWORD to a non-empty value for the',
      'stderr        superuser. For example, "-e POSTGRES_PASSWORD=password" on "docker run".',
      'stderr ',
      'stderr        You may also use "POSTGRES_HOST_AUTH_METHOD=trust" to allow all',
      'stderr        connections without a password. This is *not* recommended.',
      'stderr ',
      'stderr        See PostgreSQL documentation about "trust":',
      'stderr        https://www.postgresql.org/docs/current/auth-trust.html',
    ]);
    expect(exitOf('postgres:16')).toEqual({ op: 'exit', code: 1 });
  });

  it('starts with a password, its line prefixed by %m [%p] from the simulated clock', () => {
    expect(lines('postgres', [['POSTGRES_PASSWORD', 'example']]).at(-1)).toBe('stderr 2024-08-13 09:00:05.123 UTC [1] LOG:  database system is ready to accept connections');
    expect(exitOf('postgres', [['POSTGRES_PASSWORD_FILE', '/run/secrets/pw']])).toBeUndefined();
  });

  it('warns in a box and starts with POSTGRES_HOST_AUTH_METHOD=trust', () => {
    const l = lines('postgres', [['POSTGRES_HOST_AUTH_METHOD', 'trust']]);
    expect(l[0]).toBe(`stderr ${'*'.repeat(80)}`);
    expect(l[1]).toBe('stderr WARNING: POSTGRES_HOST_AUTH_METHOD has been set to "trust". This will allow');
    expect(l.at(-1)).toContain('database system is ready to accept connections');
  });
});

describe('mysql entrypoint', () => {
  it('notes its start, switches to mysql, and exits 1 without a password option', () => {
    expect(lines('mysql:8.0')).toEqual([
      'stdout 2024-08-13 09:00:05+00:00 [Note] [Entrypoint]: Entrypoint script for MySQL Server 8.0.39-1.el9 started.',
      "stdout 2024-08-13 09:00:05+00:00 [Note] [Entrypoint]: Switching to dedicated user 'mysql'",
      'stdout 2024-08-13 09:00:05+00:00 [Note] [Entrypoint]: Entrypoint script for MySQL Server 8.0.39-1.el9 started.',
      'stderr 2024-08-13 09:00:05+00:00 [ERROR] [Entrypoint]: Database is uninitialized and password option is not specified',
      'stderr     You need to specify one of the following as an environment variable:',
      'stderr     - MYSQL_ROOT_PASSWORD',
      'stderr     - MYSQL_ALLOW_EMPTY_PASSWORD',
      'stderr     - MYSQL_RANDOM_ROOT_PASSWORD',
    ]);
    expect(exitOf('mysql:8.0')).toEqual({ op: 'exit', code: 1 });
  });

  it.each([
    ['mysql:5.6', '5.6.51-1debian9', 'MYSQL_ROOT_PASSWORD'],
    ['mysql:5.7', '5.7.44-1.el7', 'MYSQL_ALLOW_EMPTY_PASSWORD'],
    ['mysql', '9.0.1-1.el9', 'MYSQL_RANDOM_ROOT_PASSWORD'],
  ])('%s names MYSQL_VERSION %s and starts with %s', (image, pkg, variable) => {
    const l = lines(image, [[variable, 'yes']]);
    expect(l[0]).toBe(`stdout 2024-08-13 09:00:05+00:00 [Note] [Entrypoint]: Entrypoint script for MySQL Server ${pkg} started.`);
    expect(l.some((t) => t.includes('ready for connections'))).toBe(true);
    expect(exitOf(image, [[variable, 'yes']])).toBeUndefined();
  });
});

// MariaDB/mariadb-docker 11.5/docker-entrypoint.sh (_main, docker_create_db_directories,
// docker_verify_minimum_env), as `kubectl logs` of `kubectl run mydb --image=mariadb` shows it (Sep 2024).
describe('mariadb entrypoint', () => {
  it('notes its start, warns about memory.pressure, switches to mysql and exits 1 without a password option', () => {
    expect(lines('mariadb')).toEqual([
      'stdout 2024-08-13 09:00:05+00:00 [Note] [Entrypoint]: Entrypoint script for MariaDB Server 1:11.5.2+maria~ubu2404 started.',
      'stderr 2024-08-13 09:00:05+00:00 [Warn] [Entrypoint]: /sys/fs/cgroup///memory.pressure not writable, functionality unavailable to MariaDB',
      "stdout 2024-08-13 09:00:05+00:00 [Note] [Entrypoint]: Switching to dedicated user 'mysql'",
      'stdout 2024-08-13 09:00:05+00:00 [Note] [Entrypoint]: Entrypoint script for MariaDB Server 1:11.5.2+maria~ubu2404 started.',
      'stderr 2024-08-13 09:00:05+00:00 [ERROR] [Entrypoint]: Database is uninitialized and password option is not specified',
      'stderr \tYou need to specify one of MARIADB_ROOT_PASSWORD, MARIADB_ROOT_PASSWORD_HASH, MARIADB_ALLOW_EMPTY_ROOT_PASSWORD and MARIADB_RANDOM_ROOT_PASSWORD',
    ]);
    expect(exitOf('mariadb:11')).toEqual({ op: 'exit', code: 1 });
  });

  it.each(['MARIADB_ROOT_PASSWORD', 'MYSQL_ROOT_PASSWORD', 'MARIADB_RANDOM_ROOT_PASSWORD_FILE'])('starts with %s (the MYSQL_ names are read too)', (v) => {
    expect(exitOf('mariadb', [[v, 'x']])).toBeUndefined();
    expect(lines('mariadb', [[v, 'x']])).toHaveLength(4);
  });

  it('leaves the releases it does not model as before (no lines, no check)', () => {
    expect(exitOf('mariadb:10.11')).toBeUndefined();
    expect(lines('mariadb:11.4')).toEqual([]);
  });
});
