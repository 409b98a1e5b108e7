// kubeadm's kube-proxy ConfigMap (cmd/kubeadm/app/phases/addons/proxy) and the mode field kube-proxy
// reads from config.conf (pkg/proxy/apis/config: an empty mode is iptables on Linux; nftables is
// beta in v1.31, GA in v1.33).
import { describe, expect, it } from 'vitest';
import { kubeProxyConfigMap, modeFromConfigConf } from './configmap';

describe('the kube-proxy ConfigMap', () => {
  it('writes the default iptables mode as an empty string, and the others by name', () => {
    const cm = kubeProxyConfigMap('iptables', '10.244.0.0/16', 'https://10.0.0.10:6443') as unknown as { data: Record<string, string> };
    expect(cm.data['config.conf']).toContain('\nmode: ""\nnftables:\n');
    expect(cm.data['config.conf']).toContain('\nclusterCIDR: 10.244.0.0/16\n');
    expect(cm.data['kubeconfig.conf']).toContain('    server: https://10.0.0.10:6443\n');
    const nft = kubeProxyConfigMap('nftables', '10.244.0.0/16', 'https://10.0.0.10:6443') as unknown as { data: Record<string, string> };
    expect(nft.data['config.conf']).toContain('\nmode: nftables\n');
  });

  it.each([
    ['mode: ""', 'iptables'],
    ['mode: ipvs', 'ipvs'],
    ['mode: "nftables"', 'nftables'],
    ['kind: KubeProxyConfiguration', 'iptables'],
  ])('reads %s as %s', (line, mode) => {
    expect(modeFromConfigConf(`apiVersion: kubeproxy.config.k8s.io/v1alpha1\n${line}\n`)).toBe(mode);
  });

  it('refuses a mode kube-proxy does not know', () => {
    // pkg/proxy/apis/config/validation/validation.go validateProxyModeLinux (userspace is gone since v1.26).
    expect(modeFromConfigConf('mode: userspace\n')).toEqual({ error: 'KubeProxyConfiguration.Mode.ProxyMode: Invalid value: "userspace": must be iptables, ipvs, nftables or blank (blank means the best-available proxy [currently iptables])' });
  });
});
