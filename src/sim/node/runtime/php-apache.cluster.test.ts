// hpa-example and the guestbook frontend behind their Services, as the kubernetes.io walkthroughs run
// them ("HorizontalPodAutoscaler Walkthrough": php-apache answers `OK!`; "Deploying PHP Guestbook
// application with Redis": the frontend serves its page): `kubectl logs` shows Debian apache2's
// startup lines and one `combined` line per request with the client pod's address and busybox
// wget's User-Agent (php-apache.ts).
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';

const PHP_APACHE = `
apiVersion: apps/v1
kind: Deployment
metadata: {name: php-apache}
spec:
  selector: {matchLabels: {run: php-apache}}
  template:
    metadata: {labels: {run: php-apache}}
    spec:
      containers:
      - name: php-apache
        image: registry.k8s.io/hpa-example
        ports: [{containerPort: 80}]
        resources: {limits: {cpu: 500m}, requests: {cpu: 200m}}
---
apiVersion: v1
kind: Service
metadata: {name: php-apache, labels: {run: php-apache}}
spec:
  ports: [{port: 80}]
  selector: {run: php-apache}
`;

describe('php:apache images behind a Service', () => {
  const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 3 });
  c.run('kubectl apply -f -', { stdin: PHP_APACHE });
  c.run('kubectl create deployment frontend --image=us-docker.pkg.dev/google-samples/containers/gke/gb-frontend:v5');
  c.run('kubectl expose deployment frontend --port=80');
  c.run('kubectl run client --image=busybox:1.28 -- sleep 3600');
  c.sim.runUntil(c.sim.now + 90_000);
  const ip = (pod: string): string => c.run(`kubectl get pod ${pod} -o jsonpath={.status.podIP}`).stdout;
  const esc = (s: string): string => s.replace(/[.()[\]]/g, '\\$&');

  it('hpa-example answers OK! and logs its startup and the request', () => {
    expect(c.run('kubectl exec client -- wget -q -O- http://php-apache').stdout).toBe('OK!');
    const lines = c.run('kubectl logs deploy/php-apache').stdout.trimEnd().split('\n');
    expect(lines[2]).toMatch(/\] \[mpm_prefork:notice\] \[pid 1\] AH00163: Apache\/2\.4\.10 \(Debian\) PHP\/5\.6\.14 configured -- resuming normal operations$/);
    expect(lines[4]).toMatch(new RegExp(`^${esc(ip('client'))} - - \\[13/Aug/2024:09:0\\d:\\d\\d \\+0000\\] "GET / HTTP/1\\.1" 200 218 "-" "Wget"$`));
  });

  // 1192: the 921-byte index.html and 271 bytes of status line and headers (a static file's
  // Last-Modified, ETag and Accept-Ranges, Connection: close).
  it('the guestbook frontend serves its page and logs the request in combined format', () => {
    expect(c.run('kubectl exec client -- wget -q -O- http://frontend').stdout).toContain('<h2>Guestbook</h2>');
    const lines = c.run('kubectl logs deploy/frontend').stdout.trimEnd().split('\n');
    expect(lines[2]).toContain('AH00163: Apache/2.4.38 (Debian) PHP/7.4.33 configured -- resuming normal operations');
    expect(lines[4]).toMatch(new RegExp(`^${esc(ip('client'))} - - \\[13/Aug/2024:09:0\\d:\\d\\d \\+0000\\] "GET / HTTP/1\\.1" 200 1192 "-" "Wget"$`));
  });
});
