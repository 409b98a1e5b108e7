// kubeadm's "addon" phase (cmd/kubeadm/app/phases/addons/dns/manifests.go and
// addons/proxy/manifests.go, v1.31): the objects `kubeadm init` creates through the apiserver once
// the control plane answers: CoreDNS (its ConfigMap with the Corefile, ServiceAccount, Deployment
// and the kube-dns Service at the service CIDR's tenth address, with the system:coredns ClusterRole
// and ClusterRoleBinding its kubernetes plugin needs to list and watch) and kube-proxy
// (ServiceAccount, ConfigMap and the DaemonSet that tolerates every taint). kube-proxy's own RBAC
// (its node credentials' binding) is left out: Kubeplay's kube-proxy uses system:kube-proxy.

import type { KubeObject } from '../api/types';
import { KUBERNETES_IMAGE_TAG } from './static-pods';
import { kubeProxyConfigMap } from '../node/kube-proxy/configmap';
import type { ProxyMode } from '../node/kube-proxy/rules';

export const COREDNS_IMAGE = 'registry.k8s.io/coredns/coredns:v1.11.3';
export const KUBE_PROXY_IMAGE = `registry.k8s.io/kube-proxy:${KUBERNETES_IMAGE_TAG}`;
export const KUBE_DNS_IP = '10.96.0.10';

/** One object to create and the collection it is POSTed to. */
export interface AddonObject {
  path: string;
  object: KubeObject;
}

const COREFILE = `.:53 {
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

const meta = (name: string, labels?: Record<string, string>, annotations?: Record<string, string>): Record<string, unknown> => ({
  name,
  namespace: 'kube-system',
  ...(labels && { labels }),
  ...(annotations && { annotations }),
});

function obj(o: Record<string, unknown>): KubeObject {
  return o as unknown as KubeObject;
}

const CORE = '/api/v1/namespaces/kube-system';
const RBAC = '/apis/rbac.authorization.k8s.io/v1';

/** kubeadm's CoreDNS ClusterRole (addons/dns/manifests.go CoreDNSClusterRole). */
function corednsClusterRole(): KubeObject {
  return obj({
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'ClusterRole',
    metadata: { name: 'system:coredns' },
    rules: [
      { apiGroups: [''], resources: ['endpoints', 'services', 'pods', 'namespaces'], verbs: ['list', 'watch'] },
      { apiGroups: ['discovery.k8s.io'], resources: ['endpointslices'], verbs: ['list', 'watch'] },
    ],
  });
}

function corednsClusterRoleBinding(): KubeObject {
  return obj({
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'ClusterRoleBinding',
    metadata: { name: 'system:coredns' },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'system:coredns' },
    subjects: [{ kind: 'ServiceAccount', name: 'coredns', namespace: 'kube-system' }],
  });
}
const APPS = '/apis/apps/v1/namespaces/kube-system';

/** CoreDNS as kubeadm installs it. */
export function corednsObjects(): AddonObject[] {
  const dnsLabels = { 'k8s-app': 'kube-dns' };
  return [
    { path: `${CORE}/configmaps`, object: obj({ apiVersion: 'v1', kind: 'ConfigMap', metadata: meta('coredns'), data: { Corefile: COREFILE } }) },
    { path: `${RBAC}/clusterroles`, object: corednsClusterRole() },
    { path: `${RBAC}/clusterrolebindings`, object: corednsClusterRoleBinding() },
    { path: `${CORE}/serviceaccounts`, object: obj({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: meta('coredns') }) },
    {
      path: `${APPS}/deployments`,
      object: obj({
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: meta('coredns', dnsLabels),
        spec: {
          replicas: 2,
          strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1 } },
          selector: { matchLabels: dnsLabels },
          template: {
            metadata: { labels: dnsLabels },
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
      }),
    },
    {
      path: `${CORE}/services`,
      object: obj({
        apiVersion: 'v1',
        kind: 'Service',
        metadata: meta('kube-dns', { ...dnsLabels, 'kubernetes.io/cluster-service': 'true', 'kubernetes.io/name': 'CoreDNS' }, { 'prometheus.io/port': '9153', 'prometheus.io/scrape': 'true' }),
        spec: {
          clusterIP: KUBE_DNS_IP,
          ports: [
            { name: 'dns', port: 53, protocol: 'UDP', targetPort: 53 },
            { name: 'dns-tcp', port: 53, protocol: 'TCP', targetPort: 53 },
            { name: 'metrics', port: 9153, protocol: 'TCP', targetPort: 9153 },
          ],
          selector: dnsLabels,
        },
      }),
    },
  ];
}

/** kube-proxy as kubeadm installs it. */
export function kubeProxyObjects(mode: ProxyMode, podSubnet: string, server: string): AddonObject[] {
  const labels = { 'k8s-app': 'kube-proxy' };
  return [
    { path: `${CORE}/serviceaccounts`, object: obj({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: meta('kube-proxy') }) },
    { path: `${CORE}/configmaps`, object: kubeProxyConfigMap(mode, podSubnet, server) },
    {
      path: `${APPS}/daemonsets`,
      object: obj({
        apiVersion: 'apps/v1',
        kind: 'DaemonSet',
        metadata: meta('kube-proxy', labels),
        spec: {
          selector: { matchLabels: labels },
          updateStrategy: { type: 'RollingUpdate' },
          template: {
            metadata: { labels },
            spec: {
              containers: [
                {
                  name: 'kube-proxy',
                  image: KUBE_PROXY_IMAGE,
                  imagePullPolicy: 'IfNotPresent',
                  command: ['/usr/local/bin/kube-proxy', '--config=/var/lib/kube-proxy/config.conf', '--hostname-override=$(NODE_NAME)'],
                  securityContext: { privileged: true },
                  volumeMounts: [
                    { mountPath: '/var/lib/kube-proxy', name: 'kube-proxy' },
                    { mountPath: '/run/xtables.lock', name: 'xtables-lock' },
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
              priorityClassName: 'system-node-critical',
            },
          },
        },
      }),
    },
  ];
}
