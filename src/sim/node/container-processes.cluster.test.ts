// Issue 18, point 2. The seed, chapter 1: a container is just a process (or a group of processes)
// on the host, isolated by namespaces and limited by cgroups. Its PID is the host's (crictl
// inspect's info.pid, containerd's task PID), it dies with its container, its sandbox or the
// machine, and a restarted container is a new process. A signal from the host reaches it: SIGKILL is
// a crash (exit 128 + 9) the kubelet restarts (kuberuntime_manager.go); a killed shim takes its
// tasks with it (containerd's cleanup after a dead shim), so the sandbox is remade (SandboxChanged).
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../cluster';

type Cluster = ReturnType<typeof buildCluster>;

function setUp(): { c: Cluster; node: string; sh: (cmd: string) => { stdout: string; stderr: string; exitCode: number } } {
  const c = buildCluster({ nodes: [{ name: 'worker-1', cpu: '2', memory: '4Gi' }] }, { seed: 7 });
  c.run('kubectl run web --image=nginx:1.25');
  c.sim.runUntil(c.sim.now + 40_000);
  const node = 'worker-1';
  return { c, node, sh: (cmd) => c.run(`ssh ${node} -- ${cmd}`) };
}

/** PID of the first ps -ef line whose command (from the CMD column on) matches. */
function pidOf(psEf: string, cmd: RegExp): number | undefined {
  const at = psEf.indexOf('CMD');
  const line = psEf.split('\n').slice(1).find((l) => cmd.test(l.slice(at)));
  return line ? Number(line.trim().split(/\s+/)[1]) : undefined;
}

function webContainer(sh: ReturnType<typeof setUp>['sh']): string {
  return /^(\w+)\s.*\sRunning\s+web\s/m.exec(sh('crictl ps').stdout)?.[1] ?? '';
}

const restarts = (c: Cluster) => c.run('kubectl get pod web -o jsonpath={.status.containerStatuses[0].restartCount}').stdout;

describe('a container is a process on the host (seed, chapter 1)', () => {
  it("shows nginx's master and one worker per CPU under the pod's shim, beside /pause; crictl inspect gives the master's PID", () => {
    const { sh } = setUp();
    const ps = sh('ps -ef').stdout;
    const master = pidOf(ps, /^nginx: master process/)!;
    const shim = Number(ps.split('\n').find((l) => l.includes(` ${master} `) && l.includes('nginx: master'))!.trim().split(/\s+/)[2]);
    expect(ps).toMatch(new RegExp(`^root +${shim} +1 .*containerd-shim-runc-v2 -namespace k8s.io -id [0-9a-f]{64} -address /run/containerd/containerd.sock$`, 'm'));
    expect(ps).toMatch(new RegExp(`^65535 +\\d+ +${shim} .* /pause$`, 'm'));
    expect(ps.split('\n').filter((l) => new RegExp(`^systemd\\+ +\\d+ +${master} .*nginx: worker process$`).test(l))).toHaveLength(2);
    const inspect = JSON.parse(sh(`crictl inspect ${webContainer(sh)}`).stdout) as { info: { pid: number; runtimeSpec: { linux: { namespaces: { type: string; path?: string }[] } } } };
    expect(inspect.info.pid).toBe(master);
    const pause = ps.split('\n').find((l) => l.endsWith(' /pause') && l.includes(` ${shim} `))!.trim().split(/\s+/)[1];
    expect(inspect.info.runtimeSpec.linux.namespaces).toContainEqual({ type: 'network', path: `/proc/${pause}/ns/net` });
  });

  it('shares net, ipc and uts with /pause and has its own pid and mnt namespaces; PID 1 has the host ones', () => {
    const { sh } = setUp();
    const ps = sh('ps -ef').stdout;
    const master = pidOf(ps, /^nginx: master/)!;
    const pausePid = (JSON.parse(sh(`crictl inspect ${webContainer(sh)}`).stdout) as { info: { runtimeSpec: { linux: { namespaces: { type: string; path?: string }[] } } } }).info.runtimeSpec.linux.namespaces.find((n) => n.type === 'network')!.path!.split('/')[2];
    const ns = (pid: number | string) => Object.fromEntries(sh(`ls -l /proc/${pid}/ns`).stdout.trim().split('\n').slice(1).map((l) => /(\w+) -> (\w+:\[\d+\])$/.exec(l)!.slice(1, 3)));
    const [c, p, host] = [ns(master), ns(pausePid!), ns(1)];
    for (const t of ['net', 'ipc', 'uts']) expect(c[t]).toBe(p[t]);
    for (const t of ['pid', 'mnt', 'cgroup']) expect(c[t]).not.toBe(p[t]);
    for (const t of ['net', 'pid', 'mnt', 'uts', 'ipc']) expect(c[t]).not.toBe(host[t]);
    expect(c.user).toBe(host.user);
    expect(host.net).toBe('net:[4026531840]');
  });

  it('kill -9 of the main process is a crash: exit 137, RESTARTS 1, and the new container has a new PID', () => {
    const { c, sh } = setUp();
    const before = pidOf(sh('ps -ef').stdout, /^nginx: master/)!;
    expect(sh(`kill -9 ${before}`)).toMatchObject({ stdout: '', stderr: '', exitCode: 0 });
    c.sim.runUntil(c.sim.now + 5_000);
    expect(restarts(c)).toBe('1');
    expect(c.run('kubectl get pod web -o jsonpath={.status.containerStatuses[0].lastState.terminated.exitCode}').stdout).toBe('137');
    const after = pidOf(sh('ps -ef').stdout, /^nginx: master/)!;
    expect(after).toBeGreaterThan(before);
    expect(sh(`cat /proc/${before}/cgroup`)).toMatchObject({ stderr: `cat: /proc/${before}/cgroup: No such file or directory\n`, exitCode: 1 });
  });

  it("kill -9 of an nginx worker: the master forks a new one, the container keeps running", () => {
    const { c, sh } = setUp();
    const worker = pidOf(sh('ps -ef').stdout, /^nginx: worker/)!;
    sh(`kill -9 ${worker}`);
    c.sim.runUntil(c.sim.now + 5_000);
    const ps = sh('ps -ef').stdout;
    expect(ps.split('\n').filter((l) => l.endsWith('nginx: worker process'))).toHaveLength(2);
    expect(pidOf(ps, /^nginx: worker/)).not.toBe(worker);
    expect(restarts(c)).toBe('0');
  });

  it('kill -9 of the shim takes the pod down: a new sandbox (SandboxChanged), RESTARTS 1, no process of the old one left', () => {
    const { c, sh } = setUp();
    const ps = sh('ps -ef').stdout;
    const master = pidOf(ps, /^nginx: master/)!;
    const shim = Number(ps.split('\n').find((l) => l.includes('nginx: master'))!.trim().split(/\s+/)[2]);
    sh(`kill -9 ${shim}`);
    c.sim.runUntil(c.sim.now + 30_000);
    expect(c.run('kubectl get events --field-selector involvedObject.name=web').stdout).toContain('Pod sandbox changed, it will be killed and re-created.');
    expect(restarts(c)).toBe('1');
    const now = sh('ps -ef').stdout;
    expect(now).not.toMatch(new RegExp(`^\\S+ +(${shim}|${master}) `, 'm'));
    expect(pidOf(now, /^nginx: master/)).toBeGreaterThan(master);
  });

  it('keeps the same PIDs across systemctl restart containerd and kubelet (the shims hold them), and loses them in a power cycle', () => {
    const { c, node, sh } = setUp();
    const tree = () => sh('pstree -p').stdout.split('\n').filter((l) => /containerd-shim|nginx|pause/.test(l)).join('\n');
    const before = tree();
    sh('systemctl restart containerd');
    sh('systemctl restart kubelet');
    c.sim.runUntil(c.sim.now + 30_000);
    expect(tree()).toBe(before);
    const master = pidOf(sh('ps -ef').stdout, /^nginx: master/)!;
    c.restart(`node/${node}`);
    c.sim.runUntil(c.sim.now + 90_000);
    const ps = sh('ps -ef').stdout;
    expect(ps.split('\n').filter((l) => l.includes('nginx: master'))).toHaveLength(1);
    const inspect = JSON.parse(sh(`crictl inspect ${webContainer(sh)}`).stdout) as { info: { pid: number } };
    expect(inspect.info.pid).toBe(pidOf(ps, /^nginx: master/));
    expect(restarts(c)).toBe('1');
    expect(master).toBeGreaterThan(0);
  });

  it('follows limits into the scope: memory.max and cpu.max of the container, its pod slice by QoS class', () => {
    const { c, sh } = setUp();
    c.run('kubectl apply -f g.yaml', { files: { 'g.yaml': 'apiVersion: v1\nkind: Pod\nmetadata: {name: g}\nspec:\n  containers:\n  - {name: g, image: "busybox:1.36", command: [sleep, "3600"], resources: {limits: {memory: 128Mi, cpu: 250m}}}\n' } });
    c.sim.runUntil(c.sim.now + 20_000);
    const pid = pidOf(sh('ps -ef').stdout, /^sleep 3600$/)!;
    const cg = sh(`cat /proc/${pid}/cgroup`).stdout.trim();
    const uid = c.run('kubectl get pod g -o jsonpath={.metadata.uid}').stdout.replace(/-/g, '_');
    expect(cg).toMatch(new RegExp(`^0::/kubepods\\.slice/kubepods-pod${uid}\\.slice/cri-containerd-[0-9a-f]{64}\\.scope$`));
    const dir = `/sys/fs/cgroup${cg.slice(3)}`;
    expect(sh(`cat ${dir}/memory.max ${dir}/cpu.max`).stdout).toBe('134217728\n25000 100000\n');
    const web = pidOf(sh('ps -ef').stdout, /^nginx: master/)!;
    const webCg = sh(`cat /proc/${web}/cgroup`).stdout.trim();
    expect(webCg).toContain('/kubepods.slice/kubepods-besteffort.slice/kubepods-besteffort-pod');
    expect(sh(`cat /sys/fs/cgroup${webCg.slice(3)}/memory.max`).stdout).toBe('max\n');
  });

  it.each([
    ['kill -9 99999', 'bash: kill: (99999) - No such process\n', 1],
    ['kill -9 abc', 'bash: kill: abc: arguments must be process or job IDs\n', 1],
    ['kill -FOO 1', 'bash: kill: FOO: invalid signal specification\n', 1],
    ['kill', 'kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]\n', 2],
    ['ls -l /proc/99999/ns', "ls: cannot access '/proc/99999/ns': No such file or directory\n", 2],
  ])('%s answers as bash and coreutils do, and changes nothing', (cmd, stderr, exitCode) => {
    const { c, sh } = setUp();
    expect(sh(cmd)).toMatchObject({ stderr, exitCode });
    c.sim.runUntil(c.sim.now + 5_000);
    expect(restarts(c)).toBe('0');
  });
});
