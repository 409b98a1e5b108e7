// The php image's apache variant as the guestbook frontends and hpa-example run it (php-apache.ts
// names each build's sources): Debian apache2's prefork banner with mod_php's PHP, `[pid 1]` before
// httpd 2.4.60, and Debian's `combined` access log whose %O counts the headers too.
import { describe, expect, it } from 'vitest';
import { programFor } from './behaviour';
import { fillPlaceholders } from '../runtime/process';
import { simEpochMs } from '../../api/time';
import { apacheBytesSent, HPA_EXAMPLE_BUILD, phpApacheBuild } from './php-apache';

const AT = Date.UTC(2024, 7, 13, 9, 0, 5, 123) - simEpochMs();
const logs = (image: string): string[] =>
  programFor(image, undefined, undefined).steps.flatMap((s) => (s.op === 'log' ? [fillPlaceholders(s.text, AT, '10.244.1.5')] : []));
const serverName = "AH00558: apache2: Could not reliably determine the server's fully qualified domain name, using 10.244.1.5. Set the 'ServerName' directive globally to suppress this message";

describe('php:apache builds', () => {
  it.each([
    ['registry.k8s.io/hpa-example', '2.4.10', '5.6.14'],
    ['gcr.io/google-samples/gb-frontend:v4', '2.4.10', '5.6.20'],
    ['gcr.io/google-samples/gb-frontend:v5', '2.4.38', '7.4.33'],
    ['gcr.io/google-samples/gb-frontend:v6', '2.4.25', '5.6.40'],
    ['us-docker.pkg.dev/google-samples/containers/gke/gb-frontend:v5', '2.4.38', '7.4.33'],
  ])('%s starts Apache/%s (Debian) PHP/%s with prefork and apache2 -D FOREGROUND', (image, apache, php) => {
    expect(logs(image)).toEqual([
      serverName,
      serverName,
      `[Tue Aug 13 09:00:05.123000 2024] [mpm_prefork:notice] [pid 1] AH00163: Apache/${apache} (Debian) PHP/${php} configured -- resuming normal operations`,
      "[Tue Aug 13 09:00:05.123000 2024] [core:notice] [pid 1] AH00094: Command line: 'apache2 -D FOREGROUND'",
    ]);
  });

  it('the GKE build of v5 stops gracefully on the php image\'s SIGWINCH (AH00170)', () => {
    const p = programFor('us-docker.pkg.dev/google-samples/containers/gke/gb-frontend:v5', undefined, undefined);
    expect(p.stopSignal).toBe('SIGWINCH');
    expect(p.sigtermLogs).toEqual([{ stream: 'stderr', text: '[{apacheTime}] [mpm_prefork:notice] [pid 1] AH00170: caught SIGWINCH, shutting down gracefully' }]);
  });

  it('knows no build for other images', () => {
    expect(phpApacheBuild('docker.io/library/httpd', '2.4')).toBeUndefined();
  });

  it("counts hpa-example's OK! with its headers for busybox wget (Connection: close)", () => {
    const headers = [
      'HTTP/1.1 200 OK',
      'Date: Tue, 13 Aug 2024 09:00:05 GMT',
      'Server: Apache/2.4.10 (Debian)',
      'X-Powered-By: PHP/5.6.14',
      'Content-Length: 3',
      'Vary: Accept-Encoding',
      'Connection: close',
      'Content-Type: text/html; charset=UTF-8',
    ];
    const want = headers.join('\r\n').length + '\r\n\r\n'.length + 'OK!'.length;
    expect(apacheBytesSent({ status: 200, reason: 'OK', body: 'OK!', build: HPA_EXAMPLE_BUILD, php: true, keepAlive: false, now: AT })).toBe(want);
    expect(want).toBe(218);
  });
});
