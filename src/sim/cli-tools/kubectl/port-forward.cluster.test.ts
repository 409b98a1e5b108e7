// `kubectl port-forward` in the page: kubectl's own checks as v1.31 makes them
// (kubectl/pkg/cmd/portforward/portforward.go: the usage error, the object's API errors, a pod
// that is not running), then the page's words that it cannot listen on a local port. Real
// forwarding through kubeplay serve is src/serve/port-forward.test.ts.

import { beforeAll, describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';

const PODS = `apiVersion: v1
kind: Pod
metadata:
  name: web
  labels: {app: web}
spec:
  containers:
  - name: nginx
    image: nginx:1.27.1
---
apiVersion: v1
kind: Pod
metadata:
  name: done
spec:
  restartPolicy: Never
  containers:
  - name: once
    image: busybox:1.36
    command: ["true"]
`;

let c: ReturnType<typeof buildCluster>;
beforeAll(() => {
  c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 12 });
  c.sim.runUntil(c.sim.now + 5_000);
  c.run('kubectl apply -f -', { stdin: PODS });
  c.run('kubectl expose pod web --port 8080 --target-port 80');
  c.sim.runUntil(c.sim.now + 60_000);
});

describe('kubectl port-forward in the page', () => {
  it('gives kubectl v1.31\'s usage error without a name and a port (compared with kubectl.1.31)', () => {
    const out = c.run('kubectl port-forward web');
    expect(out).toMatchObject({ stdout: '', stderr: "error: TYPE/NAME and list of ports are required for port-forward\nSee 'kubectl port-forward -h' for help and examples\n", exitCode: 1 });
  });

  it('passes on the API\'s errors and refuses a pod that is not running', () => {
    expect(c.run('kubectl port-forward pod/nope 8080:80').stderr).toBe('Error from server (NotFound): pods "nope" not found\n');
    expect(c.run('kubectl port-forward svc/nope 8080:80').stderr).toBe('Error from server (NotFound): services "nope" not found\n');
    expect(c.run('kubectl port-forward done 8080:80').stderr).toBe('error: unable to forward port because pod is not running. Current status=Succeeded\n');
  });

  it('says that a page cannot listen on a local port, where forwarding works, and how to reach the port from inside', () => {
    const out = c.run('kubectl port-forward pod/web 8080:80');
    expect(out.exitCode).toBe(1);
    expect(out.stdout).toBe('');
    expect(out.stderr).toBe(
      'error: a web page cannot listen on local ports, so port-forward runs with your own kubectl against `npx kubeplay serve` (README, "Use your own kubectl"), forwarding into this same simulation\n' +
        'From inside the cluster: kubectl exec <pod> -- wget -qO- localhost:80\n',
    );
    expect(c.run('kubectl port-forward svc/web :8080').stderr).toContain('From inside the cluster: kubectl exec <pod> -- wget -qO- web:8080\n');
  });
});
