// kube-system as `kubeadm init` leaves it (kubernetes.io/docs/setup/production-environment/tools/
// kubeadm/create-cluster-kubeadm/; cmd/kubeadm/app/phases/controlplane/manifests.go,
// phases/addons/dns/manifests.go, phases/addons/proxy/manifests.go): the control-plane components
// are static pods of the control-plane node's kubelet with mirror pods named <component>-<node>
// (kubernetes.io/docs/tasks/configure-pod-container/static-pod/: "the kubelet automatically tries
// to create a mirror Pod on the Kubernetes API server for each static Pod ... The Pod names will be
// suffixed with the node hostname"), kube-proxy is a DaemonSet with one pod per node, CoreDNS a
// Deployment of 2 behind the kube-dns Service. Each container here is the simulated process itself,
// so its status follows that process: killed, crashed and restarted.
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';
import type { Pod } from '../../api/types';

const c = buildCluster({}, { seed: 12 });
c.sim.runUntil(10_000);
const run = (ms: number): void => c.sim.runUntil(c.sim.now + ms);
const pod = (name: string): Pod => JSON.parse(c.run(`kubectl get pod ${name} -n kube-system -o json`).stdout) as Pod;
const container = (name: string): NonNullable<NonNullable<Pod['status']>['containerStatuses']>[number] => pod(name).status!.containerStatuses![0]!;

describe('kube-system on a kubeadm cluster', () => {
  it('lists the static pods, the kube-proxy pods and CoreDNS, all Running', () => {
    const rows = c.run('kubectl get pods -n kube-system --no-headers').stdout.trim().split('\n').map((l) => l.split(/\s+/));
    const names = rows.map((r) => r[0]!.replace(/^(kube-proxy|coredns-[a-z0-9]{8,10})-[a-z0-9]{5}$/, (_m, p: string) => `${p.startsWith('coredns') ? 'coredns' : p}-xxxxx`));
    expect(names).toEqual([
      'coredns-xxxxx',
      'coredns-xxxxx',
      'etcd-control-plane',
      'kube-apiserver-control-plane',
      'kube-controller-manager-control-plane',
      'kube-proxy-xxxxx',
      'kube-proxy-xxxxx',
      'kube-proxy-xxxxx',
      'kube-proxy-xxxxx',
      'kube-scheduler-control-plane',
    ]);
    for (const r of rows) expect(r.slice(1, 4)).toEqual(['1/1', 'Running', '0']);
    const nodes = c.run('kubectl get pods -n kube-system -l k8s-app=kube-proxy -o jsonpath={.items[*].spec.nodeName}').stdout.split(' ').sort();
    expect(nodes).toEqual(['control-plane', 'worker-1', 'worker-2', 'worker-3']);
  });

  it('gives each mirror pod the kubelet\'s annotations, the Node as owner, system-node-critical and the component labels', () => {
    const p = pod('etcd-control-plane');
    const a = p.metadata.annotations!;
    expect(a['kubernetes.io/config.source']).toBe('file');
    expect(a['kubernetes.io/config.mirror']).toBe(a['kubernetes.io/config.hash']);
    expect(a['kubernetes.io/config.hash']).toMatch(/^[0-9a-f]{32}$/);
    expect(a['kubeadm.kubernetes.io/etcd.advertise-client-urls']).toBe('https://10.0.0.10:2379');
    expect(p.metadata.labels).toEqual({ component: 'etcd', tier: 'control-plane' });
    const nodeUid = c.run('kubectl get node control-plane -o jsonpath={.metadata.uid}').stdout;
    expect(p.metadata.ownerReferences).toEqual([{ apiVersion: 'v1', controller: true, kind: 'Node', name: 'control-plane', uid: nodeUid }]);
    expect(p.spec.priorityClassName).toBe('system-node-critical');
    expect(p.spec.priority).toBe(2000001000);
    expect(p.spec.nodeName).toBe('control-plane');
    expect(p.status?.podIP).toBe('10.0.0.10');
    expect(p.spec.containers[0]!.image).toBe('registry.k8s.io/etcd:3.5.15-0');
  });

  it('prints the DaemonSet, the Deployment and the kube-dns Service as kubectl does', () => {
    // Everything was created at boot, 10 s before time 0.
    const out = c.run('kubectl get ds,deploy,svc -n kube-system').stdout;
    expect(out).toBe(
      [
        'NAME                        DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR            AGE',
        'daemonset.apps/kube-proxy   4         4         4       4            4           kubernetes.io/os=linux   19s',
        '',
        'NAME                      READY   UP-TO-DATE   AVAILABLE   AGE',
        'deployment.apps/coredns   2/2     2            2           19s',
        '',
        'NAME               TYPE        CLUSTER-IP   EXTERNAL-IP   PORT(S)                  AGE',
        'service/kube-dns   ClusterIP   10.96.0.10   <none>        53/UDP,53/TCP,9153/TCP   19s',
        '',
      ].join('\n'),
    );
  });

  it('shows a killed component terminated and not ready, and it stays down until started', () => {
    c.kill('kube-scheduler');
    run(3_000);
    const st = container('kube-scheduler-control-plane');
    expect(st.ready).toBe(false);
    expect(st.state?.terminated).toMatchObject({ exitCode: 137, reason: 'Error' });
    run(60_000);
    expect(container('kube-scheduler-control-plane').state?.terminated?.exitCode).toBe(137);
    c.start('kube-scheduler');
    run(3_000);
    const back = container('kube-scheduler-control-plane');
    expect(back).toMatchObject({ ready: true, restartCount: 1, lastState: { terminated: { exitCode: 137, reason: 'Error' } } });
    expect(back.state?.running).toBeDefined();
  });

  it('restarts a crashed component after the crash-loop back-off, and RESTARTS goes up', () => {
    c.crash('kube-controller-manager');
    run(2_000);
    const waiting = container('kube-controller-manager-control-plane');
    expect(waiting.state?.waiting?.reason).toBe('CrashLoopBackOff');
    expect(waiting.lastState?.terminated).toMatchObject({ exitCode: 2, reason: 'Error' });
    run(10_000);
    expect(container('kube-controller-manager-control-plane')).toMatchObject({ ready: true, restartCount: 1 });
    expect(c.run('kubectl get pod kube-controller-manager-control-plane -n kube-system --no-headers').stdout).toMatch(/^kube-controller-manager-control-plane\s+1\/1\s+Running\s+1 \(\d+s ago\)/);
  });

  it('cannot show a dead kube-apiserver (the kubelet reports through it), and shows its restart once it is back', () => {
    c.kill('kube-apiserver');
    run(5_000);
    expect(c.run('kubectl get pods -n kube-system').stderr).toContain('The connection to the server');
    c.start('kube-apiserver');
    run(15_000);
    expect(container('kube-apiserver-control-plane')).toMatchObject({ ready: true, restartCount: 1 });
  });

  it('posts a deleted mirror pod again, as the static pod still runs', () => {
    const uid = pod('etcd-control-plane').metadata.uid;
    expect(c.run('kubectl delete pod etcd-control-plane -n kube-system').stdout).toBe('pod "etcd-control-plane" deleted\n');
    run(5_000);
    const again = pod('etcd-control-plane');
    expect(again.metadata.uid).not.toBe(uid);
    expect(again.status?.containerStatuses?.[0]).toMatchObject({ ready: true, restartCount: 0 });
  });

  it('stops a node\'s kube-proxy with its deleted pod, and the DaemonSet\'s new pod starts it again', () => {
    const name = c.run('kubectl get pods -n kube-system -l k8s-app=kube-proxy --field-selector spec.nodeName=worker-1 -o name').stdout.trim();
    c.run(`kubectl delete -n kube-system ${name}`);
    run(10_000);
    const now = c.run('kubectl get pods -n kube-system -l k8s-app=kube-proxy --field-selector spec.nodeName=worker-1 --no-headers').stdout.trim().split(/\s+/);
    expect(`pod/${now[0]}`).not.toBe(name);
    expect(now.slice(1, 3)).toEqual(['1/1', 'Running']);
    expect(c.sim.process('kube-proxy/worker-1')?.alive).toBe(true);
    expect(c.sim.process('kube-proxy/worker-1')?.incarnation).toBe(2);
  });

  it('follows a kube-proxy process a person stops on the node', () => {
    c.kill('kube-proxy/worker-2');
    run(3_000);
    const line = c.run('kubectl get pods -n kube-system -l k8s-app=kube-proxy --field-selector spec.nodeName=worker-2 --no-headers').stdout;
    expect(line.split(/\s+/).slice(1, 3)).toEqual(['0/1', 'Error']);
  });
});
