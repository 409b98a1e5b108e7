// kubeadm v1.31's addon phase on a fresh cluster: CoreDNS (Deployment coredns, 2 replicas, Service
// kube-dns at 10.96.0.10, ConfigMap coredns, ServiceAccount coredns) and kube-proxy (DaemonSet, one
// pod per node on the node's own address). Sources: cmd/kubeadm/app/phases/addons/dns/manifests.go
// and proxy/manifests.go; the kube-system listing of kubernetes.io "Debugging DNS Resolution"
// (https://kubernetes.io/docs/tasks/administer-cluster/dns-debugging-resolution/: `kubectl get
// pods --namespace=kube-system -l k8s-app=kube-dns` shows coredns-<hash>-<5> Running, and `kubectl
// get svc --namespace=kube-system` shows `kube-dns ClusterIP 10.96.0.10 <none>
// 53/UDP,53/TCP,9153/TCP`).

import { describe, expect, it } from 'vitest';
import type { Pod } from '../api/types';
import { buildCluster } from '../cluster';

const c = buildCluster({}, { seed: 12 });
const ks = (args: string) => c.run(`kubectl -n kube-system ${args}`);

describe('kubeadm addons', () => {
  it('lists the DaemonSet, the Deployment and the Service as a kubeadm cluster does', () => {
    expect(ks('get ds,deploy,svc').stdout).toBe(
      [
        'NAME                        DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR            AGE',
        'daemonset.apps/kube-proxy   4         4         4       4            4           kubernetes.io/os=linux   9s',
        '',
        'NAME                      READY   UP-TO-DATE   AVAILABLE   AGE',
        'deployment.apps/coredns   2/2     2            2           9s',
        '',
        'NAME               TYPE        CLUSTER-IP   EXTERNAL-IP   PORT(S)                  AGE',
        'service/kube-dns   ClusterIP   10.96.0.10   <none>        53/UDP,53/TCP,9153/TCP   9s',
        '',
      ].join('\n'),
    );
  });

  it('runs one kube-proxy pod per node, on the node\'s address (hostNetwork), with kubeadm\'s label and image', () => {
    const pods = (JSON.parse(ks('get pods -l k8s-app=kube-proxy -o json').stdout) as { items: Pod[] }).items;
    expect(pods.map((p) => [p.spec.nodeName, p.status?.podIP, p.status?.phase]).sort()).toEqual([
      ['control-plane', '10.0.0.10', 'Running'],
      ['worker-1', '10.0.0.11', 'Running'],
      ['worker-2', '10.0.0.12', 'Running'],
      ['worker-3', '10.0.0.13', 'Running'],
    ]);
    for (const p of pods) {
      expect(p.metadata.name).toMatch(/^kube-proxy-[a-z0-9]{5}$/);
      expect(p.spec.containers[0]!.image).toBe('registry.k8s.io/kube-proxy:v1.31.0');
      expect(p.metadata.ownerReferences?.[0]).toMatchObject({ kind: 'DaemonSet', name: 'kube-proxy' });
    }
  });

  it('runs two CoreDNS pods, ready, behind the kube-dns Service', () => {
    const out = ks('get pods -l k8s-app=kube-dns').stdout.trim().split('\n');
    expect(out).toHaveLength(3);
    for (const line of out.slice(1)) expect(line).toMatch(/^coredns-[a-z0-9]{8,10}-[a-z0-9]{5}\s+1\/1\s+Running\s+0\s+\d+s$/);
    expect(ks('get pods -l k8s-app=kube-dns -o jsonpath={.items[*].spec.containers[0].image}').stdout).toBe('registry.k8s.io/coredns/coredns:v1.11.3 registry.k8s.io/coredns/coredns:v1.11.3');
    const slices = ks('get endpointslices -l kubernetes.io/service-name=kube-dns -o jsonpath={.items[0].endpoints[*].conditions.ready}').stdout;
    expect(slices).toBe('true true');
  });

  it('stores the Corefile and the ServiceAccounts the add-ons run as', () => {
    expect(ks('get configmap coredns -o jsonpath={.data.Corefile}').stdout).toContain('kubernetes cluster.local in-addr.arpa ip6.arpa {');
    expect(ks('get serviceaccounts coredns kube-proxy -o name').stdout).toBe('serviceaccount/coredns\nserviceaccount/kube-proxy\n');
    expect(ks('get configmap kube-proxy -o yaml').stdout).toContain('    mode: iptables\n');
  });

  it('lists kube-system\'s pods as kubectl get pods -A does on a kubeadm cluster', () => {
    const names = c.run('kubectl get pods -A --no-headers -o custom-columns=NS:.metadata.namespace,NAME:.metadata.name').stdout.trim().split('\n').map((l) => l.split(/\s+/)[1]!.replace(/^(coredns)-[a-z0-9]{8,10}-[a-z0-9]{5}$|^(kube-proxy)-[a-z0-9]{5}$/, '$1$2-*'));
    expect(names).toEqual(['coredns-*', 'coredns-*', 'etcd-control-plane', 'kube-apiserver-control-plane', 'kube-controller-manager-control-plane', 'kube-proxy-*', 'kube-proxy-*', 'kube-proxy-*', 'kube-proxy-*', 'kube-scheduler-control-plane']);
  });
});
