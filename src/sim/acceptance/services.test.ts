// Seed, chapter 3: "kube-proxy is not a proxy. A Service is a stable virtual IP; kube-proxy watches
// Services and pod IPs and writes kernel rules (iptables or IPVS)". Against the whole simulated
// cluster: the apiserver allocates the ClusterIP, the EndpointSlice controller lists the ready pods,
// and every node's kube-proxy writes DNAT rules to exactly those pods; a killed kube-proxy leaves
// its node's rules stale until it runs again.

import { describe, expect, it } from 'vitest';
import { buildCluster, type Cluster } from '../cluster';
import { inServiceCIDR } from '../apiserver/registry/service-alloc';
import { dnatTargets } from '../node/kube-proxy/rules';
import { ipvsadmList, kernelRules, type KubeProxyState } from '../node/kube-proxy/kube-proxy';

const MANIFEST = [1, 2, 3]
  .map(
    (i) => `apiVersion: v1
kind: Pod
metadata:
  name: web-${i}
  labels:
    app: web
spec:
  containers:
  - name: nginx
    image: nginx:1.25
    ports:
    - containerPort: 80
`,
  )
  .concat(`apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector:
    app: web
  ports:
  - port: 80
`)
  .join('---\n');

function podIPs(c: Cluster): string[] {
  const out = c.run("kubectl get pods -l app=web -o jsonpath={.items[*].status.podIP}").stdout.trim();
  return out ? out.split(' ').sort() : [];
}

/** The pod IPs one node's kernel DNATs the web Service's traffic to (kube-proxy's rules, running or not). */
function webTargets(c: Cluster, node: string): string[] {
  const rules = kernelRules(c.sim.process(`kube-proxy/${node}`)!)!;
  const web = { ...rules, services: rules.services.filter((x) => x.name === 'default/web') };
  return dnatTargets(web).map((t) => t.replace(/:80$/, '')).sort();
}

const NODES = ['control-plane', 'worker-1', 'worker-2', 'worker-3'];

describe('a Service (seed, chapter 3)', () => {
  it('gets a ClusterIP, an EndpointSlice with the ready pod IPs, and DNAT rules to them on every node', () => {
    const c = buildCluster({}, { seed: 11 });
    expect(c.run('kubectl apply -f -', { stdin: MANIFEST }).stdout).toBe('pod/web-1 created\npod/web-2 created\npod/web-3 created\nservice/web created\n');
    c.sim.runUntil(30_000);
    const svc = c.run('kubectl get svc web').stdout;
    const ip = /web\s+ClusterIP\s+(\S+)\s+<none>\s+80\/TCP\s+\d+s/.exec(svc)?.[1];
    expect(ip && inServiceCIDR(ip)).toBe(true);
    const ips = podIPs(c);
    expect(ips).toHaveLength(3);
    const slices = c.run('kubectl get endpointslices -l kubernetes.io/service-name=web -o jsonpath={.items[*].endpoints[*].addresses[0]}').stdout.trim().split(' ').sort();
    expect(slices).toEqual(ips);
    for (const node of NODES) expect(webTargets(c, node)).toEqual(ips);
  });

  it('a killed kube-proxy leaves its node stale while the others follow a deleted pod; restarted, it catches up', () => {
    const c = buildCluster({}, { seed: 11 });
    c.run('kubectl apply -f -', { stdin: MANIFEST });
    c.sim.runUntil(30_000);
    const before = podIPs(c);
    c.kill('kube-proxy/worker-1');
    const gone = c.run('kubectl get pod web-2 -o jsonpath={.status.podIP}').stdout.trim();
    c.run('kubectl delete pod web-2 --wait=false');
    c.sim.runUntil(c.sim.now + 60_000);
    const after = podIPs(c);
    expect(after).toEqual(before.filter((x) => x !== gone));
    expect(webTargets(c, 'worker-1')).toEqual(before);
    for (const node of ['control-plane', 'worker-2', 'worker-3']) expect(webTargets(c, node)).toEqual(after);
    c.start('kube-proxy/worker-1');
    c.sim.runUntil(c.sim.now + 5_000);
    expect(webTargets(c, 'worker-1')).toEqual(after);
  });

  it('in IPVS mode, every node has a virtual server for the ClusterIP with the pods as real servers', () => {
    const c = buildCluster({ kubeProxyMode: 'ipvs' }, { seed: 11 });
    c.run('kubectl apply -f -', { stdin: MANIFEST });
    c.sim.runUntil(30_000);
    const ips = podIPs(c);
    for (const node of NODES) {
      expect(kernelRules(c.sim.process(`kube-proxy/${node}`)!)!.mode).toBe('ipvs');
      expect(webTargets(c, node)).toEqual(ips);
    }
    const text = ipvsadmList(c.sim.process('kube-proxy/worker-1')!.state as KubeProxyState);
    expect(text).toMatch(/^TCP {2}10\.\d+\.\d+\.\d+:80 rr$/m);
    for (const ip of ips) expect(text).toContain(`  -> ${ip}:80`);
  });

  it('the kubernetes Service is there from the start, at 10.96.0.1', () => {
    const c = buildCluster({}, { seed: 11 });
    expect(c.run('kubectl get svc').stdout).toBe(
      'NAME         TYPE        CLUSTER-IP   EXTERNAL-IP   PORT(S)   AGE\nkubernetes   ClusterIP   10.96.0.1    <none>        443/TCP   10s\n',
    );
  });
});
