// The mariadb image's docker-entrypoint.sh (MariaDB/mariadb-docker 11.5/docker-entrypoint.sh) up to
// its password check: _main notes "Entrypoint script for MariaDB Server ${MARIADB_VERSION} started.",
// docker_create_db_directories (as root) warns that the cgroup's memory.pressure is not writable
// (`/sys/fs/cgroup/${cgroup:3}/memory.pressure` with /proc/self/cgroup `0::/`, read-only in a pod),
// it switches to the mysql user and notes its start again; on an empty /var/lib/mysql
// docker_verify_minimum_env's mysql_error writes the error with a tab-indented second line to stderr
// and exits 1 unless MARIADB_ROOT_PASSWORD, MARIADB_ROOT_PASSWORD_HASH,
// MARIADB_ALLOW_EMPTY_ROOT_PASSWORD or MARIADB_RANDOM_ROOT_PASSWORD (or their MYSQL_ names, or a
// _FILE variant) is set. As `kubectl logs` of `kubectl run mydb --image=mariadb` shows it in Sep 2024
// (MARIADB_VERSION 1:11.5.2+maria~ubu2404).
// Simplified: only 11.5.2 (`latest`, `11`) is modelled; after the check the init run and the
// server's lines are left out.

type Line = ['stdout' | 'stderr', string];
type Env = ReadonlyMap<string, string>;

const PACKAGE: Record<string, string> = { '11.5.2': '1:11.5.2+maria~ubu2404' };

const set = (env: Env, name: string): boolean => !!env.get(name) || !!env.get(`${name}_FILE`);

/** The entrypoint's lines for `release`, and exit 1 when it refuses to initialise; undefined for releases not modelled. */
export function mariadbEntrypoint(env: Env, release: string, initialised: boolean): { lines: Line[]; exit?: number } | undefined {
  const pkg = PACKAGE[release];
  if (!pkg) return undefined;
  const started: Line = ['stdout', `{rfc3339Seconds} [Note] [Entrypoint]: Entrypoint script for MariaDB Server ${pkg} started.`];
  const lines: Line[] = [
    started,
    ['stderr', '{rfc3339Seconds} [Warn] [Entrypoint]: /sys/fs/cgroup///memory.pressure not writable, functionality unavailable to MariaDB'],
    ['stdout', "{rfc3339Seconds} [Note] [Entrypoint]: Switching to dedicated user 'mysql'"],
    started,
  ];
  const password = ['MARIADB_ROOT_PASSWORD', 'MYSQL_ROOT_PASSWORD', 'MARIADB_ROOT_PASSWORD_HASH', 'MARIADB_ALLOW_EMPTY_ROOT_PASSWORD', 'MYSQL_ALLOW_EMPTY_PASSWORD', 'MARIADB_RANDOM_ROOT_PASSWORD', 'MYSQL_RANDOM_ROOT_PASSWORD'].some((n) => set(env, n));
  if (initialised || password) return { lines };
  lines.push(
    ['stderr', '{rfc3339Seconds} [ERROR] [Entrypoint]: Database is uninitialized and password option is not specified'],
    ['stderr', '\tYou need to specify one of MARIADB_ROOT_PASSWORD, MARIADB_ROOT_PASSWORD_HASH, MARIADB_ALLOW_EMPTY_ROOT_PASSWORD and MARIADB_RANDOM_ROOT_PASSWORD'],
  );
  return { lines, exit: 1 };
}
