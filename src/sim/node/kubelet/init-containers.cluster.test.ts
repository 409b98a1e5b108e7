// Init containers as a v1.31 kubelet runs them (kuberuntime_manager.go computePodActions,
// kuberuntime_container.go computeInitContainerActions, kubelet_pods.go getPhase, status/generate.go
// GeneratePodInitializedCondition) and as `kubectl get pods` prints them (printers.go printPod:
// `Init:0/2`, `Init:Error`, `Init:CrashLoopBackOff`), following
// https://kubernetes.io/docs/concepts/workloads/pods/init-containers/ ("each init container must
// complete successfully before the next one starts"; "if the Pod has a restartPolicy of Never, and an
// init container fails during startup, Kubernetes treats the overall Pod as failed") and the sidecar
// page (concepts/workloads/pods/sidecar-containers: an init container with restartPolicy: Always).
// One cluster for the file; each case uses its own pods.
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';

const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 7 });
c.sim.runUntil(c.sim.now + 5_000);

const apply = (yaml: string): string => c.run('kubectl apply -f -', { stdin: yaml }).stdout;
const run = (ms: number): void => c.sim.runUntil(c.sim.now + ms);
/** The STATUS cell of `kubectl get pod <name>`. */
const status = (name: string): string => c.run(`kubectl get pod ${name} --no-headers`).stdout.split(/\s+/)[2] ?? '';

// The docs page's example, unchanged (kubernetes/website content/en/docs/concepts/workloads/pods/init-containers.md).
const MYAPP = `apiVersion: v1
kind: Pod
metadata:
  name: myapp-pod
  labels:
    app.kubernetes.io/name: MyApp
spec:
  containers:
  - name: myapp-container
    image: busybox:1.28
    command: ['sh', '-c', 'echo The app is running! && sleep 3600']
  initContainers:
  - name: init-myservice
    image: busybox:1.28
    command: ['sh', '-c', "until nslookup myservice.$(cat /var/run/secrets/kubernetes.io/serviceaccount/namespace).svc.cluster.local; do echo waiting for myservice; sleep 2; done"]
  - name: init-mydb
    image: busybox:1.28
    command: ['sh', '-c', "until nslookup mydb.$(cat /var/run/secrets/kubernetes.io/serviceaccount/namespace).svc.cluster.local; do echo waiting for mydb; sleep 2; done"]
`;

const SERVICES = `---
apiVersion: v1
kind: Service
metadata:
  name: myservice
spec:
  ports:
  - protocol: TCP
    port: 80
    targetPort: 9376
---
apiVersion: v1
kind: Service
metadata:
  name: mydb
spec:
  ports:
  - protocol: TCP
    port: 80
    targetPort: 9377
`;

function pod(name: string, policy: string, inits: [string, string, string?][]): string {
  const init = inits.map(([n, script, extra]) => `  - name: ${n}\n    image: busybox:1.28\n${extra ?? ''}    command: ['sh', '-c', '${script}']\n`).join('');
  return `apiVersion: v1\nkind: Pod\nmetadata:\n  name: ${name}\nspec:\n  restartPolicy: ${policy}\n  containers:\n  - name: app\n    image: busybox:1.28\n    command: ['sh', '-c', 'echo The app is running! && sleep 3600']\n  initContainers:\n${init}`;
}

describe('init containers', () => {
  it('runs them one after the other before the app: Init:0/2, Init:1/2, then Running, with each log under -c', () => {
    apply(pod('seq', 'Always', [['first', 'echo first; sleep 10'], ['second', 'echo second; sleep 10']]));
    run(4_000);
    expect(status('seq')).toBe('Init:0/2');
    const waiting = JSON.parse(c.run('kubectl get pod seq -o json').stdout) as { status: { phase: string; initContainerStatuses: { state: object }[]; containerStatuses: { state: object }[]; conditions: { type: string; status: string; reason?: string; message?: string }[] } };
    expect(waiting.status.phase).toBe('Pending');
    expect(waiting.status.initContainerStatuses[1]!.state).toEqual({ waiting: { reason: 'PodInitializing' } });
    expect(waiting.status.containerStatuses[0]!.state).toEqual({ waiting: { reason: 'PodInitializing' } });
    expect(waiting.status.conditions.find((x) => x.type === 'Initialized')).toMatchObject({
      status: 'False', reason: 'ContainersNotInitialized', message: 'containers with incomplete status: [first second]',
    });
    run(8_000);
    expect(status('seq')).toBe('Init:1/2');
    run(12_000);
    expect(c.run('kubectl get pod seq').stdout).toMatch(/^seq\s+1\/1\s+Running\s+0\s/m);
    expect(c.run('kubectl logs seq -c first').stdout).toBe('first\n');
    expect(c.run('kubectl logs seq -c second').stdout).toBe('second\n');
    // kubectl podcmd AllContainerNames: app containers first, then the init containers.
    expect(c.run('kubectl logs seq').stderr).toBe('Defaulted container "app" out of: app, first (init), second (init)\n');
    const d = c.run('kubectl describe pod seq').stdout;
    expect(d).toMatch(/Init Containers:\n {2}first:\n[\s\S]*? {4}State: {10}Terminated\n {6}Reason: {7}Completed\n {6}Exit Code: {4}0\n[\s\S]*? {4}Ready: {10}True\n/);
    // The events name the container by its field path: spec.initContainers{first}.
    const items = (JSON.parse(c.run('kubectl get events -o json').stdout) as { items: { involvedObject: { name: string; fieldPath?: string }; reason: string }[] }).items;
    const events = items.filter((e) => e.involvedObject.name === 'seq').map((e) => `${e.involvedObject.fieldPath ?? ''} ${e.reason}\n`).join('');
    expect(events).toContain('spec.initContainers{first} Started\n');
    expect(events.indexOf('spec.initContainers{second} Started')).toBeLessThan(events.indexOf('spec.containers{app} Started'));
  });

  it('waits in Init:0/2 while myservice does not resolve, and runs once the docs page\'s Services exist', () => {
    expect(apply(MYAPP)).toBe('pod/myapp-pod created\n');
    run(20_000);
    expect(c.run('kubectl get pod myapp-pod').stdout).toMatch(/^NAME {8}READY {3}STATUS {5}RESTARTS {3}AGE\nmyapp-pod {3}0\/1 {5}Init:0\/2 {3}0 {10}\d+s\n$/);
    // busybox 1.28's nslookup: the server, then the failure on stderr; the loop's echo; again.
    const waiting = c.run('kubectl logs myapp-pod -c init-myservice').stdout;
    expect(waiting.startsWith('Server:    10.96.0.10\nAddress 1: 10.96.0.10 kube-dns.kube-system.svc.cluster.local\n\nnslookup: can\'t resolve \'myservice.default.svc.cluster.local\'\nwaiting for myservice\n')).toBe(true);
    expect(c.run('kubectl logs myapp-pod -c init-mydb').stderr).toContain('container "init-mydb" in pod "myapp-pod" is waiting to start: PodInitializing');
    apply(SERVICES);
    run(15_000);
    expect(c.run('kubectl get pod myapp-pod').stdout).toMatch(/^myapp-pod\s+1\/1\s+Running\s+0\s/m);
    const ip = c.run('kubectl get svc mydb -o jsonpath={.spec.clusterIP}').stdout;
    expect(c.run('kubectl logs myapp-pod -c init-mydb').stdout).toContain(`\nName:      mydb.default.svc.cluster.local\nAddress 1: ${ip} mydb.default.svc.cluster.local\n`);
    expect(c.run('kubectl logs myapp-pod').stdout).toBe('The app is running!\n');
  });

  it('fails the pod when an init container fails under restartPolicy Never: Init:Error, phase Failed, the app never started', () => {
    apply(pod('never', 'Never', [['ok', 'echo fine'], ['bad', 'echo failing; exit 1']]));
    run(15_000);
    expect(c.run('kubectl get pod never').stdout).toMatch(/^never\s+0\/1\s+Init:Error\s+0\s/m);
    expect(c.run('kubectl get pod never -o jsonpath={.status.phase}').stdout).toBe('Failed');
    expect(c.run('kubectl get pod never -o jsonpath={.status.containerStatuses[0].state.waiting.reason}').stdout).toBe('PodInitializing');
    expect(c.run('kubectl logs never -c bad').stdout).toBe('failing\n');
    expect(c.run('kubectl logs never').stderr).toContain('container "app" in pod "never" is waiting to start: PodInitializing');
  });

  it('restarts a failing init container under the crash-loop back-off when restartPolicy is Always: Init:CrashLoopBackOff', () => {
    apply(pod('loop', 'Always', [['bad', 'exit 1']]));
    run(45_000);
    const row = c.run('kubectl get pod loop').stdout;
    expect(row).toMatch(/^loop\s+0\/1\s+Init:CrashLoopBackOff\s+[2-4] \(\d+s ago\)\s/m);
    expect(c.run('kubectl get pod loop -o jsonpath={.status.phase}').stdout).toBe('Pending');
    expect(c.run('kubectl describe pod loop').stdout).toContain('Back-off restarting failed container bad in pod loop_default(');
  });

  it('starts a sidecar (restartPolicy: Always) and keeps it running beside the app: 2/2 Running', () => {
    apply(pod('side', 'Always', [['shipper', 'sleep 3600', '    restartPolicy: Always\n'], ['setup', 'echo ready']]));
    run(15_000);
    expect(c.run('kubectl get pod side').stdout).toMatch(/^side\s+2\/2\s+Running\s+0\s/m);
    expect(c.run('kubectl get pod side -o jsonpath={.status.initContainerStatuses[0].state.running.startedAt}').stdout).not.toBe('');
  });

  it('holds the next init container back until a sidecar\'s startupProbe succeeds', () => {
    const probe = '    startupProbe:\n      exec:\n        command: ["cat", "/tmp/ready"]\n      periodSeconds: 2\n      failureThreshold: 10\n';
    apply(pod('slow-side', 'Always', [['shipper', 'sleep 8; touch /tmp/ready; sleep 3600', `    restartPolicy: Always\n${probe}`], ['setup', 'echo ready']]));
    run(6_000);
    expect(status('slow-side')).toBe('Init:0/2');
    run(15_000);
    expect(c.run('kubectl get pod slow-side').stdout).toMatch(/^slow-side\s+2\/2\s+Running\s+0\s/m);
  });
});
