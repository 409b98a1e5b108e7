// kubectl expose against the simulated cluster, with the texts kubectl v1.31.9 printed for the same
// commands against kubeplay serve (kubectl/pkg/cmd/expose/expose.go, the service/v2 generator and
// polymorphichelpers). The manifests are the kubernetes.io tutorials' own: "Connecting Applications
// with Services" (run-my-nginx.yaml) and "Using a Service to Expose Your App" (kubernetes-bootcamp).
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../../cluster';

const MY_NGINX = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-nginx
spec:
  selector:
    matchLabels:
      run: my-nginx
  replicas: 2
  template:
    metadata:
      labels:
        run: my-nginx
    spec:
      containers:
      - name: my-nginx
        image: nginx
        ports:
        - containerPort: 80
`;
const PODS = `apiVersion: v1
kind: Pod
metadata:
  name: nolabels
spec:
  containers:
  - name: c
    image: nginx
---
apiVersion: v1
kind: Pod
metadata:
  name: multi
  labels: {app: multi}
spec:
  containers:
  - name: c
    image: nginx
    ports:
    - containerPort: 80
    - containerPort: 53
      protocol: UDP
    - containerPort: 53
      protocol: TCP
`;

const svcYaml = (meta: string, spec: string): string =>
  `apiVersion: v1\nkind: Service\nmetadata:\n  creationTimestamp: null\n${meta}spec:\n${spec}status:\n  loadBalancer: {}\n`;

describe('kubectl expose as kubectl v1.31.9', () => {
  const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 11 });
  c.run('kubectl apply -f run-my-nginx.yaml', { files: { 'run-my-nginx.yaml': MY_NGINX } });
  c.run('kubectl apply -f pods.yaml', { files: { 'pods.yaml': PODS } });
  c.run('kubectl create deployment noports --image=nginx');
  c.run('kubectl create deployment kubernetes-bootcamp --image=gcr.io/google-samples/kubernetes-bootcamp:v1');
  c.sim.runUntil(c.sim.now + 5000);

  it('takes selector and port from the Deployment (connect-applications-service tutorial)', () => {
    expect(c.run('kubectl expose deployment/my-nginx --dry-run=client -o yaml').stdout).toBe(
      svcYaml('  name: my-nginx\n', '  ports:\n  - port: 80\n    protocol: TCP\n    targetPort: 80\n  selector:\n    run: my-nginx\n'),
    );
  });

  it('--type NodePort --port 8080 copies the object labels (expose-intro tutorial)', () => {
    expect(c.run('kubectl expose deployment/kubernetes-bootcamp --type=NodePort --port 8080 --dry-run=client -o yaml').stdout).toBe(
      svcYaml(
        '  labels:\n    app: kubernetes-bootcamp\n  name: kubernetes-bootcamp\n',
        '  ports:\n  - port: 8080\n    protocol: TCP\n    targetPort: 8080\n  selector:\n    app: kubernetes-bootcamp\n  type: NodePort\n',
      ),
    );
  });

  it('names several ports port-N, and a port served over two protocols port-N-proto', () => {
    expect(c.run('kubectl expose pod multi --dry-run=client -o yaml').stdout).toBe(
      svcYaml(
        '  labels:\n    app: multi\n  name: multi\n',
        '  ports:\n  - name: port-1\n    port: 80\n    protocol: TCP\n    targetPort: 80\n' +
          '  - name: port-2-udp\n    port: 53\n    protocol: UDP\n    targetPort: 53\n' +
          '  - name: port-2-tcp\n    port: 53\n    protocol: TCP\n    targetPort: 53\n  selector:\n    app: multi\n',
      ),
    );
    expect(c.run('kubectl expose pod multi --port=80 --protocol=UDP --dry-run=client -o yaml').stdout).toContain('  - port: 80\n    protocol: UDP\n    targetPort: 80\n');
  });

  it('--selector, --name, --target-port by name, and headless without a port', () => {
    const out = c.run('kubectl expose deployment my-nginx --port=8080 --target-port=http --name=web2 --selector=a=b,c=d --dry-run=client -o yaml').stdout;
    expect(out).toBe(svcYaml('  name: web2\n', '  ports:\n  - port: 8080\n    protocol: TCP\n    targetPort: http\n  selector:\n    a: b\n    c: d\n'));
    expect(c.run('kubectl expose deployment noports --cluster-ip=None --name=hl --dry-run=client -o yaml').stdout).toBe(
      svcYaml('  labels:\n    app: noports\n  name: hl\n', '  clusterIP: None\n  selector:\n    app: noports\n'),
    );
  });

  it('LoadBalancer with --load-balancer-ip, --session-affinity, --external-ip and --labels', () => {
    const out = c.run('kubectl expose deployment my-nginx --port=80 --type=LoadBalancer --load-balancer-ip=5.6.7.8 --session-affinity=ClientIP --external-ip=1.2.3.4 --labels=x=y,z=w --dry-run=client -o yaml').stdout;
    expect(out).toBe(
      svcYaml(
        '  labels:\n    x: "y"\n    z: w\n  name: my-nginx\n',
        '  externalIPs:\n  - 1.2.3.4\n  loadBalancerIP: 5.6.7.8\n  ports:\n  - port: 80\n    protocol: TCP\n    targetPort: 80\n  selector:\n    run: my-nginx\n  sessionAffinity: ClientIP\n  type: LoadBalancer\n',
      ),
    );
  });

  it.each([
    ['deployment noports', "error: couldn't find port via --port flag or introspection\n"],
    ['pod nolabels --port=80', "error: couldn't retrieve selectors via --selector flag or introspection: the pod has no labels and cannot be exposed\n"],
    ['svc kubernetes --name=k2', "error: couldn't retrieve selectors via --selector flag or introspection: the service has no pod selector set\n"],
    ['deployment nope', 'Error from server (NotFound): deployments.apps "nope" not found\n'],
    ['rs nope', 'Error from server (NotFound): replicasets.apps "nope" not found\n'],
    ['node/worker-1 --port=80', 'error: cannot expose a Node\n'],
    ['deployment my-nginx --port=abc', 'error: strconv.Atoi: parsing "abc": invalid syntax\n'],
    ['', "error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'\n"],
  ])('kubectl expose %s fails as kubectl does', (args, stderr) => {
    expect(c.run(`kubectl expose ${args} --dry-run=client -o yaml`)).toMatchObject({ stdout: '', stderr, exitCode: 1 });
  });

  it('creates the Service (service/NAME exposed), then AlreadyExists; the apiserver validates what kubectl built', () => {
    expect(c.run('kubectl expose deployment my-nginx --port=80,81')).toMatchObject({ stdout: 'service/my-nginx exposed\n', exitCode: 0 });
    expect(c.run("kubectl get svc my-nginx -o jsonpath='{.spec.ports[*].name} {.spec.type}'").stdout).toBe('port-1 port-2 ClusterIP');
    expect(c.run('kubectl expose deployment my-nginx').stderr).toBe('Error from server (AlreadyExists): services "my-nginx" already exists\n');
    expect(c.run('kubectl expose deployment my-nginx --port=80 --protocol=tcp --name=x').stderr).toBe(
      'The Service "x" is invalid: spec.ports[0].protocol: Unsupported value: "tcp": supported values: "SCTP", "TCP", "UDP"\n',
    );
    expect(c.run('kubectl expose deployment my-nginx --port=80 --target-port=0 --name=x').stderr).toBe(
      'The Service "x" is invalid: spec.ports[0].targetPort: Invalid value: 0: must be between 1 and 65535, inclusive\n',
    );
  });
});

// The endpoints controller (pkg/controller/endpoint/endpoints_controller.go) and `kubectl get
// endpoints` / `describe endpoints` (printEndpoints, describeEndpoints), in the forms kubectl v1.31.9
// printed them against kubeplay serve.
describe('Endpoints follow the pods a Service selects', () => {
  const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 12 });
  c.run('kubectl apply -f run-my-nginx.yaml', { files: { 'run-my-nginx.yaml': MY_NGINX } });
  c.sim.runUntil(c.sim.now + 5000);
  c.run('kubectl expose deployment/my-nginx');
  c.sim.runUntil(c.sim.now + 3000);

  it('get ep lists ip:port of both ready pods; kubernetes points at the apiserver', () => {
    const ips = c.run("kubectl get pods -l run=my-nginx -o jsonpath='{.items[*].status.podIP}'").stdout.split(' ');
    const out = c.run('kubectl get ep').stdout.split('\n');
    expect(out[0]).toMatch(/^NAME +ENDPOINTS +AGE$/);
    expect(out[1]).toMatch(/^kubernetes +10\.\d+\.\d+\.\d+:6443 +\S+$/);
    expect(out[2]!.split(/ +/)[1]!.split(',').sort()).toEqual(ips.map((ip) => `${ip}:80`).sort());
  });

  it('describe endpoints prints the subset with its addresses and ports table', () => {
    const out = c.run('kubectl describe endpoints my-nginx').stdout;
    expect(out).toMatch(/^Name: {9}my-nginx\nNamespace: {4}default\nLabels: {7}<none>\nAnnotations: {2}endpoints\.kubernetes\.io\/last-change-trigger-time: \S+Z\nSubsets:\n {2}Addresses: {10}[\d.,]+\n {2}NotReadyAddresses: {2}<none>\n {2}Ports:\n {4}Name {5}Port {2}Protocol\n {4}---- {5}---- {2}--------\n {4}<unset> {2}80 {4}TCP\n\nEvents: {2}<none>\n$/);
  });

  it('deleting the Service deletes its Endpoints', () => {
    c.run('kubectl delete svc my-nginx');
    c.sim.runUntil(c.sim.now + 2000);
    expect(c.run('kubectl get ep my-nginx').stderr).toBe('Error from server (NotFound): endpoints "my-nginx" not found\n');
  });
});
