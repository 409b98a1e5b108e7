// kubeadm's "control-plane" and "etcd" phases: the static Pod manifests kubeadm writes to
// /etc/kubernetes/manifests on a control-plane node (cmd/kubeadm/app/phases/controlplane/manifests.go,
// phases/etcd/local.go). The node's kubelet runs them without the apiserver and posts a mirror pod
// for each (`etcd-<node>`, `kube-apiserver-<node>`, ...). In Kubeplay each manifest's one container
// IS the simulated process (the etcd member, kube-apiserver, ...), so the mirror pod's status is that
// process's (node/kubelet/process-pods.ts).

import type { Pod } from '../api/types';
import type { ProcessId } from '../kernel/units';

/** The manifests directory (the kubelet's staticPodPath in kubeadm's KubeletConfiguration). */
export const STATIC_POD_PATH = '/etc/kubernetes/manifests';
/** kubeadm v1.31's images (`kubeadm config images list`). */
export const KUBERNETES_IMAGE_TAG = 'v1.31.0';
export const ETCD_IMAGE = 'registry.k8s.io/etcd:3.5.15-0';

/** One manifest file and the process its container is. */
export interface StaticPodManifest {
  /** The file name in /etc/kubernetes/manifests (`etcd.yaml`). */
  file: string;
  pod: Pod;
  process: ProcessId;
}

interface HostPathVolume {
  name: string;
  hostPath: string;
  mountPath: string;
  type: 'DirectoryOrCreate' | 'FileOrCreate';
  readOnly?: boolean;
}

const PKI: HostPathVolume[] = [
  { name: 'ca-certs', hostPath: '/etc/ssl/certs', mountPath: '/etc/ssl/certs', type: 'DirectoryOrCreate', readOnly: true },
  { name: 'etc-ca-certificates', hostPath: '/etc/ca-certificates', mountPath: '/etc/ca-certificates', type: 'DirectoryOrCreate', readOnly: true },
  { name: 'k8s-certs', hostPath: '/etc/kubernetes/pki', mountPath: '/etc/kubernetes/pki', type: 'DirectoryOrCreate', readOnly: true },
];

function probe(host: string, port: number, path: string, failureThreshold: number, initialDelaySeconds = 10): Record<string, unknown> {
  return { failureThreshold, httpGet: { host, path, port, scheme: port === 2381 ? 'HTTP' : 'HTTPS' }, initialDelaySeconds, periodSeconds: 10, timeoutSeconds: 15 };
}

interface ComponentSpec {
  component: string;
  image: string;
  command: string[];
  cpu: string;
  memory?: string;
  volumes: HostPathVolume[];
  probes: Record<string, Record<string, unknown>>;
  annotations?: Record<string, string>;
}

/** The Pod kubeadm writes for one component (kubeadmutil staticpod.ComponentPod). */
function componentPod(c: ComponentSpec): Pod {
  const requests: Record<string, string> = { cpu: c.cpu };
  if (c.memory) requests.memory = c.memory;
  const pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      ...(c.annotations && { annotations: c.annotations }),
      labels: { component: c.component, tier: 'control-plane' },
      name: c.component,
      namespace: 'kube-system',
    },
    spec: {
      containers: [
        {
          command: c.command,
          image: c.image,
          imagePullPolicy: 'IfNotPresent',
          ...c.probes,
          name: c.component,
          resources: { requests },
          volumeMounts: c.volumes.map((v) => ({ mountPath: v.mountPath, name: v.name, ...(v.readOnly && { readOnly: true }) })),
        },
      ],
      hostNetwork: true,
      priority: 2000001000,
      priorityClassName: 'system-node-critical',
      securityContext: { seccompProfile: { type: 'RuntimeDefault' } },
      volumes: c.volumes.map((v) => ({ hostPath: { path: v.hostPath, type: v.type }, name: v.name })),
    },
    status: {},
  };
  return pod as unknown as Pod;
}

export interface ControlPlaneProcesses {
  apiserver: ProcessId;
  controllerManager: ProcessId;
  scheduler: ProcessId;
  /** The stacked etcd member on this node, when etcd is local (kubeadm's default topology). */
  etcd?: ProcessId;
}

/** The manifests of a control-plane node named `node` at `ip`, in the order kubeadm writes them. */
export function controlPlaneManifests(node: string, ip: string, podSubnet: string, serviceSubnet: string, etcdEndpoints: string[], procs: ControlPlaneProcesses): StaticPodManifest[] {
  const out: StaticPodManifest[] = [];
  if (procs.etcd) out.push({ file: 'etcd.yaml', process: procs.etcd, pod: etcdPod(node, ip) });
  out.push({ file: 'kube-apiserver.yaml', process: procs.apiserver, pod: apiserverPod(ip, serviceSubnet, etcdEndpoints) });
  out.push({ file: 'kube-controller-manager.yaml', process: procs.controllerManager, pod: controllerManagerPod(podSubnet, serviceSubnet) });
  out.push({ file: 'kube-scheduler.yaml', process: procs.scheduler, pod: schedulerPod() });
  return out;
}

function etcdPod(node: string, ip: string): Pod {
  return componentPod({
    component: 'etcd',
    image: ETCD_IMAGE,
    annotations: { 'kubeadm.kubernetes.io/etcd.advertise-client-urls': `https://${ip}:2379` },
    command: [
      'etcd',
      `--advertise-client-urls=https://${ip}:2379`,
      '--cert-file=/etc/kubernetes/pki/etcd/server.crt',
      '--client-cert-auth=true',
      '--data-dir=/var/lib/etcd',
      '--experimental-initial-corrupt-check=true',
      '--experimental-watch-progress-notify-interval=5s',
      `--initial-advertise-peer-urls=https://${ip}:2380`,
      `--initial-cluster=${node}=https://${ip}:2380`,
      '--key-file=/etc/kubernetes/pki/etcd/server.key',
      `--listen-client-urls=https://127.0.0.1:2379,https://${ip}:2379`,
      '--listen-metrics-urls=http://127.0.0.1:2381',
      `--listen-peer-urls=https://${ip}:2380`,
      `--name=${node}`,
      '--peer-cert-file=/etc/kubernetes/pki/etcd/peer.crt',
      '--peer-client-cert-auth=true',
      '--peer-key-file=/etc/kubernetes/pki/etcd/peer.key',
      '--peer-trusted-ca-file=/etc/kubernetes/pki/etcd/ca.crt',
      '--snapshot-count=10000',
      '--trusted-ca-file=/etc/kubernetes/pki/etcd/ca.crt',
    ],
    cpu: '100m',
    memory: '100Mi',
    probes: { livenessProbe: probe('127.0.0.1', 2381, '/livez', 8), startupProbe: probe('127.0.0.1', 2381, '/readyz', 24) },
    volumes: [
      { name: 'etcd-certs', hostPath: '/etc/kubernetes/pki/etcd', mountPath: '/etc/kubernetes/pki/etcd', type: 'DirectoryOrCreate' },
      { name: 'etcd-data', hostPath: '/var/lib/etcd', mountPath: '/var/lib/etcd', type: 'DirectoryOrCreate' },
    ],
  });
}

function apiserverPod(ip: string, serviceSubnet: string, etcdEndpoints: string[]): Pod {
  return componentPod({
    component: 'kube-apiserver',
    image: `registry.k8s.io/kube-apiserver:${KUBERNETES_IMAGE_TAG}`,
    annotations: { 'kubeadm.kubernetes.io/kube-apiserver.advertise-address.endpoint': `${ip}:6443` },
    command: [
      'kube-apiserver',
      `--advertise-address=${ip}`,
      '--allow-privileged=true',
      '--authorization-mode=Node,RBAC',
      '--client-ca-file=/etc/kubernetes/pki/ca.crt',
      '--enable-admission-plugins=NodeRestriction',
      '--enable-bootstrap-token-auth=true',
      '--etcd-cafile=/etc/kubernetes/pki/etcd/ca.crt',
      '--etcd-certfile=/etc/kubernetes/pki/apiserver-etcd-client.crt',
      '--etcd-keyfile=/etc/kubernetes/pki/apiserver-etcd-client.key',
      `--etcd-servers=${etcdEndpoints.join(',')}`,
      '--kubelet-client-certificate=/etc/kubernetes/pki/apiserver-kubelet-client.crt',
      '--kubelet-client-key=/etc/kubernetes/pki/apiserver-kubelet-client.key',
      '--kubelet-preferred-address-types=InternalIP,ExternalIP,Hostname',
      '--proxy-client-cert-file=/etc/kubernetes/pki/front-proxy-client.crt',
      '--proxy-client-key-file=/etc/kubernetes/pki/front-proxy-client.key',
      '--requestheader-allowed-names=front-proxy-client',
      '--requestheader-client-ca-file=/etc/kubernetes/pki/front-proxy-ca.crt',
      '--requestheader-extra-headers-prefix=X-Remote-Extra-',
      '--requestheader-group-headers=X-Remote-Group',
      '--requestheader-username-headers=X-Remote-User',
      '--secure-port=6443',
      '--service-account-issuer=https://kubernetes.default.svc.cluster.local',
      '--service-account-key-file=/etc/kubernetes/pki/sa.pub',
      '--service-account-signing-key-file=/etc/kubernetes/pki/sa.key',
      `--service-cluster-ip-range=${serviceSubnet}`,
      '--tls-cert-file=/etc/kubernetes/pki/apiserver.crt',
      '--tls-private-key-file=/etc/kubernetes/pki/apiserver.key',
    ],
    cpu: '250m',
    probes: {
      livenessProbe: probe(ip, 6443, '/livez', 8),
      readinessProbe: { ...probe(ip, 6443, '/readyz', 3, 0), periodSeconds: 1 },
      startupProbe: probe(ip, 6443, '/livez', 24),
    },
    volumes: PKI,
  });
}

function controllerManagerPod(podSubnet: string, serviceSubnet: string): Pod {
  return componentPod({
    component: 'kube-controller-manager',
    image: `registry.k8s.io/kube-controller-manager:${KUBERNETES_IMAGE_TAG}`,
    command: [
      'kube-controller-manager',
      '--allocate-node-cidrs=true',
      '--authentication-kubeconfig=/etc/kubernetes/controller-manager.conf',
      '--authorization-kubeconfig=/etc/kubernetes/controller-manager.conf',
      '--bind-address=127.0.0.1',
      '--client-ca-file=/etc/kubernetes/pki/ca.crt',
      `--cluster-cidr=${podSubnet}`,
      '--cluster-name=kubernetes',
      '--cluster-signing-cert-file=/etc/kubernetes/pki/ca.crt',
      '--cluster-signing-key-file=/etc/kubernetes/pki/ca.key',
      '--controllers=*,bootstrapsigner,tokencleaner',
      '--kubeconfig=/etc/kubernetes/controller-manager.conf',
      '--leader-elect=true',
      '--requestheader-client-ca-file=/etc/kubernetes/pki/front-proxy-ca.crt',
      '--root-ca-file=/etc/kubernetes/pki/ca.crt',
      '--service-account-private-key-file=/etc/kubernetes/pki/sa.key',
      `--service-cluster-ip-range=${serviceSubnet}`,
      '--use-service-account-credentials=true',
    ],
    cpu: '200m',
    probes: { livenessProbe: probe('127.0.0.1', 10257, '/healthz', 8), startupProbe: probe('127.0.0.1', 10257, '/healthz', 24) },
    volumes: [
      ...PKI.slice(0, 2),
      { name: 'flexvolume-dir', hostPath: '/usr/libexec/kubernetes/kubelet-plugins/volume/exec', mountPath: '/usr/libexec/kubernetes/kubelet-plugins/volume/exec', type: 'DirectoryOrCreate' },
      PKI[2]!,
      { name: 'kubeconfig', hostPath: '/etc/kubernetes/controller-manager.conf', mountPath: '/etc/kubernetes/controller-manager.conf', type: 'FileOrCreate', readOnly: true },
    ],
  });
}

function schedulerPod(): Pod {
  return componentPod({
    component: 'kube-scheduler',
    image: `registry.k8s.io/kube-scheduler:${KUBERNETES_IMAGE_TAG}`,
    command: [
      'kube-scheduler',
      '--authentication-kubeconfig=/etc/kubernetes/scheduler.conf',
      '--authorization-kubeconfig=/etc/kubernetes/scheduler.conf',
      '--bind-address=127.0.0.1',
      '--kubeconfig=/etc/kubernetes/scheduler.conf',
      '--leader-elect=true',
    ],
    cpu: '100m',
    probes: { livenessProbe: probe('127.0.0.1', 10259, '/healthz', 8), startupProbe: probe('127.0.0.1', 10259, '/healthz', 24) },
    volumes: [{ name: 'kubeconfig', hostPath: '/etc/kubernetes/scheduler.conf', mountPath: '/etc/kubernetes/scheduler.conf', type: 'FileOrCreate', readOnly: true }],
  });
}
