// Issue 13: "A request from a pod (or a node) to a Service IP or name". From a node, `curl` and
// `wget` are processes of the host network namespace: their packets take the local output path,
// where kube-proxy jumps to its Service rules too (pkg/proxy/iptables/proxier.go iptablesJumpChains:
// KUBE-SERVICES from nat OUTPUT and filter OUTPUT; pkg/proxy/nftables/proxier.go: nat-output and
// filter-output hooks; IPVS: ClusterIPs bound to kube-ipvs0, node ports on the node's address).
// NodePorts on localhost: iptables mode forwards them (--iptables-localhost-nodeports, default true,
// route_localnet); nftables mode does not (`ip daddr != 127.0.0.0/8` in its node-port rule; docs
// "Virtual IPs and Service Proxies", nftables mode); IPVS has no virtual server on 127.0.0.1.
// Names: a node's resolv.conf does not point at the cluster DNS, so cluster.local names do not
// resolve there. Texts: curl 7.81.0 and GNU Wget 1.21.2 of the nodes' Ubuntu 22.04 (host-http-texts.ts).
import { describe, expect, it } from 'vitest';
import { buildCluster, type Cluster } from '../../cluster';

type Mode = 'iptables' | 'ipvs' | 'nftables';

function withWeb(mode: Mode): { c: Cluster; ip: string; nodePort: string; empty: string } {
  const c = buildCluster({ nodes: [{ name: 'worker-1' }, { name: 'worker-2' }], kubeProxyMode: mode }, { seed: 21 });
  c.run('kubectl create deployment web --image=nginx --replicas=2 --port=80');
  c.sim.runUntil(c.sim.now + 25_000);
  c.run('kubectl expose deployment web --port=80 --type=NodePort');
  c.run('kubectl create service clusterip empty --tcp=80');
  c.sim.runUntil(c.sim.now + 5_000);
  const ip = c.run('kubectl get svc web -o jsonpath={.spec.clusterIP}').stdout;
  const nodePort = c.run('kubectl get svc web -o jsonpath={.spec.ports[0].nodePort}').stdout;
  const empty = c.run('kubectl get svc empty -o jsonpath={.spec.clusterIP}').stdout;
  return { c, ip, nodePort, empty };
}

const WELCOME = /<title>Welcome to nginx!<\/title>/;
const trace = (c: Cluster): string[] => c.sim.world.trace.map((t) => t.summary);

describe('iptables mode: a node reaches Services through nat OUTPUT', () => {
  const { c, ip, nodePort, empty } = withWeb('iptables');
  const nodeIP = c.run('kubectl get node worker-1 -o jsonpath={.status.addresses[0].address}').stdout;

  it('curl -s and wget -qO- to the ClusterIP get nginx from a pod; the trace shows the walk OUTPUT -> KUBE-SERVICES -> KUBE-SVC -> KUBE-SEP', () => {
    const curl = c.run(`ssh worker-1 -- curl -s http://${ip}`);
    expect(curl).toMatchObject({ exitCode: 0, stderr: '' });
    expect(curl.stdout).toMatch(WELCOME);
    const wget = c.run(`ssh worker-1 -- wget -qO- http://${ip}:80/`);
    expect(wget).toMatchObject({ exitCode: 0, stderr: '' });
    expect(wget.stdout).toMatch(WELCOME);
    const walk = trace(c).find((t) => t.startsWith(`curl GET http://${ip}/ ${nodeIP}:`))!;
    expect(walk).toMatch(new RegExp(`-> ${ip.replace(/\./g, '\\.')}:80 DNAT 10\\.244\\.\\d+\\.\\d+:80 via KUBE-SERVICES -> KUBE-SVC-[A-Z2-7]{16} -> KUBE-SEP-[A-Z2-7]{16} -> DNAT \\(nat OUTPUT, iptables: \\d+ rules evaluated\\)$`));
    // The nginx access log names the node's address as the client.
    const logs = c.run('kubectl logs -l app=web --tail=20').stdout;
    expect(logs).toContain(`${nodeIP} - - [`);
    expect(logs).toContain('"GET / HTTP/1.1" 200 615 "-" "curl/7.81.0"');
  });

  it('conntrack -L lists the node\'s own connection, DNATed to a pod', () => {
    c.run(`ssh worker-1 -- curl -s http://${ip}`);
    expect(c.run('ssh worker-1 -- conntrack -L').stdout).toMatch(new RegExp(`tcp +6 \\d+ TIME_WAIT src=${nodeIP.replace(/\./g, '\\.')} dst=${ip.replace(/\./g, '\\.')} sport=\\d+ dport=80 src=10\\.244\\.`));
  });

  it('a cluster.local name does not resolve on a node (its resolv.conf is not the cluster DNS)', () => {
    expect(c.run('ssh worker-1 -- curl -s http://web.default.svc.cluster.local')).toMatchObject({ stdout: '', stderr: '', exitCode: 6 });
    expect(c.run('ssh worker-1 -- curl http://web.default.svc.cluster.local')).toMatchObject({ stderr: 'curl: (6) Could not resolve host: web.default.svc.cluster.local\n', exitCode: 6 });
    expect(c.run('ssh worker-1 -- wget -qO- http://web')).toMatchObject({ stdout: '', stderr: '', exitCode: 4 });
    expect(c.run('ssh worker-1 -- wget http://web').stderr).toMatch(/^--\d{4}-\d\d-\d\d \d\d:\d\d:\d\d-- {2}http:\/\/web\/\nResolving web \(web\)\.\.\. failed: Name or service not known\.\nwget: unable to resolve host address ‘web’\n$/);
  });

  it('a Service without endpoints is REJECTed in filter OUTPUT: connection refused at once', () => {
    expect(c.run(`ssh worker-1 -- curl -sS http://${empty}`)).toMatchObject({ stderr: `curl: (7) Failed to connect to ${empty} port 80 after 0 ms: Connection refused\n`, exitCode: 7 });
    expect(c.run(`ssh worker-1 -- wget http://${empty}`).stderr).toMatch(new RegExp(`\\nConnecting to ${empty.replace(/\./g, '\\.')}:80\\.\\.\\. failed: Connection refused\\.\\n$`));
    expect(trace(c).some((t) => t.includes(`-> ${empty}:80 REJECT icmp-port-unreachable (nat OUTPUT, iptables:`))).toBe(true);
  });

  it('a pod IP and a NodePort on the node IP and on localhost answer', () => {
    const podIP = c.run('kubectl get pods -l app=web -o jsonpath={.items[0].status.podIP}').stdout;
    expect(c.run(`ssh worker-1 -- curl -s http://${podIP}`).stdout).toMatch(WELCOME);
    expect(c.run(`ssh worker-1 -- curl -s http://${nodeIP}:${nodePort}`).stdout).toMatch(WELCOME);
    expect(c.run(`ssh worker-1 -- curl -s localhost:${nodePort}`).stdout).toMatch(WELCOME);
    // A port nothing listens on.
    expect(c.run('ssh worker-1 -- curl -sS http://127.0.0.1:8080/')).toMatchObject({ stderr: 'curl: (7) Failed to connect to 127.0.0.1 port 8080 after 0 ms: Connection refused\n', exitCode: 7 });
  });

  it('wget without -q prints GNU Wget\'s log on stderr and the page to the file or stdout', () => {
    const out = c.run(`ssh worker-1 -- wget -O - http://${ip}`);
    expect(out.stdout).toMatch(WELCOME);
    expect(out.stderr).toMatch(new RegExp(`^--[-\\d: ]+--  http://${ip.replace(/\./g, '\\.')}/\\nConnecting to ${ip.replace(/\./g, '\\.')}:80\\.\\.\\. connected\\.\\nHTTP request sent, awaiting response\\.\\.\\. 200 OK\\nLength: 615 \\[text/html\\]\\nSaving to: ‘STDOUT’\\n\\n {5}0K {55}100% \\S+=0s\\n\\n[-\\d: ]+ \\(\\S+ [KMG]?B/s\\) - written to stdout \\[615/615\\]\\n\\n$`));
  });

  it('an endpoint on a dead node: the connect times out after the kernel\'s SYN retries (127 s), or curl -m', () => {
    c.run('kubectl scale deployment web --replicas=1');
    c.sim.runUntil(c.sim.now + 5_000);
    const podIP = c.run('kubectl get pods -l app=web -o jsonpath={.items[0].status.podIP}').stdout;
    const node = c.run('kubectl get pods -l app=web -o jsonpath={.items[0].spec.nodeName}').stdout;
    const other = node === 'worker-1' ? 'worker-2' : 'worker-1';
    c.kill(`node/${node}`);
    const slow = c.run(`ssh ${other} -- curl -sS -m 3 http://${podIP}`, { limitMs: 10_000 });
    expect(slow).toMatchObject({ stderr: 'curl: (28) Connection timed out after 3000 milliseconds\n', exitCode: 28 });
    const kernel = c.run(`ssh ${other} -- curl -sS http://${podIP}`, { limitMs: 200_000 });
    expect(kernel).toMatchObject({ stderr: `curl: (28) Failed to connect to ${podIP} port 80 after 127000 ms: Connection timed out\n`, exitCode: 28 });
  });
});

describe('IPVS mode: one hash lookup in LOCAL_OUT', () => {
  const { c, ip, nodePort } = withWeb('ipvs');
  const nodeIP = c.run('kubectl get node worker-1 -o jsonpath={.status.addresses[0].address}').stdout;

  it('the ClusterIP and the NodePort on the node IP answer; localhost has no virtual server', () => {
    expect(c.run(`ssh worker-1 -- curl -s http://${ip}`).stdout).toMatch(WELCOME);
    expect(trace(c).some((t) => t.startsWith(`curl GET http://${ip}/ `) && t.endsWith('(LOCAL_OUT, ipvs: 1 hash lookup)'))).toBe(true);
    expect(c.run(`ssh worker-1 -- curl -s http://${nodeIP}:${nodePort}`).stdout).toMatch(WELCOME);
    expect(c.run(`ssh worker-1 -- curl -sS http://localhost:${nodePort}`)).toMatchObject({ stderr: `curl: (7) Failed to connect to localhost port ${nodePort} after 0 ms: Connection refused\n`, exitCode: 7 });
  });
});

describe('nftables mode: the output hooks', () => {
  const { c, ip, nodePort, empty } = withWeb('nftables');
  const nodeIP = c.run('kubectl get node worker-1 -o jsonpath={.status.addresses[0].address}').stdout;

  it('the ClusterIP answers through nat-output; no endpoints is rejected; no NodePort on localhost', () => {
    expect(c.run(`ssh worker-1 -- wget -qO- http://${ip}`).stdout).toMatch(WELCOME);
    expect(trace(c).some((t) => t.startsWith(`wget GET http://${ip}/ `) && /via services -> service-\S+ -> endpoint-\S+ \(hook output, nftables: service-ips verdict map lookup, \d+ rules evaluated\)$/.test(t))).toBe(true);
    expect(c.run(`ssh worker-1 -- curl -sS http://${empty}`).exitCode).toBe(7);
    expect(c.run(`ssh worker-1 -- curl -s http://${nodeIP}:${nodePort}`).stdout).toMatch(WELCOME);
    expect(c.run(`ssh worker-1 -- curl -s http://127.0.0.1:${nodePort}`).exitCode).toBe(7);
  });
});
