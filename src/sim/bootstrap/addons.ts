// kubeadm v1.31's "addon" phase: the objects `kubeadm init` creates through the API once the
// control plane answers (cmd/kubeadm/app/phases/addons/dns/manifests.go and dns.go for CoreDNS,
// phases/addons/proxy/manifests.go and proxy.go for kube-proxy). The controllers do the rest: the
// Deployment controller makes CoreDNS's ReplicaSet and pods, the DaemonSet controller one kube-proxy
// pod per node.
//
// In Kubeplay the Service rules on each node are made by the simulated kube-proxy process of that
// node (node/kube-proxy), started with the node as before; the kube-proxy pod is the DaemonSet's
// view of it: its container runs the kube-proxy image, which answers on kube-proxy's ports (10249
// metrics, 10256 healthz). Killing the node's kube-proxy process does not show in the pod.

import type { KubeObject } from '../api/types';
import { KUBERNETES_VERSION } from './static-pod-manifests';

export const COREDNS_IMAGE = 'registry.k8s.io/coredns/coredns:v1.11.3';
export const KUBE_PROXY_IMAGE = `registry.k8s.io/kube-proxy:${KUBERNETES_VERSION}`;
/** The service CIDR's tenth address (kubeadm's GetDNSIP for 10.96.0.0/12). */
export const DNS_IP = '10.96.0.10';

/** dns/manifests.go CoreDNSConfigMap: the Corefile for cluster.local. */
export const COREFILE = `.:53 {
    errors
    health {
       lameduck 5s
    }
    ready
    kubernetes cluster.local in-addr.arpa ip6.arpa {
       pods insecure
       fallthrough in-addr.arpa ip6.arpa
       ttl 30
    }
    prometheus :9153
    forward . /etc/resolv.conf {
       max_concurrent 1000
    }
    cache 30 {
       disable success cluster.local
       disable denial cluster.local
    }
    loop
    reload
    loadbalance
}
`;

const KUBE_DNS = { 'k8s-app': 'kube-dns' };

function coreDNSDeployment(): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'coredns', namespace: 'kube-system', labels: KUBE_DNS },
    spec: {
      replicas: 2,
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1 } },
      selector: { matchLabels: KUBE_DNS },
      template: {
        metadata: { labels: KUBE_DNS },
        spec: {
          priorityClassName: 'system-cluster-critical',
          serviceAccountName: 'coredns',
          affinity: {
            podAntiAffinity: {
              preferredDuringSchedulingIgnoredDuringExecution: [
                { weight: 100, podAffinityTerm: { labelSelector: { matchExpressions: [{ key: 'k8s-app', operator: 'In', values: ['kube-dns'] }] }, topologyKey: 'kubernetes.io/hostname' } },
              ],
            },
          },
          tolerations: [
            { key: 'CriticalAddonsOnly', operator: 'Exists' },
            { key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' },
          ],
          nodeSelector: { 'kubernetes.io/os': 'linux' },
          containers: [
            {
              name: 'coredns',
              image: COREDNS_IMAGE,
              imagePullPolicy: 'IfNotPresent',
              resources: { limits: { memory: '170Mi' }, requests: { cpu: '100m', memory: '70Mi' } },
              args: ['-conf', '/etc/coredns/Corefile'],
              volumeMounts: [{ name: 'config-volume', mountPath: '/etc/coredns', readOnly: true }],
              ports: [
                { containerPort: 53, name: 'dns', protocol: 'UDP' },
                { containerPort: 53, name: 'dns-tcp', protocol: 'TCP' },
                { containerPort: 9153, name: 'metrics', protocol: 'TCP' },
              ],
              securityContext: { allowPrivilegeEscalation: false, capabilities: { add: ['NET_BIND_SERVICE'], drop: ['ALL'] }, readOnlyRootFilesystem: true },
              livenessProbe: { httpGet: { path: '/health', port: 8080, scheme: 'HTTP' }, initialDelaySeconds: 60, timeoutSeconds: 5, successThreshold: 1, failureThreshold: 5 },
              readinessProbe: { httpGet: { path: '/ready', port: 8181, scheme: 'HTTP' } },
            },
          ],
          dnsPolicy: 'Default',
          volumes: [{ name: 'config-volume', configMap: { name: 'coredns', items: [{ key: 'Corefile', path: 'Corefile' }] } }],
        },
      },
    },
  };
}

function kubeDNSService(): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: {
      name: 'kube-dns',
      namespace: 'kube-system',
      labels: { ...KUBE_DNS, 'kubernetes.io/cluster-service': 'true', 'kubernetes.io/name': 'CoreDNS' },
      annotations: { 'prometheus.io/port': '9153', 'prometheus.io/scrape': 'true' },
    },
    spec: {
      clusterIP: DNS_IP,
      selector: KUBE_DNS,
      ports: [
        { name: 'dns', port: 53, protocol: 'UDP', targetPort: 53 },
        { name: 'dns-tcp', port: 53, protocol: 'TCP', targetPort: 53 },
        { name: 'metrics', port: 9153, protocol: 'TCP', targetPort: 9153 },
      ],
    },
  };
}

function kubeProxyDaemonSet(): KubeObject {
  const labels = { 'k8s-app': 'kube-proxy' };
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name: 'kube-proxy', namespace: 'kube-system', labels },
    spec: {
      selector: { matchLabels: labels },
      updateStrategy: { type: 'RollingUpdate' },
      template: {
        metadata: { labels },
        spec: {
          priorityClassName: 'system-node-critical',
          containers: [
            {
              name: 'kube-proxy',
              image: KUBE_PROXY_IMAGE,
              imagePullPolicy: 'IfNotPresent',
              command: ['/usr/local/bin/kube-proxy', '--config=/var/lib/kube-proxy/config.conf', '--hostname-override=$(NODE_NAME)'],
              securityContext: { privileged: true },
              volumeMounts: [
                { mountPath: '/var/lib/kube-proxy', name: 'kube-proxy' },
                { mountPath: '/run/xtables.lock', name: 'xtables-lock', readOnly: false },
                { mountPath: '/lib/modules', name: 'lib-modules', readOnly: true },
              ],
              env: [{ name: 'NODE_NAME', valueFrom: { fieldRef: { fieldPath: 'spec.nodeName' } } }],
            },
          ],
          hostNetwork: true,
          serviceAccountName: 'kube-proxy',
          volumes: [
            { name: 'kube-proxy', configMap: { name: 'kube-proxy' } },
            { name: 'xtables-lock', hostPath: { path: '/run/xtables.lock', type: 'FileOrCreate' } },
            { name: 'lib-modules', hostPath: { path: '/lib/modules' } },
          ],
          tolerations: [{ operator: 'Exists' }],
          nodeSelector: { 'kubernetes.io/os': 'linux' },
        },
      },
    },
  };
}

/** proxy/manifests.go KubeProxyConfigMap19: the KubeProxyConfiguration and the kubeconfig it reads. */
function kubeProxyConfigMap(mode: string, apiserverURL: string): KubeObject {
  const config = [
    'apiVersion: kubeproxy.config.k8s.io/v1alpha1',
    'bindAddress: 0.0.0.0',
    'clientConnection:',
    '  kubeconfig: /var/lib/kube-proxy/kubeconfig.conf',
    'clusterCIDR: 10.244.0.0/16',
    'kind: KubeProxyConfiguration',
    `mode: ${mode}`,
    '',
  ].join('\n');
  const kubeconfig = [
    'apiVersion: v1',
    'kind: Config',
    'clusters:',
    '- cluster:',
    '    certificate-authority: /var/run/secrets/kubernetes.io/serviceaccount/ca.crt',
    `    server: ${apiserverURL}`,
    '  name: default',
    'contexts:',
    '- context:',
    '    cluster: default',
    '    namespace: default',
    '    user: default',
    '  name: default',
    'current-context: default',
    'users:',
    '- name: default',
    '  user:',
    '    tokenFile: /var/run/secrets/kubernetes.io/serviceaccount/token',
    '',
  ].join('\n');
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'kube-proxy', namespace: 'kube-system', labels: { app: 'kube-proxy' } }, data: { 'config.conf': config, 'kubeconfig.conf': kubeconfig } } as KubeObject;
}

const sa = (name: string): KubeObject => ({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name, namespace: 'kube-system' } });

/** An object kubeadm creates and the path it POSTs it to. */
export interface AddonObject {
  path: string;
  object: KubeObject;
}

/** In the order kubeadm's addon phase creates them: CoreDNS first, then kube-proxy. */
export function kubeadmAddons(proxyMode: string, apiserverURL: string): AddonObject[] {
  const core = (resource: string) => `/api/v1/namespaces/kube-system/${resource}`;
  const apps = (resource: string) => `/apis/apps/v1/namespaces/kube-system/${resource}`;
  return [
    { path: core('serviceaccounts'), object: sa('coredns') },
    { path: core('configmaps'), object: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'coredns', namespace: 'kube-system' }, data: { Corefile: COREFILE } } as KubeObject },
    { path: apps('deployments'), object: coreDNSDeployment() },
    { path: core('services'), object: kubeDNSService() },
    { path: core('serviceaccounts'), object: sa('kube-proxy') },
    { path: core('configmaps'), object: kubeProxyConfigMap(proxyMode, apiserverURL) },
    { path: apps('daemonsets'), object: kubeProxyDaemonSet() },
  ];
}
