// The seed's chapter 3 node-level troubleshooting (crictl, systemctl, journalctl over ssh) against
// the whole simulated cluster.

import { describe, expect, it } from 'vitest';
import { buildCluster, type Cluster } from '../../cluster';

/** One node cluster, so `kubectl run` lands on worker-1. */
function clusterWithWeb(): Cluster {
  const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 7 });
  expect(c.run('kubectl run web --image=nginx:1.25').exitCode).toBe(0);
  c.sim.runUntil(c.sim.now + 30_000);
  return c;
}

describe('ssh <node> -- crictl (seed, chapter 3)', () => {
  it('lists the running container of a pod started with kubectl run', () => {
    const c = clusterWithWeb();
    const out = c.run('ssh worker-1 -- crictl ps');
    expect(out.exitCode).toBe(0);
    expect(out.stdout.split('\n')[0]).toMatch(/^CONTAINER\s+IMAGE\s+CREATED\s+STATE\s+NAME\s+ATTEMPT\s+POD ID\s+POD$/);
    expect(out.stdout).toMatch(/[0-9a-f]{13}\s+[0-9a-f]{13}\s+\d+ seconds ago\s+Running\s+web\s+0\s+[0-9a-f]{13}\s+web\n/);
  });

  it('shows the pulled image and the pod sandbox', () => {
    const c = clusterWithWeb();
    const images = c.run('ssh worker-1 -- sudo crictl images');
    expect(images.stdout.split('\n')[0]).toMatch(/^IMAGE\s+TAG\s+IMAGE ID\s+SIZE$/);
    expect(images.stdout).toMatch(/docker\.io\/library\/nginx\s+1\.25\s+[0-9a-f]{13}\s+\d/);
    const pods = c.run('ssh worker-1 -- crictl pods');
    expect(pods.stdout).toMatch(/Ready\s+web\s+default\s+0\s+\(default\)/);
  });

  // published-digests.ts: busybox:1.36 and registry.k8s.io/hpa-example carry the digests their
  // registries published; `crictl images --digests` (cri-tools image.go: IMAGE TAG DIGEST IMAGE ID
  // SIZE, the digest truncated to 13) and describe's Image ID (the repo digest) show them.
  it('shows the published digests in crictl images --digests and in describe pod\'s Image ID', () => {
    const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 7 });
    c.run('kubectl run box --image=busybox:1.36 -- sleep 3600');
    c.run('kubectl run php --image=registry.k8s.io/hpa-example');
    c.sim.runUntil(c.sim.now + 60_000);
    const images = c.run('ssh worker-1 -- sudo crictl images --digests').stdout;
    expect(images.split('\n')[0]).toMatch(/^IMAGE\s+TAG\s+DIGEST\s+IMAGE ID\s+SIZE$/);
    expect(images).toMatch(/docker\.io\/library\/busybox\s+1\.36\s+73aaf090f3d85\s+[0-9a-f]{13}\s+\d/);
    expect(images).toMatch(/registry\.k8s\.io\/pause\s+3\.10\s+ee6521f290b21\s+/);
    expect(c.run('kubectl describe pod box').stdout).toContain('    Image ID:      docker.io/library/busybox@sha256:73aaf090f3d85aa34ee199857f03fa3a95c8ede2ffd4cc2cdb5b94e566b11662\n');
    expect(c.run('kubectl get pod php -o jsonpath={.status.containerStatuses[0].imageID}').stdout).toBe(
      'registry.k8s.io/hpa-example@sha256:581697a37f0e136db86d6b30392f0db40ce99c8248a7044c770012f4e8491544',
    );
  });

  // The docs' first image (`kubectl create deployment --image=nginx`, nginx:latest) carries the digest
  // of the nginx build it runs, 1.27.1, as pinned in public Dockerfiles (published-digests.json).
  it('shows nginx:latest\'s published digest in crictl images --digests and in describe pod\'s Image ID', () => {
    const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 7 });
    expect(c.run('kubectl run web --image=nginx').exitCode).toBe(0);
    c.sim.runUntil(c.sim.now + 30_000);
    const images = c.run('ssh worker-1 -- sudo crictl images --digests').stdout;
    expect(images).toMatch(/docker\.io\/library\/nginx\s+latest\s+1540e37eebb9a\s+[0-9a-f]{13}\s+\d/);
    expect(c.run('kubectl describe pod web').stdout).toContain(
      '    Image ID:       docker.io/library/nginx@sha256:1540e37eebb9abc5afa4256de1bade6542d50bf69b61b1dd855cb7804aaaf444\n',
    );
    // The build that digest names is 1.27.1, and so is the nginx that starts.
    expect(c.run('kubectl logs web').stdout).toContain(' [notice] 1#1: nginx/1.27.1\n');
  });

  // nginx:1.25, the tag most docs pages and the lessons use: the last 1.25 build (1.25.5, May 2024;
  // docker-library/repo-info mainline.md of that build, a pod imageID for nginx:1.25, pins of
  // 1.25.5), and that build's nginx starts, with its Dockerfile's NGINX_VERSION.
  it('gives nginx:1.25 the Image ID of its last build and runs nginx 1.25.5', () => {
    const c = clusterWithWeb();
    expect(c.run('ssh worker-1 -- sudo crictl images --digests').stdout).toMatch(/docker\.io\/library\/nginx\s+1\.25\s+a484819eb6021\s+/);
    expect(c.run('kubectl describe pod web').stdout).toContain(
      '    Image ID:       docker.io/library/nginx@sha256:a484819eb60211f5299034ac80f6a681b06f89e65866ce91f356ed7c72af059c\n',
    );
    expect(c.run('kubectl logs web').stdout).toContain(' [notice] 1#1: nginx/1.25.5\n');
    expect(c.run('kubectl exec web -- printenv NGINX_VERSION').stdout).toBe('1.25.5\n');
  });

  // cri-tools v1.31.1 container.go: -q prints full ids one per line; --name filters by a regular expression.
  it('crictl ps -q prints the full container ids and --name filters them', () => {
    const c = clusterWithWeb();
    const ids = c.run('ssh worker-1 -- crictl ps -q').stdout;
    expect(ids).toMatch(/^([0-9a-f]{64}\n)+$/);
    expect(c.run('ssh worker-1 -- crictl ps --name web -q').stdout).toMatch(/^[0-9a-f]{64}\n$/);
    expect(c.run('ssh worker-1 -- crictl ps --name nothing').stdout).toMatch(/^CONTAINER\s+IMAGE\s+CREATED\s+STATE\s+NAME\s+ATTEMPT\s+POD ID\s+POD\n$/);
    expect(c.run('ssh worker-1 -- crictl ps --state bogus')).toMatchObject({ stderr: 'FATA[0000] --state should be one of created, running, exited or unknown\n', exitCode: 1 });
  });

  // cri-tools v1.31.1 container.go OutputContainers: -o json|yaml print the ListContainersResponse
  // (util.go protobufObjectToJSON), even with -q; another -o value fails after the RPC.
  it('crictl ps -o json|yaml print the CRI ListContainersResponse; -o bogus fails', () => {
    const c = clusterWithWeb();
    const id = c.run('ssh worker-1 -- crictl ps --name web -q').stdout.trim();
    const json = c.run('ssh worker-1 -- crictl ps --name web -q -o json').stdout;
    const parsed = JSON.parse(json) as { containers: Record<string, unknown>[] };
    expect(parsed.containers).toHaveLength(1);
    expect(Object.keys(parsed.containers[0]!)).toEqual(['id', 'podSandboxId', 'metadata', 'image', 'imageRef', 'state', 'createdAt', 'labels', 'annotations', 'imageId']);
    expect(parsed.containers[0]).toMatchObject({ id, metadata: { name: 'web', attempt: 0 }, state: 'CONTAINER_RUNNING' });
    expect(parsed.containers[0]!.createdAt).toMatch(/^\d{19}$/);
    const yaml = c.run('ssh worker-1 -- crictl ps --name web -o yaml').stdout;
    expect(yaml.startsWith(`containers:\n- annotations: {}\n  createdAt: "`)).toBe(true);
    expect(yaml).toContain(`  id: ${id}\n`);
    expect(yaml.endsWith('\n\n')).toBe(true);
    expect(c.run('ssh worker-1 -- crictl ps --name nothing -o json').stdout).toBe('{\n  "containers": []\n}\n');
    expect(c.run('ssh worker-1 -- crictl ps -o wide')).toMatchObject({ stdout: '', stderr: 'FATA[0000] listing containers: unsupported output format "wide"\n', exitCode: 1 });
  });

  it('prints a container log and inspects it by id prefix', () => {
    const c = clusterWithWeb();
    const id = /^([0-9a-f]{13})/m.exec(c.run('ssh worker-1 -- crictl ps').stdout.split('\n')[1]!)![1]!;
    const logs = c.run(`ssh worker-1 -- crictl logs ${id.slice(0, 6)}`);
    expect(logs.exitCode).toBe(0);
    expect(logs.stdout + logs.stderr).not.toBe('');
    const inspect = c.run(`ssh worker-1 -- crictl inspect ${id}`);
    expect(JSON.parse(inspect.stdout).status.state).toBe('CONTAINER_RUNNING');
  });

  it('fails with the connection refused error when containerd is dead, and systemctl shows it', () => {
    const c = clusterWithWeb();
    c.kill('containerd/worker-1');
    const ps = c.run('ssh worker-1 -- crictl ps');
    expect(ps.exitCode).toBe(1);
    expect(ps.stderr).toContain('dial unix /run/containerd/containerd.sock: connect: connection refused');
    const st = c.run('ssh worker-1 -- systemctl status containerd');
    expect(st.exitCode).toBe(3);
    expect(st.stdout).toMatch(/containerd\.service - containerd container runtime/);
    expect(st.stdout).toMatch(/Active: failed \(Result: signal\) since Tue 2024-08-13 /);
  });
});

describe('ssh <node> -- systemctl and journalctl', () => {
  it('shows kubelet active with its last journal lines, stops and starts it', () => {
    const c = clusterWithWeb();
    const st = c.run('ssh worker-1 -- systemctl status kubelet');
    expect(st.exitCode).toBe(0);
    expect(st.stdout).toMatch(/^● kubelet\.service - kubelet: The Kubernetes Node Agent\n {5}Loaded: loaded \(/);
    expect(st.stdout).toMatch(/Active: active \(running\) since Tue 2024-08-13 08:59:50 UTC; \d+s ago/);
    expect(st.stdout).toMatch(/Main PID: 2817 \(kubelet\)/);
    expect(c.run('ssh worker-1 -- sudo systemctl stop kubelet').exitCode).toBe(0);
    expect(c.sim.process('kubelet/worker-1')!.alive).toBe(false);
    const stopped = c.run('ssh worker-1 -- systemctl status kubelet');
    expect(stopped.exitCode).toBe(3);
    expect(stopped.stdout).toMatch(/^○ kubelet\.service/);
    expect(stopped.stdout).toContain('Active: inactive (dead) since');
    c.run('ssh worker-1 -- systemctl start kubelet');
    expect(c.sim.process('kubelet/worker-1')!.alive).toBe(true);
  });

  it('journalctl -u kubelet -n 5 prints the last kubelet lines with the journald prefix', () => {
    const c = clusterWithWeb();
    const out = c.run('ssh worker-1 -- journalctl -u kubelet -n 5 --no-pager');
    const lines = out.stdout.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.length).toBeLessThanOrEqual(5);
    expect(out.stdout).toContain('"SyncLoop ADD" source="api" pods=["default/web"]');
    expect(c.run('ssh worker-1 -- journalctl -u kubelet -n 2').stdout.trimEnd().split('\n')).toEqual(lines.slice(-2));
    for (const l of lines) expect(l).toMatch(/^Aug 13 \d\d:\d\d:\d\d worker-1 kubelet\[2817\]: [IWE]\d{4} /);
  });

  it('kube-proxy is no systemd unit on a kubeadm node (it runs as a DaemonSet pod)', () => {
    const c = clusterWithWeb();
    const out = c.run('ssh worker-1 -- systemctl status kube-proxy');
    expect(out).toMatchObject({ exitCode: 4, stderr: 'Unit kube-proxy.service could not be found.\n' });
  });
});

describe('ssh routing', () => {
  it.each([
    ['ssh worker-1 -- docker ps', 'bash: docker: command not found\n', 127],
    ['ssh nowhere -- crictl ps', 'ssh: Could not resolve hostname nowhere: Name or service not known\n', 255],
    ['docker ps', 'docker: command not found\n', 127],
  ])('%s answers %j (seed, chapter 3: there is no docker on a containerd node)', (line, stderr, code) => {
    const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 1 });
    expect(c.run(line)).toMatchObject({ stderr, exitCode: code });
  });

  it('runs a command given `on: worker-1` as if through ssh', () => {
    const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 1 });
    expect(c.run('crictl pods', { on: 'worker-1' }).stdout).toMatch(/^POD ID\s+CREATED/);
  });

  it('runs on the control-plane node too', () => {
    const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 1 });
    expect(c.run('ssh control-plane -- systemctl is-active kubelet').stdout).toBe('active\n');
  });
});
