// `kubectl exec` on the whole simulated cluster: kubectl -> kube-apiserver (pods/exec, RBAC
// `create`) -> the kubelet of the pod's node (/exec/{ns}/{pod}/{container}) -> containerd (CRI
// Exec) -> the container's program, and back. Sources: kubectl pkg/cmd/exec/exec.go (messages,
// exit codes), pkg/registry/core/pod/strategy.go streamLocation (container and node checks),
// pkg/kubelet/kubelet_pods.go GetExec and ensureHostsFile, pkg/kubelet/network/dns/dns.go (the
// ClusterFirst resolv.conf), pkg/kubelet/envvars (service variables), containerd's CRI Exec and
// runc's start error (as a containerd node prints it: TheK8sBook issue #30), and the
// remotecommand ServeExec statuses (NonZeroExitCode, InternalError). One cluster for the file.

import { beforeAll, describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';

const PODS = `apiVersion: v1
kind: Pod
metadata:
  name: box
spec:
  containers:
  - name: box
    image: busybox:1.36
    command: ["sleep", "3600"]
    env:
    - name: GREETING
      value: hello
    volumeMounts:
    - name: config
      mountPath: /etc/config
  volumes:
  - name: config
    configMap:
      name: game
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: game
data:
  lives: "3"
---
apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
  - name: nginx
    image: nginx:1.27.1
  - name: sidecar
    image: busybox:1.36
    command: ["sh", "-c", "sleep 3600"]
---
apiVersion: v1
kind: Pod
metadata:
  name: done
spec:
  restartPolicy: Never
  containers:
  - name: once
    image: busybox:1.36
    command: ["true"]
---
apiVersion: v1
kind: Pod
metadata:
  name: paused
spec:
  containers:
  - name: pause
    image: registry.k8s.io/pause:3.10
`;

let c: ReturnType<typeof buildCluster>;
beforeAll(() => {
  c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 12 });
  c.sim.runUntil(c.sim.now + 5_000);
  c.run('kubectl apply -f -', { stdin: PODS });
  c.sim.runUntil(c.sim.now + 60_000);
});

const podIP = (name: string): string => c.run(`kubectl get pod ${name} -o jsonpath={.status.podIP}`).stdout;

describe('kubectl exec through the apiserver, the kubelet and containerd', () => {
  it('prints the container environment: PATH, HOSTNAME, its env, the kubernetes Service variables, HOME', () => {
    const out = c.run('kubectl exec box -- env');
    expect(out.stderr).toBe('');
    expect(out.exitCode).toBe(0);
    expect(out.stdout).toBe(
      [
        'PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
        'HOSTNAME=box',
        'GREETING=hello',
        'KUBERNETES_SERVICE_HOST=10.96.0.1',
        'KUBERNETES_SERVICE_PORT=443',
        'KUBERNETES_SERVICE_PORT_HTTPS=443',
        'KUBERNETES_PORT=tcp://10.96.0.1:443',
        'KUBERNETES_PORT_443_TCP=tcp://10.96.0.1:443',
        'KUBERNETES_PORT_443_TCP_PROTO=tcp',
        'KUBERNETES_PORT_443_TCP_PORT=443',
        'KUBERNETES_PORT_443_TCP_ADDR=10.96.0.1',
        'HOME=/root',
        '',
      ].join('\n'),
    );
  });

  it('reads the files the kubelet writes: resolv.conf for ClusterFirst, hosts with the pod IP, hostname', () => {
    expect(c.run('kubectl exec box -- cat /etc/resolv.conf').stdout).toBe('search default.svc.cluster.local svc.cluster.local cluster.local\nnameserver 10.96.0.10\noptions ndots:5\n');
    expect(c.run('kubectl exec box -- cat /etc/hosts').stdout).toBe(
      `# Kubernetes-managed hosts file.\n127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\nfe00::0\tip6-localnet\nfe00::0\tip6-mcastprefix\nfe00::1\tip6-allnodes\nfe00::2\tip6-allrouters\n${podIP('box')}\tbox\n`,
    );
    expect(c.run('kubectl exec box -- hostname').stdout).toBe('box\n');
  });

  it('lists and reads a ConfigMap volume, and runs simple sh -c scripts with variables', () => {
    expect(c.run('kubectl exec box -- ls /etc/config').stdout).toBe('lives\n');
    expect(c.run('kubectl exec box -- cat /etc/config/lives').stdout).toBe('3');
    expect(c.run(`kubectl exec box -- sh -c 'echo $GREETING from $HOSTNAME && id'`).stdout).toBe('hello from box\nuid=0(root) gid=0(root) groups=0(root),10(wheel)\n');
  });

  it('reports a command that fails with its exit code, as kubectl does for NonZeroExitCode', () => {
    const out = c.run('kubectl exec box -- sh -c nosuch');
    expect(out).toMatchObject({ stdout: '', stderr: 'sh: nosuch: not found\ncommand terminated with exit code 127\n', exitCode: 127 });
    const cat = c.run('kubectl exec box -- cat /nope');
    expect(cat).toMatchObject({ stderr: "cat: can't open '/nope': No such file or directory\ncommand terminated with exit code 1\n", exitCode: 1 });
  });

  it('fails to start a program the image does not have, with containerd and runc\'s error', () => {
    const out = c.run('kubectl exec web -c nginx -- ps');
    expect(out.exitCode).toBe(1);
    expect(out.stderr).toMatch(/^error: Internal error occurred: error executing command in container: failed to exec in container: failed to start exec "[0-9a-f]{64}": OCI runtime exec failed: exec failed: unable to start container process: exec: "ps": executable file not found in \$PATH: unknown\n$/);
    // A distroless image has no shell at all.
    expect(c.run('kubectl exec paused -- sh').stderr).toContain('exec: "sh": executable file not found in $PATH: unknown');
  });

  it('uses the Debian shell and image env in nginx, and says which container it defaulted to', () => {
    const out = c.run('kubectl exec web -- sh -c nosuch');
    expect(out.stderr).toBe('Defaulted container "nginx" out of: nginx, sidecar\nsh: 1: nosuch: not found\ncommand terminated with exit code 127\n');
    expect(c.run('kubectl exec web -c nginx -- printenv NGINX_VERSION').stdout).toBe('1.27.1\n');
  });

  it('gives kubectl\'s and the apiserver\'s errors for a missing pod, a wrong container and a completed pod', () => {
    expect(c.run('kubectl exec nope -- env').stderr).toBe('Error from server (NotFound): pods "nope" not found\n');
    expect(c.run('kubectl exec web -c nope -- env').stderr).toBe('Error from server (BadRequest): container nope is not valid for pod web\n');
    expect(c.run('kubectl exec done -- env').stderr).toBe('error: cannot exec into a container in a completed pod; current phase is Succeeded\n');
    expect(c.run('kubectl exec box').stderr).toBe('error: you must specify at least one command for the container\n');
  });

  it('refuses exec without -- as v1.31 does (it only warned DEPRECATED up to v1.30)', () => {
    expect(c.run('kubectl exec box hostname')).toMatchObject({
      stdout: '',
      stderr: "error: exec [POD] [COMMAND] is not supported anymore. Use exec [POD] -- [COMMAND] instead\nSee 'kubectl exec -h' for help and examples\n",
      exitCode: 1,
    });
  });

  it('waits for the command: sleep takes simulated time', () => {
    const before = c.sim.now;
    expect(c.run('kubectl exec box -- sh -c "sleep 3; echo done"').stdout).toBe('done\n');
    expect(c.sim.now - before).toBeGreaterThanOrEqual(3_000);
  });

  it('opens an interactive shell with its prompt for -it', () => {
    expect(c.run('kubectl exec -it box -- sh')).toMatchObject({ exitCode: 0, session: { prompt: '/ # ', pod: 'box', container: 'box' } });
    expect(c.run('kubectl exec -it web -c nginx -- bash').session?.prompt).toBe('root@web:/# ');
  });

  it('is refused without RBAC create on pods/exec', () => {
    c.run('kubectl create role viewer --verb=get --resource=pods');
    c.run('kubectl create rolebinding jane-view --role=viewer --user=jane');
    expect(c.run('kubectl exec box --as=jane -- env').stderr).toBe(
      'Error from server (Forbidden): pods "box" is forbidden: User "jane" cannot create resource "pods/exec" in API group "" in the namespace "default"\n',
    );
  });
});
