// What the mysql image prints after its entrypoint's first notes (database-entrypoints.ts), from
// docker-library/mysql's docker-entrypoint.sh _main: on an empty /var/lib/mysql it notes
// "Initializing database files" and runs `mysqld --initialize-insecure` (mysqld's own lines), starts
// a temporary server (`mysqld --daemonize --skip-networking`, which says where it logs and its pid),
// links the socket (`ln -sfv`), loads the time zones (mysql_tzinfo_to_sql warns about the six
// zoneinfo files that are not zones), sets the root password, stops the server and notes "MySQL init
// process done. Ready for start up." between blank lines; then it execs mysqld. With a database
// already there it only links the socket. The lines are `docker logs` of mysql:9.0.1's first start
// and of its restart on the same data (Sep 2024), mysqld's to stderr with their UTC microsecond
// timestamps and thread ids; the .err file is named after the container's hostname (the pod's name).
// Simplified: only 9.0.1 (`latest`, `9`, `9.0`) is modelled so; 8.4, 8.0, 5.7 and 5.6 still print
// only the entrypoint's notes and the server's ready line.

import type { Step } from './program';

const note = (text: string): Step => ({ op: 'log', stream: 'stdout', text: `{rfc3339Seconds} [Note] [Entrypoint]: ${text}` });
const out = (text: string): Step => ({ op: 'log', stream: 'stdout', text });
const err = (text: string): Step => ({ op: 'log', stream: 'stderr', text });
const mysqld = (thread: number, text: string): Step => err(`{mysqlTime} ${thread} ${text}`);
const sleep = (ms: number): Step => ({ op: 'sleep', ms });
const SOCKET_LINK = "'/var/lib/mysql/mysql.sock' -> '/var/run/mysqld/mysqld.sock'";

function initialise(release: string): Step[] {
  const notZones = ['iso3166.tab', 'leap-seconds.list', 'leapseconds', 'tzdata.zi', 'zone.tab', 'zone1970.tab'];
  return [
    note('Initializing database files'),
    mysqld(0, '[System] [MY-015017] [Server] MySQL Server Initialization - start.'),
    mysqld(0, `[System] [MY-013169] [Server] /usr/sbin/mysqld (mysqld ${release}) initializing of server in progress as process 80`),
    mysqld(1, '[System] [MY-013576] [InnoDB] InnoDB initialization has started.'),
    sleep(500),
    mysqld(1, '[System] [MY-013577] [InnoDB] InnoDB initialization has ended.'),
    sleep(2800),
    mysqld(6, '[Warning] [MY-010453] [Server] root@localhost is created with an empty password ! Please consider switching off the --initialize-insecure option.'),
    sleep(3100),
    mysqld(0, '[System] [MY-015018] [Server] MySQL Server Initialization - end.'),
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

function server(release: string): Step[] {
  return [
    mysqld(0, '[System] [MY-015015] [Server] MySQL Server - start.'),
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
 * the releases modelled; undefined for the others. `initialised`: /var/lib/mysql kept a database.
 */
export function mysqlStartSteps(release: string, initialised: boolean): Step[] | undefined {
  if (!release.startsWith('9.')) return undefined;
  return [...(initialised ? [out(SOCKET_LINK)] : initialise(release)), ...server(release)];
}
