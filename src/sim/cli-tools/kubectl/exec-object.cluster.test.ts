// `kubectl exec TYPE/NAME` and `kubectl attach TYPE/NAME` (kubectl v1.31 pkg/cmd/exec/exec.go Run:
// the builder's ResourceNames("pods", NAME) and its error as it is; pkg/cmd/attach/attach.go;
// pkg/polymorphichelpers/attachablepodforobject.go: a Pod is itself, anything else goes through
// helpers.go SelectorsForObject, `cannot attach to %T: %v`, then GetFirstPod with
// sort.Reverse(podutils.ActivePods) and no word about which pod; pkg/util/podutils/podutils.go ActivePods).
import { describe, expect, it } from 'vitest';
import type { Pod } from '../../api/types';
import { buildCluster } from '../../cluster';
import { byReverseActivePods } from './commands/podutils';

describe('kubectl exec TYPE/NAME', () => {
  const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 3 });
  c.run('kubectl create deployment web --image=nginx:1.25 --replicas=2');
  c.run('kubectl expose deployment web --port=80');
  c.run('kubectl create configmap cm1');
  c.sim.runUntil(c.sim.now + 60_000);
  // Both pods Running and ready on worker-1, no restarts: the one ready longer (then the older) comes first.
  const pods = c.run('kubectl get pods -l app=web -o json').stdout;
  const chosen = [...(JSON.parse(pods) as { items: Pod[] }).items].sort(byReverseActivePods)[0]!.metadata.name!;

  it("runs in the first pod of a Deployment, a ReplicaSet and a Service, printing only the command's output", () => {
    const rs = c.run('kubectl get rs -o name').stdout.trim();
    for (const target of ['deploy/web', 'deployment/web', 'deployments.apps/web', rs, 'svc/web']) {
      expect(c.run(`kubectl exec ${target} -- hostname`)).toMatchObject({ stdout: `${chosen}\n`, stderr: '', exitCode: 0 });
    }
    expect(c.run('kubectl exec pod/' + chosen + ' -- hostname').stdout).toBe(`${chosen}\n`);
  });

  // The app's terminal sends each line typed at the prompt as one more exec into session.pod (terminal-session.ts).
  it('opens an -it session in the chosen pod, so the lines typed next go to that pod', () => {
    expect(c.run('kubectl exec -it deploy/web -- bash')).toMatchObject({ exitCode: 0, session: { pod: chosen, container: 'nginx', prompt: `root@${chosen}:/# ` } });
  });

  it('picks the pod ready longer, not the first one listed (ActivePods rule 6, reversed)', () => {
    c.run('kubectl run b --image=nginx:1.25 --labels=app=pick');
    c.sim.runUntil(c.sim.now + 30_000);
    c.run('kubectl run a --image=nginx:1.25 --labels=app=pick');
    c.sim.runUntil(c.sim.now + 30_000);
    c.run('kubectl expose pod b --name=pick --port=80');
    expect(c.run('kubectl get pods -l app=pick -o name').stdout).toBe('pod/a\npod/b\n');
    expect(c.run('kubectl exec svc/pick -- hostname').stdout).toBe('b\n');
  });

  it("refuses a Service without a selector and a kind without one in attachablePodForObject's words", () => {
    const bare = 'apiVersion: v1\nkind: Service\nmetadata:\n  name: bare\nspec:\n  ports:\n  - port: 80\n';
    c.run('kubectl apply -f s.yaml', { files: { 's.yaml': bare } });
    expect(c.run('kubectl exec svc/bare -- hostname')).toMatchObject({ stderr: "error: cannot attach to *v1.Service: invalid service 'bare': Service is defined without a selector\n", exitCode: 1 });
    expect(c.run('kubectl exec cm/cm1 -- hostname').stderr).toBe('error: cannot attach to *v1.ConfigMap: selector for *v1.ConfigMap not implemented\n');
    expect(c.run('kubectl exec foo/x -- hostname').stderr).toBe('error: the server doesn\'t have a resource type "foo"\n');
  });

  it("passes the builder's NotFound through unwrapped", () => {
    expect(c.run('kubectl exec deploy/nope -- hostname')).toMatchObject({ stderr: 'Error from server (NotFound): deployments.apps "nope" not found\n', exitCode: 1 });
  });

  it('attach takes TYPE/NAME and TYPE NAME the same way, and stays attached to the chosen pod until it ends', () => {
    expect(c.run('kubectl attach svc/bare').stderr).toBe("error: cannot attach to *v1.Service: invalid service 'bare': Service is defined without a selector\n");
    expect(c.run('kubectl attach deploy nope').stderr).toBe('Error from server (NotFound): deployments.apps "nope" not found\n');
    const jobs = [c.exec('kubectl attach deploy/web'), c.exec('kubectl attach deploy web')];
    c.sim.runUntil(c.sim.now + 5_000);
    expect(jobs.map((j) => c.output(j))).toEqual([undefined, undefined]);
    c.run(`kubectl delete pod ${chosen} --wait=false`);
    c.sim.runUntil(c.sim.now + 60_000);
    for (const j of jobs) expect(c.output(j)).toMatchObject({ stderr: "If you don't see a command prompt, try pressing enter.\n", exitCode: 0 });
  });
});
