// `kubectl attach` in the page, on the whole simulated cluster: kubectl -> kube-apiserver
// (pods/attach) -> the kubelet's /attach -> the container's main process output, read again every
// second while attached and flushed to the terminal as it comes. Sources: kubectl
// pkg/cmd/attach/attach.go v1.31 (argument errors, the completed-pod error, the TTY warning, the
// prompt hint), podcmd.FindOrDefaultContainerByName (`Defaulted container`), the kubelet's
// GetAttach (`container not found`).

import { beforeAll, describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';

const PODS = `apiVersion: v1
kind: Pod
metadata:
  name: loop
spec:
  containers:
  - name: loop
    image: busybox:1.36
    command: ["sh", "-c", "while true; do echo hi; sleep 5; done"]
  - name: side
    image: busybox:1.36
    command: ["sleep", "3600"]
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
  c.sim.runUntil(c.sim.now + 60_000);
});

describe('kubectl attach in the page', () => {
  it('gives kubectl v1.31\'s argument errors and refuses a completed pod (compared with kubectl.1.31)', () => {
    expect(c.run('kubectl attach')).toMatchObject({ stderr: 'error: at least 1 argument is required for attach\n', exitCode: 1 });
    expect(c.run('kubectl attach a b c').stderr).toBe('error: expected POD, TYPE/NAME, or TYPE NAME, (at most 2 arguments) saw 3: [a b c]\n');
    expect(c.run('kubectl attach nope').stderr).toBe('Error from server (NotFound): pods "nope" not found\n');
    expect(c.run('kubectl attach done').stderr).toBe('error: cannot attach a container in a completed pod; current phase is Succeeded\n');
  });

  it('streams the main process\'s new lines until the container ends, then exits 0', () => {
    const job = c.exec('kubectl attach -it loop');
    c.sim.runUntil(c.sim.now + 12_000);
    expect(c.output(job)).toBeUndefined();
    c.run('kubectl delete pod loop --wait=false');
    c.sim.runUntil(c.sim.now + 40_000);
    const out = c.output(job)!;
    expect(out.exitCode).toBe(0);
    expect(out.stderr).toBe(
      'Defaulted container "loop" out of: loop, side\nerror: Unable to use a TTY - container loop did not allocate one\nIf you don\'t see a command prompt, try pressing enter.\n',
    );
    // A line every 5 s, from the moment of attaching (none written before it).
    expect(out.stdout).toMatch(/^(hi\n){2,}$/);
  });
});
