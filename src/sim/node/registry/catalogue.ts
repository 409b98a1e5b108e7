// The images a learner meets in the Kubernetes docs and in kubernetes/examples, with their tags and
// approximate compressed sizes for linux/amd64 (as Docker Hub and the registries list them in 2024).
// Sizes drive pull time (size / bandwidth) and the `Image size: N bytes.` of the kubelet's event.

import { DOCS_CATALOGUE } from './catalogue-docs';
import { GB_FRONTEND_BUILDS, HPA_EXAMPLE_BUILD, phpApacheLogs, phpApacheShutdownLogs } from './php-apache';
import { WORDPRESS_ALIASES, WORDPRESS_LOGS, WORDPRESS_LOGS_BY_LINE, WORDPRESS_RELEASE } from './wordpress-logs';

export type ImageBehaviour =
  /** A long-running server: startup log lines, then it listens on its ports until signalled. */
  | {
      kind: 'server'; ports: number[]; http?: { okPaths: string[]; app?: 'guestbook' | 'guestbook-examples' }; logs: [('stdout' | 'stderr'), string][];
      /** The release `latest` runs; other tags run their own (tag-version.ts). */
      version?: string;
      /** Tags that name a release line (nginx's `stable` is `1.26`) or, where no full tag of it is listed, a release (wordpress's `4.8` is `4.8.3`). */
      aliases?: Record<string, string>;
      /** Startup lines of an older release line (the release's first two numbers, else its first), where they differ. */
      logsByMajor?: Record<string, [('stdout' | 'stderr'), string][]>;
      /** Startup lines of a release line's alpine variant (a tag naming `alpine`), where they differ. */
      alpineLogsByMajor?: Record<string, [('stdout' | 'stderr'), string][]>;
      /** A redis replica's master (gb-redis-follower's run.sh: `redis-server --replicaof redis-leader 6379`; gb-redisslave's `--slaveof redis-master 6379`). */
      replicaof?: { host: string; port: number };
      /** A startup script of its own instead of `logs` (bitnami-redis.ts: bitnami/redis's entrypoint, which reads the environment), or before them (database-entrypoints.ts). */
      startup?: 'bitnami-redis' | 'postgres' | 'mysql' | 'mariadb';
      /** The server's program, which a pod's `command` may name to run it directly (`redis-server`). */
      binary?: string;
      /** What it writes when SIGTERM stops it. */
      shutdownLogs?: [('stdout' | 'stderr'), string][];
      /** What an older release line writes instead (keys as logsByMajor's). */
      shutdownLogsByMajor?: Record<string, [('stdout' | 'stderr'), string][]>;
      /** The image's STOPSIGNAL other than SIGTERM, from the release `since` on (older builds: SIGTERM). */
      stopSignal?: { name: 'SIGQUIT' | 'SIGWINCH'; since?: string };
    }
  /** A base image whose default command is a shell: no command means it exits 0 at once. */
  | { kind: 'shell' }
  /** Prints its lines and exits with a code after a while (hello-world, a crashing app). */
  | { kind: 'exit'; code: number; afterMs: number; logs: string[] }
  /** registry.k8s.io/pause: sleeps until killed. */
  | { kind: 'pause' }
  /** registry.k8s.io/e2e-test-images/agnhost: the subcommand in args decides. */
  | { kind: 'agnhost' }
  /** An image whose entrypoint is a CLI (curl): with no args it prints usage and exits 2. */
  | { kind: 'cli'; usage: string; code: number }
  /** polinux/stress: the entrypoint is `stress`; `--vm 1 --vm-bytes 250M` touches that much memory. */
  | { kind: 'stress' }
  /** kubeplay/policy-webhook: an admission webhook whose policy its arguments set (policy-webhook.ts). */
  | { kind: 'policy-webhook' }
  /** metrics-server: scrapes the kubelets and serves the Metrics API (node/metrics-server/). */
  | { kind: 'metrics-server' };

export interface RepositoryEntry {
  /** tag -> compressed size in bytes */
  tags: Record<string, number>;
  behaviour: ImageBehaviour;
}

const MB = 1_000_000;
const sizes = (entries: [string, number][]): Record<string, number> => Object.fromEntries(entries);
const same = (tags: string[], size: number): [string, number][] => tags.map((t) => [t, size]);

// nginx's real startup output (docker-entrypoint.sh to stdout, nginx's notices to stderr), by the
// image build a tag runs (nginx/docker-nginx):
// - docker-entrypoint.sh and its 10-, 20- scripts came with 1.19.0 (e36b4f5, 2020-05-26),
//   30-tune-worker-processes.sh in Nov 2020, 15-local-resolvers.envsh in May 2023 (2b0c285): the
//   1.23.4 build (0f26b68) has no 15-, the last 1.24.0 build (cd3d076) has it.
// - the notices are there because the package's nginx.conf logs at `notice` since the 1.20.0
//   packages (nginx/pkg-oss ea2a245, "Bumped default error log level to notice"); before, `warn`,
//   so 1.7.9, 1.14.2 and 1.16.1 (no entrypoint either: `CMD ["nginx", "-g", "daemon off;"]`) print
//   nothing when they start, nor when they stop.
// - the gcc line is the base image's compiler: bookworm's 12.2.0-14 (1.25 and later), bullseye's
//   10.2.1-6 (1.23.4 and 1.24.0, PKG_RELEASE 1~bullseye); the alpine tags' alpine-slim is FROM
//   alpine:3.19 for 1.25.5 (9abe4ae) and alpine:3.20 for 1.26.2 and 1.27.1 (d8e9176), whose gcc
//   says `13.2.1 20231014 (Alpine 13.2.1_git20231014)` and `13.2.1 20240309 (Alpine
//   13.2.1_git20240309)` (as in docker logs of nginx 1.27.1-alpine of Sep 2024).
type LogLines = [('stdout' | 'stderr'), string][];
function nginxLogs(o: { resolvers: boolean; gcc: string }): LogLines {
  return [
    ['stdout', '/docker-entrypoint.sh: /docker-entrypoint.d/ is not empty, will attempt to perform configuration'],
    ['stdout', '/docker-entrypoint.sh: Looking for shell scripts in /docker-entrypoint.d/'],
    ['stdout', '/docker-entrypoint.sh: Launching /docker-entrypoint.d/10-listen-on-ipv6-by-default.sh'],
    ['stdout', '10-listen-on-ipv6-by-default.sh: info: Getting the checksum of /etc/nginx/conf.d/default.conf'],
    ['stdout', '10-listen-on-ipv6-by-default.sh: info: Enabled listen on IPv6 in /etc/nginx/conf.d/default.conf'],
    ...(o.resolvers ? [['stdout', '/docker-entrypoint.sh: Sourcing /docker-entrypoint.d/15-local-resolvers.envsh'] as LogLines[number]] : []),
    ['stdout', '/docker-entrypoint.sh: Launching /docker-entrypoint.d/20-envsubst-on-templates.sh'],
    ['stdout', '/docker-entrypoint.sh: Launching /docker-entrypoint.d/30-tune-worker-processes.sh'],
    ['stdout', '/docker-entrypoint.sh: Configuration complete; ready for start up'],
    ['stderr', '{nginxTime} [notice] 1#1: using the "epoll" event method'],
    ['stderr', '{nginxTime} [notice] 1#1: nginx/{version}'],
    ['stderr', `{nginxTime} [notice] 1#1: built by gcc ${o.gcc} `],
    ['stderr', '{nginxTime} [notice] 1#1: OS: Linux 5.15.0-117-generic'],
    ['stderr', '{nginxTime} [notice] 1#1: getrlimit(RLIMIT_NOFILE): 1048576:1048576'],
    ['stderr', '{nginxTime} [notice] 1#1: start worker processes'],
    ['stderr', '{nginxTime} [notice] 1#1: start worker process {workerPid}'],
  ];
}
const BOOKWORM_GCC = '12.2.0 (Debian 12.2.0-14)';
const BULLSEYE_GCC = '10.2.1 20210110 (Debian 10.2.1-6)';
const NGINX_LOGS: LogLines = nginxLogs({ resolvers: true, gcc: BOOKWORM_GCC });
const NGINX_ALPINE_LOGS_BY_LINE: Record<string, LogLines> = {
  '1.27': nginxLogs({ resolvers: true, gcc: '13.2.1 20240309 (Alpine 13.2.1_git20240309)' }),
  '1.26': nginxLogs({ resolvers: true, gcc: '13.2.1 20240309 (Alpine 13.2.1_git20240309)' }),
  '1.25': nginxLogs({ resolvers: true, gcc: '13.2.1 20231014 (Alpine 13.2.1_git20231014)' }),
};
const NGINX_LOGS_BY_LINE: Record<string, LogLines> = {
  '1.24': nginxLogs({ resolvers: true, gcc: BULLSEYE_GCC }),
  '1.23': nginxLogs({ resolvers: false, gcc: BULLSEYE_GCC }),
  '1.16': [],
  '1.14': [],
  '1.7': [],
};

// nginx on SIGTERM (a fast shutdown): the master tells its workers, reaps them and exits 0, each
// step a notice on stderr (nginx src/os/unix/ngx_process.c, ngx_process_cycle.c). `{workerPid}`
// lines are written once per worker, one per CPU (process.ts perWorker). Simplified: the workers'
// lines come in pid order, one SIGCHLD each, where a real run interleaves them and may coalesce the
// signals. The sender is outside the container's PID namespace, so no `from <pid>` on the first line.
const NGINX_SIGTERM_LOGS: [('stdout' | 'stderr'), string][] = [
  ['stderr', '{nginxTime} [notice] 1#1: signal 15 (SIGTERM) received, exiting'],
  ['stderr', '{nginxTime} [notice] {workerPid}#{workerPid}: exiting'],
  ['stderr', '{nginxTime} [notice] {workerPid}#{workerPid}: exit'],
  ['stderr', '{nginxTime} [notice] 1#1: signal 17 (SIGCHLD) received from {workerPid}'],
  ['stderr', '{nginxTime} [notice] 1#1: worker process {workerPid} exited with code 0'],
  ['stderr', '{nginxTime} [notice] 1#1: exit'],
];

// The nginx image's STOPSIGNAL is SIGQUIT since Nov 2020 (nginx/docker-nginx 3fb70dd "Use SIGQUIT
// instead of SIGTERM for graceful shutdown of nginx", the day 1.19.5 came out; 1.23.4 to 1.27.1 all
// have it, 1.16.1 and 1.14.2 have STOPSIGNAL SIGTERM), and
// containerd's StopContainer sends the image's stop signal: nginx's graceful shutdown. The master
// logs `signal 3 (SIGQUIT) received, shutting down` and passes it on; each worker logs `gracefully
// shutting down`, then `exiting` and `exit` once its (idle) connections are closed
// (ngx_process_cycle.c ngx_worker_process_cycle).
const NGINX_SHUTDOWN_LOGS: [('stdout' | 'stderr'), string][] = [
  ['stderr', '{nginxTime} [notice] 1#1: signal 3 (SIGQUIT) received, shutting down'],
  ['stderr', '{nginxTime} [notice] {workerPid}#{workerPid}: gracefully shutting down'],
  ...NGINX_SIGTERM_LOGS.slice(1),
];

const REDIS_LOGS: [('stdout' | 'stderr'), string][] = [
  ['stdout', '1:C {redisTime} * oO0OoO0OoO0Oo Redis is starting oO0OoO0OoO0Oo'],
  ['stdout', '1:C {redisTime} * Redis version={version}, bits=64, commit=00000000, modified=0, pid=1, just started'],
  ['stdout', '1:C {redisTime} # Warning: no config file specified, using the default config. In order to specify a config file use redis-server /path/to/redis.conf'],
  ['stdout', '1:M {redisTime} * monotonic clock: POSIX clock_gettime'],
  ['stdout', '1:M {redisTime} * Running mode=standalone, port=6379.'],
  ['stdout', '1:M {redisTime} * Server initialized'],
  ['stdout', '1:M {redisTime} * Ready to accept connections tcp'],
];

// redis 6.2 (redis:6, 6.2, 6.2.14): main() logs its first three lines at LL_WARNING (`#`), then
// initServer() the monotonic clock at LL_NOTICE (`*`, POSIX clock_gettime unless built with the
// processor clock), and `Ready to accept connections` has no listener name yet (redis 6.2.14
// src/server.c main() and initServer(), src/monotonic.c). The role is `C` until initServer() sets
// server.pid. No overcommit warning: the kubelet sets vm.overcommit_memory=1 on its node.
const REDIS62_LOGS: [('stdout' | 'stderr'), string][] = [
  ['stdout', '1:C {redisTime} # oO0OoO0OoO0Oo Redis is starting oO0OoO0OoO0Oo'],
  ['stdout', '1:C {redisTime} # Redis version={version}, bits=64, commit=00000000, modified=0, pid=1, just started'],
  ['stdout', '1:C {redisTime} # Warning: no config file specified, using the default config. In order to specify a config file use redis-server /path/to/redis.conf'],
  ['stdout', '1:M {redisTime} * monotonic clock: POSIX clock_gettime'],
  ['stdout', '1:M {redisTime} * Running mode=standalone, port=6379.'],
  ['stdout', '1:M {redisTime} # Server initialized'],
  ['stdout', '1:M {redisTime} * Ready to accept connections'],
];

// redis 6.0 (the guestbook's docker.io/redis:6.0.5) and 5.0: `#` for its notices, no monotonic-clock
// line, `Ready to accept connections` without the listener's name (redis 5.0.14 in a redis:5.0
// container, as issue transcripts show it: `1:C ... # oO0OoO0OoO0Oo Redis is starting oO0OoO0OoO0Oo`,
// `# Redis version=5.0.14, ...`, `* Running mode=standalone, port=6379.`, `# Server initialized`,
// `* Ready to accept connections`; the ASCII logo only on a terminal, as in 6.0 and 7.x). A node kernel of 5.4 or later has
// somaxconn 4096, so no TCP backlog warning.
const REDIS6_LOGS: [('stdout' | 'stderr'), string][] = [
  ['stdout', '1:C {redisTime} # oO0OoO0OoO0Oo Redis is starting oO0OoO0OoO0Oo'],
  ['stdout', '1:C {redisTime} # Redis version={version}, bits=64, commit=00000000, modified=0, pid=1, just started'],
  ['stdout', '1:C {redisTime} # Warning: no config file specified, using the default config. In order to specify a config file use redis-server /path/to/redis.conf'],
  ['stdout', '1:M {redisTime} * Running mode=standalone, port=6379.'],
  ['stdout', '1:M {redisTime} # Server initialized'],
  ['stdout', '1:M {redisTime} * Ready to accept connections'],
];

// gb-redis-follower: redis 6.0 started with `--replicaof redis-leader 6379` (configuration from the
// command line, and a replica from the start: `S`).
const REDIS6_REPLICA_LOGS: [('stdout' | 'stderr'), string][] = [
  ['stdout', '1:C {redisTime} # oO0OoO0OoO0Oo Redis is starting oO0OoO0OoO0Oo'],
  ['stdout', '1:C {redisTime} # Redis version={version}, bits=64, commit=00000000, modified=0, pid=1, just started'],
  ['stdout', '1:C {redisTime} # Configuration loaded'],
  ['stdout', '1:S {redisTime} * Running mode=standalone, port=6379.'],
  ['stdout', '1:S {redisTime} # Server initialized'],
  ['stdout', '1:S {redisTime} * Ready to accept connections'],
];

// Apache httpd 2.4.62 (the httpd image's `httpd -DFOREGROUND`, errors to /proc/self/fd/2). main()
// reads its configuration twice at startup (once before the loop, once in it), and each pass's
// ap_fini_vhost_config() warns AH00558 before the error log is open: a startup line, no prefix
// (server/main.c, server/log.c do_errorlog_default()). Then the event MPM's notices with
// `[%{u}t] [module:level] [pid %P:tid %T]`; since 2.4.60 the tid on Linux is gettid()'s, 1 for
// PID 1's main thread (httpd commit 453dbd9ad3, configure.in DEFAULT_LOG_TID "g").
const HTTPD_SERVER_NAME = "AH00558: httpd: Could not reliably determine the server's fully qualified domain name, using {podIP}. Set the 'ServerName' directive globally to suppress this message";
const HTTPD_LOGS: [('stdout' | 'stderr'), string][] = [
  ['stderr', HTTPD_SERVER_NAME],
  ['stderr', HTTPD_SERVER_NAME],
  ['stderr', '[{apacheTime}] [mpm_event:notice] [pid 1:tid 1] AH00489: Apache/2.4.62 (Unix) configured -- resuming normal operations'],
  ['stderr', "[{apacheTime}] [core:notice] [pid 1:tid 1] AH00094: Command line: 'httpd -D FOREGROUND'"],
];

// The httpd image's STOPSIGNAL is SIGWINCH (docker-library/httpd 2.4/Dockerfile), which containerd
// sends instead of SIGTERM: the event MPM's graceful stop (server/mpm/event/event.c, AH00492).
// Simplified: the runtime's stop is the same whatever the signal; only the lines name it.
const HTTPD_SHUTDOWN_LOGS: [('stdout' | 'stderr'), string][] = [
  ['stderr', '[{apacheTime}] [mpm_event:notice] [pid 1:tid 1] AH00492: caught SIGWINCH, shutting down gracefully'],
];

// mysqld's "ready for connections" line, to stderr (the images' error log). 8.0 and later log it as
// ER_SERVER_STARTUP_MSG through the error-log component, UTC timestamps with microseconds, the
// binary's full path as my_progname (mysql-server sql/mysqld.cc; `2024-09-19T12:37:32.953841Z 0
// [System] [MY-010931] [Server] /usr/sbin/mysqld: ready for connections. Version: '9.0.1' ...` in
// docker logs of mysql:9.0.1 and 8.0.39). 5.7 and 5.6 print ER_READY, "%s: ready for
// connections.\nVersion: '%s'  socket: '%s'  port: %d", as two lines after a `[Note]` prefix: 5.7
// with the same UTC timestamp and thread 0, 5.6 with `YYYY-MM-DD hh:mm:ss` and thread 1 (docker logs
// of mysql:5.7.32 and mysql:5.6.51 in public transcripts).
const MYSQL_READY = "Version: '{version}'  socket: '/var/run/mysqld/mysqld.sock'  port: 3306  MySQL Community Server";
const MYSQL_LOGS: [('stdout' | 'stderr'), string][] = [['stderr', `{mysqlTime} 0 [System] [MY-010931] [Server] /usr/sbin/mysqld: ready for connections. ${MYSQL_READY} - GPL.`]];
const MYSQL57_LOGS: [('stdout' | 'stderr'), string][] = [['stderr', '{mysqlTime} 0 [Note] mysqld: ready for connections.'], ['stderr', `${MYSQL_READY} (GPL)`]];
const MYSQL56_LOGS: [('stdout' | 'stderr'), string][] = [['stderr', '{mysql56Time} 1 [Note] mysqld: ready for connections.'], ['stderr', `${MYSQL_READY} (GPL)`]];

// docker-library/hello-world hello.c: one write of its message (DOCKER_ARCH amd64), which begins and
// ends with an empty line, then exit 0.
const HELLO_WORLD_MESSAGE = [
  '',
  'Hello from Docker!',
  'This message shows that your installation appears to be working correctly.',
  '',
  'To generate this message, Docker took the following steps:',
  ' 1. The Docker client contacted the Docker daemon.',
  ' 2. The Docker daemon pulled the "hello-world" image from the Docker Hub.',
  '    (amd64)',
  ' 3. The Docker daemon created a new container from that image which runs the',
  '    executable that produces the output you are currently reading.',
  ' 4. The Docker daemon streamed that output to the Docker client, which sent it',
  '    to your terminal.',
  '',
  'To try something more ambitious, you can run an Ubuntu container with:',
  ' $ docker run -it ubuntu bash',
  '',
  'Share images, automate workflows, and more with a free Docker ID:',
  ' https://hub.docker.com/',
  '',
  'For more examples and ideas, visit:',
  ' https://docs.docker.com/get-started/',
  '',
];

const server = (ports: number[], logs: [('stdout' | 'stderr'), string][], version?: string, http = true): ImageBehaviour => {
  const b: ImageBehaviour = { kind: 'server', ports, logs };
  if (http) b.http = { okPaths: ['/', '/index.html'] };
  if (version) b.version = version;
  return b;
};

// Their apache2 and PHP are each build's (php-apache.ts): the GKE build of v5 stops on SIGWINCH.
const GUESTBOOK_FRONTEND: ImageBehaviour = {
  kind: 'server', ports: [80], http: { okPaths: ['/', '/index.html', '/controllers.js', '/guestbook.php'], app: 'guestbook' }, logs: phpApacheLogs(GB_FRONTEND_BUILDS.v5),
  shutdownLogs: phpApacheShutdownLogs(GB_FRONTEND_BUILDS.v5), stopSignal: { name: 'SIGWINCH' },
};
// kubernetes/examples web/guestbook/php-redis: the same page, but its guestbook.php writes to
// redis-master and reads from redis-replica (REDIS_MASTER_SERVICE_HOST / REDIS_SLAVE_SERVICE_HOST).
// Its v4 and v6 are php:5-apache builds; `logsByMajor` is keyed by the tag (a tag without numbers
// is its own release, tag-version.ts).
const GUESTBOOK_EXAMPLES_FRONTEND: ImageBehaviour = {
  kind: 'server', ports: [80], http: { okPaths: ['/', '/index.html', '/controllers.js', '/guestbook.php'], app: 'guestbook-examples' }, logs: phpApacheLogs(GB_FRONTEND_BUILDS.v5),
  logsByMajor: { v4: phpApacheLogs(GB_FRONTEND_BUILDS.v4), v6: phpApacheLogs(GB_FRONTEND_BUILDS.v6) },
};
// kubernetes/examples web/guestbook/redis-slave/run.sh: `redis-server --slaveof redis-master 6379`
// (FROM redis:3.2.9). Simplified: its log lines are redis 6's, as the follower's.
const REDIS_SLAVE: ImageBehaviour = { ...server([6379], REDIS6_REPLICA_LOGS, '3.2.9', false), replicaof: { host: 'redis-master', port: 6379 } } as ImageBehaviour;
const REDIS_FOLLOWER: ImageBehaviour = { ...server([6379], REDIS6_REPLICA_LOGS, '6.0.5', false), replicaof: { host: 'redis-leader', port: 6379 } } as ImageBehaviour;

export const CATALOGUE: Record<string, RepositoryEntry> = {
  'docker.io/library/nginx': {
    tags: sizes([
      ...same(['latest', '1.27', '1.27.1', 'mainline', 'stable', '1.26', '1.26.2', '1.26.1', '1.26.0'], 67 * MB + 732_000),
      ...same(['1.27.0', '1.25', '1.25.5', '1.25.4', '1.25.3', '1.25.2', '1.25.1', '1.25.0', '1.24', '1.24.0', '1.23', '1.23.4'], 67 * MB + 120_000),
      ...same(['alpine', '1.27-alpine', '1.27.1-alpine', '1.26-alpine', '1.25-alpine', '1.25.5-alpine', 'stable-alpine', 'alpine-slim'], 20 * MB + 460_000),
      ['1.16.1', 51 * MB + 20_000],
      ['1.14.2', 44 * MB + 700_000],
      ['1.7.9', 39 * MB + 940_000],
    ]),
    // Kubeplay's nginx world is 1.27.1's (Aug to Oct 2024): mainline 1.27.1, stable 1.26.2.
    behaviour: { ...server([80], NGINX_LOGS, '1.27.1'), aliases: { stable: '1.26' }, logsByMajor: NGINX_LOGS_BY_LINE, alpineLogsByMajor: NGINX_ALPINE_LOGS_BY_LINE, shutdownLogs: NGINX_SHUTDOWN_LOGS, shutdownLogsByMajor: { '1.16': [], '1.14': [], '1.7': [] }, stopSignal: { name: 'SIGQUIT', since: '1.19.5' } } as ImageBehaviour,
  },
  'docker.io/library/redis': {
    tags: sizes([
      ...same(['latest', '7', '7.4', '7.4.0', '7.2', '7.2.5'], 45 * MB + 180_000),
      ...same(['alpine', '7-alpine', '7.4-alpine', '7.2-alpine'], 17 * MB + 300_000),
      ...same(['6', '6.2', '6.2.14', '6.0.5', '5', '5.0', '5.0.14', '5.0.4'], 38 * MB + 900_000),
    ]),
    // redis:5.0 is 5.0.14, the line's last release (docker-library/repo-info's 5.0.md: ENV
    // REDIS_VERSION=5.0.14 in the builds of May 2022, after which the tag was no longer built);
    // `5` and `5.0.14` name the same build (official-images library/redis at 314380779d), and the
    // docs' "Configuring Redis using a ConfigMap" pod runs redis:5 (website examples/pods/config/redis-pod.yaml;
    // earlier versions of the page ran redis:5.0.4, a tag of Apr 2019 kept on Docker Hub).
    behaviour: { ...server([6379], REDIS_LOGS, '7.4.0', false), aliases: { '5.0': '5.0.14' }, logsByMajor: { '6.2': REDIS62_LOGS, '6': REDIS6_LOGS, '5': REDIS6_LOGS }, binary: 'redis-server' } as ImageBehaviour,
  },
  'docker.io/library/busybox': {
    tags: sizes(same(['latest', '1.36', '1.36.1', '1.35', '1.34', '1.28', 'stable', 'musl', 'glibc'], 2 * MB + 150_000)),
    behaviour: { kind: 'shell' },
  },
  'docker.io/library/alpine': {
    tags: sizes(same(['latest', '3', '3.20', '3.19', '3.18', '3.17', 'edge'], 3 * MB + 620_000)),
    behaviour: { kind: 'shell' },
  },
  'docker.io/library/ubuntu': {
    tags: sizes(same(['latest', '24.04', 'noble', '22.04', 'jammy', '20.04', 'focal'], 29 * MB + 750_000)),
    behaviour: { kind: 'shell' },
  },
  'docker.io/library/debian': {
    tags: sizes([
      ...same(['latest', '12', 'bookworm', '11', 'bullseye', 'stable'], 49 * MB + 560_000),
      ...same(['bookworm-slim', 'bullseye-slim', 'stable-slim', '12-slim'], 28 * MB + 230_000),
    ]),
    behaviour: { kind: 'shell' },
  },
  'docker.io/library/httpd': {
    tags: sizes([...same(['latest', '2', '2.4', '2.4.62'], 58 * MB + 130_000), ...same(['alpine', '2.4-alpine'], 21 * MB + 600_000)]),
    behaviour: { ...server([80], HTTPD_LOGS), shutdownLogs: HTTPD_SHUTDOWN_LOGS, stopSignal: { name: 'SIGWINCH' } } as ImageBehaviour,
  },
  'docker.io/library/postgres': {
    tags: sizes([...same(['latest', '16', '16.4', '15', '14', '13', '12'], 153 * MB), ...same(['alpine', '16-alpine', '15-alpine'], 97 * MB)]),
    // Its entrypoint, initdb and server lines are postgres-init.ts's, by the release the tag runs.
    behaviour: { ...server([5432], [], undefined, false), startup: 'postgres' } as ImageBehaviour,
  },
  // The releases of Sep 2024 (docker-library/repo-info's mysql tag list of that date): innovation
  // 9.0.1 (`latest`, `9`, `9.0`), LTS 8.4.2 (`8`, `8.4`), 8.0.39; 5.7 and 5.6 ended at 5.7.44 and
  // 5.6.51. A line's tag runs its full tag's release (tag-version.ts).
  'docker.io/library/mysql': {
    tags: sizes(same(['latest', '9', '9.0', '9.0.1', '8.4', '8.4.2', '8', '8.0', '8.0.39', '5.7', '5.7.44', '5.6', '5.6.51'], 170 * MB + 400_000)),
    behaviour: { ...server([3306], MYSQL_LOGS, '9.0.1', false), logsByMajor: { '5.7': MYSQL57_LOGS, '5.6': MYSQL56_LOGS }, startup: 'mysql' } as ImageBehaviour,
  },
  'docker.io/library/memcached': {
    tags: sizes([...same(['latest', '1', '1.6', '1.6.29'], 31 * MB), ...same(['alpine', '1.6-alpine'], 5 * MB + 100_000)]),
    behaviour: server([11211], [], undefined, false),
  },
  'docker.io/library/mongo': {
    tags: sizes(same(['latest', '7', '7.0', '6', '6.0', '5.0', '4.4'], 255 * MB)),
    behaviour: server([27017], [['stdout', '{"t":{"$date":"{isoTime}"},"s":"I",  "c":"NETWORK",  "id":23016,   "ctx":"listener","msg":"Waiting for connections","attr":{"port":27017,"ssl":"off"}}']], undefined, false),
  },
  'docker.io/library/node': {
    tags: sizes([...same(['latest', '22', '20', '18', 'lts'], 402 * MB), ...same(['alpine', '22-alpine', '20-alpine', '18-alpine'], 46 * MB), ...same(['20-slim', '22-slim'], 75 * MB)]),
    behaviour: { kind: 'shell' },
  },
  'docker.io/library/python': {
    tags: sizes([...same(['latest', '3', '3.12', '3.11', '3.10'], 372 * MB), ...same(['3.12-slim', '3.11-slim', 'slim'], 49 * MB), ...same(['alpine', '3.12-alpine'], 19 * MB)]),
    behaviour: { kind: 'shell' },
  },
  'docker.io/library/golang': {
    tags: sizes([...same(['latest', '1.23', '1.22', '1.21'], 292 * MB), ...same(['alpine', '1.23-alpine', '1.22-alpine'], 78 * MB)]),
    behaviour: { kind: 'shell' },
  },
  'docker.io/library/hello-world': {
    tags: sizes(same(['latest', 'linux'], 2_460)),
    behaviour: { kind: 'exit', code: 0, afterMs: 0, logs: HELLO_WORLD_MESSAGE },
  },
  // What kubeadm v1.31 runs (`kubeadm config images list --kubernetes-version v1.31.0`): the
  // control-plane components, kube-proxy and CoreDNS, with their compressed sizes for linux/amd64.
  'registry.k8s.io/kube-apiserver': { tags: sizes([['v1.31.0', 28_063_421]]), behaviour: server([6443], []) },
  'registry.k8s.io/kube-controller-manager': { tags: sizes([['v1.31.0', 26_240_868]]), behaviour: server([10257], []) },
  'registry.k8s.io/kube-scheduler': { tags: sizes([['v1.31.0', 20_196_722]]), behaviour: server([10259], []) },
  'registry.k8s.io/kube-proxy': { tags: sizes([['v1.31.0', 30_207_900]]), behaviour: server([10249, 10256], [], undefined, false) },
  'registry.k8s.io/etcd': { tags: sizes([['3.5.15-0', 56_909_194]]), behaviour: server([2379, 2380, 2381], [], undefined, false) },
  'registry.k8s.io/coredns/coredns': {
    tags: sizes([['v1.11.3', 18_562_039], ['v1.11.1', 18_182_961]]),
    // CoreDNS's startup banner; /health on 8080 and /ready on 8181 are what kubeadm's probes ask.
    behaviour: {
      kind: 'server',
      ports: [53, 8080, 8181, 9153],
      http: { okPaths: ['/health', '/ready', '/metrics'] },
      logs: [['stdout', '.:53'], ['stdout', 'CoreDNS-1.11.3'], ['stdout', 'linux/amd64, go1.21.11, a6338e9']],
      version: '1.11.3',
    },
  },
  // metrics-server's releases (kubernetes-sigs/metrics-server), as its components.yaml names them.
  'registry.k8s.io/metrics-server/metrics-server': { tags: sizes([['v0.7.2', 19_472_610], ['v0.7.1', 19_207_488], ['v0.7.0', 19_085_134]]), behaviour: { kind: 'metrics-server' } },
  'registry.k8s.io/pause': { tags: sizes([['3.10', 320_368], ['3.9', 321_520], ['3.8', 311_286], ['3.6', 301_773]]), behaviour: { kind: 'pause' } },
  // agnhost 2.39 to 2.52 as the promoter manifest lists them (kubernetes/k8s.io
  // registry.k8s.io/images/k8s-staging-e2e-test-images/images.yaml): 2.42 and 2.49 were never
  // promoted and 2.46 was not built (kubernetes/kubernetes#123266), so those tags are not found.
  'registry.k8s.io/e2e-test-images/agnhost': {
    tags: sizes([39, 40, 41, 43, 44, 45, 47, 48, 50, 51, 52].map((m) => [`2.${m}`, 51 * MB + 150_000 + (m - 39) * 90_000] as [string, number])),
    behaviour: { kind: 'agnhost' },
  },
  // The guestbook of the kubernetes.io tutorial (GoogleCloudPlatform/kubernetes-engine-samples
  // guestbook/): Apache with PHP serving index.html and guestbook.php, which calls redis-leader
  // (writes) and redis-follower (reads) by name; the follower is redis replicating redis-leader.
  // The guestbook of kubernetes/examples (web/guestbook/): its images are built from that repo's
  // php-redis and redis-slave folders; the master is registry.k8s.io/redis:e2e.
  'gcr.io/google-samples/gb-frontend': { tags: sizes(same(['v5', 'v4', 'v6'], 98 * MB + 300_000)), behaviour: GUESTBOOK_EXAMPLES_FRONTEND },
  'gcr.io/google_samples/gb-redisslave': { tags: sizes(same(['v1', 'v3'], 37 * MB + 300_000)), behaviour: REDIS_SLAVE },
  'gcr.io/google-samples/gb-redisslave': { tags: sizes(same(['v3', 'v2'], 37 * MB + 300_000)), behaviour: REDIS_SLAVE },
  // Simplified: which redis release the e2e tag holds is not modelled; it starts as redis 6.0.5.
  'registry.k8s.io/redis': { tags: sizes(same(['e2e'], 142 * MB)), behaviour: server([6379], REDIS6_LOGS, '6.0.5', false) },
  'us-docker.pkg.dev/google-samples/containers/gke/gb-frontend': { tags: sizes(same(['v5'], 98 * MB + 300_000)), behaviour: GUESTBOOK_FRONTEND },
  'gcr.io/google_samples/gb-redis-follower': { tags: sizes(same(['v2', 'v1'], 34 * MB + 500_000)), behaviour: REDIS_FOLLOWER },
  'us-docker.pkg.dev/google-samples/containers/gke/gb-redis-follower': { tags: sizes(same(['v2'], 34 * MB + 500_000)), behaviour: REDIS_FOLLOWER },
  'registry.k8s.io/echoserver': { tags: sizes(same(['1.4', '1.10'], 46 * MB + 100_000)), behaviour: { kind: 'server', ports: [8080], http: { okPaths: ['*'] }, logs: [] } },
  'k8s.gcr.io/echoserver': { tags: sizes(same(['1.4', '1.10'], 46 * MB + 100_000)), behaviour: { kind: 'server', ports: [8080], http: { okPaths: ['*'] }, logs: [] } },
  'docker.io/hashicorp/http-echo': {
    tags: sizes(same(['latest', '1.0', '1.0.0', '0.2.3'], 3 * MB + 200_000)),
    behaviour: { kind: 'server', ports: [5678], http: { okPaths: ['*'] }, logs: [['stderr', '{nginxTime} [INFO] server is listening on :5678']] },
  },
  'docker.io/kennethreitz/httpbin': {
    tags: sizes(same(['latest'], 204 * MB)),
    behaviour: { kind: 'server', ports: [80], http: { okPaths: ['*'] }, logs: [['stdout', '[{nginxTime} +0000] [1] [INFO] Listening at: http://0.0.0.0:80 (1)']] },
  },
  'docker.io/curlimages/curl': {
    tags: sizes(same(['latest', '8.9.1', '8.8.0', '8.5.0'], 10 * MB + 500_000)),
    behaviour: { kind: 'cli', usage: "curl: try 'curl --help' or 'curl --manual' for more information", code: 2 },
  },
  'docker.io/nicolaka/netshoot': { tags: sizes(same(['latest', 'v0.13', 'v0.12'], 182 * MB)), behaviour: { kind: 'shell' } },
  'registry.k8s.io/nginx-slim': {
    tags: sizes(same(['0.8', '0.21', '0.24', '0.26', '0.27'], 50 * MB + 600_000)),
    // Simplified: nginx-slim's own image (not docker-nginx's) is taken to stop on SIGTERM.
    behaviour: { ...server([80], NGINX_LOGS, '1.25.3'), shutdownLogs: NGINX_SIGTERM_LOGS } as ImageBehaviour,
  },
  'registry.k8s.io/busybox': { tags: sizes(same(['latest', '1.27.2', '1.24'], 1 * MB + 300_000)), behaviour: { kind: 'shell' } },
  // The HorizontalPodAutoscaler walkthrough's php-apache: index.php answers `OK!` (php-apache.ts).
  'registry.k8s.io/hpa-example': { tags: sizes(same(['latest'], 172 * MB)), behaviour: { kind: 'server', ports: [80], http: { okPaths: ['/', '/index.php'] }, logs: phpApacheLogs(HPA_EXAMPLE_BUILD) } },
  // The liveness example of the docs: /healthz answers 200 for 10 s, then 500.
  'registry.k8s.io/liveness': { tags: sizes(same(['latest'], 2 * MB + 200_000)), behaviour: { kind: 'agnhost' } },
  'registry.k8s.io/goproxy': { tags: sizes(same(['0.1'], 2 * MB + 500_000)), behaviour: { kind: 'server', ports: [8080], logs: [] } },
  'quay.io/prometheus/node-exporter': { tags: sizes(same(['latest', 'v1.8.2'], 11 * MB + 500_000)), behaviour: server([9100], []) },
  // bitnami/containers bitnami/redis: the 7.4 line's 7.4.0 is `latest`; the 7.2 line's build of the
  // time is 7.2.5 (7.2/debian-12/Dockerfile: APP_VERSION="7.2.5", ref.name 7.2.5-debian-12-r2), each
  // also tagged with its full release. Its entrypoint logs as bitnami-redis.ts says.
  'docker.io/bitnami/redis': {
    tags: sizes(same(['latest', '7.4', '7.4.0', '7.2', '7.2.5'], 52 * MB)),
    behaviour: { ...server([6379], [], '7.4.0', false), startup: 'bitnami-redis' } as ImageBehaviour,
  },
  'docker.io/library/wordpress': {
    tags: sizes(same(['latest', '6.6', '6.2.1-apache', '4.8-apache'], 256 * MB)),
    behaviour: { ...server([80], WORDPRESS_LOGS, WORDPRESS_RELEASE), aliases: WORDPRESS_ALIASES, logsByMajor: WORDPRESS_LOGS_BY_LINE } as ImageBehaviour,
  },
  'docker.io/library/traefik': { tags: sizes(same(['latest', 'v3.1', 'v2.11'], 49 * MB)), behaviour: server([80, 8080], []) },
  // The memory example of the docs ("Assign Memory Resources to Containers and Pods").
  'docker.io/kubeplay/policy-webhook': { tags: sizes(same(['1.0', 'latest'], 9 * MB + 400_000)), behaviour: { kind: 'policy-webhook' } },
  'docker.io/polinux/stress': { tags: sizes(same(['latest', '1.0.4'], 4 * MB + 100_000)), behaviour: { kind: 'stress' } },
  'docker.io/library/perl': {
    tags: sizes(same(['latest', '5.40', '5.34.0'], 331 * MB)),
    behaviour: { kind: 'shell' },
  },
  // The data file of more docs, examples and Docker Official Images repositories.
  ...DOCS_CATALOGUE,
};
