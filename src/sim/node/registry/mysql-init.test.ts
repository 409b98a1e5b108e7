// mysql:9.0.1's first start and its restart on kept data, as docker-library/mysql's
// docker-entrypoint.sh (_main, docker_init_database_dir, docker_temp_server_start/stop,
// docker_setup_db's mysql_tzinfo_to_sql) runs mysqld, compared with `docker logs` of mysql:9.0.1
// (Sep 2024) on both.
import { describe, expect, it } from 'vitest';
import { programFor } from './behaviour';
import { fillPlaceholders } from '../runtime/process';

const lines = (image: string, env: [string, string][], kept: string[] = []): string[] =>
  programFor(image, undefined, undefined, { env, files: {}, kept }).steps.flatMap((s) => (s.op === 'log' ? [fillPlaceholders(s.text, 5_123, '10.244.1.5')] : []));
const N = '2024-08-13 09:00:05+00:00 [Note] [Entrypoint]:';
const T = '2024-08-13T09:00:05.123000Z';
const START = [`${N} Entrypoint script for MySQL Server 9.0.1-1.el9 started.`, `${N} Switching to dedicated user 'mysql'`, `${N} Entrypoint script for MySQL Server 9.0.1-1.el9 started.`];
const SERVER = [
  `${T} 0 [System] [MY-015015] [Server] MySQL Server - start.`,
  `${T} 0 [System] [MY-010116] [Server] /usr/sbin/mysqld (mysqld 9.0.1) starting as process 1`,
  `${T} 1 [System] [MY-013576] [InnoDB] InnoDB initialization has started.`,
  `${T} 1 [System] [MY-013577] [InnoDB] InnoDB initialization has ended.`,
  `${T} 0 [Warning] [MY-010068] [Server] CA certificate ca.pem is self signed.`,
  `${T} 0 [System] [MY-013602] [Server] Channel mysql_main configured to support TLS. Encrypted connections are now supported for this channel.`,
  `${T} 0 [Warning] [MY-011810] [Server] Insecure configuration for --pid-file: Location '/var/run/mysqld' in the path is accessible to all OS users. Consider choosing a different directory.`,
  `${T} 0 [System] [MY-011323] [Server] X Plugin ready for connections. Bind-address: '::' port: 33060, socket: /var/run/mysqld/mysqlx.sock`,
  `${T} 0 [System] [MY-010931] [Server] /usr/sbin/mysqld: ready for connections. Version: '9.0.1'  socket: '/var/run/mysqld/mysqld.sock'  port: 3306  MySQL Community Server - GPL.`,
];

describe('mysql:9.0.1', () => {
  it('initialises the data directory with a temporary server, then starts', () => {
    expect(lines('mysql:9', [['MYSQL_ROOT_PASSWORD', 'password']])).toEqual([
      ...START,
      `${N} Initializing database files`,
      `${T} 0 [System] [MY-015017] [Server] MySQL Server Initialization - start.`,
      `${T} 0 [System] [MY-013169] [Server] /usr/sbin/mysqld (mysqld 9.0.1) initializing of server in progress as process 80`,
      `${T} 1 [System] [MY-013576] [InnoDB] InnoDB initialization has started.`,
      `${T} 1 [System] [MY-013577] [InnoDB] InnoDB initialization has ended.`,
      `${T} 6 [Warning] [MY-010453] [Server] root@localhost is created with an empty password ! Please consider switching off the --initialize-insecure option.`,
      `${T} 0 [System] [MY-015018] [Server] MySQL Server Initialization - end.`,
      `${N} Database files initialized`,
      `${N} Starting temporary server`,
      'mysqld will log errors to /var/lib/mysql/{hostname}.err',
      'mysqld is running as pid 123',
      `${N} Temporary server started.`,
      "'/var/lib/mysql/mysql.sock' -> '/var/run/mysqld/mysqld.sock'",
      "Warning: Unable to load '/usr/share/zoneinfo/iso3166.tab' as time zone. Skipping it.",
      "Warning: Unable to load '/usr/share/zoneinfo/leap-seconds.list' as time zone. Skipping it.",
      "Warning: Unable to load '/usr/share/zoneinfo/leapseconds' as time zone. Skipping it.",
      "Warning: Unable to load '/usr/share/zoneinfo/tzdata.zi' as time zone. Skipping it.",
      "Warning: Unable to load '/usr/share/zoneinfo/zone.tab' as time zone. Skipping it.",
      "Warning: Unable to load '/usr/share/zoneinfo/zone1970.tab' as time zone. Skipping it.",
      '',
      `${N} Stopping temporary server`,
      `${N} Temporary server stopped`,
      '',
      `${N} MySQL init process done. Ready for start up.`,
      '',
      ...SERVER,
    ]);
  });

  it('on /var/lib/mysql kept from an earlier run only links the socket, and checks no password', () => {
    expect(lines('mysql', [], ['/var/lib/mysql'])).toEqual([...START, "'/var/lib/mysql/mysql.sock' -> '/var/run/mysqld/mysqld.sock'", ...SERVER]);
  });
});

describe('mysql:8.0.39 and 8.4.2', () => {
  it("8.0 warns about the image's skip-host-cache where 8.1 and later log MySQL Server start/end", () => {
    const l = lines('mysql:8.0', [['MYSQL_ROOT_PASSWORD', 'password']]);
    const skip = `${T} 0 [Warning] [MY-011068] [Server] The syntax '--skip-host-cache' is deprecated and will be removed in a future release. Please use SET GLOBAL host_cache_size=0 instead.`;
    expect(l.slice(3, 10)).toEqual([
      `${N} Initializing database files`,
      skip,
      `${T} 0 [System] [MY-013169] [Server] /usr/sbin/mysqld (mysqld 8.0.39) initializing of server in progress as process 80`,
      `${T} 1 [System] [MY-013576] [InnoDB] InnoDB initialization has started.`,
      `${T} 1 [System] [MY-013577] [InnoDB] InnoDB initialization has ended.`,
      `${T} 6 [Warning] [MY-010453] [Server] root@localhost is created with an empty password ! Please consider switching off the --initialize-insecure option.`,
      `${N} Database files initialized`,
    ]);
    expect(l.slice(-9, -6)).toEqual([skip, `${T} 0 [System] [MY-010116] [Server] /usr/sbin/mysqld (mysqld 8.0.39) starting as process 1`, `${T} 1 [System] [MY-013576] [InnoDB] InnoDB initialization has started.`]);
    expect(l.some((t) => t.includes('MY-015015') || t.includes('MY-015018'))).toBe(false);
  });

  it('8.4 has the 8.1-and-later form', () => {
    const l = lines('mysql:8.4', [['MYSQL_ROOT_PASSWORD', 'password']]);
    expect(l[4]).toBe(`${T} 0 [System] [MY-015017] [Server] MySQL Server Initialization - start.`);
    expect(l.some((t) => t.includes('skip-host-cache'))).toBe(false);
  });

  it('5.7 and 5.6 are left as before', () => {
    expect(lines('mysql:5.7', [['MYSQL_ROOT_PASSWORD', 'password']])).toHaveLength(5);
  });
});
