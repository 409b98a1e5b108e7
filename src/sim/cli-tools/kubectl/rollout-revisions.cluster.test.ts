// ControllerRevisions and `kubectl rollout history|undo` for DaemonSets and StatefulSets on the
// whole simulated cluster. Sources: kubectl pkg/polymorphichelpers/history.go v1.31 (printHistory:
// the REVISION / CHANGE-CAUSE table, `No rollout history found.`, `with revision #N` and the pod
// template; `unable to find the specified revision`), rollback.go (DaemonSetRollbacker: `no last
// revision to roll back to`, `skipped rollback (current template already matches revision N)`,
// `rolled back`, the second-highest revision when --to-revision is not given), kubernetes
// pkg/controller/daemon/update.go constructHistory and pkg/controller/history (one revision per
// template, `<name>-<hash>`, a template seen before renumbered to the next revision, the owner's
// change-cause annotation copied), printers.go controllerRevisionColumnDefinitions
// (NAME CONTROLLER REVISION AGE), and the kubernetes.io task "Perform a Rollback on a DaemonSet"
// (https://kubernetes.io/docs/tasks/manage-daemon/rollback-daemon-set/), whose sample output still
// names the DaemonSet the pre-1.11 way (`daemonsets "<name>"`); v1.31's name printer writes
// `daemonset.apps/<name>`.

import { beforeAll, describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';

const DS = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
  annotations:
    kubernetes.io/change-cause: first agent
spec:
  selector:
    matchLabels: {app: agent}
  template:
    metadata:
      labels: {app: agent}
    spec:
      containers:
      - name: agent
        image: nginx:1.25
`;

const STS = `apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  serviceName: web
  replicas: 2
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: nginx
        image: nginx:1.25
`;

let c: ReturnType<typeof buildCluster>;
const settle = (ms = 30_000): void => c.sim.runUntil(c.sim.now + ms);

beforeAll(() => {
  c = buildCluster({ nodes: [{ name: 'worker-1' }, { name: 'worker-2' }] }, { seed: 12 });
  settle(5_000);
  c.run('kubectl apply -f -', { stdin: DS });
  c.run('kubectl apply -f -', { stdin: STS });
  settle();
}, 60_000);

describe('kubectl rollout history and undo for DaemonSets', () => {
  it('keeps one ControllerRevision per template, listed as kubectl get prints it', () => {
    const hash = c.run('kubectl get pods -l app=agent -o jsonpath={.items[0].metadata.labels.controller-revision-hash}').stdout;
    expect(c.run('kubectl get controllerrevisions -l app=agent').stdout).toMatch(
      new RegExp(`^NAME +CONTROLLER +REVISION +AGE\\nagent-${hash} +daemonset\\.apps/agent +1 +\\d+s\\n$`),
    );
    expect(c.run('kubectl rollout history daemonset/agent').stdout).toBe('daemonset.apps/agent \nREVISION  CHANGE-CAUSE\n1         first agent\n\n');
    expect(c.run('kubectl rollout undo ds/agent').stderr).toBe('error: no last revision to roll back to\n');
  });

  it('adds a revision for a new template, shows one with --revision, and rolls back to the one before', () => {
    expect(c.run('kubectl set image ds/agent agent=nginx:1.26').exitCode).toBe(0);
    settle(60_000);
    expect(c.run('kubectl rollout history ds agent').stdout).toBe('daemonset.apps/agent \nREVISION  CHANGE-CAUSE\n1         first agent\n2         first agent\n\n');
    const one = c.run('kubectl rollout history daemonset/agent --revision=1').stdout;
    expect(one).toBe('daemonset.apps/agent with revision #1\nPod Template:\n  Labels:\tapp=agent\n  Containers:\n   agent:\n    Image:\tnginx:1.25\n    Port:\t<none>\n    Host Port:\t<none>\n    Environment:\t<none>\n    Mounts:\t<none>\n  Volumes:\t<none>\n  Node-Selectors:\t<none>\n  Tolerations:\t<none>\n\n');
    expect(c.run('kubectl rollout history daemonset/agent --revision=7').stderr).toBe('error: unable to find the specified revision\n');
    expect(c.run('kubectl rollout undo daemonset/agent --to-revision=2').stdout).toBe('daemonset.apps/agent skipped rollback (current template already matches revision 2)\n');
    expect(c.run('kubectl rollout undo daemonset/agent --to-revision=9').stderr).toBe('error: unable to find specified revision 9 in history\n');
    expect(c.run('kubectl rollout undo daemonset/agent')).toMatchObject({ stdout: 'daemonset.apps/agent rolled back\n', exitCode: 0 });
    settle(60_000);
    expect(c.run('kubectl get ds agent -o jsonpath={.spec.template.spec.containers[0].image}').stdout).toBe('nginx:1.25');
    expect(c.run('kubectl get pods -l app=agent -o jsonpath={.items[*].spec.containers[0].image}').stdout).toBe('nginx:1.25 nginx:1.25');
    // Going back to revision 1's template renumbers it: the history now reads 2, 3.
    expect(c.run('kubectl get controllerrevisions -l app=agent -o jsonpath={.items[*].revision}').stdout.split(' ').sort()).toEqual(['2', '3']);
  });

  it('deletes the revisions with their DaemonSet', () => {
    c.run('kubectl delete ds agent');
    settle(20_000);
    expect(c.run('kubectl get controllerrevisions -l app=agent').stderr).toBe('No resources found in default namespace.\n');
  });
});

describe('kubectl rollout history and undo for StatefulSets', () => {
  it('names the revision as the pods\' label and status do, and rolls back', () => {
    const rev = c.run('kubectl get sts web -o jsonpath={.status.updateRevision}').stdout;
    expect(rev).toMatch(/^web-[a-z0-9]+$/);
    expect(c.run('kubectl get controllerrevisions -o name').stdout).toContain(`controllerrevision.apps/${rev}\n`);
    expect(c.run('kubectl rollout history statefulset/web').stdout).toBe('statefulset.apps/web \nREVISION  CHANGE-CAUSE\n1         <none>\n\n');
    c.run('kubectl set image sts/web nginx=nginx:1.26');
    settle(90_000);
    expect(c.run('kubectl rollout history sts/web --revision=2').stdout).toContain('    Image:\tnginx:1.26\n');
    expect(c.run('kubectl rollout undo sts/web').stdout).toBe('statefulset.apps/web rolled back\n');
    settle(90_000);
    expect(c.run('kubectl get pods -l app=web -o jsonpath={.items[*].spec.containers[0].image}').stdout).toBe('nginx:1.25 nginx:1.25');
  });
});
