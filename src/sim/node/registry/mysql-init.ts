// What the mysql image prints after its entrypoint's first notes (database-entrypoints.ts), from
// docker-library/mysql's docker-entrypoint.sh _main (8.0, 8.4 and innovation alike in Sep 2024): on
// an empty /var/lib/mysql it notes "Initializing database files" and runs `mysqld
// --initialize-insecure` (mysqld's own lines), starts a temporary server (`mysqld --daemonize
// --skip-networking`, which says where it logs and its pid; its own lines go to that file), links
// the socket (`ln -sfv`), loads the time zones (mysql_tzinfo_to_sql warns about the six zoneinfo
// files that are not zones), sets the root password, stops the server and notes "MySQL init process
// done. Ready for start up." between blank lines; then it execs mysqld. With a database already
// there it only links the socket. mysqld's lines go to stderr with UTC microsecond timestamps and
// thread ids; the .err file is named after the container's hostname (the pod's name).
// Sources, `docker logs` of: mysql:9.0.1's first start and its restart (Sep 2024); mysql:8.0.39's
// restart (Sep 2024: the image's my.cnf still has skip-host-cache, so 8.0 warns MY-011068 each time
// mysqld reads it, and has no MY-015015/015017/015018 "MySQL Server ... start/end" lines); an
// 8.0.31 first start of Dec 2022 with the --daemonize entrypoint for 8.0's init run; 8.3.0's first
// start (Apr 2024) for the 8.1-and-later form that 8.4 shares with 9.0.
// Simplified: the temporary server's pid is always 123; 5.7 and 5.6 still print only the
// entrypoint's notes and the server's ready lines.

import type { Step } from './program';

const note = (text: string): Step => ({ op: 'log', stream: 'stdout', text: `{rfc3339Seconds} [Note] [Entrypoint]: ${text}` });
const out = (text: string): Step => ({ op: 'log', stream: 'stdout', text });
const err = (text: string): Step => ({ op: 'log', stream: 'stderr', text });
const mysqld = (thread: number, text: string): Step => err(`{mysqlTime} ${thread} ${text}`);
const sleep = (ms: number): Step => ({ op: 'sleep', ms });
const SOCKET_LINK = "'/var/lib/mysql/mysql.sock' -> '/var/run/mysqld/mysqld.sock'";

/** 8.0's image config has skip-host-cache, which 8.0 warns about whenever mysqld reads it. */
const SKIP_HOST_CACHE = mysqld(0, "[Warning] [MY-011068] [Server] The syntax '--skip-host-cache' is deprecated and will be removed in a future release. Please use SET GLOBAL host_cache_size=0 instead.");

function initialise(release: string, v80: boolean): Step[] {
  const notZones = ['iso3166.tab', 'leap-seconds.list', 'leapseconds', 'tzdata.zi', 'zone.tab', 'zone1970.tab'];
  return [
    note('Initializing database files'),
    v80 ? SKIP_HOST_CACHE : mysqld(0, '[System] [MY-015017] [Server] MySQL Server Initialization - start.'),
    mysqld(0, `[System] [MY-013169] [Server] /usr/sbin/mysqld (mysqld ${release}) initializing of server in progress as process 80`),
    mysqld(1, '[System] [MY-013576] [InnoDB] InnoDB initialization has started.'),
    sleep(500),
    mysqld(1, '[System] [MY-013577] [InnoDB] InnoDB initialization has ended.'),
    sleep(2800),
    mysqld(6, '[Warning] [MY-010453] [Server] root@localhost is created with an empty password ! Please consider switching off the --initialize-insecure option.'),
    sleep(3100),
    ...(v80 ? [] : [mysqld(0, '[System] [MY-015018] [Server] MySQL Server Initialization - end.')]),
    note('Database files initialized'),
    note('Starting temporary server'),
    out('mysqld will log errors to /var/lib/mysql/{hostname}.err'),
    out('mysqld is running as pid 123'),
    sleep(1600),
    note('Temporary server started.'),
    out(SOCKET_LINK),
    ...notZones.map((f) => err(`Warning: Unable to load '/usr/share/zoneinfo/${f}' as time zone. Skipping it.`)),
    sleep(3000),
    out(''),
    note('Stopping temporary server'),
    sleep(1000),
    note('Temporary server stopped'),
    out(''),
    note('MySQL init process done. Ready for start up.'),
    out(''),
  ];
}

function server(release: string, v80: boolean): Step[] {
  return [
    v80 ? SKIP_HOST_CACHE : mysqld(0, '[System] [MY-015015] [Server] MySQL Server - start.'),
    sleep(300),
    mysqld(0, `[System] [MY-010116] [Server] /usr/sbin/mysqld (mysqld ${release}) starting as process 1`),
    mysqld(1, '[System] [MY-013576] [InnoDB] InnoDB initialization has started.'),
    sleep(400),
    mysqld(1, '[System] [MY-013577] [InnoDB] InnoDB initialization has ended.'),
    sleep(400),
    mysqld(0, '[Warning] [MY-010068] [Server] CA certificate ca.pem is self signed.'),
    mysqld(0, '[System] [MY-013602] [Server] Channel mysql_main configured to support TLS. Encrypted connections are now supported for this channel.'),
    mysqld(0, "[Warning] [MY-011810] [Server] Insecure configuration for --pid-file: Location '/var/run/mysqld' in the path is accessible to all OS users. Consider choosing a different directory."),
    mysqld(0, "[System] [MY-011323] [Server] X Plugin ready for connections. Bind-address: '::' port: 33060, socket: /var/run/mysqld/mysqlx.sock"),
  ];
}

/**
 * The lines after the entrypoint's first notes and before mysqld's ready line (`serverLines`), for
 * 8.0 and later; undefined for 5.7 and 5.6. `initialised`: /var/lib/mysql kept a database.
 */
export function mysqlStartSteps(release: string, initialised: boolean): Step[] | undefined {
  if (release.startsWith('5.')) return undefined;
  const v80 = release.startsWith('8.0.');
  return [...(initialised ? [out(SOCKET_LINK)] : initialise(release, v80)), ...server(release, v80)];
}
