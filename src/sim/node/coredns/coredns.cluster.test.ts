// CoreDNS answering names in a running cluster: each nslookup, wget and curl in a pod sends its
// questions as UDP datagrams to the pod's resolv.conf nameserver (10.96.0.10), through the node's
// kube-proxy rules to a CoreDNS pod, whose kubernetes plugin answers from its own informers.
// Sources: kubernetes.io "DNS for Services and Pods" (A records of ClusterIP and headless Services,
// the search list `<ns>.svc.cluster.local svc.cluster.local cluster.local` with ndots:5);
// kubernetes.io "Debugging DNS Resolution" (dnsutils.yaml, `nslookup kubernetes.default`,
// `;; connection timed out; no servers could be reached`); busybox networking/nslookup.c (1.28's
// getaddrinfo output and `nslookup: can't resolve`, 1.36's `Server:\t\t` / `** server can't find`);
// busybox networking/wget.c (`wget: bad address`); the CoreDNS kubernetes plugin README.
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';


const MANIFESTS = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
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
  selector: {app: web}
  ports:
  - port: 80
---
apiVersion: v1
kind: Service
metadata:
  name: web-headless
spec:
  clusterIP: None
  selector: {app: web}
  ports:
  - port: 80
---
apiVersion: v1
kind: Pod
metadata:
  name: old
spec:
  containers:
  - name: c
    image: busybox:1.28
    command: ["sleep", "infinity"]
---
apiVersion: v1
kind: Pod
metadata:
  name: new
spec:
  containers:
  - name: c
    image: busybox:1.36
    command: ["sleep", "infinity"]
`;

/** The "Debugging DNS Resolution" page's admin/dns/dnsutils.yaml, unchanged. */
const DNSUTILS = `apiVersion: v1
kind: Pod
metadata:
  name: dnsutils
  namespace: default
spec:
  containers:
  - name: dnsutils
    image: registry.k8s.io/e2e-test-images/jessie-dnsutils:1.3
    command:
      - sleep
      - "infinity"
    imagePullPolicy: IfNotPresent
  restartPolicy: Always
`;


function cluster() {
  const c = buildCluster({ nodes: [{ name: 'worker-1' }, { name: 'worker-2' }] }, { seed: 7 });
  c.sim.runUntil(c.sim.now + 5_000);
  c.run('kubectl apply -f -', { stdin: MANIFESTS });
  c.run('kubectl apply -f -', { stdin: DNSUTILS });
  c.sim.runUntil(c.sim.now + 60_000);
  const run = (l: string): { out: string; code: number } => {
    const o = c.run(l);
    return { out: o.stdout + o.stderr, code: o.exitCode };
  };
  const webIP = run("kubectl get svc web -o jsonpath={.spec.clusterIP}").out;
  return { c, run, webIP };
}

describe('CoreDNS answers names (DNS for Services and Pods)', () => {
  const { c, run, webIP } = cluster();

  it('answers a ClusterIP Service by its short name through the search list: busybox 1.28 prints its server, then the name and address with their PTR names', () => {
    expect(run('kubectl exec old -- nslookup web')).toEqual({
      out: `Server:    10.96.0.10\nAddress 1: 10.96.0.10 kube-dns.kube-system.svc.cluster.local\n\nName:      web\nAddress 1: ${webIP} web.default.svc.cluster.local\n`,
      code: 0,
    });
  });

  // Each busybox prints its own release's usage (busybox-release.ts): `kubectl run
  // --image=busybox:1.28.4 ... nslookup` transcripts show 1.28's banner and usage whole; busybox:1.36
  // transcripts `BusyBox v1.36.1 (2023-05-18 22:34:17 UTC)` and the 1.29+ usage (networking/nslookup.c).
  it('prints the usage of the image\'s own busybox release for a bare nslookup', () => {
    expect(run('kubectl exec old -- nslookup')).toEqual({
      out: 'BusyBox v1.28.4 (2018-05-22 17:00:17 UTC) multi-call binary.\n\nUsage: nslookup [HOST] [SERVER]\n\nQuery the nameserver for the IP address of the given HOST\noptionally using a specified DNS server\ncommand terminated with exit code 1\n',
      code: 1,
    });
    expect(run('kubectl exec new -- nslookup')).toEqual({
      out: 'BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: nslookup [-type=QUERY_TYPE] [-debug] HOST [DNS_SERVER]\n\nQuery DNS about HOST\n\nQUERY_TYPE: soa,ns,a,aaaa,cname,mx,txt,any\ncommand terminated with exit code 1\n',
      code: 1,
    });
    expect(run('kubectl exec old -- wget').out).toMatch(/^BusyBox v1\.28\.4 \(2018-05-22 17:00:17 UTC\) multi-call binary\.\n\nUsage: wget \[-c\|--continue\]/);
    expect(run('kubectl exec old -- grep')).toEqual({
      out: 'BusyBox v1.28.4 (2018-05-22 17:00:17 UTC) multi-call binary.\n\nUsage: grep [-HhnlLoqvsriwFE] [-m N] [-A/B/C N] PATTERN/-e PATTERN.../-f FILE [FILE]...\ncommand terminated with exit code 2\n',
      code: 2,
    });
  });

  it('answers a headless Service with one A record per ready endpoint', () => {
    const ips = run("kubectl get pods -l app=web -o jsonpath={.items[*].status.podIP}").out.split(' ').sort();
    const r = run('kubectl exec old -- nslookup web-headless');
    expect(r.code).toBe(0);
    const addresses = [...r.out.matchAll(/^Address \d: (\S+) \S+$/gm)].map((m) => m[1]).filter((ip) => ip !== '10.96.0.10');
    expect(addresses.sort()).toEqual(ips);
    expect(r.out).toContain('Name:      web-headless\n');
  });

  it('says NXDOMAIN for a name no Service has: busybox 1.28 cannot resolve it', () => {
    expect(run('kubectl exec old -- nslookup nosuch')).toEqual({
      out: "Server:    10.96.0.10\nAddress 1: 10.96.0.10 kube-dns.kube-system.svc.cluster.local\n\nnslookup: can't resolve 'nosuch'\ncommand terminated with exit code 1\n",
      code: 1,
    });
  });

  it('busybox 1.36 asks A and AAAA for every search domain at once and prints each reply (exit 1: some were NXDOMAIN)', () => {
    expect(run('kubectl exec new -- nslookup web')).toEqual({
      out:
        'Server:\t\t10.96.0.10\nAddress:\t10.96.0.10:53\n\n' +
        `Name:\tweb.default.svc.cluster.local\nAddress: ${webIP}\n\n` +
        "** server can't find web.svc.cluster.local: NXDOMAIN\n\n** server can't find web.cluster.local: NXDOMAIN\n\n" +
        '\n' +
        "** server can't find web.svc.cluster.local: NXDOMAIN\n\n** server can't find web.cluster.local: NXDOMAIN\n\n" +
        'command terminated with exit code 1\n',
      code: 1,
    });
    expect(run('kubectl exec new -- nslookup web.default.svc.cluster.local')).toEqual({
      out: `Server:\t\t10.96.0.10\nAddress:\t10.96.0.10:53\n\nName:\tweb.default.svc.cluster.local\nAddress: ${webIP}\n\n\n`,
      code: 0,
    });
  });

  it('wget resolves through the same path', () => {
    expect(run('kubectl exec new -- wget -qO- http://web').out).toContain('<title>Welcome to nginx!</title>');
  });

  it('records each question and answer as networking messages between the pod and a CoreDNS pod', () => {
    const recs = c.sim.world.trace.filter((r) => r.kind === 'message' && (r.type === 'dns.query' || r.type === 'dns.answer'));
    const q = recs.find((r) => r.type === 'dns.query' && r.summary.startsWith('DNS A? web.default.svc.cluster.local '));
    expect(q?.phase).toBe('networking');
    expect(q?.summary).toMatch(/-> 10\.96\.0\.10:53\/udp DNAT 10\.244\.\d+\.\d+:53 \(iptables: \d+ rules evaluated\)$/);
    const a = recs.find((r) => r.type === 'dns.answer' && r.inReplyTo === q?.id);
    expect(a?.summary).toContain(`DNS web.default.svc.cluster.local. A ${webIP}`);
    expect(a?.phase).toBe('networking');
  });
});

describe('Debugging DNS Resolution (kubernetes.io task page) with dnsutils.yaml', () => {
  const { run } = cluster();

  it('nslookup kubernetes.default answers with the kubernetes Service, as bind 9 prints it', () => {
    expect(run('kubectl exec -i -t dnsutils -- nslookup kubernetes.default')).toEqual({
      out: 'Server:\t\t10.96.0.10\nAddress:\t10.96.0.10#53\n\nName:\tkubernetes.default.svc.cluster.local\nAddress: 10.96.0.1\n\n',
      code: 0,
    });
  });

  it("checks the DNS pods, their logs, the kube-dns Service and its endpoints as the page does", () => {
    expect(run('kubectl get pods dnsutils').out).toMatch(/^NAME +READY +STATUS +RESTARTS +AGE\ndnsutils +1\/1 +Running +0 +\S+\n$/);
    expect(run('kubectl get pods --namespace=kube-system -l k8s-app=kube-dns').out).toMatch(/^NAME +READY +STATUS +RESTARTS +AGE\n(coredns-[a-z0-9]+-[a-z0-9]{5} +1\/1 +Running +0 +\S+\n){2}$/);
    expect(run('kubectl logs --namespace=kube-system -l k8s-app=kube-dns').out).toBe('.:53\nCoreDNS-1.11.3\nlinux/amd64, go1.21.11, a6338e9\n'.repeat(2));
    expect(run('kubectl get svc --namespace=kube-system').out).toMatch(/\nkube-dns +ClusterIP +10\.96\.0\.10 +<none> +53\/UDP,53\/TCP,9153\/TCP +\S+\n$/);
    expect(run('kubectl get endpoints kube-dns --namespace=kube-system').out).toMatch(/^NAME +ENDPOINTS +AGE\nkube-dns +10\.244\.\d+\.\d+:53,10\.244\.\d+\.\d+:53,10\.244\.\d+\.\d+:53 \+ 3 more\.\.\. +\S+\n$/);
  });

  it('resolv.conf names the kube-dns Service and the search list', () => {
    expect(run('kubectl exec -ti dnsutils -- cat /etc/resolv.conf').out).toBe('search default.svc.cluster.local svc.cluster.local cluster.local\nnameserver 10.96.0.10\noptions ndots:5\n');
  });

  it('a name nobody serves is NXDOMAIN', () => {
    expect(run('kubectl exec dnsutils -- nslookup nosuch')).toEqual({
      out: "Server:\t\t10.96.0.10\nAddress:\t10.96.0.10#53\n\n** server can't find nosuch: NXDOMAIN\n\ncommand terminated with exit code 1\n",
      code: 1,
    });
  });

  it('kubeadm bound the system:coredns ClusterRole the page checks: CoreDNS may list and watch what its plugin reads, and no more', () => {
    const as = '--as=system:serviceaccount:kube-system:coredns';
    expect(run(`kubectl auth can-i watch endpointslices.discovery.k8s.io ${as}`).out).toBe('yes\n');
    expect(run(`kubectl auth can-i list services -A ${as}`).out).toBe('yes\n');
    expect(run(`kubectl auth can-i create services ${as}`).out).toBe('no\n');
  });
});

describe('without CoreDNS names do not resolve, Service IPs still work', () => {
  const { c, run, webIP } = cluster();
  run('kubectl -n kube-system scale deployment coredns --replicas=0');
  c.sim.runUntil(c.sim.now + 30_000);

  it('every nslookup variant times out with its own words', () => {
    expect(run('kubectl get pods -n kube-system -l k8s-app=kube-dns').out).toBe('No resources found in kube-system namespace.\n');
    expect(run('kubectl exec old -- nslookup web').out).toBe("Server:    10.96.0.10\nAddress 1: 10.96.0.10\n\nnslookup: can't resolve 'web'\ncommand terminated with exit code 1\n");
    expect(run('kubectl exec new -- nslookup web').out).toBe(';; connection timed out; no servers could be reached\n\ncommand terminated with exit code 1\n');
    expect(run('kubectl exec dnsutils -- nslookup web').out).toBe(';; connection timed out; no servers could be reached\n\ncommand terminated with exit code 1\n');
  });

  it('wget says bad address after the resolver gives up (5 s, 2 attempts), while the cluster IP answers', () => {
    const t0 = c.sim.now;
    expect(run('kubectl exec new -- wget -qO- http://web').out).toBe("wget: bad address 'web'\ncommand terminated with exit code 1\n");
    expect(c.sim.now - t0).toBeGreaterThanOrEqual(10_000);
    expect(run(`kubectl exec new -- wget -qO- http://${webIP}`).out).toContain('<title>Welcome to nginx!</title>');
  });

  it('names resolve again when CoreDNS comes back', () => {
    run('kubectl -n kube-system scale deployment coredns --replicas=2');
    c.sim.runUntil(c.sim.now + 30_000);
    expect(run('kubectl exec old -- nslookup web').code).toBe(0);
    expect(run('kubectl exec new -- wget -qO- http://web').out).toContain('<title>Welcome to nginx!</title>');
  });
});

describe("killing the nodes CoreDNS's pods run on", () => {
  // A seed whose two CoreDNS pods run on workers: they tolerate the control plane's taint and may
  // land there too, and killing the control plane would take the apiserver (and exec) with it.
  const c = buildCluster({ nodes: [{ name: 'worker-1' }, { name: 'worker-2' }, { name: 'worker-3' }] }, { seed: 4 });
  c.sim.runUntil(c.sim.now + 5_000);
  const run = (l: string): string => {
    const o = c.run(l);
    return o.stdout + o.stderr;
  };
  const dnsNodes = run('kubectl -n kube-system get pods -l k8s-app=kube-dns -o jsonpath={.items[*].spec.nodeName}').split(' ');
  const free = ['worker-1', 'worker-2', 'worker-3'].find((n) => !dnsNodes.includes(n))!;
  const pinned = MANIFESTS.split('---\n')
    .filter((d) => /name: (web|new)\n/.test(d) && !d.includes('clusterIP: None'))
    .map((d) => d.replace('    spec:\n      containers:', `    spec:\n      nodeSelector: {kubernetes.io/hostname: ${free}}\n      containers:`).replace('spec:\n  containers:', `spec:\n  nodeSelector: {kubernetes.io/hostname: ${free}}\n  containers:`))
    .join('---\n');
  c.run('kubectl apply -f -', { stdin: pinned });
  c.sim.runUntil(c.sim.now + 60_000);
  const webIP = run('kubectl get svc web -o jsonpath={.spec.clusterIP}');

  it('names stop resolving at once while the Service IP still answers, and resolve again once CoreDNS is rescheduled', () => {
    expect(dnsNodes.filter((n) => n.startsWith('worker-'))).toHaveLength(2);
    expect(pinned.match(/nodeSelector/g)).toHaveLength(2);
    expect(run('kubectl exec new -- wget -qO- http://web')).toContain('<title>Welcome to nginx!</title>');
    for (const n of new Set(dnsNodes)) c.kill(`node/${n}`);
    expect(run('kubectl exec new -- wget -qO- http://web')).toBe("wget: bad address 'web'\ncommand terminated with exit code 1\n");
    expect(run(`kubectl exec new -- wget -qO- http://${webIP}`)).toContain('<title>Welcome to nginx!</title>');
    // The node lifecycle controller marks the nodes NotReady after 40 s and evicts after 300 s;
    // the Deployment's new CoreDNS pods start on the node that is left.
    c.sim.runUntil(c.sim.now + 420_000);
    expect(run('kubectl -n kube-system get pods -l k8s-app=kube-dns --field-selector=status.phase=Running -o jsonpath={.items[*].spec.nodeName}')).toContain(free);
    expect(run('kubectl exec new -- wget -qO- http://web')).toContain('<title>Welcome to nginx!</title>');
  });
});
