// The kube-proxy ConfigMap in kube-system as kubeadm's "addon/kube-proxy" phase writes it
// (cmd/kubeadm/app/phases/addons/proxy, v1.31): `config.conf` holds the KubeProxyConfiguration with
// every field kubeadm marshals (an empty `mode` means the platform default, iptables on Linux) and
// `kubeconfig.conf` points kube-proxy at the apiserver with its service account. kube-proxy reads
// `mode` when it starts; changing it does nothing until kube-proxy restarts. The nftables mode is
// beta in v1.31 and GA in v1.33.

import type { KubeObject } from '../../api/types';
import type { ProxyMode } from './rules';

/** The KubeProxyConfiguration kubeadm v1.31 writes, with the mode and pod subnet of this cluster. */
export function kubeProxyConfigConf(mode: ProxyMode | '', clusterCIDR: string): string {
  return [
    'apiVersion: kubeproxy.config.k8s.io/v1alpha1',
    'bindAddress: 0.0.0.0',
    'bindAddressHardFail: false',
    'clientConnection:',
    '  acceptContentTypes: ""',
    '  burst: 0',
    '  contentType: ""',
    '  kubeconfig: /var/lib/kube-proxy/kubeconfig.conf',
    '  qps: 0',
    `clusterCIDR: ${clusterCIDR}`,
    'configSyncPeriod: 0s',
    'conntrack:',
    '  maxPerCore: null',
    '  min: null',
    '  tcpBeLiberal: false',
    '  tcpCloseWaitTimeout: null',
    '  tcpEstablishedTimeout: null',
    '  udpStreamTimeout: 0s',
    '  udpTimeout: 0s',
    'detectLocal:',
    '  bridgeInterface: ""',
    '  interfaceNamePrefix: ""',
    'detectLocalMode: ""',
    'enableProfiling: false',
    'healthzBindAddress: ""',
    'hostnameOverride: ""',
    'iptables:',
    '  localhostNodePorts: null',
    '  masqueradeAll: false',
    '  masqueradeBit: null',
    '  minSyncPeriod: 0s',
    '  syncPeriod: 0s',
    'ipvs:',
    '  excludeCIDRs: null',
    '  minSyncPeriod: 0s',
    '  scheduler: ""',
    '  strictARP: false',
    '  syncPeriod: 0s',
    '  tcpFinTimeout: 0s',
    '  tcpTimeout: 0s',
    '  udpTimeout: 0s',
    'kind: KubeProxyConfiguration',
    'logging:',
    '  flushFrequency: 0',
    '  options:',
    '    json:',
    '      infoBufferSize: "0"',
    '    text:',
    '      infoBufferSize: "0"',
    '  verbosity: 0',
    'metricsBindAddress: ""',
    `mode: ${mode === '' ? '""' : mode}`,
    'nftables:',
    '  masqueradeAll: false',
    '  masqueradeBit: null',
    '  minSyncPeriod: 0s',
    '  syncPeriod: 0s',
    'nodePortAddresses: null',
    'oomScoreAdj: null',
    'portRange: ""',
    'showHiddenMetricsForVersion: ""',
    'winkernel:',
    '  enableDSR: false',
    '  forwardHealthCheckVip: false',
    '  networkName: ""',
    '  rootHnsEndpointName: ""',
    '  sourceVip: ""',
    '',
  ].join('\n');
}

function kubeconfigConf(server: string): string {
  return [
    'apiVersion: v1',
    'kind: Config',
    'clusters:',
    '- cluster:',
    '    certificate-authority: /var/run/secrets/kubernetes.io/serviceaccount/ca.crt',
    `    server: ${server}`,
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
}

/** The ConfigMap object kubeadm creates (labels app: kube-proxy). iptables, the default, is written as `""`. */
export function kubeProxyConfigMap(mode: ProxyMode, clusterCIDR: string, server: string): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'kube-proxy', namespace: 'kube-system', labels: { app: 'kube-proxy' } },
    data: { 'config.conf': kubeProxyConfigConf(mode === 'iptables' ? '' : mode, clusterCIDR), 'kubeconfig.conf': kubeconfigConf(server) },
  } as KubeObject;
}

/**
 * The proxy mode `config.conf` asks for: `""` (or no mode line) is iptables on Linux; any other
 * value is refused by kube-proxy's config validation (pkg/proxy/apis/config/validation/validation.go
 * validateProxyModeLinux, under the path KubeProxyConfiguration.Mode), and kube-proxy's command
 * fails with `failed validate: <that error>` (cmd/kube-proxy/app/server.go).
 */
export function modeFromConfigConf(text: string): ProxyMode | { error: string } {
  const m = /^mode:[ \t]*(.*?)[ \t]*$/m.exec(text);
  const raw = (m?.[1] ?? '').replace(/^(["'])(.*)\1$/, '$2');
  if (raw === '' || raw === 'iptables') return 'iptables';
  if (raw === 'ipvs' || raw === 'nftables') return raw;
  return { error: `KubeProxyConfiguration.Mode.ProxyMode: Invalid value: ${JSON.stringify(raw)}: must be iptables, ipvs, nftables or blank (blank means the best-available proxy [currently iptables])` };
}
