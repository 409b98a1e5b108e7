// What the postgres image prints after its password check (database-entrypoints.ts), from the
// entrypoint's _main (docker-library/postgres 15/bookworm/docker-entrypoint.sh, the same script for
// 12 to 16): on an empty data directory it runs initdb, starts a socket-only server with `pg_ctl -w
// start`, asks it whether POSTGRES_DB exists (psql prints `CREATE DATABASE` when it had to create
// it), lists /docker-entrypoint-initdb.d (`ignoring /docker-entrypoint-initdb.d/*` when it is
// empty, the glob left unexpanded), stops it with `pg_ctl -m fast -w stop`, says "PostgreSQL init
// process complete; ready for start up." and execs the server. With PG_VERSION already in the data
// directory it prints only "PostgreSQL Database directory appears to contain a database; Skipping
// initialization" (and checks no password) before the server.
// The lines are those of `docker logs` of postgres:16.4 on two first starts (Sep 2024: `starting
// PostgreSQL 16.4 (Debian 16.4-1.pgdg120+1) on x86_64-pc-linux-gnu, compiled by gcc (Debian
// 12.2.0-14) 12.2.0, 64-bit`, the temporary server's pids and shutdown checkpoint below), and of
// 14.1 and 12.5 for the older lines' differences: before 15, initdb's trust warning
// has its hint as two plain lines (15 added `initdb: hint:`), and log_checkpoints is off (its
// default became on in 15), so the temporary server's stop has no checkpoint lines.
// How the lines interleave is the CRI log's: containerd reads each stream a line at a time, so
// stdout's "syncing data to disk ... " and pg_ctl's dots wait for their newline while stderr's
// lines (initdb's warning, the temporary server's log) come out first.
// Simplified: the pids and checkpoint figures are those of one 16.4 run whatever the version; the
// alpine tags differ from the Debian ones only in the banner, the time zone initdb picks (`UTC`)
// and musl's missing `locale`; `database system was shut down at` names the current second.

import type { Step } from './program';

/** The release a tag of the catalogue runs (the images of Sep 2024), by the tag's number. */
const RELEASES: Record<string, string> = { '16': '16.4', '16.4': '16.4', '15': '15.8', '14': '14.13', '13': '13.16', '12': '12.20' };

/** The postgres release a catalogue tag runs (`latest` and `alpine` are 16.4). */
export function postgresRelease(tag: string): string {
  return RELEASES[tag.split('-')[0]!] ?? '16.4';
}

const PGDATA = '/var/lib/postgresql/data';
const SOCKET = '/var/run/postgresql/.s.PGSQL.5432';

const out = (text: string): Step => ({ op: 'log', stream: 'stdout', text });
const err = (text: string): Step => ({ op: 'log', stream: 'stderr', text });
const log = (pid: number, text: string): Step => err(`{pgTime} [${pid}] LOG:  ${text}`);

function banner(release: string, alpine: boolean): string {
  return alpine
    ? `starting PostgreSQL ${release} on x86_64-pc-linux-musl, compiled by gcc (Alpine 13.2.1_git20240309) 13.2.1 20240309, 64-bit`
    : `starting PostgreSQL ${release} (Debian ${release}-1.pgdg120+1) on x86_64-pc-linux-gnu, compiled by gcc (Debian 12.2.0-14) 12.2.0, 64-bit`;
}

/** initdb's output (src/bin/initdb/initdb.c), as the entrypoint runs it with --pwfile. */
function initdb(major: number, alpine: boolean, pgdata: string): Step[] {
  const trust = major >= 15
    ? [err('initdb: warning: enabling "trust" authentication for local connections'), err('initdb: hint: You can change this by editing pg_hba.conf or using the option -A, or --auth-local and --auth-host, the next time you run initdb.')]
    : [err('initdb: warning: enabling "trust" authentication for local connections'), err('You can change this by editing pg_hba.conf or using the option -A, or'), err('--auth-local and --auth-host, the next time you run initdb.')];
  return [
    out('The files belonging to this database system will be owned by user "postgres".'),
    out('This user must also own the server process.'),
    out(''),
    out('The database cluster will be initialized with locale "en_US.utf8".'),
    out('The default database encoding has accordingly been set to "UTF8".'),
    out('The default text search configuration will be set to "english".'),
    out(''),
    out('Data page checksums are disabled.'),
    out(''),
    out(`fixing permissions on existing directory ${pgdata} ... ok`),
    out('creating subdirectories ... ok'),
    out('selecting dynamic shared memory implementation ... posix'),
    out('selecting default max_connections ... 100'),
    out('selecting default shared_buffers ... 128MB'),
    out(`selecting default time zone ... ${alpine ? 'UTC' : 'Etc/UTC'}`),
    out('creating configuration files ... ok'),
    { op: 'sleep', ms: 600 },
    out('running bootstrap script ... ok'),
    ...(alpine ? [err('sh: locale: not found'), err('{pgTime} [41] WARNING:  no usable system locales were found')] : []),
    { op: 'sleep', ms: 900 },
    out('performing post-bootstrap initialization ... ok'),
    ...trust,
    { op: 'sleep', ms: 500 },
    out('syncing data to disk ... ok'),
    out(''),
    out(''),
    out('Success. You can now start the database server using:'),
    out(''),
    out(`    pg_ctl -D ${pgdata} -l logfile start`),
    out(''),
  ];
}

// The two 16.4 runs' pids and shutdown checkpoints: without POSTGRES_DB (the database `postgres`
// initdb made) and with one the entrypoint had to create (which writes 922 buffers more).
const POSTGRES_DB = { pm: 47, startup: 50, checkpointer: 48, launcher: 53, server: 61, wrote: 'wrote 3 buffers (0.0%); 0 WAL file(s) added, 0 removed, 0 recycled; write=0.007 s, sync=0.006 s, total=0.033 s; sync files=2, longest=0.004 s, average=0.003 s; distance=0 kB, estimate=0 kB; lsn=0/14EA2C8, redo lsn=0/14EA2C8' };
const CREATED_DB = { pm: 48, startup: 51, checkpointer: 49, launcher: 54, server: 64, wrote: 'wrote 922 buffers (5.6%); 0 WAL file(s) added, 0 removed, 0 recycled; write=0.039 s, sync=0.170 s, total=0.224 s; sync files=301, longest=0.017 s, average=0.001 s; distance=4255 kB, estimate=4255 kB; lsn=0/1912108, redo lsn=0/1912108' };

/** The socket-only server the entrypoint starts and stops around its setup (pg_ctl's own lines on stdout). */
function temporaryServer(release: string, major: number, alpine: boolean, database: string | undefined): Step[] {
  const { pm, startup, checkpointer, launcher, wrote } = database ? CREATED_DB : POSTGRES_DB;
  const checkpoint = major >= 15 ? [log(checkpointer, 'checkpoint starting: shutdown immediate'), log(checkpointer, `checkpoint complete: ${wrote}`)] : [];
  return [
    log(pm, banner(release, alpine)),
    log(pm, `listening on Unix socket "${SOCKET}"`),
    log(startup, 'database system was shut down at {pgSeconds}'),
    log(pm, 'database system is ready to accept connections'),
    out('waiting for server to start.... done'),
    out('server started'),
    // docker_setup_db: psql's command tag, then a newline, only when POSTGRES_DB had to be created.
    ...(database ? [out('CREATE DATABASE'), out('')] : []),
    out(''),
    out('/usr/local/bin/docker-entrypoint.sh: ignoring /docker-entrypoint-initdb.d/*'),
    out(''),
    { op: 'sleep', ms: 300 },
    log(pm, 'received fast shutdown request'),
    log(pm, 'aborting any active transactions'),
    log(pm, `background worker "logical replication launcher" (PID ${launcher}) exited with exit code 1`),
    log(checkpointer, 'shutting down'),
    ...checkpoint,
    log(pm, 'database system is shut down'),
    out('waiting for server to shut down.... done'),
    out('server stopped'),
    out(''),
    out('PostgreSQL init process complete; ready for start up.'),
    out(''),
  ];
}

/** The server the entrypoint execs as PID 1, listening on every address (the image's listen_addresses='*'). */
function server(release: string, alpine: boolean, startup: number): Step[] {
  return [
    log(1, banner(release, alpine)),
    log(1, 'listening on IPv4 address "0.0.0.0", port 5432'),
    log(1, 'listening on IPv6 address "::", port 5432'),
    log(1, `listening on Unix socket "${SOCKET}"`),
    log(startup, 'database system was shut down at {pgSeconds}'),
    log(1, 'database system is ready to accept connections'),
  ];
}

/**
 * The postgres image's lines after its password check: the first start's initialisation, or (data
 * kept from an earlier run) the skip notice; then the server's own. `tag` is the image tag,
 * `env` the container's environment, `initialised` whether PGDATA already holds a database.
 */
export function postgresStartSteps(tag: string, env: ReadonlyMap<string, string>, initialised: boolean): Step[] {
  const release = postgresRelease(tag);
  const major = Number(release.split('.')[0]);
  const alpine = tag.includes('alpine');
  if (initialised) return [out(''), out('PostgreSQL Database directory appears to contain a database; Skipping initialization'), out(''), ...server(release, alpine, POSTGRES_DB.server)];
  // file_env: POSTGRES_DB defaults to POSTGRES_USER, which defaults to postgres, a database initdb made.
  const user = env.get('POSTGRES_USER') || 'postgres';
  const db = env.get('POSTGRES_DB') || user;
  const created = db === 'postgres' ? undefined : db;
  return [...initdb(major, alpine, postgresDataDirectory(env)), ...temporaryServer(release, major, alpine, created), ...server(release, alpine, (created ? CREATED_DB : POSTGRES_DB).server)];
}

/** The data directory the entrypoint initialises: PGDATA, as the pod's env may set it. */
export function postgresDataDirectory(env: ReadonlyMap<string, string>): string {
  return env.get('PGDATA') || PGDATA;
}
