// The static pod manifests kubeadm v1.31 writes to /etc/kubernetes/manifests on the control-plane
// node (cmd/kubeadm/app/phases/controlplane/manifests.go GetStaticPodSpecs,
// cmd/kubeadm/app/phases/etcd/local.go GetEtcdPodSpec, cmd/kubeadm/app/util/staticpod/utils.go
// ComponentPod, ComponentProbe, ComponentResources). The control-plane node's kubelet runs them and
// posts a mirror pod for each (static-pods.ts in node/kubelet). In Kubeplay the container's process
// is the simulated component (kube-apiserver, etcd, ...): the manifest says which process that is.

import type { Container, Pod } from '../api/types';
import type { ProcessId } from '../kernel/units';

/** kubeadm's Kubernetes version and the image tags it pins for v1.31 (constants.go). */
export const KUBERNETES_VERSION = 'v1.31.0';
export const ETCD_IMAGE = 'registry.k8s.io/etcd:3.5.15-0';
export const controlPlaneImage = (component: string): string => `registry.k8s.io/${component}:${KUBERNETES_VERSION}`;

/** A static pod: its manifest and the simulated process its one container runs. */
export interface StaticPod {
  process: ProcessId;
  manifest: Pod;
}

type Volume = { name: string; path: string; type: 'DirectoryOrCreate' | 'FileOrCreate'; readOnly?: boolean };

/** utils.go ComponentProbe: an HTTPS (or HTTP for etcd) GET on the component's own port on the host. */
function probe(host: string, port: number, path: string, scheme: 'HTTPS' | 'HTTP', failureThreshold: number): Record<string, unknown> {
  return { failureThreshold, httpGet: { host, path, port, scheme }, initialDelaySeconds: 10, periodSeconds: 10, timeoutSeconds: 15 };
}

function container(name: string, image: string, command: string[], cpu: string, extra: Partial<Container>, volumes: Volume[]): Container {
  return {
    name,
    image,
    imagePullPolicy: 'IfNotPresent',
    command,
    resources: { requests: { cpu, ...(name === 'etcd' ? { memory: '100Mi' } : {}) } },
    volumeMounts: volumes.map((v) => ({ mountPath: v.path, name: v.name, ...(v.readOnly ? { readOnly: true } : {}) })),
    ...extra,
  } as Container;
}

/** utils.go ComponentPod: hostNetwork, system-node-critical, the seccomp profile kubeadm sets. */
function componentPod(name: string, c: Container, volumes: Volume[], annotations?: Record<string, string>): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: 'kube-system',
      labels: { component: name, tier: 'control-plane' },
      ...(annotations ? { annotations } : {}),
    },
    spec: {
      containers: [c],
      hostNetwork: true,
      priority: 2000001000,
      priorityClassName: 'system-node-critical',
      securityContext: { seccompProfile: { type: 'RuntimeDefault' } },
      volumes: volumes.map((v) => ({ name: v.name, hostPath: { path: v.path, type: v.type } })),
    },
  } as Pod;
}

const CERTS: Volume[] = [
  { name: 'ca-certs', path: '/etc/ssl/certs', type: 'DirectoryOrCreate', readOnly: true },
  { name: 'etc-ca-certificates', path: '/etc/ca-certificates', type: 'DirectoryOrCreate', readOnly: true },
  { name: 'k8s-certs', path: '/etc/kubernetes/pki', type: 'DirectoryOrCreate', readOnly: true },
  { name: 'usr-local-share-ca-certificates', path: '/usr/local/share/ca-certificates', type: 'DirectoryOrCreate', readOnly: true },
  { name: 'usr-share-ca-certificates', path: '/usr/share/ca-certificates', type: 'DirectoryOrCreate', readOnly: true },
];

function apiserver(address: string, etcdURLs: string[]): Pod {
  const image = controlPlaneImage('kube-apiserver');
  const command = [
    'kube-apiserver',
    `--advertise-address=${address}`,
    '--allow-privileged=true',
    '--authorization-mode=Node,RBAC',
    '--client-ca-file=/etc/kubernetes/pki/ca.crt',
    '--enable-admission-plugins=NodeRestriction',
    '--enable-bootstrap-token-auth=true',
    '--etcd-cafile=/etc/kubernetes/pki/etcd/ca.crt',
    '--etcd-certfile=/etc/kubernetes/pki/apiserver-etcd-client.crt',
    '--etcd-keyfile=/etc/kubernetes/pki/apiserver-etcd-client.key',
    `--etcd-servers=${etcdURLs.join(',')}`,
    '--kubelet-client-certificate=/etc/kubernetes/pki/apiserver-kubelet-client.crt',
    '--kubelet-client-key=/etc/kubernetes/pki/apiserver-kubelet-client.key',
    '--kubelet-preferred-address-types=InternalIP,ExternalIP,Hostname',
    '--secure-port=6443',
    '--service-account-issuer=https://kubernetes.default.svc.cluster.local',
    '--service-account-key-file=/etc/kubernetes/pki/sa.pub',
    '--service-account-signing-key-file=/etc/kubernetes/pki/sa.key',
    '--service-cluster-ip-range=10.96.0.0/12',
    '--tls-cert-file=/etc/kubernetes/pki/apiserver.crt',
    '--tls-private-key-file=/etc/kubernetes/pki/apiserver.key',
  ];
  const c = container('kube-apiserver', image, command, '250m', {
    livenessProbe: probe(address, 6443, '/livez', 'HTTPS', 8),
    readinessProbe: { ...probe(address, 6443, '/readyz', 'HTTPS', 3), periodSeconds: 1 },
    startupProbe: probe(address, 6443, '/livez', 'HTTPS', 24),
  }, CERTS);
  return componentPod('kube-apiserver', c, CERTS, { 'kubeadm.kubernetes.io/kube-apiserver.advertise-address.endpoint': `${address}:6443` });
}

function controllerManager(): Pod {
  const volumes: Volume[] = [
    ...CERTS.slice(0, 2),
    { name: 'flexvolume-dir', path: '/usr/libexec/kubernetes/kubelet-plugins/volume/exec', type: 'DirectoryOrCreate' },
    CERTS[2]!,
    { name: 'kubeconfig', path: '/etc/kubernetes/controller-manager.conf', type: 'FileOrCreate', readOnly: true },
    ...CERTS.slice(3),
  ];
  const command = [
    'kube-controller-manager',
    '--allocate-node-cidrs=true',
    '--authentication-kubeconfig=/etc/kubernetes/controller-manager.conf',
    '--authorization-kubeconfig=/etc/kubernetes/controller-manager.conf',
    '--bind-address=127.0.0.1',
    '--client-ca-file=/etc/kubernetes/pki/ca.crt',
    '--cluster-cidr=10.244.0.0/16',
    '--cluster-name=kubernetes',
    '--cluster-signing-cert-file=/etc/kubernetes/pki/ca.crt',
    '--cluster-signing-key-file=/etc/kubernetes/pki/ca.key',
    '--controllers=*,bootstrapsigner,tokencleaner',
    '--kubeconfig=/etc/kubernetes/controller-manager.conf',
    '--leader-elect=true',
    '--requestheader-client-ca-file=/etc/kubernetes/pki/front-proxy-ca.crt',
    '--root-ca-file=/etc/kubernetes/pki/ca.crt',
    '--service-account-private-key-file=/etc/kubernetes/pki/sa.key',
    '--service-cluster-ip-range=10.96.0.0/12',
    '--use-service-account-credentials=true',
  ];
  const c = container('kube-controller-manager', controlPlaneImage('kube-controller-manager'), command, '200m', {
    livenessProbe: probe('127.0.0.1', 10257, '/healthz', 'HTTPS', 8),
    startupProbe: probe('127.0.0.1', 10257, '/healthz', 'HTTPS', 24),
  }, volumes);
  return componentPod('kube-controller-manager', c, volumes);
}

function scheduler(): Pod {
  const volumes: Volume[] = [{ name: 'kubeconfig', path: '/etc/kubernetes/scheduler.conf', type: 'FileOrCreate', readOnly: true }];
  const command = [
    'kube-scheduler',
    '--authentication-kubeconfig=/etc/kubernetes/scheduler.conf',
    '--authorization-kubeconfig=/etc/kubernetes/scheduler.conf',
    '--bind-address=127.0.0.1',
    '--kubeconfig=/etc/kubernetes/scheduler.conf',
    '--leader-elect=true',
  ];
  const c = container('kube-scheduler', controlPlaneImage('kube-scheduler'), command, '100m', {
    livenessProbe: probe('127.0.0.1', 10259, '/healthz', 'HTTPS', 8),
    startupProbe: probe('127.0.0.1', 10259, '/healthz', 'HTTPS', 24),
  }, volumes);
  return componentPod('kube-scheduler', c, volumes);
}

function etcd(nodeName: string, address: string): Pod {
  const volumes: Volume[] = [
    { name: 'etcd-certs', path: '/etc/kubernetes/pki/etcd', type: 'DirectoryOrCreate' },
    { name: 'etcd-data', path: '/var/lib/etcd', type: 'DirectoryOrCreate' },
  ];
  const command = [
    'etcd',
    `--advertise-client-urls=https://${address}:2379`,
    '--cert-file=/etc/kubernetes/pki/etcd/server.crt',
    '--client-cert-auth=true',
    '--data-dir=/var/lib/etcd',
    '--experimental-initial-corrupt-check=true',
    '--experimental-watch-progress-notify-interval=5s',
    `--initial-advertise-peer-urls=https://${address}:2380`,
    `--initial-cluster=${nodeName}=https://${address}:2380`,
    '--key-file=/etc/kubernetes/pki/etcd/server.key',
    `--listen-client-urls=https://127.0.0.1:2379,https://${address}:2379`,
    '--listen-metrics-urls=http://127.0.0.1:2381',
    `--listen-peer-urls=https://${address}:2380`,
    `--name=${nodeName}`,
    '--peer-cert-file=/etc/kubernetes/pki/etcd/peer.crt',
    '--peer-client-cert-auth=true',
    '--peer-key-file=/etc/kubernetes/pki/etcd/peer.key',
    '--peer-trusted-ca-file=/etc/kubernetes/pki/etcd/ca.crt',
    '--snapshot-count=10000',
    '--trusted-ca-file=/etc/kubernetes/pki/etcd/ca.crt',
  ];
  const c = container('etcd', ETCD_IMAGE, command, '100m', {
    livenessProbe: probe('127.0.0.1', 2381, '/livez', 'HTTP', 8),
    readinessProbe: probe('127.0.0.1', 2381, '/readyz', 'HTTP', 3),
    startupProbe: probe('127.0.0.1', 2381, '/readyz', 'HTTP', 24),
  }, volumes);
  return componentPod('etcd', c, volumes, { 'kubeadm.kubernetes.io/etcd.advertise-client-urls': `https://${address}:2379` });
}

export interface ControlPlaneProcesses {
  apiserver: ProcessId;
  controllerManager: ProcessId;
  scheduler: ProcessId;
  /** The stacked etcd member on this node; absent with an external etcd cluster (no static pod then). */
  etcd?: ProcessId;
}

/** The manifests in /etc/kubernetes/manifests, in the order kubeadm's phases write them (etcd last). */
export function controlPlaneStaticPods(nodeName: string, address: string, etcdURLs: string[], p: ControlPlaneProcesses): StaticPod[] {
  const out: StaticPod[] = [
    { process: p.apiserver, manifest: apiserver(address, etcdURLs) },
    { process: p.controllerManager, manifest: controllerManager() },
    { process: p.scheduler, manifest: scheduler() },
  ];
  if (p.etcd) out.push({ process: p.etcd, manifest: etcd(nodeName, address) });
  return out;
}
