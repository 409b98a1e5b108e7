// metrics-server v0.7.2 installed as learners do (`kubectl apply -f components.yaml`, the release
// manifest of kubernetes-sigs/metrics-server built from manifests/overlays/release, plus the
// `--kubelet-insecure-tls` its README tells kubeadm labs to add; testdata/), then `kubectl top`.
// Sources: kubectl v1.31 pkg/cmd/top/top_node.go, top_pod.go, pkg/metricsutil/metrics_printer.go;
// metrics-server pkg/storage (two points before a rate, /readyz metric-storage-ready), pkg/api;
// kube-aggregator pkg/controllers/status (Available, MissingEndpoints) and the APIService printer
// (NAME SERVICE AVAILABLE AGE); docs: tasks/debug/debug-cluster/resource-metrics-pipeline.
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';
import { METRICS_SERVER_COMPONENTS_YAML as MANIFEST } from './testdata/components-v0.7.2-kubeadm';

describe('metrics-server and kubectl top', () => {
  const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 7 });
  const run = (line: string) => c.run(line);

  it('before the install: top says the Metrics API is not available, as on a bare kubeadm cluster', () => {
    expect(run('kubectl top pod')).toMatchObject({ stdout: '', stderr: 'error: Metrics API not available\n', exitCode: 1 });
  });

  it('the manifest applies unchanged; the APIService waits for endpoints (MissingEndpoints)', () => {
    expect(c.run('kubectl apply -f components.yaml', { files: { 'components.yaml': MANIFEST } }).stdout).toContain('apiservice.apiregistration.k8s.io/v1beta1.metrics.k8s.io created\n');
    run('kubectl run web --image=nginx:1.27');
    // The docs' memory-demo (tasks/configure-pod-container/assign-memory-resource), renamed.
    const hog = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: memory-hog\nspec:\n  containers:\n  - name: memory-demo-ctr\n    image: polinux/stress\n    resources:\n      requests:\n        memory: "100Mi"\n      limits:\n        memory: "200Mi"\n    command: ["stress"]\n    args: ["--vm", "1", "--vm-bytes", "150M", "--vm-hang", "1"]\n';
    expect(c.run('kubectl apply -f -', { stdin: hog }).stdout).toBe('pod/memory-hog created\n');
    expect(run('kubectl get apiservice v1beta1.metrics.k8s.io').stdout).toMatch(/^NAME {21}SERVICE {22}AVAILABLE {18}AGE\nv1beta1\.metrics\.k8s\.io {3}kube-system\/metrics-server {3}False \(MissingEndpoints\) {3}\d+s\n$/);
    // Beside the autoregistered Local ones (aggregator/autoregister.ts), sorted by name.
    expect(run('kubectl get apiservices').stdout).toMatch(/\nv1\.storage\.k8s\.io +Local +True +\d+s\nv1beta1\.metrics\.k8s\.io +kube-system\/metrics-server +False \(MissingEndpoints\) +\d+s\nv2\.autoscaling +Local +True +\d+s\n$/);
    expect(run('kubectl api-versions').stdout).not.toContain('metrics.k8s.io');
  });

  it('after two scrapes /readyz passes, the APIService is Available and discovery lists metrics.k8s.io/v1beta1', () => {
    c.sim.runUntil(c.sim.now + 15_000);
    expect(run('kubectl get pods -n kube-system -l k8s-app=metrics-server').stdout).toMatch(/ 0\/1 {5}Running/);
    c.sim.runUntil(c.sim.now + 40_000);
    expect(run('kubectl get pods -n kube-system -l k8s-app=metrics-server').stdout).toMatch(/ 1\/1 {5}Running/);
    expect(run('kubectl get apiservices').stdout).toMatch(/\nv1beta1\.metrics\.k8s\.io {12}kube-system\/metrics-server {3}True {8}\d+s\n/);
    expect(run('kubectl api-versions').stdout).toContain('\nmetrics.k8s.io/v1beta1\n');
  });

  it('top node: CPU in millicores and % of allocatable, memory in Mi, each cell padded as the tabwriter does', () => {
    const out = run('kubectl top node').stdout;
    expect(out).toMatch(/^NAME {12}CPU\(cores\) {3}CPU% {3}MEMORY\(bytes\) {3}MEMORY% {3}\ncontrol-plane {3}\d+m +\d+% +\d+Mi +\d+% +\nworker-1 {8}\d+m +\d+% +\d+Mi +\d+% +\n$/);
    expect(run('kubectl top node worker-1 --no-headers').stdout).toMatch(/^worker-1 {3}\d+m {3}\d+% +\d+Mi {3}\d+% +\n$/);
    expect(run('kubectl top node -l nope=1')).toMatchObject({ stderr: 'error: metrics not available yet\n', exitCode: 1 });
  });

  it('top pod: nginx idles near 1m and a few Mi; stress holds what --vm-bytes asks; --containers, -A and --sort-by', () => {
    const out = run('kubectl top pod --sort-by=memory').stdout;
    expect(out).toMatch(/^NAME {9}CPU\(cores\) {3}MEMORY\(bytes\) {3}\nmemory-hog {3}[01]m {11}15[0-2]Mi {11}\nweb {10}[01]m {11}[3-8]Mi {13}\n$/);
    expect(run('kubectl top pod web --containers').stdout).toMatch(/^POD {3}NAME {3}CPU\(cores\) {3}MEMORY\(bytes\) {3}\nweb {3}web {4}[01]m/);
    const all = run('kubectl top pod -A').stdout.split('\n');
    expect(all[0]).toBe('NAMESPACE     NAME                                    CPU(cores)   MEMORY(bytes)   ');
    expect(all.slice(1, 3).map((l) => l.split(/ +/)[1])).toEqual(['memory-hog', 'web']);
    expect(all.some((l) => /^kube-system +kube-apiserver-control-plane +\d+m +\d+Mi/.test(l))).toBe(true);
  });

  it('errors: a missing pod is the server NotFound; a new pod is "metrics not available yet"; an old one names its age', () => {
    expect(run('kubectl top pod nope').stderr).toBe('Error from server (NotFound): podmetrics.metrics.k8s.io "default/nope" not found\n');
    expect(run('kubectl top pod -n kube-public')).toMatchObject({ stdout: '', stderr: 'No resources found in kube-public namespace.\n', exitCode: 0 });
    run('kubectl create namespace fresh');
    run('kubectl run typo -n fresh --image=nginx:1.99.99');
    c.sim.runUntil(c.sim.now + 5_000);
    expect(run('kubectl top pod -n fresh')).toMatchObject({ stderr: 'error: metrics not available yet\n', exitCode: 1 });
    c.sim.runUntil(c.sim.now + 120_000);
    expect(run('kubectl top pod -n fresh').stderr).toMatch(/^error: Metrics not available for pod fresh\/typo, age: 2m\d+(\.\d+)?s\n$/);
  });

  it('the Metrics API through the aggregator: NodeMetrics with a 15s window, nanocores and Ki', () => {
    const nm = JSON.parse(run('kubectl get --raw /apis/metrics.k8s.io/v1beta1/nodes/worker-1').stdout) as { kind: string; window: string; usage: { cpu: string; memory: string } };
    expect(nm).toMatchObject({ kind: 'NodeMetrics', window: '15s' });
    expect(nm.usage.cpu).toMatch(/^\d+n$/);
    expect(nm.usage.memory).toMatch(/^\d+Ki$/);
  });

  it('APIService validation: the name must be version.group (kube-aggregator ValidateAPIService)', () => {
    const bad = 'apiVersion: apiregistration.k8s.io/v1\nkind: APIService\nmetadata:\n  name: wrong\nspec:\n  group: example.com\n  version: v1\n  groupPriorityMinimum: 100\n  versionPriority: 10\n';
    expect(c.run('kubectl apply -f -', { stdin: bad }).stderr).toContain('metadata.name: Invalid value: "wrong": must be `spec.version+"."+spec.group`');
  });

  it('without endpoints the APIService is MissingEndpoints and top is unavailable again', () => {
    run('kubectl delete deployment metrics-server -n kube-system');
    c.sim.runUntil(c.sim.now + 40_000);
    expect(run('kubectl get apiservices').stdout).toContain('False (MissingEndpoints)');
    expect(run('kubectl top node').stderr).toBe('error: Metrics API not available\n');
    // kube-aggregator's proxy answers 503 while the APIService is unavailable; client-go names it.
    expect(run('kubectl get --raw /apis/metrics.k8s.io/v1beta1/nodes').stderr).toBe('Error from server (ServiceUnavailable): the server is currently unable to handle the request\n');
  });
});
