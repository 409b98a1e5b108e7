// What `kubectl logs` shows for the httpd image (httpd 2.4.62, `httpd -DFOREGROUND`):
// - apache/httpd 2.4.62 server/main.c reads the configuration twice at startup, and each pass's
//   ap_fini_vhost_config() logs AH00558 before the error log is open, so as a startup line with no
//   prefix (server/log.c do_errorlog_default(): no time, module or pid when info->startup).
// - Then the event MPM's AH00489 and ap_log_command_line()'s AH00094 with
//   `[%{u}t] [module:level] [pid %P:tid %T] ` (do_errorlog_default()); %{u}t is ctime with
//   microseconds (`Sat Dec 05 11:00:00.123456 2026`); since 2.4.60 (commit 453dbd9ad3,
//   DEFAULT_LOG_TID "g") the tid on Linux is gettid()'s: 1 for PID 1's main thread.
// - docker-library/httpd 2.4/Dockerfile: STOPSIGNAL SIGWINCH, the event MPM's graceful stop
//   (server/mpm/event/event.c AH00492 "caught SIGWINCH, shutting down gracefully").
import { describe, expect, it } from 'vitest';
import { programFor } from './behaviour';
import { fillPlaceholders } from '../runtime/process';

const SERVER_NAME = "AH00558: httpd: Could not reliably determine the server's fully qualified domain name, using {podIP}. Set the 'ServerName' directive globally to suppress this message";

describe('httpd logs', () => {
  it.each(['httpd', 'httpd:2.4', 'httpd:2.4.62', 'httpd:alpine'])('%s starts with the ServerName warning twice, then its timestamped notices', (image) => {
    const logs = programFor(image, undefined, undefined).steps.flatMap((s) => (s.op === 'log' ? [`${s.stream} ${s.text}`] : []));
    expect(logs).toEqual([
      `stderr ${SERVER_NAME}`,
      `stderr ${SERVER_NAME}`,
      'stderr [{apacheTime}] [mpm_event:notice] [pid 1:tid 1] AH00489: Apache/2.4.62 (Unix) configured -- resuming normal operations',
      "stderr [{apacheTime}] [core:notice] [pid 1:tid 1] AH00094: Command line: 'httpd -D FOREGROUND'",
    ]);
  });

  it('fills the notice time from the simulated clock as %{u}t does', () => {
    // Simulated time 0 is 2024-08-13T09:00:00Z, a Tuesday (src/apimachinery/epoch.ts).
    const now = 4 * 86_400_000 + 2 * 3_600_000 + 123;
    expect(fillPlaceholders('[{apacheTime}] [mpm_event:notice] [pid 1:tid 1] AH00489: x using {podIP}', now, '10.244.1.5')).toBe('[Sat Aug 17 11:00:00.123000 2024] [mpm_event:notice] [pid 1:tid 1] AH00489: x using 10.244.1.5');
  });

  it('logs its graceful stop on the image stop signal', () => {
    expect(programFor('httpd:2.4', undefined, undefined).sigtermLogs).toEqual([{ stream: 'stderr', text: '[{apacheTime}] [mpm_event:notice] [pid 1:tid 1] AH00492: caught SIGWINCH, shutting down gracefully' }]);
  });
});
