// Two kubernetes.io pages about DaemonSets, run with their manifests unchanged:
// - the concept page https://kubernetes.io/docs/concepts/workloads/controllers/daemonset/ with
//   controllers/daemonset.yaml as the v1.31 docs carried it (fluentd-elasticsearch v2.5.2 in
//   kube-system, tolerating the control-plane taint): one pod on every node, each pinned by the node
//   affinity and given the tolerations the page's table lists; and "If you specify
//   --cascade=orphan ... the Pods will be left on the nodes. If you subsequently create a new
//   DaemonSet with the same selector, the new DaemonSet adopts the existing Pods";
// - the task https://kubernetes.io/docs/tasks/manage-daemon/update-daemon-set/ with
//   controllers/fluentd-daemonset.yaml as kubernetes/website has it now (fluentd v5.0.1, selector
//   app.kubernetes.io/name), each of its commands in order. The page's troubleshooting command
//   still selects `-l name=fluentd-elasticsearch`, which that manifest no longer sets: a real
//   cluster answers "No resources found", and so does this one.
// Names with random suffixes and ages are masked; rollout status and get were compared with
// kubectl v1.31.9 through `kubeplay serve`.
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';

const DAEMONSET = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: fluentd-elasticsearch
  namespace: kube-system
  labels:
    k8s-app: fluentd-logging
spec:
  selector:
    matchLabels:
      name: fluentd-elasticsearch
  template:
    metadata:
      labels:
        name: fluentd-elasticsearch
    spec:
      tolerations:
      # these tolerations are to have the daemonset runnable on control plane nodes
      # remove them if your control plane nodes should not run pods
      - key: node-role.kubernetes.io/control-plane
        operator: Exists
        effect: NoSchedule
      - key: node-role.kubernetes.io/master
        operator: Exists
        effect: NoSchedule
      containers:
      - name: fluentd-elasticsearch
        image: quay.io/fluentd_elasticsearch/fluentd:v2.5.2
        resources:
          limits:
            memory: 200Mi
          requests:
            cpu: 100m
            memory: 200Mi
        volumeMounts:
        - name: varlog
          mountPath: /var/log
      # it may be desirable to set a high priority class to ensure that a DaemonSet Pod
      # preempts running Pods
      # priorityClassName: important
      terminationGracePeriodSeconds: 30
      volumes:
      - name: varlog
        hostPath:
          path: /var/log
`;

const FLUENTD_DAEMONSET = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: fluentd-elasticsearch
  namespace: kube-system
  labels:
    k8s-app: fluentd-logging
spec:
  selector:
    matchLabels:
      app.kubernetes.io/name: fluentd-elasticsearch
  updateStrategy:
    type: RollingUpdate
    rollingUpdate:
      maxUnavailable: 1
  template:
    metadata:
      labels:
        app.kubernetes.io/name: fluentd-elasticsearch
    spec:
      tolerations:
      # these tolerations are to have the daemonset runnable on control plane nodes
      # remove them if your control plane nodes should not run pods
      - key: node-role.kubernetes.io/control-plane
        operator: Exists
        effect: NoSchedule
      - key: node-role.kubernetes.io/master
        operator: Exists
        effect: NoSchedule
      containers:
      - name: fluentd-elasticsearch
        image: quay.io/fluentd_elasticsearch/fluentd:v5.0.1
        volumeMounts:
        - name: varlog
          mountPath: /var/log
        - name: varlibdockercontainers
          mountPath: /var/lib/docker/containers
          readOnly: true
      terminationGracePeriodSeconds: 30
      volumes:
      - name: varlog
        hostPath:
          path: /var/log
      - name: varlibdockercontainers
        hostPath:
          path: /var/lib/docker/containers
`;

type Cluster = ReturnType<typeof buildCluster>;
const mask = (s: string): string => s.replace(/fluentd-elasticsearch-[b-z2-9]{5}/g, 'fluentd-elasticsearch-xxxxx').replace(/(?<= )\d+[smhd]\d*[smh]?(?= |$)/gm, '<age>');

function cluster(): Cluster {
  const c = buildCluster({ nodes: [{ name: 'worker-1' }, { name: 'worker-2' }] }, { seed: 7 });
  c.sim.runUntil(c.sim.now + 5_000);
  return c;
}
const podNames = (c: Cluster, selector: string): string[] =>
  c.run(`kubectl get pods -n kube-system -l ${selector} -o jsonpath={.items[*].metadata.name}`).stdout.split(' ').filter(Boolean);

describe('DaemonSet (kubernetes.io concept page, controllers/daemonset.yaml)', () => {
  const c = cluster();

  it('runs one fluentd-elasticsearch pod on every node, the control plane too', () => {
    // The page applies https://k8s.io/examples/controllers/daemonset.yaml; the same file comes in on stdin here.
    expect(c.run('kubectl apply -f -', { stdin: DAEMONSET }).stdout).toBe('daemonset.apps/fluentd-elasticsearch created\n');
    c.sim.runUntil(c.sim.now + 40_000);
    expect(mask(c.run('kubectl get ds -n kube-system fluentd-elasticsearch').stdout)).toBe(
      'NAME                    DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR   AGE\n' +
        'fluentd-elasticsearch   3         3         3       3            3           <none>          <age>\n',
    );
    const nodes = c.run(`kubectl get pods -n kube-system -l name=fluentd-elasticsearch -o jsonpath='{range .items[*]}{.spec.nodeName}{"\\n"}{end}'`).stdout;
    expect(nodes.split('\n').filter(Boolean).sort()).toEqual(['control-plane', 'worker-1', 'worker-2']);
  });

  it('pins each pod to its node by metadata.name and adds the tolerations of the page\'s table', () => {
    const pod = JSON.parse(c.run('kubectl get pods -n kube-system -l name=fluentd-elasticsearch -o json').stdout).items[0] as {
      spec: { nodeName: string; affinity: unknown; tolerations: { key: string; effect: string }[] };
    };
    expect(pod.spec.affinity).toEqual({
      nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [pod.spec.nodeName] }] }] } },
    });
    expect(pod.spec.tolerations.map((t) => `${t.key}:${t.effect}`)).toEqual([
      'node-role.kubernetes.io/control-plane:NoSchedule',
      'node-role.kubernetes.io/master:NoSchedule',
      'node.kubernetes.io/not-ready:NoExecute',
      'node.kubernetes.io/unreachable:NoExecute',
      'node.kubernetes.io/disk-pressure:NoSchedule',
      'node.kubernetes.io/memory-pressure:NoSchedule',
      'node.kubernetes.io/pid-pressure:NoSchedule',
      'node.kubernetes.io/unschedulable:NoSchedule',
    ]);
    expect(c.run('kubectl describe ds -n kube-system fluentd-elasticsearch').stdout).toContain('\nAnnotations:    deprecated.daemonset.template.generation: 1\n');
  });

  it('leaves the pods with --cascade=orphan, and a new DaemonSet with the same selector adopts them', () => {
    const before = podNames(c, 'name=fluentd-elasticsearch').sort();
    expect(c.run('kubectl delete ds fluentd-elasticsearch -n kube-system --cascade=orphan').stdout).toBe('daemonset.apps "fluentd-elasticsearch" deleted\n');
    c.sim.runUntil(c.sim.now + 10_000);
    expect(podNames(c, 'name=fluentd-elasticsearch').sort()).toEqual(before);
    expect(c.run('kubectl apply -f -', { stdin: DAEMONSET }).stdout).toBe('daemonset.apps/fluentd-elasticsearch created\n');
    c.sim.runUntil(c.sim.now + 10_000);
    expect(podNames(c, 'name=fluentd-elasticsearch').sort()).toEqual(before);
    const uid = c.run('kubectl get ds -n kube-system fluentd-elasticsearch -o jsonpath={.metadata.uid}').stdout;
    const owners = c.run(`kubectl get pods -n kube-system -l name=fluentd-elasticsearch -o jsonpath='{.items[*].metadata.ownerReferences[0].uid}'`).stdout;
    expect(owners).toBe([uid, uid, uid].join(' '));
    expect(mask(c.run('kubectl get ds -n kube-system fluentd-elasticsearch --no-headers').stdout)).toBe('fluentd-elasticsearch   3     3     3     3     3     <none>   <age>\n');
    // Deleting it now takes the adopted pods with it.
    c.run('kubectl delete ds fluentd-elasticsearch -n kube-system');
    c.sim.runUntil(c.sim.now + 45_000);
    expect(c.run('kubectl get pods -n kube-system -l name=fluentd-elasticsearch').stderr).toBe('No resources found in kube-system namespace.\n');
  });
});

describe('Perform a Rolling Update on a DaemonSet (kubernetes.io task page, controllers/fluentd-daemonset.yaml)', () => {
  const c = cluster();
  const template = `-o go-template='{{.spec.updateStrategy.type}}{{"\\n"}}'`;

  it('creates the DaemonSet and shows its update strategy both ways: RollingUpdate', () => {
    // "If you haven't created the DaemonSet in the system, check your DaemonSet manifest with the following command instead".
    expect(c.run(`kubectl apply -f - --dry-run=client ${template}`, { stdin: FLUENTD_DAEMONSET }).stdout).toBe('RollingUpdate\n');
    expect(c.run('kubectl create -f -', { stdin: FLUENTD_DAEMONSET }).stdout).toBe('daemonset.apps/fluentd-elasticsearch created\n');
    expect(c.run(`kubectl get ds/fluentd-elasticsearch ${template} -n kube-system`).stdout).toBe('RollingUpdate\n');
    c.sim.runUntil(c.sim.now + 40_000);
    expect(c.run('kubectl rollout status ds/fluentd-elasticsearch -n kube-system').stdout).toBe('daemon set "fluentd-elasticsearch" successfully rolled out\n');
  });

  it('applies the same manifest after create: kubectl warns it lacks the last-applied annotation', () => {
    const r = c.run('kubectl apply -f -', { stdin: FLUENTD_DAEMONSET });
    expect(r.stderr).toBe(
      'Warning: resource daemonsets/fluentd-elasticsearch is missing the kubectl.kubernetes.io/last-applied-configuration annotation which is required by kubectl apply. ' +
        'kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. The missing annotation will be patched automatically.\n',
    );
    expect(r.stdout).toBe('daemonset.apps/fluentd-elasticsearch configured\n');
  });

  it('rolls out a new image node by node with set image, as rollout status shows', () => {
    const old = podNames(c, 'app.kubernetes.io/name=fluentd-elasticsearch');
    expect(c.run('kubectl set image ds/fluentd-elasticsearch fluentd-elasticsearch=quay.io/fluentd_elasticsearch/fluentd:v2.6.0 -n kube-system').stdout).toBe(
      'daemonset.apps/fluentd-elasticsearch image updated\n',
    );
    // kubectl's DaemonSetStatusViewer, one line per change it sees, until every node runs the new template.
    const lines = c.run('kubectl rollout status ds/fluentd-elasticsearch -n kube-system').stdout.split('\n').filter(Boolean);
    expect(lines[lines.length - 1]).toBe('daemon set "fluentd-elasticsearch" successfully rolled out');
    expect(lines).toContain('Waiting for daemon set "fluentd-elasticsearch" rollout to finish: 0 out of 3 new pods have been updated...');
    expect(lines).toContain('Waiting for daemon set "fluentd-elasticsearch" rollout to finish: 2 out of 3 new pods have been updated...');
    const now = podNames(c, 'app.kubernetes.io/name=fluentd-elasticsearch');
    expect(now.filter((n) => old.includes(n))).toEqual([]);
    expect(c.run(`kubectl get pods -n kube-system -l app.kubernetes.io/name=fluentd-elasticsearch -o jsonpath='{.items[*].spec.containers[0].image}'`).stdout).toBe(
      Array(3).fill('quay.io/fluentd_elasticsearch/fluentd:v2.6.0').join(' '),
    );
    expect(c.run(`kubectl get ds -n kube-system fluentd-elasticsearch -o jsonpath='{.metadata.annotations.deprecated\\.daemonset\\.template\\.generation}'`).stdout).toBe('2');
  });

  it('finds no pods with the troubleshooting selector the page still uses, and deletes the DaemonSet', () => {
    expect(c.run('kubectl get pods -l name=fluentd-elasticsearch -o wide -n kube-system').stderr).toBe('No resources found in kube-system namespace.\n');
    expect(c.run('kubectl get pods -l app.kubernetes.io/name=fluentd-elasticsearch -o wide -n kube-system').stdout).toMatch(
      /^NAME {26}READY {3}STATUS {4}RESTARTS {3}AGE +IP {11}NODE {12}NOMINATED NODE {3}READINESS GATES\n(fluentd-elasticsearch-[b-z2-9]{5} {3}1\/1 {5}Running {3}0 {10}\d+s +10\.244\.\d\.\d +(control-plane|worker-1 {5}|worker-2 {5}) {3}<none> {11}<none>\n){3}$/,
    );
    expect(c.run('kubectl delete ds fluentd-elasticsearch -n kube-system').stdout).toBe('daemonset.apps "fluentd-elasticsearch" deleted\n');
  });
});
