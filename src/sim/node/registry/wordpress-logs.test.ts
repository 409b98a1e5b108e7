import { describe, expect, it } from 'vitest';
import { programFor } from './behaviour';
import { fillPlaceholders } from '../runtime/process';
import { simEpochMs } from '../../api/time';
import { tagVersion } from './tag-version';

// `docker logs` of a wordpress container started on an empty volume (docker-library/wordpress's
// docker-entrypoint.sh, then Debian's apache2 with PHP's module): Websoft9/docker-library#981
// (wordpress 6.7 with PHP 8.2.26, Nov 2024) prints
//   WordPress not found in /var/www/html - copying now...
//   Complete! WordPress has been successfully copied to /var/www/html
//   AH00558: apache2: Could not reliably determine the server's fully qualified domain name, using 172.18.0.13. Set ... (twice)
//   [Thu Nov 28 09:18:40.099763 2024] [mpm_prefork:notice] [pid 1:tid 1] AH00163: Apache/2.4.62 (Debian) PHP/8.2.26 configured -- resuming normal operations
//   [Thu Nov 28 09:18:40.099847 2024] [core:notice] [pid 1:tid 1] AH00094: Command line: 'apache2 -D FOREGROUND'
// The releases in the banner are those of the builds published-digests.json gives each tag
// (docker-library/repo-info: apache2 package of the local/ record, PHP_VERSION of the remote/ one).
const AT = Date.UTC(2024, 8, 19, 12, 37, 32, 953) - simEpochMs();
const logs = (image: string): string[] =>
  programFor(image, undefined, undefined).steps.flatMap((s) => (s.op === 'log' ? [fillPlaceholders(s.text, AT, '10.244.1.5')] : []));
const SERVER_NAME = "AH00558: apache2: Could not reliably determine the server's fully qualified domain name, using 10.244.1.5. Set the 'ServerName' directive globally to suppress this message";
const COPY = ['WordPress not found in /var/www/html - copying now...', 'Complete! WordPress has been successfully copied to /var/www/html', SERVER_NAME, SERVER_NAME];

describe("wordpress's startup lines", () => {
  it.each([['wordpress'], ['wordpress:latest'], ['wordpress:6.6']])('%s (the 6.6.2 build) logs Debian apache 2.4.62 with PHP 8.2.25, not httpd', (image) => {
    expect(logs(image)).toEqual([
      ...COPY,
      '[Thu Sep 19 12:37:32.953000 2024] [mpm_prefork:notice] [pid 1:tid 1] AH00163: Apache/2.4.62 (Debian) PHP/8.2.25 configured -- resuming normal operations',
      "[Thu Sep 19 12:37:32.953000 2024] [core:notice] [pid 1:tid 1] AH00094: Command line: 'apache2 -D FOREGROUND'",
    ]);
  });

  it('wordpress:6.2.1-apache logs bullseye apache 2.4.56 with PHP 8.0.28 and no tid', () => {
    expect(logs('wordpress:6.2.1-apache').slice(4)).toEqual([
      '[Thu Sep 19 12:37:32.953000 2024] [mpm_prefork:notice] [pid 1] AH00163: Apache/2.4.56 (Debian) PHP/8.0.28 configured -- resuming normal operations',
      "[Thu Sep 19 12:37:32.953000 2024] [core:notice] [pid 1] AH00094: Command line: 'apache2 -D FOREGROUND'",
    ]);
  });

  it('wordpress:4.8-apache runs its last build, 4.8.3 (jessie apache 2.4.10, PHP 5.6.32)', () => {
    expect(logs('wordpress:4.8-apache')[4]).toBe('[Thu Sep 19 12:37:32.953000 2024] [mpm_prefork:notice] [pid 1] AH00163: Apache/2.4.10 (Debian) PHP/5.6.32 configured -- resuming normal operations');
  });

  it('an alias may name a release when no full tag of its line is listed', () => {
    expect(tagVersion('4.8-apache', ['latest', '6.6', '4.8-apache'], '6.6.2', { '4.8': '4.8.3' })).toBe('4.8.3');
    expect(tagVersion('6.6', ['latest', '6.6', '4.8-apache'], '6.6.2', { '4.8': '4.8.3' })).toBe('6.6.2');
  });
});
