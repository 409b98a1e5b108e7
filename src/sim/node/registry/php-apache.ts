// The php image's apache variant as the guestbook frontends and hpa-example are built on it: Debian's
// apache2 with mpm_prefork and mod_php, run by `apache2-foreground` (`apache2 -DFOREGROUND`).
// apache2 reads its configuration twice, so AH00558 twice before the error log is open (prefixed
// with the binary's name, `apache2`), then prefork's AH00163 banner naming Debian's apache2 and
// PHP, and the command line (server/main.c, server/mpm/prefork/prefork.c, server/log.c). Before
// 2.4.60 the notices say `[pid 1]`, from 2.4.60 `[pid 1:tid 1]` (wordpress-logs.ts).
// The access log is Debian's `combined` (apache2.conf: `LogFormat "%h %l %u %t \"%r\" %>s %O
// \"%{Referer}i\" \"%{User-Agent}i\"" combined`), which 000-default.conf's CustomLog writes to
// access.log, a link to /dev/stdout in the php image (docker-library/php apache Dockerfile: `ln -sfT
// /dev/stdout "$APACHE_LOG_DIR/access.log"`). %O counts the bytes sent, headers included.
// Which build each image runs, from its Dockerfile and when it was built:
// - registry.k8s.io/hpa-example (the HorizontalPodAutoscaler walkthrough: `FROM php:5-apache`, an
//   index.php that loops on sqrt and prints `OK!`): the registry's timeCreatedMs 1445246221620 is
//   19 Oct 2015, when php:5-apache was PHP 5.6.14 on jessie's apache2 2.4.10 (wordpress's php:5.6-apache
//   build of 6 Oct 2015 logs `Apache/2.4.10 (Debian) PHP/5.6.14`).
// - gcr.io/google-samples/gb-frontend:v4 (kubernetes/examples guestbook/php-redis, `FROM
//   php:5-apache`): `Apache/2.4.10 (Debian) PHP/5.6.20`, `[pid 1]`, as `kubectl logs` of a frontend
//   of kubernetes/examples' legacy guestbook shows.
// - gb-frontend:v6 (kubernetes/examples' Makefile TAG = v6, rebuilt for s390x on 13 May 2019 from
//   php:5-apache, by then 5.6.40 on stretch's apache2 2.4.25, as a php:5-apache build of 2020 logs
//   `Apache/2.4.25 (Debian) PHP/5.6.40`).
// - gb-frontend:v5, both gcr.io/google-samples' and us-docker.pkg.dev/google-samples/containers/
//   gke's: GoogleCloudPlatform/kubernetes-engine-samples quickstarts/guestbook/php-redis/cloudbuild.yaml
//   tags its build with both names, `FROM php:7.4-apache-buster`, whose last build is PHP 7.4.33 on
//   buster's apache2 2.4.38 (`Apache/2.4.38 (Debian) PHP/7.4.33` in kubectl logs of such a build);
//   the php image's `STOPSIGNAL SIGWINCH` makes prefork stop gracefully (AH00170).
// Simplified: a 5.6 build's stop (SIGTERM or SIGWINCH, by whether its php image had STOPSIGNAL yet)
// writes nothing.

import { rfc3339 } from '../../api/time';

type LogLines = [('stdout' | 'stderr'), string][];

export interface PhpApacheBuild {
  apache: string;
  php: string;
}

export const HPA_EXAMPLE_BUILD: PhpApacheBuild = { apache: '2.4.10', php: '5.6.14' };
export const GB_FRONTEND_BUILDS: Record<'v4' | 'v5' | 'v6', PhpApacheBuild> = {
  v4: { apache: '2.4.10', php: '5.6.20' },
  v5: { apache: '2.4.38', php: '7.4.33' },
  v6: { apache: '2.4.25', php: '5.6.40' },
};

/** `[pid 1]` before httpd 2.4.60, `[pid 1:tid 1]` from it. */
function pidField(apache: string): string {
  const [, minor, patch] = apache.split('.').map(Number);
  return minor! > 4 || (minor === 4 && patch! >= 60) ? 'pid 1:tid 1' : 'pid 1';
}

/** apache2's startup lines with mod_php (`apache2` is the binary AH00558 names). */
export function phpApacheLogs(b: PhpApacheBuild): LogLines {
  const serverName = "AH00558: apache2: Could not reliably determine the server's fully qualified domain name, using {podIP}. Set the 'ServerName' directive globally to suppress this message";
  const pid = pidField(b.apache);
  return [
    ['stderr', serverName],
    ['stderr', serverName],
    ['stderr', `[{apacheTime}] [mpm_prefork:notice] [${pid}] AH00163: Apache/${b.apache} (Debian) PHP/${b.php} configured -- resuming normal operations`],
    ['stderr', `[{apacheTime}] [core:notice] [${pid}] AH00094: Command line: 'apache2 -D FOREGROUND'`],
  ];
}

/** prefork's graceful stop on the php image's STOPSIGNAL SIGWINCH. */
export function phpApacheShutdownLogs(b: PhpApacheBuild): LogLines {
  return [['stderr', `[{apacheTime}] [mpm_prefork:notice] [${pidField(b.apache)}] AH00170: caught SIGWINCH, shutting down gracefully`]];
}

/** The build an image reference's repository and tag run, if it is one of these. */
export function phpApacheBuild(repository: string, tag: string): PhpApacheBuild | undefined {
  if (repository === 'registry.k8s.io/hpa-example' || repository === 'k8s.gcr.io/hpa-example') return HPA_EXAMPLE_BUILD;
  if (repository.endsWith('/gb-frontend')) return GB_FRONTEND_BUILDS[tag as 'v4' | 'v5' | 'v6'] ?? GB_FRONTEND_BUILDS.v5;
  return undefined;
}

/** RFC 7231's IMF-fixdate, as Apache's Date and Last-Modified headers write it (29 characters). */
function httpDate(now: number): string {
  const iso = rfc3339(now); // 2024-08-13T09:00:05Z
  const [y, mo, d] = [Number(iso.slice(0, 4)), Number(iso.slice(5, 7)), Number(iso.slice(8, 10))];
  const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const weekday = days[(Math.floor(Date.UTC(y, mo - 1, d) / 86_400_000) + 4) % 7]!;
  return `${weekday}, ${iso.slice(8, 10)} ${months[mo - 1]} ${y} ${iso.slice(11, 19)} GMT`;
}

/**
 * The bytes Apache sends for a response (its %O): the status line and headers, then the body. A
 * static file has Last-Modified, an ETag (`"<size hex>-<mtime µs hex>"`, 13 hex digits for a file of
 * 2015 to 2024) and Accept-Ranges; PHP output has X-Powered-By (expose_php defaults on, no php.ini
 * in the image). mod_deflate's Vary is on both (Debian enables it for text/html). The connection
 * header answers the client's: busybox wget sends `Connection: close`, curl keeps it alive.
 */
export function apacheBytesSent(o: { status: number; reason: string; body: string; build: PhpApacheBuild; php: boolean; keepAlive: boolean; now: number }): number {
  const headers = [
    `HTTP/1.1 ${o.status} ${o.reason}`,
    `Date: ${httpDate(o.now)}`,
    `Server: Apache/${o.build.apache} (Debian)`,
    // Only the ETag's length counts here: its mtime part is 13 hex digits for any file of 2015 to 2024.
    ...(o.php ? [`X-Powered-By: PHP/${o.build.php}`] : o.status === 200 ? [`Last-Modified: ${httpDate(o.now)}`, `ETag: "${o.body.length.toString(16)}-${'0'.repeat(13)}"`, 'Accept-Ranges: bytes'] : []),
    `Content-Length: ${o.body.length}`,
    'Vary: Accept-Encoding',
    ...(o.keepAlive ? ['Keep-Alive: timeout=5, max=100', 'Connection: Keep-Alive'] : ['Connection: close']),
    `Content-Type: text/html${o.php || o.status !== 200 ? '; charset=' + (o.php ? 'UTF-8' : 'iso-8859-1') : ''}`,
  ];
  return headers.reduce((n, h) => n + h.length + 2, 2) + o.body.length;
}

/** Debian's combined line: `%h %l %u %t "%r" %>s %O "%{Referer}i" "%{User-Agent}i"`. */
export function combinedLogLine(src: string, time: string, request: string, status: number, bytesSent: number, userAgent: string): string {
  return `${src} - - [${time}] "${request}" ${status} ${bytesSent} "-" "${userAgent}"`;
}

/** hpa-example's index.php: a million square roots, then `OK!` (the walkthrough's load shows `OK!OK!OK!`). */
export const HPA_EXAMPLE_BODY = 'OK!';
