// Switching a running cluster's proxy mode (issue 13): kube-proxy reads `mode` from
// --config=/var/lib/kube-proxy/config.conf (the kube-proxy ConfigMap kubeadm writes, mounted into
// the DaemonSet's pod) only when it starts, so editing the ConfigMap changes nothing until its pods
// are restarted (kubernetes.io/docs/reference/command-line-tools-reference/kube-proxy/ --config;
// cmd/kube-proxy/app/server.go loads the file in Complete). On start,
// cmd/kube-proxy/app/server_linux.go platformCleanup (v1.31) removes the iptables and IPVS rules
// when the mode is nftables and the nftables table when it is iptables or IPVS; iptables <-> IPVS
// leaves the other's rules. An invalid mode fails validation
// (pkg/proxy/apis/config/validation/validation.go) and kube-proxy exits 1, crash-looping.
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';
import { parseScenario } from '../../scenario/parse';
import { runScenario, type ScenarioResult } from '../../scenario/run';
import { formatScenarioError } from '../../scenario/schema';
import { kubeProxyConfigMap } from './configmap';

const cm = (mode: 'iptables' | 'ipvs' | 'nftables' | 'bogus'): string => {
  const o = kubeProxyConfigMap('ipvs', '10.244.0.0/16', 'https://10.0.0.10:6443') as unknown as { data: Record<string, string> };
  o.data['config.conf'] = o.data['config.conf']!.replace('\nmode: ipvs\n', `\nmode: ${mode === 'iptables' ? '""' : mode}\n`);
  return JSON.stringify(JSON.stringify(o));
};

const WORKLOAD = `
        apiVersion: v1
        kind: Pod
        metadata:
          name: web-1
          labels:
            app: web
        spec:
          containers:
            - name: nginx
              image: nginx:1.27
        ---
        apiVersion: v1
        kind: Service
        metadata:
          name: web
        spec:
          selector:
            app: web
          ports:
            - port: 80
        ---
        apiVersion: v1
        kind: Pod
        metadata:
          name: client
        spec:
          nodeName: worker-1
          containers:
            - name: client
              image: busybox:1.36
              command: ["sleep", "infinity"]`;

/** Apply the ConfigMap with `mode`, restart kube-proxy's pods, then look at worker-1 at `at + 40s`. */
function switchTo(mode: Parameters<typeof cm>[0], at: number, restart: string): string {
  const t = (d: number): string => `${at + d}s`;
  return `
    - at: ${t(0)}
      apply: ${cm(mode)}
    - at: ${t(1)}
      run: ${restart}
    - at: ${t(40)}
      run: kubectl -n kube-system get pods -l k8s-app=kube-proxy
    - at: ${t(41)}
      run: ssh worker-1 -- ipvsadm -Ln
    - at: ${t(42)}
      run: ssh worker-1 -- iptables-save
    - at: ${t(43)}
      run: ssh worker-1 -- nft list ruleset
    - at: ${t(44)}
      run: kubectl exec client -- wget -qO- http://web
    - at: ${t(45)}
      run: kubectl -n kube-system logs -l k8s-app=kube-proxy --tail=1`;
}

function run(): ScenarioResult {
  const yaml = `apiVersion: kubeplay.dev/v1alpha1
kind: Scenario
metadata:
  name: proxy-mode-switch
spec:
  seed: 7
  steps:
    - at: 1s
      apply: |${WORKLOAD}
${switchTo('ipvs', 30, 'kubectl -n kube-system rollout restart ds kube-proxy')}
${switchTo('iptables', 100, 'kubectl -n kube-system rollout restart ds kube-proxy')}
${switchTo('nftables', 170, 'kubectl -n kube-system delete pods -l k8s-app=kube-proxy')}
${switchTo('bogus', 240, 'kubectl -n kube-system delete pods -l k8s-app=kube-proxy')}
    - at: 290s
      apply: ${cm('nftables')}
    - at: 500s
      run: kubectl -n kube-system get pods -l k8s-app=kube-proxy
`;
  const p = parseScenario(yaml, 'mode-switch');
  if (!p.ok) throw new Error(p.errors.map(formatScenarioError).join('\n'));
  return runScenario(p.scenario, buildCluster(p.scenario.cluster, { seed: p.scenario.seed }));
}

describe('switching kube-proxy mode on a running cluster', () => {
  const result = run();
  const out = (at: number, text: string): { stdout: string; stderr: string } => {
    const e = result.transcript.find((x) => x.time === at * 1000 && x.text.startsWith(text));
    if (!e) throw new Error(`no command ${text} at ${at}s`);
    return e;
  };
  /** What worker-1 shows after the switch applied at `at`. */
  const after = (at: number) => ({
    pods: out(at + 40, 'kubectl -n kube-system get pods').stdout,
    ipvs: out(at + 41, 'ssh worker-1 -- ipvsadm').stdout,
    iptables: out(at + 42, 'ssh worker-1 -- iptables-save').stdout,
    nft: out(at + 43, 'ssh worker-1 -- nft').stdout,
    wget: out(at + 44, 'kubectl exec client').stdout,
    logs: out(at + 45, 'kubectl -n kube-system logs').stdout,
  });

  it('runs without scenario errors', () => {
    expect(result.errors.map(formatScenarioError)).toEqual([]);
  });

  it('iptables -> IPVS after rollout restart: the virtual servers appear, the iptables rules stay unused but are not shown, traffic flows', () => {
    const s = after(30);
    expect(s.pods).not.toMatch(/CrashLoopBackOff|Terminating/);
    expect(s.ipvs).toContain('TCP  10.96.0.1:443 rr\n  -> 10.0.0.10:6443               Masq    1      0          0\n');
    expect(s.iptables).toBe('');
    expect(s.wget).toContain('<title>Welcome to nginx!</title>');
    expect(s.logs).toContain('"Syncing ipvs rules"');
  });

  it('IPVS -> iptables: KUBE-SERVICES is back and the IPVS virtual servers stay behind (platformCleanup cleans IPVS only for nftables)', () => {
    const s = after(100);
    expect(s.iptables).toContain('-A KUBE-SERVICES -d 10.96.0.1/32 -p tcp -m comment --comment "default/kubernetes:https cluster IP" -m tcp --dport 443 -j KUBE-SVC-NPX46M4PTMTKRN6Y\n');
    expect(s.ipvs).toContain('TCP  10.96.0.1:443 rr\n');
    expect(s.nft).toBe('');
    expect(s.wget).toContain('<title>Welcome to nginx!</title>');
  });

  it('iptables -> nftables after deleting the pods: iptables and IPVS rules are cleaned up, table ip kube-proxy is written', () => {
    const s = after(170);
    expect(s.nft).toContain('\tmap service-ips {\n');
    expect(s.iptables).toBe('');
    expect(s.ipvs).toBe('IP Virtual Server version 1.2.1 (size=4096)\nProt LocalAddress:Port Scheduler Flags\n  -> RemoteAddress:Port           Forward Weight ActiveConn InActConn\n');
    expect(s.wget).toContain('<title>Welcome to nginx!</title>');
  });

  it('an invalid mode: kube-proxy exits 1 with its validation error, crash-loops, and the nftables rules it left keep serving', () => {
    const s = after(240);
    expect(s.pods).toContain('CrashLoopBackOff');
    expect(s.logs).toMatch(
      /^E\d{4} \d\d:\d\d:\d\d\.\d{6} {7}1 run\.go:72\] "command failed" err="failed validate: KubeProxyConfiguration\.Mode\.ProxyMode: Invalid value: \\"bogus\\": must be iptables, ipvs, nftables or blank \(blank means the best-available proxy \[currently iptables\]\)"$/m,
    );
    expect(s.nft).toContain('\tmap service-ips {\n');
    expect(s.wget).toContain('<title>Welcome to nginx!</title>');
  });

  it('fixing the ConfigMap while it crash-loops: the kubelet rewrites the file (at its periodic sync, or when the process stops) and a later restart comes up', () => {
    const pods = out(500, 'kubectl -n kube-system get pods').stdout;
    expect(pods).not.toContain('CrashLoopBackOff');
    expect(pods.match(/ 1\/1 +Running /g)).toHaveLength(4);
  });
});
