// kube-proxy's rules as a node shell lists them (seed, chapter 3: kube-proxy "is not a proxy", it
// writes kernel rules): iptables-save and `iptables -t nat -L KUBE-SERVICES -n` in iptables mode,
// `nft list ruleset` in nftables mode (beta in v1.31, GA in v1.33; pkg/proxy/nftables/proxier.go),
// and the pipes the seed writes (`iptables-save | grep <service>`).
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';

function withWeb(mode: 'iptables' | 'nftables') {
  const c = buildCluster({ nodes: [{ name: 'worker-1' }], kubeProxyMode: mode }, { seed: 21 });
  c.run('kubectl create deployment web --image=nginx --replicas=2 --port=80');
  c.sim.runUntil(c.sim.now + 20_000);
  c.run('kubectl expose deployment web --port=80');
  c.sim.runUntil(c.sim.now + 5_000);
  return c;
}

describe('iptables mode', () => {
  const c = withWeb('iptables');

  it('iptables-save | grep web shows the Service chain and its endpoints', () => {
    const out = c.run('ssh worker-1 -- iptables-save | grep default/web');
    expect(out.exitCode).toBe(0);
    expect(out.stdout).toMatch(/^-A KUBE-SERVICES -d 10\.\d+\.\d+\.\d+\/32 -p tcp -m comment --comment "default\/web cluster IP" -m tcp --dport 80 -j KUBE-SVC-[A-Z2-7]{16}$/m);
    expect(out.stdout.match(/-j DNAT --to-destination 10\.244\.\d+\.\d+:80/g)).toHaveLength(2);
    expect(c.run('ssh worker-1 -- iptables-save | grep -c KUBE-SEP- | head -n 1').stdout).toMatch(/^\d+\n$/);
  });

  it('iptables -t nat -L KUBE-SERVICES -n lists the kubernetes and web Services', () => {
    const out = c.run('ssh worker-1 -- sudo iptables -t nat -L KUBE-SERVICES -n --line-numbers');
    const lines = out.stdout.split('\n');
    expect(lines[0]).toBe('Chain KUBE-SERVICES (2 references)');
    expect(lines[1]).toBe('num  target     prot opt source               destination         ');
    expect(out.stdout).toMatch(/\n1 {4}KUBE-SVC-NPX46M4PTMTKRN6Y {2}tcp {2}-- {2}0\.0\.0\.0\/0 {12}10\.96\.0\.1 {12}\/\* default\/kubernetes:https cluster IP \*\/ tcp dpt:443\n/);
    expect(c.run('ssh worker-1 -- iptables -t nat -L NOPE -n')).toMatchObject({ stderr: 'iptables: No chain/target/match by that name.\n', exitCode: 1 });
    expect(c.run('ssh worker-1 -- nft list ruleset').stdout).toBe('');
  });
});

describe('nftables mode', () => {
  const c = withWeb('nftables');

  it('nft list ruleset shows table ip kube-proxy with the web Service in service-ips', () => {
    const out = c.run('ssh worker-1 -- nft list ruleset');
    expect(out.stdout.startsWith('table ip kube-proxy {\n\tcomment "rules for kube-proxy"\n')).toBe(true);
    expect(out.stdout).toMatch(/ \. tcp \. 80 : goto service-[A-Z2-7]{8}-default\/web\/tcp\//);
    // One endpoint chain per endpoint and port: the kubernetes Service's apiserver, web's two pods,
    // and kubeadm's kube-dns (two CoreDNS pods x 53/udp, 53/tcp, 9153/tcp).
    expect(c.run('ssh worker-1 -- nft list ruleset | grep -c "dnat to"').stdout).toBe('9\n');
    expect(c.run('ssh worker-1 -- iptables-save').stdout).toBe('');
  });
});

// kubeadm's addon/kube-proxy phase (cmd/kubeadm/app/phases/addons/proxy): the ConfigMap kube-proxy
// takes its configuration from, with the cluster's mode in config.conf.
describe('the kube-proxy ConfigMap', () => {
  it('is created at boot in kube-system with the scenario mode', () => {
    const c = buildCluster({ nodes: [{ name: 'worker-1' }], kubeProxyMode: 'nftables' }, { seed: 3 });
    c.sim.runUntil(c.sim.now + 10_000);
    expect(c.run('kubectl get cm -n kube-system kube-proxy --show-labels').stdout).toMatch(/^NAME +DATA +AGE +LABELS\nkube-proxy +2 +\S+ +app=kube-proxy\n$/);
    expect(c.run(`kubectl get cm -n kube-system kube-proxy -o jsonpath='{.data.config\\.conf}'`).stdout).toContain('\nmode: nftables\n');
  });
});
