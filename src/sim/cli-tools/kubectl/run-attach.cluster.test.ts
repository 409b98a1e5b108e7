// `kubectl run -i [-t] [--rm]` in the page (kubectl/pkg/cmd/run/run.go v1.31): the container takes
// stdin once, kubectl waits for the pod, attaches to a running one (attach.go's prompt hint) or
// prints the logs of one that already ended, and with --rm deletes the pod (`pod "x" deleted`).
// The flag errors are kubectl.1.31's texts (compared in src/serve/kubectl-compare.test.ts); through
// kubeplay serve, real kubectl's `run -i --rm` prints the same (src/serve/attach.test.ts).

import { beforeAll, describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';

let c: ReturnType<typeof buildCluster>;
beforeAll(() => {
  c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 13 });
  c.sim.runUntil(c.sim.now + 5_000);
});

describe('kubectl run -i --rm in the page', () => {
  it('prints what a short container wrote, deletes the pod, and exits 0', () => {
    const job = c.exec('kubectl run once --rm -i --image=busybox:1.36 --restart=Never -- echo hello');
    c.sim.runUntil(c.sim.now + 60_000);
    expect(c.output(job)).toMatchObject({ stdout: 'hello\npod "once" deleted\n', exitCode: 0 });
    expect(c.run('kubectl get pod once').stderr).toBe('Error from server (NotFound): pods "once" not found\n');
  });

  it('attaches to a running container: the prompt hint, its lines as they come, then the pod deleted when it ends', () => {
    const job = c.exec(`kubectl run loop -it --rm --image=busybox:1.36 --restart=Never -- sh -c 'while true; do echo hi; sleep 3; done'`);
    c.sim.runUntil(c.sim.now + 20_000);
    // The container ends when its pod is deleted by someone else; kubectl then deletes what is left.
    c.exec('kubectl delete pod loop --wait=false');
    c.sim.runUntil(c.sim.now + 60_000);
    const out = c.output(job)!;
    expect(out.stderr).toBe("If you don't see a command prompt, try pressing enter.\n");
    expect(out.stdout).toMatch(/^(hi\n){2,}(pod "loop" deleted\n)?$/);
    expect(out.exitCode).toBe(0);
  });

  it('makes the container with stdin once (and a tty with -t), as kubectl run -i -t does', () => {
    const job = c.exec('kubectl run keep -i -t --image=busybox:1.36 -- sleep 3600');
    c.sim.runUntil(c.sim.now + 3_000);
    expect(c.run("kubectl get pod keep -o jsonpath={.spec.containers[0].stdin},{.spec.containers[0].stdinOnce},{.spec.containers[0].tty}").stdout).toBe('true,true,true');
    c.run('kubectl delete pod keep --wait=false');
    c.sim.runUntil(c.sim.now + 60_000);
    expect(c.output(job)?.exitCode).toBe(0);
  });

  it('refuses what run.go refuses, with its texts', () => {
    const see = "\nSee 'kubectl run -h' for help and examples\n";
    expect(c.run('kubectl run x --image=busybox --rm')).toMatchObject({ stderr: `error: --rm should only be used for attached containers${see}`, exitCode: 1 });
    expect(c.run('kubectl run x --image=busybox -t').stderr).toBe(`error: -i/--stdin is required for containers with -t/--tty=true${see}`);
    expect(c.run('kubectl run x --image=busybox -it --dry-run=client').stderr).toBe(`error: --dry-run=[server|client] can't be used with attached containers options (--attach, --stdin, or --tty)${see}`);
    expect(c.run('kubectl run x --image=busybox -i --pod-running-timeout=0').stderr).toBe(`error: --pod-running-timeout must be higher than zero${see}`);
    expect(c.run('kubectl run x --image=busybox -i --pod-running-timeout=abc').stderr).toBe('error: invalid argument "abc" for "--pod-running-timeout" flag: time: invalid duration "abc"\nSee \'kubectl run --help\' for usage.\n');
  });
});
