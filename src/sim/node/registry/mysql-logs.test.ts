import { describe, expect, it } from 'vitest';
import { programFor } from './behaviour';
import { fillPlaceholders } from '../runtime/process';
import { simEpochMs } from '../../api/time';

// mysqld's "ready for connections" line per release line. 8.0 and later: ER_SERVER_STARTUP_MSG
// through the error-log component (mysql-server sql/mysqld.cc), e.g. `docker logs` of mysql:9.0.1:
// `2024-07-24T10:29:26.977863Z 0 [System] [MY-010931] [Server] /usr/sbin/mysqld: ready for connections.
// Version: '9.0.1'  socket: '/var/run/mysqld/mysqld.sock'  port: 3306  MySQL Community Server - GPL.`
// 5.7 and 5.6: ER_READY, "%s: ready for connections.\nVersion: '%s'  socket: '%s'  port: %d", e.g.
// mysql:5.7.32 `2021-01-03T23:04:42.802558Z 0 [Note] mysqld: ready for connections.` and mysql:5.6.51
// `2021-07-08 10:51:50 1 [Note] mysqld: ready for connections.`, each followed by the Version line.
// The releases are those the tags named in Sep 2024 (docker-library/repo-info's mysql tag list).
const AT = Date.UTC(2024, 8, 19, 12, 37, 32, 953) - simEpochMs();
// With MYSQL_ROOT_PASSWORD, as the docs' manifests set it; the entrypoint's three notes come first
// (database-entrypoints.test.ts), so the server's lines are those after them.
const logs = (image: string): string[] =>
  programFor(image, undefined, undefined, { env: [['MYSQL_ROOT_PASSWORD', 'password']], files: {} })
    .steps.flatMap((s) => (s.op === 'log' ? [fillPlaceholders(s.text, AT, '10.244.1.5')] : []))
    .slice(3);

describe("mysqld's ready line", () => {
  it.each([
    ['mysql', '9.0.1'],
    ['mysql:9', '9.0.1'],
    ['mysql:9.0', '9.0.1'],
    ['mysql:8', '8.4.2'],
    ['mysql:8.4', '8.4.2'],
    ['mysql:8.0', '8.0.39'],
  ])('%s logs %s through the error-log component', (image, release) => {
    // 9.x prints its init run and start lines before it (mysql-init.test.ts).
    expect(logs(image).at(-1)).toBe(
      `2024-09-19T12:37:32.953000Z 0 [System] [MY-010931] [Server] /usr/sbin/mysqld: ready for connections. Version: '${release}'  socket: '/var/run/mysqld/mysqld.sock'  port: 3306  MySQL Community Server - GPL.`,
    );
  });

  it('mysql:5.7 prints the 5.7.44 ER_READY lines with a UTC timestamp and thread 0', () => {
    expect(logs('mysql:5.7')).toEqual([
      '2024-09-19T12:37:32.953000Z 0 [Note] mysqld: ready for connections.',
      "Version: '5.7.44'  socket: '/var/run/mysqld/mysqld.sock'  port: 3306  MySQL Community Server (GPL)",
    ]);
  });

  it("mysql:5.6 (the docs' stateful-application tutorial) prints 5.6.51's lines with 5.6's timestamp and thread 1", () => {
    expect(logs('mysql:5.6')).toEqual([
      '2024-09-19 12:37:32 1 [Note] mysqld: ready for connections.',
      "Version: '5.6.51'  socket: '/var/run/mysqld/mysqld.sock'  port: 3306  MySQL Community Server (GPL)",
    ]);
  });
});
