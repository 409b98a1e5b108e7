// What the wordpress image (its default `apache` variant) writes when it starts with an empty
// /var/www/html: its docker-entrypoint.sh copies WordPress in (`echo >&2`), then Debian's apache2
// (mpm_prefork, with PHP's apache module) logs the ServerName warning twice (as every transcript
// below shows), its banner and its command line, all to stderr.
// The banner names the apache2 package and PHP_VERSION of the build the tag runs, from
// docker-library/repo-info records of that build (the local/ record's dpkg list and Image ID, the
// remote/ record's ENV), as published-digests.json names them:
// - 6.6.2 (`latest`, `6.6`): apache2=2.4.62-1~deb12u2, PHP_VERSION=8.2.25 (bookworm). Apache
//   2.4.62 on bookworm writes `[pid 1:tid 1]`, e.g. `docker logs` of wordpress in
//   Websoft9/docker-library#981: `[Thu Nov 28 09:18:40.099763 2024] [mpm_prefork:notice]
//   [pid 1:tid 1] AH00163: Apache/2.4.62 (Debian) PHP/8.2.26 configured -- resuming normal operations`.
// - 6.2.1 (`6.2.1-apache`): apache2=2.4.56-1~deb11u2, PHP_VERSION=8.0.28 (bullseye), which writes
//   `[pid 1]` (`[mpm_prefork:notice] [pid 1] AH00163: Apache/2.4.56 (Debian) PHP/8.0.28 configured`
//   in docker compose logs of wordpress of 2023).
// - 4.8.3 (`4.8-apache`, the tag's last build): PHP_VERSION=5.6.32 on jessie, whose apache2 is
//   2.4.10 (repo-info's local record of the 4.8.0 build: apache2=2.4.10-10+deb8u8), as
//   evertramos/docker-wordpress#9 shows for a wordpress of Dec 2017: `[pid 1] AH00163:
//   Apache/2.4.10 (Debian) PHP/5.6.32 configured -- resuming normal operations`.
// Simplified: with WORDPRESS_DB_* variables set, the entrypoint also logs that it copies
// wp-config-docker.php; the program does not see the container's env, so that line is left out.

import { phpApacheLogs } from './php-apache';

type Lines = [('stdout' | 'stderr'), string][];

function wordpressLogs(apache: string, php: string): Lines {
  return [
    ['stderr', 'WordPress not found in /var/www/html - copying now...'],
    ['stderr', 'Complete! WordPress has been successfully copied to /var/www/html'],
    ...phpApacheLogs({ apache, php }),
  ];
}

/** The release `latest` runs. */
export const WORDPRESS_RELEASE = '6.6.2';
export const WORDPRESS_LOGS = wordpressLogs('2.4.62', '8.2.25');
/** Older lines' builds, by the release's first two numbers. */
export const WORDPRESS_LOGS_BY_LINE: Record<string, Lines> = {
  '6.2': wordpressLogs('2.4.56', '8.0.28'),
  '4.8': wordpressLogs('2.4.10', '5.6.32'),
};
/** `4.8` stopped at 4.8.3 (WordPress 4.9 came in Nov 2017); the catalogue lists no 4.8.x tag. */
export const WORDPRESS_ALIASES: Record<string, string> = { '4.8': '4.8.3' };
