// An httpd Deployment behind a Service, as a learner runs it: `kubectl logs` shows what the httpd
// 2.4.62 image writes (apache/httpd server/main.c reads its config twice, so AH00558 twice without a
// prefix; server/log.c's `[%{u}t] [module:level] [pid 1:tid 1]` notices; docker-library/httpd's
// Dockerfile sends the `common` CustomLog to stdout), each request through the Service adding its
// common-format line with the client pod's address, a 404 with the canned page's 196 bytes.
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';

describe('httpd behind a Service', () => {
  const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 3 });
  c.run('kubectl create deployment web --image=httpd:2.4');
  c.run('kubectl expose deployment web --port=80');
  c.run('kubectl run client --image=busybox:1.36 -- sleep 3600');
  c.sim.runUntil(c.sim.now + 60_000);
  const ip = (pod: string): string => c.run(`kubectl get pod ${pod} -o jsonpath={.status.podIP}`).stdout;

  it('serves It works! and a 404, and logs startup and both requests as httpd does', () => {
    expect(c.run('kubectl exec client -- wget -qO- http://web').stdout).toBe('<html><body><h1>It works!</h1></body></html>\n');
    expect(c.run('kubectl exec client -- wget -qO- http://web/nope').stderr).toContain('wget: server returned error: HTTP/1.1 404 Not Found');
    const web = c.run('kubectl get pods -l app=web -o name').stdout.trim().replace('pod/', '');
    const lines = c.run('kubectl logs deploy/web').stdout.trimEnd().split('\n');
    const serverName = `AH00558: httpd: Could not reliably determine the server's fully qualified domain name, using ${ip(web)}. Set the 'ServerName' directive globally to suppress this message`;
    expect(lines.slice(0, 2)).toEqual([serverName, serverName]);
    expect(lines[2]).toMatch(/^\[Tue Aug 13 09:00:\d\d\.\d{6} 2024\] \[mpm_event:notice\] \[pid 1:tid 1\] AH00489: Apache\/2\.4\.62 \(Unix\) configured -- resuming normal operations$/);
    expect(lines[3]).toMatch(/^\[Tue Aug 13 09:00:\d\d\.\d{6} 2024\] \[core:notice\] \[pid 1:tid 1\] AH00094: Command line: 'httpd -D FOREGROUND'$/);
    const client = ip('client');
    expect(lines.slice(4)).toEqual([
      expect.stringMatching(new RegExp(`^${client.replace(/\./g, '\\.')} - - \\[13/Aug/2024:09:0\\d:\\d\\d \\+0000\\] "GET / HTTP/1\\.1" 200 45$`)),
      expect.stringMatching(new RegExp(`^${client.replace(/\./g, '\\.')} - - \\[13/Aug/2024:09:0\\d:\\d\\d \\+0000\\] "GET /nope HTTP/1\\.1" 404 196$`)),
    ]);
  });
});
