// The control-plane kubelet's static pods and their mirror pods, on one cluster shared by the cases
// in order (each case starts from where the one before left the cluster, at a later time).
// Sources: kubeadm v1.31 cmd/kubeadm/app/phases/controlplane/manifests.go, phases/etcd/local.go and
// util/staticpod/utils.go (the manifests); pkg/kubelet/pod/mirror_client.go (annotations, owner),
// pkg/kubelet/config/common.go (name suffix, NoExecute toleration); kubernetes.io "Create static
// Pods" (https://kubernetes.io/docs/tasks/configure-pod-container/static-pod/: "the kubelet
// automatically tries to create a mirror Pod on the Kubernetes API server for each static Pod",
// and a deleted mirror pod is back shortly after); kuberuntime's crash-loop back-off.

import { describe, expect, it } from 'vitest';
import type { Pod } from '../../api/types';
import { buildCluster } from '../../cluster';

const c = buildCluster({}, { seed: 12 });
const ks = (args: string) => c.run(`kubectl -n kube-system ${args}`);
const pod = (name: string): Pod => JSON.parse(ks(`get pod ${name} -o json`).stdout) as Pod;
const at = (ms: number) => c.sim.runUntil(ms);

describe('static pods of a kubeadm control plane', () => {
  it('shows the four mirror pods, named after the node, Running 1/1 (kubectl get pods -n kube-system on a kubeadm cluster)', () => {
    at(5_000);
    expect(ks('get pods -l tier=control-plane').stdout).toBe(
      [
        'NAME                                    READY   STATUS    RESTARTS   AGE',
        'etcd-control-plane                      1/1     Running   0          14s',
        'kube-apiserver-control-plane            1/1     Running   0          14s',
        'kube-controller-manager-control-plane   1/1     Running   0          14s',
        'kube-scheduler-control-plane            1/1     Running   0          14s',
        '',
      ].join('\n'),
    );
  });

  it('posts each mirror pod as mirror_client.go does: config annotations, owned by the Node, the kubeadm labels, image and priority', () => {
    const p = pod('kube-scheduler-control-plane');
    const a = p.metadata.annotations ?? {};
    expect(a['kubernetes.io/config.source']).toBe('file');
    expect(a['kubernetes.io/config.mirror']).toMatch(/^[0-9a-f]{32}$/);
    expect(a['kubernetes.io/config.hash']).toBe(a['kubernetes.io/config.mirror']);
    const node = JSON.parse(c.run('kubectl get node control-plane -o json').stdout) as Pod;
    expect(p.metadata.ownerReferences).toEqual([{ apiVersion: 'v1', kind: 'Node', name: 'control-plane', uid: node.metadata.uid, controller: true }]);
    expect(p.metadata.labels).toEqual({ component: 'kube-scheduler', tier: 'control-plane' });
    expect(p.spec.priorityClassName).toBe('system-node-critical');
    expect(p.spec.priority).toBe(2000001000);
    expect(p.spec.hostNetwork).toBe(true);
    expect(p.spec.tolerations).toEqual([{ operator: 'Exists', effect: 'NoExecute' }]);
    expect(p.status?.podIP).toBe('10.0.0.10');
    expect(p.status?.qosClass).toBe('Burstable');
    const images = ks('get pods -l tier=control-plane -o jsonpath={.items[*].spec.containers[0].image}').stdout;
    expect(images).toBe('registry.k8s.io/etcd:3.5.15-0 registry.k8s.io/kube-apiserver:v1.31.0 registry.k8s.io/kube-controller-manager:v1.31.0 registry.k8s.io/kube-scheduler:v1.31.0');
    expect(pod('etcd-control-plane').metadata.annotations?.['kubeadm.kubernetes.io/etcd.advertise-client-urls']).toBe('https://10.0.0.10:2379');
    expect(pod('kube-apiserver-control-plane').metadata.annotations?.['kubeadm.kubernetes.io/kube-apiserver.advertise-address.endpoint']).toBe('10.0.0.10:6443');
  });

  it('shows a deliberately stopped component as a terminated container, 0/1, and Running with one restart once started again', () => {
    c.kill('kube-scheduler');
    at(8_000);
    const st = pod('kube-scheduler-control-plane').status!.containerStatuses![0]!;
    expect(st.ready).toBe(false);
    expect(st.state?.terminated).toMatchObject({ exitCode: 137, reason: 'Error' });
    expect(ks('get pod kube-scheduler-control-plane').stdout).toMatch(/^kube-scheduler-control-plane {3}0\/1 {5}Error {4}0 {10}\d+s$/m);
    at(20_000);
    expect(pod('kube-scheduler-control-plane').status!.containerStatuses![0]!.state?.terminated).toBeDefined();
    c.start('kube-scheduler');
    at(22_000);
    expect(ks('get pod kube-scheduler-control-plane').stdout).toMatch(/^kube-scheduler-control-plane {3}1\/1 {5}Running {3}1 \(17s ago\) {3}\d+s$/m);
  });

  it('restarts a crashed component after the crash-loop back-off (10 s), showing CrashLoopBackOff meanwhile', () => {
    c.crash('kube-controller-manager');
    at(25_000);
    const waiting = pod('kube-controller-manager-control-plane').status!.containerStatuses![0]!;
    expect(waiting.state).toMatchObject({ waiting: { reason: 'CrashLoopBackOff' } });
    expect(waiting.state?.waiting?.message).toMatch(/^back-off 10s restarting failed container=kube-controller-manager pod=kube-controller-manager-control-plane_kube-system\(/);
    expect(waiting.lastState?.terminated).toMatchObject({ exitCode: 137, reason: 'Error' });
    at(36_000);
    const running = pod('kube-controller-manager-control-plane').status!.containerStatuses![0]!;
    expect(running.ready).toBe(true);
    expect(running.restartCount).toBe(1);
    expect(running.state?.running).toBeDefined();
    expect(running.lastState?.terminated?.exitCode).toBe(137);
  });

  it('posts a deleted mirror pod again, with a new uid', () => {
    const before = pod('kube-apiserver-control-plane').metadata.uid;
    expect(ks('delete pod kube-apiserver-control-plane').stdout).toBe('pod "kube-apiserver-control-plane" deleted\n');
    at(40_000);
    const after = pod('kube-apiserver-control-plane');
    expect(after.metadata.uid).not.toBe(before);
    expect(after.status?.phase).toBe('Running');
    expect(after.status?.containerStatuses?.[0]?.ready).toBe(true);
  });

  it('cannot tell the apiserver about its own stop; once it is back the mirror pod shows the restart', () => {
    c.kill('kube-apiserver');
    at(45_000);
    expect(ks('get pods').stderr).toBe('The connection to the server 10.0.0.10:6443 was refused - did you specify the right host or port?\n');
    c.start('kube-apiserver');
    at(55_000);
    const st = pod('kube-apiserver-control-plane').status!.containerStatuses![0]!;
    expect(st.restartCount).toBe(1);
    expect(st.ready).toBe(true);
  });

  it('answers kubectl logs of a static pod with the component process\'s own log', () => {
    const out = ks('logs kube-scheduler-control-plane --tail=1').stdout;
    expect(out.split('\n').length).toBe(2);
    expect(c.sim.process('kube-scheduler')!.log.at(-1)!.line + '\n').toBe(out);
  });
});
