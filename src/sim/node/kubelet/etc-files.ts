// The files the kubelet puts into every container besides the pod's volumes: /etc/hosts, written
// by the kubelet itself (kubelet_pods.go ensureHostsFile / managedHostsFileContent), /etc/hostname
// (the pod name), and /etc/resolv.conf from the pod's DNS config (dns.go GetPodDNS: for
// ClusterFirst the cluster DNS Service's IP and the search list `<ns>.svc.<domain> svc.<domain>
// <domain>` with `ndots:5`), which containerd writes as search, nameserver, options lines
// (pkg/cri/sbserver parseDNSOptions). Simplification: the real resolv.conf also appends the
// node's own search domains; Kubeplay's nodes have none. A pod with hostNetwork gets the node's
// files instead; Kubeplay's pods do not use the host network, so that case is not modelled.

import type { Pod } from '../../api/types';

/** kubeadm's defaults: the 10th address of the Service CIDR 10.96.0.0/12, and `cluster.local`. */
export const CLUSTER_DNS_IP = '10.96.0.10';
export const CLUSTER_DOMAIN = 'cluster.local';

export function hostsFile(podIP: string, pod: Pod): string {
  const spec = pod.spec as { hostname?: string; subdomain?: string; hostAliases?: { ip: string; hostnames?: string[] }[] };
  const hostname = spec.hostname ?? pod.metadata.name ?? '';
  let out = '# Kubernetes-managed hosts file.\n';
  out += '127.0.0.1\tlocalhost\n';
  out += '::1\tlocalhost ip6-localhost ip6-loopback\n';
  out += 'fe00::0\tip6-localnet\n';
  out += 'fe00::0\tip6-mcastprefix\n';
  out += 'fe00::1\tip6-allnodes\n';
  out += 'fe00::2\tip6-allrouters\n';
  if (podIP) {
    out += spec.subdomain
      ? `${podIP}\t${hostname}.${spec.subdomain}.${pod.metadata.namespace}.svc.${CLUSTER_DOMAIN}\t${hostname}\n`
      : `${podIP}\t${hostname}\n`;
  }
  if (spec.hostAliases?.length) {
    out += '\n# Entries added by HostAliases.\n';
    for (const a of spec.hostAliases) out += `${a.ip}\t${(a.hostnames ?? []).join('\t')}\n`;
  }
  return out;
}

export function resolvConf(pod: Pod): string | undefined {
  const spec = pod.spec as { dnsPolicy?: string; dnsConfig?: { nameservers?: string[]; searches?: string[]; options?: { name: string; value?: string }[] } };
  const policy = spec.dnsPolicy ?? 'ClusterFirst';
  const ns = pod.metadata.namespace ?? 'default';
  let servers: string[] = [];
  let searches: string[] = [];
  let options: string[] = [];
  if (policy === 'ClusterFirst' || policy === 'ClusterFirstWithHostNet') {
    servers = [CLUSTER_DNS_IP];
    searches = [`${ns}.svc.${CLUSTER_DOMAIN}`, `svc.${CLUSTER_DOMAIN}`, CLUSTER_DOMAIN];
    options = ['ndots:5'];
  } else if (policy !== 'None') return undefined;
  const dc = spec.dnsConfig;
  if (dc) {
    servers = [...servers, ...(dc.nameservers ?? [])];
    searches = [...searches, ...(dc.searches ?? [])];
    options = [...options, ...(dc.options ?? []).map((o) => (o.value !== undefined ? `${o.name}:${o.value}` : o.name))];
  }
  let out = '';
  if (searches.length) out += `search ${searches.join(' ')}\n`;
  if (servers.length) out += `nameserver ${servers.join('\nnameserver ')}\n`;
  if (options.length) out += `options ${options.join(' ')}\n`;
  return out;
}

/** The kubelet-managed files of one container, by path. */
export function etcFiles(pod: Pod, podIP: string | undefined): Record<string, string> {
  const files: Record<string, string> = {
    '/etc/hosts': hostsFile(podIP ?? '', pod),
    '/etc/hostname': `${(pod.spec as { hostname?: string }).hostname ?? pod.metadata.name ?? ''}\n`,
  };
  const resolv = resolvConf(pod);
  if (resolv !== undefined) files['/etc/resolv.conf'] = resolv;
  return files;
}
