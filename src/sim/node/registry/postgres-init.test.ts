// The postgres image's first start and its restart, as docker-library/postgres's
// docker-entrypoint.sh (_main, docker_setup_db, docker_process_init_files, docker_temp_server_start
// and _stop) runs initdb and pg_ctl, compared with `docker logs` of postgres:16.4 (Sep 2024) and,
// for the older lines, of 14.1 and 12.5 (initdb's three-line trust warning, no checkpoint lines).
import { describe, expect, it } from 'vitest';
import { programFor } from './behaviour';
import { fillPlaceholders } from '../runtime/process';
import { postgresRelease } from './postgres-init';

const lines = (image: string, env: [string, string][], kept: string[] = []): string[] =>
  programFor(image, undefined, undefined, { env, files: {}, kept }).steps.flatMap((s) => (s.op === 'log' ? [`${s.stream} ${fillPlaceholders(s.text, 5_123, '10.244.1.5')}`] : []));
const T = '2024-08-13 09:00:05.123 UTC';

describe('postgres first start', () => {
  it('initialises the data directory, runs and stops the temporary server, then starts', () => {
    expect(lines('postgres:16', [['POSTGRES_PASSWORD', 'example']])).toEqual([
      'stdout The files belonging to this database system will be owned by user "postgres".',
      'stdout This user must also own the server process.',
      'stdout ',
      'stdout The database cluster will be initialized with locale "en_US.utf8".',
      'stdout The default database encoding has accordingly been set to "UTF8".',
      'stdout The default text search configuration will be set to "english".',
      'stdout ',
      'stdout Data page checksums are disabled.',
      'stdout ',
      'stdout fixing permissions on existing directory /var/lib/postgresql/data ... ok',
      'stdout creating subdirectories ... ok',
      'stdout selecting dynamic shared memory implementation ... posix',
      'stdout selecting default max_connections ... 100',
      'stdout selecting default shared_buffers ... 128MB',
      'stdout selecting default time zone ... Etc/UTC',
      'stdout creating configuration files ... ok',
      'stdout running bootstrap script ... ok',
      'stdout performing post-bootstrap initialization ... ok',
      'stderr initdb: warning: enabling "trust" authentication for local connections',
      'stderr initdb: hint: You can change this by editing pg_hba.conf or using the option -A, or --auth-local and --auth-host, the next time you run initdb.',
      'stdout syncing data to disk ... ok',
      'stdout ',
      'stdout ',
      'stdout Success. You can now start the database server using:',
      'stdout ',
      'stdout     pg_ctl -D /var/lib/postgresql/data -l logfile start',
      'stdout ',
      `stderr ${T} [47] LOG:  starting PostgreSQL 16.4 (Debian 16.4-1.pgdg120+1) on x86_64-pc-linux-gnu, compiled by gcc (Debian 12.2.0-14) 12.2.0, 64-bit`,
      `stderr ${T} [47] LOG:  listening on Unix socket "/var/run/postgresql/.s.PGSQL.5432"`,
      `stderr ${T} [50] LOG:  database system was shut down at 2024-08-13 09:00:05 UTC`,
      `stderr ${T} [47] LOG:  database system is ready to accept connections`,
      'stdout waiting for server to start.... done',
      'stdout server started',
      'stdout ',
      'stdout /usr/local/bin/docker-entrypoint.sh: ignoring /docker-entrypoint-initdb.d/*',
      'stdout ',
      `stderr ${T} [47] LOG:  received fast shutdown request`,
      `stderr ${T} [47] LOG:  aborting any active transactions`,
      `stderr ${T} [47] LOG:  background worker "logical replication launcher" (PID 53) exited with exit code 1`,
      `stderr ${T} [48] LOG:  shutting down`,
      `stderr ${T} [48] LOG:  checkpoint starting: shutdown immediate`,
      `stderr ${T} [48] LOG:  checkpoint complete: wrote 3 buffers (0.0%); 0 WAL file(s) added, 0 removed, 0 recycled; write=0.007 s, sync=0.006 s, total=0.033 s; sync files=2, longest=0.004 s, average=0.003 s; distance=0 kB, estimate=0 kB; lsn=0/14EA2C8, redo lsn=0/14EA2C8`,
      `stderr ${T} [47] LOG:  database system is shut down`,
      'stdout waiting for server to shut down.... done',
      'stdout server stopped',
      'stdout ',
      'stdout PostgreSQL init process complete; ready for start up.',
      'stdout ',
      `stderr ${T} [1] LOG:  starting PostgreSQL 16.4 (Debian 16.4-1.pgdg120+1) on x86_64-pc-linux-gnu, compiled by gcc (Debian 12.2.0-14) 12.2.0, 64-bit`,
      `stderr ${T} [1] LOG:  listening on IPv4 address "0.0.0.0", port 5432`,
      `stderr ${T} [1] LOG:  listening on IPv6 address "::", port 5432`,
      `stderr ${T} [1] LOG:  listening on Unix socket "/var/run/postgresql/.s.PGSQL.5432"`,
      `stderr ${T} [61] LOG:  database system was shut down at 2024-08-13 09:00:05 UTC`,
      `stderr ${T} [1] LOG:  database system is ready to accept connections`,
    ]);
  });

  it('creates POSTGRES_DB when it is not postgres, as psql says, and its checkpoint writes more', () => {
    const l = lines('postgres', [['POSTGRES_PASSWORD', 'example'], ['POSTGRES_DB', 'keycloak']]);
    const started = l.indexOf('stdout server started');
    expect(l.slice(started + 1, started + 5)).toEqual(['stdout CREATE DATABASE', 'stdout ', 'stdout ', 'stdout /usr/local/bin/docker-entrypoint.sh: ignoring /docker-entrypoint-initdb.d/*']);
    expect(l).toContain(`stderr ${T} [49] LOG:  checkpoint complete: wrote 922 buffers (5.6%); 0 WAL file(s) added, 0 removed, 0 recycled; write=0.039 s, sync=0.170 s, total=0.224 s; sync files=301, longest=0.017 s, average=0.001 s; distance=4255 kB, estimate=4255 kB; lsn=0/1912108, redo lsn=0/1912108`);
    expect(l).toContain(`stderr ${T} [64] LOG:  database system was shut down at 2024-08-13 09:00:05 UTC`);
  });

  it('initialises PGDATA where the pod puts it', () => {
    expect(lines('postgres:15', [['POSTGRES_PASSWORD', 'x'], ['PGDATA', '/var/lib/postgresql/data/pgdata']])).toContain('stdout fixing permissions on existing directory /var/lib/postgresql/data/pgdata ... ok');
  });

  it('prints the three-line trust warning and no checkpoint lines before 15', () => {
    const l = lines('postgres:14', [['POSTGRES_PASSWORD', 'example']]);
    const warning = l.indexOf('stderr initdb: warning: enabling "trust" authentication for local connections');
    expect(l.slice(warning + 1, warning + 3)).toEqual(['stderr You can change this by editing pg_hba.conf or using the option -A, or', 'stderr --auth-local and --auth-host, the next time you run initdb.']);
    expect(l.some((t) => t.includes('checkpoint'))).toBe(false);
    expect(l).toContain(`stderr ${T} [1] LOG:  starting PostgreSQL 14.13 (Debian 14.13-1.pgdg120+1) on x86_64-pc-linux-gnu, compiled by gcc (Debian 12.2.0-14) 12.2.0, 64-bit`);
  });

  it.each([['postgres', '16.4'], ['postgres:16.4', '16.4'], ['postgres:15-alpine', '15.8'], ['postgres:13', '13.16'], ['postgres:12', '12.20']])('%s runs %s', (image, release) => {
    expect(postgresRelease(image.split(':')[1] ?? 'latest')).toBe(release);
  });

  it('an alpine tag names musl and its compiler, picks UTC and finds no locales', () => {
    const l = lines('postgres:16-alpine', [['POSTGRES_PASSWORD', 'example']]);
    expect(l).toContain('stdout selecting default time zone ... UTC');
    expect(l).toContain('stderr sh: locale: not found');
    expect(l.at(-6)).toBe(`stderr ${T} [1] LOG:  starting PostgreSQL 16.4 on x86_64-pc-linux-musl, compiled by gcc (Alpine 13.2.1_git20240309) 13.2.1 20240309, 64-bit`);
  });
});

describe('postgres restarted on data it kept', () => {
  it('skips initialisation when PGDATA is on a volume the container finds again', () => {
    expect(lines('postgres:16', [['POSTGRES_PASSWORD', 'example']], ['/var/lib/postgresql/data']).slice(0, 4)).toEqual([
      'stdout ',
      'stdout PostgreSQL Database directory appears to contain a database; Skipping initialization',
      'stdout ',
      `stderr ${T} [1] LOG:  starting PostgreSQL 16.4 (Debian 16.4-1.pgdg120+1) on x86_64-pc-linux-gnu, compiled by gcc (Debian 12.2.0-14) 12.2.0, 64-bit`,
    ]);
  });

  it('checks no password then (docker_verify_minimum_env runs only on an empty directory)', () => {
    const steps = programFor('postgres', undefined, undefined, { env: [], files: {}, kept: ['/var/lib/postgresql'] }).steps;
    expect(steps.some((s) => s.op === 'exit')).toBe(false);
    expect(steps.some((s) => s.op === 'log' && s.text.includes('Skipping initialization'))).toBe(true);
  });

  it('initialises again when the kept volume is elsewhere (the container filesystem is new)', () => {
    expect(lines('postgres:16', [['POSTGRES_PASSWORD', 'example']], ['/backup'])[0]).toBe('stdout The files belonging to this database system will be owned by user "postgres".');
  });
});
