// kubectl taint and api-resources against the whole simulated cluster. Texts: kubectl/pkg/cmd/taint
// (taint.go, utils.go: tainted, untainted, modified, `taint "k:NoSchedule" not found`) and
// kubectl/pkg/cmd/apiresources/apiresources.go (NAME SHORTNAMES APIVERSION NAMESPACED KIND, sorted
// by group then name), v1.31. A NoExecute taint makes the taint eviction controller delete the pods
// that do not tolerate it (pkg/controller/tainteviction).

import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';

describe('kubectl taint on a cluster', () => {
  it('adds, overwrites and removes taints with the real texts and errors', () => {
    const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 3 });
    const out = (line: string): string => {
      const o = c.run(line);
      return o.stdout + o.stderr;
    };
    expect(out('kubectl taint nodes worker-1 dedicated=db:NoSchedule')).toBe('node/worker-1 tainted\n');
    expect(out('kubectl taint nodes worker-1 dedicated=db:NoSchedule')).toBe('error: node worker-1 already has dedicated taint(s) with same effect(s) and --overwrite is false\n');
    expect(out('kubectl taint nodes worker-1 dedicated=web:NoSchedule --overwrite')).toBe('node/worker-1 modified\n');
    expect(c.run('kubectl describe node worker-1').stdout).toMatch(/^Taints:\s+dedicated=web:NoSchedule$/m);
    expect(out('kubectl taint node worker-1 dedicated:NoSchedule-')).toBe('node/worker-1 untainted\n');
    expect(out('kubectl taint node worker-1 dedicated:NoSchedule-')).toBe('error: taint "dedicated:NoSchedule" not found\n');
    expect(out('kubectl taint node worker-1 foo:Bad')).toBe("error: invalid taint effect: Bad, unsupported taint effect\nSee 'kubectl taint -h' for help and examples\n");
    expect(out('kubectl taint pods web a=b:NoSchedule')).toBe('error: invalid resource type pods, only node types are supported\n');
    expect(out('kubectl taint nodes worker-9 a=b:NoSchedule')).toBe('Error from server (NotFound): nodes "worker-9" not found\n');
  });

  it('evicts pods that do not tolerate a NoExecute taint, and their Deployment replaces them elsewhere', () => {
    const c = buildCluster({ nodes: [{ name: 'worker-1' }, { name: 'worker-2' }] }, { seed: 7 });
    c.run('kubectl create deployment web --image=nginx:1.25 --replicas=2');
    expect(c.run('kubectl rollout status deployment/web').exitCode).toBe(0);
    expect(c.run('kubectl taint nodes worker-1 maintenance=now:NoExecute').stdout).toBe('node/worker-1 tainted\n');
    c.sim.runUntil(c.sim.now + 60_000);
    const rows = c.run('kubectl get pods -o wide').stdout.trim().split('\n').slice(1);
    const running = rows.filter((r) => /\sRunning\s/.test(r));
    expect(running).toHaveLength(2);
    expect(running.every((r) => r.includes('worker-2'))).toBe(true);
  });
});

describe('kubectl api-resources', () => {
  it('lists the served resources from discovery, sorted by group and name', () => {
    const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 3 });
    const lines = c.run('kubectl api-resources').stdout.split('\n');
    expect(lines[0]).toMatch(/^NAME\s+SHORTNAMES\s+APIVERSION\s+NAMESPACED\s+KIND$/);
    expect(lines).toContainEqual(expect.stringMatching(/^pods\s+po\s+v1\s+true\s+Pod$/));
    expect(lines).toContainEqual(expect.stringMatching(/^daemonsets\s+ds\s+apps\/v1\s+true\s+DaemonSet$/));
    expect(lines).toContainEqual(expect.stringMatching(/^jobs\s+batch\/v1\s+true\s+Job$/));
    const names = lines.slice(1).filter((l) => l).map((l) => l.split(/\s+/)[0]);
    expect(names.indexOf('bindings')).toBe(0);
    expect(names.indexOf('daemonsets')).toBeLessThan(names.indexOf('deployments'));
    expect(names.indexOf('services')).toBeLessThan(names.indexOf('daemonsets'));
    const cluster = c.run('kubectl api-resources --namespaced=false').stdout;
    expect(cluster).toMatch(/^nodes\s+no\s+v1\s+false\s+Node$/m);
    expect(cluster).not.toMatch(/^pods/m);
  });
});

// kubectl/pkg/describe/describe.go v1.31 (describeNode, describeNodeLease, describeNodeResource) and
// kubectl/pkg/util/resource PodRequestsAndLimits; the expected sections are what kubectl v1.31.9
// printed for the same pod on a `kubeplay serve` node (2 CPUs, 3996Mi allocatable), ages masked.
describe('kubectl describe node', () => {
  const POD = `apiVersion: v1
kind: Pod
metadata: {name: req}
spec:
  nodeName: worker-1
  initContainers:
  - {name: init, image: 'busybox:1.36', command: ['true'], resources: {requests: {cpu: 300m, memory: 200Mi}}}
  containers:
  - {name: a, image: 'nginx:1.25', resources: {requests: {cpu: 100m, memory: 64Mi}, limits: {cpu: 500m, memory: 128Mi}}}
  - {name: b, image: 'nginx:1.25', resources: {requests: {cpu: 150m, memory: 100M, ephemeral-storage: 1Gi}, limits: {memory: 1Gi}}}
`;

  it('prints the Lease, the non-terminated pods with requests as percentages, allocated totals and both kinds of node events', () => {
    const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 3 });
    expect(c.run('kubectl apply -f -', { stdin: POD }).stdout).toBe('pod/req created\n');
    c.run('kubectl apply -f -', { stdin: POD.replace('name: req', 'name: req2') });
    const out = c.run('kubectl describe node worker-1').stdout;
    expect(out).toMatch(/\nUnschedulable: +false\nLease:\n {2}HolderIdentity: {2}worker-1\n {2}AcquireTime: {5}<unset>\n {2}RenewTime: {7}\w{3}, \d\d \w{3} \d{4} [\d:]{8} \+0000\nConditions:\n/);
    expect(out).toMatch(/\nAllocatable:\n {2}cpu: +2\n {2}ephemeral-storage: +19327352832\n {2}memory: +3996Mi\n {2}pods: +110\n/);
    // Ages masked, and the generated suffixes of kubeadm's pods (same length, so the columns keep their widths).
    const masked = out
      .replace(/ {2}\S+\n/g, (m) => (/^ {2}\d+[smhd]/.test(m) ? '  <age>\n' : m))
      .replace(/coredns-[a-z0-9]{10}-[a-z0-9]{5}/g, 'coredns-xxxxxxxxxx-xxxxx')
      .replace(/kube-proxy-[a-z0-9]{5}/g, 'kube-proxy-xxxxx');
    expect(masked.slice(masked.indexOf('Non-terminated'), masked.indexOf('Events:'))).toBe(
      // kubeadm's kube-proxy pod and a CoreDNS pod run on the node too (CoreDNS requests 100m and 70Mi, limits 170Mi).
      'Non-terminated Pods:          (4 in total)\n' +
        '  Namespace                   Name                        CPU Requests  CPU Limits  Memory Requests  Memory Limits  Age\n' +
        '  ---------                   ----                        ------------  ----------  ---------------  -------------  ---\n' +
        '  default                     req                         300m (15%)    500m (25%)  200Mi (5%)       1152Mi (28%)   <age>\n' +
        '  default                     req2                        300m (15%)    500m (25%)  200Mi (5%)       1152Mi (28%)   <age>\n' +
        '  kube-system                 coredns-xxxxxxxxxx-xxxxx    100m (5%)     0 (0%)      70Mi (1%)        170Mi (4%)     <age>\n' +
        '  kube-system                 kube-proxy-xxxxx            0 (0%)        0 (0%)      0 (0%)           0 (0%)         <age>\n' +
        'Allocated resources:\n' +
        '  (Total limits may be over 100 percent, i.e., overcommitted.)\n' +
        '  Resource           Requests     Limits\n' +
        '  --------           --------     ------\n' +
        '  cpu                700m (35%)   1 (50%)\n' +
        '  memory             470Mi (11%)  2474Mi (61%)\n' +
        '  ephemeral-storage  2Gi (11%)    0 (0%)\n',
    );
    // The node controller's event (by uid) and the kubelet's (by name, its uid being the name).
    expect(out).toMatch(/Normal +RegisteredNode +\S+ +node-controller /);
    expect(out).toMatch(/Normal +NodeReady +\S+ +kubelet +Node worker-1 status is now: NodeReady/);
  });

  it('says why there is no Lease section when the Lease cannot be read', () => {
    const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 3 });
    c.run('kubectl delete lease worker-1 -n kube-node-lease');
    expect(c.run('kubectl describe node worker-1').stdout).toMatch(/\nLease: +Failed to get lease: leases\.coordination\.k8s\.io "worker-1" not found\n/);
  });
});
