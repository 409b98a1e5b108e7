// The one place that wires hosts and components together into a Kubernetes cluster, and the
// operations a person (or a scenario) performs on it: run a command, kill or restart a target,
// partition and heal the network.

import { parseCpuMillis } from './api/quantity';
import { setSimEpoch } from '../apimachinery/epoch';
import type { Taint } from './api/types';
import { kubeApiserver, type ApiserverConfig } from './apiserver/apiserver';
import { kubeadm, type KubeadmConfig } from './bootstrap/kubeadm';
import { corednsObjects, kubeProxyObjects } from './bootstrap/addons';
import { controlPlaneManifests, type StaticPodManifest } from './bootstrap/static-pods';
import { installStorage, type InstallStorageConfig } from './bootstrap/install-storage';
import type { CliCancel, CliExec, CliOutput } from './cli-tools/protocol';
import type { KubectlConfig } from './cli-tools/kubectl/job';
import { kubectl, nodeShell } from './cli-tools/programs';
import type { NodeShellConfig } from './cli-tools/node/node-shell';
import { DEFAULT_TIMINGS, type Timings } from './config';
import { etcdMember, type EtcdMemberConfig } from './etcd/member';
import type { Emitted } from './kernel/component';
import { Simulation, type ProbeEvent, type World } from './kernel/simulation';
import { apiGateway, type GatewayCancel, type GatewayConfig, type GatewayRequest, type GatewayState } from './gateway/api-gateway';
import type { ProcessId } from './kernel/units';
import {
  ADMIN_CREDENTIALS,
  APISERVER,
  APISERVER_ADDRESS,
  CONTROL_PLANE_HOST,
  CONTROLLER_MANAGER,
  KUBECTL,
  KUBECTL_HOST,
  REGISTRY,
  REGISTRY_HOST,
  SCHEDULER,
  SCHEDULER_CREDENTIALS,
  SCHEDULER_STANDBY,
  CONTROLLER_MANAGER_STANDBY,
  STANDBY_CONTROL_PLANE_HOST,
  cniId,
  containerdId,
  etcdMemberId,
  kubeletId,
  kubeProxyId,
  nodeCredentials,
} from './names';

/** The one-shot process that creates the default StorageClass at boot, as kind's installstorage action. */
export const INSTALL_STORAGE: ProcessId = 'installstorage';
/** The process `ssh <node>` reaches on each node. */
export const shellId = (node: string): ProcessId => `shell/${node}`;
/** Where real clients' requests enter (kubeplay serve). */
export const API_GATEWAY: ProcessId = 'api-gateway';
/** kube-apiserver's --request-timeout (60 s): the gateway gives up a little later. */
const GATEWAY_TIMEOUT_MS = 65_000;
import { DEFAULT_CLUSTER_CIDR as POD_SUBNET, KUBE_PROXY_CREDENTIALS, kubeProxy, type KubeProxyConfig } from './node/kube-proxy/kube-proxy';
import type { ProxyMode } from './node/kube-proxy/rules';
import { cniPlugin, type CniConfig } from './node/cni/cni';
import { kubelet, type KubeletConfig } from './node/kubelet/kubelet';
import { imageRegistry } from './node/registry/registry';
import { containerd, type ContainerdConfig } from './node/runtime/containerd';
import type { TrafficStart } from './node/runtime/load-generator';
import { kubeScheduler, type SchedulerConfig } from './scheduler/scheduler';
import { kubeControllerManager, type KubeControllerManagerConfig } from './controllers/kube-controller-manager';
import { controllerManagerTokens } from './controllers/tokens';
import { COREDNS_CREDENTIALS, corednsTokens } from './node/coredns/identity';
import { METRICS_SERVER_CREDENTIALS, metricsServerTokens } from './node/metrics-server/identity';
import { loopbackTokens } from './apiserver/aggregator/loopback';
import { userCredentials, userTokens, type ClusterUser } from './bootstrap/users';
import type { LeaderElectionConfig } from './leaderelection/leaderelection';

export interface NodeSpecInput {
  name: string;
  cpu?: string;
  memory?: string;
  pods?: string | number;
  labels?: Record<string, string>;
  taints?: Taint[];
  /** Images already in the node's containerd store (pre-pulled). */
  images?: string[];
  /** Download speed from the registry, bytes per second. */
  bandwidthBytesPerSec?: number;
}

export interface ClusterSpec {
  nodes?: NodeSpecInput[];
  /** People besides the admin (scenario `spec.users`): static tokens in the apiserver, kubeconfig users in kubectl. */
  users?: ClusterUser[];
  etcd?: { members?: number };
  /** kube-proxy's --proxy-mode on every node (default iptables). */
  kubeProxyMode?: 'iptables' | 'ipvs' | 'nftables';
  /** `standby: true`: a second control-plane host runs standby kube-scheduler and kube-controller-manager instances. */
  controlPlane?: { standby?: boolean };
  /** The API gateway real clients come in through (`kubeplay serve`; a run it recorded keeps it). */
  gateway?: boolean;
  /** false: no default StorageClass at boot (bootstrap/install-storage.ts). */
  defaultStorageClass?: boolean;
  /** Simulated time 0 on the wall calendar, RFC 3339 (scenario `spec.cluster.epoch`; apimachinery/epoch.ts). */
  epoch?: string;
}

export interface ClusterOptions {
  seed: number;
  timings?: Partial<Timings>;
  traceLimit?: number;
  /**
   * How long the cluster runs before time 0 (default 10 s). The machines boot at -bootMs, so the
   * nodes have registered and are Ready when a scenario's first step runs at 0s, as in a cluster
   * someone set up earlier. 0 boots at time 0.
   */
  bootMs?: number;
  /**
   * Add the API gateway on the laptop (`kubeplay serve`): real clients' requests enter the
   * simulated network there (sim/gateway/api-gateway.ts). Off by default, so other runs are as before.
   */
  gateway?: boolean;
  /** Listen to components' probes from the first boot on (a chaos run's watch invariant: Simulation.onProbe). */
  onProbe?: (p: ProbeEvent) => void;
}

export const DEFAULT_WORKERS: NodeSpecInput[] = [
  { name: 'worker-1', cpu: '2', memory: '4Gi' },
  { name: 'worker-2', cpu: '2', memory: '4Gi' },
  { name: 'worker-3', cpu: '2', memory: '4Gi' },
];

/** Images every node has before anything runs: the sandbox (pause) image kubeadm pre-pulls. */
const PRELOADED_IMAGES = ['registry.k8s.io/pause:3.10'];
const DEFAULT_BANDWIDTH = 25 * 1024 * 1024;
/** Finished command outputs a Cluster keeps for whoever asks for them (the scenario runner asks at once). */
export const FINISHED_OUTPUTS_KEPT = 1000;

/** The control-plane node as kubeadm registers it: a kubelet for static pods, tainted NoSchedule. */
const CONTROL_PLANE_NODE: NodeSpecInput = {
  name: CONTROL_PLANE_HOST,
  cpu: '2',
  memory: '4Gi',
  taints: [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }],
};
/** kubeadm's networking defaults as this cluster uses them: the pod subnet the nodes' podCIDRs come from, the service subnet. */
const SERVICE_SUBNET = '10.96.0.0/12';
/** The control-plane node's address: kube-apiserver's --advertise-address. */
const APISERVER_ADDRESS_IP = '10.0.0.10';
/** The labels kubeadm's mark-control-plane phase puts on the control-plane node. */
const CONTROL_PLANE_LABELS = { 'node-role.kubernetes.io/control-plane': '', 'node.kubernetes.io/exclude-from-external-load-balancers': '' };

export interface ClusterSnapshot {
  world: World;
  jobs: {
    nextJobId: number;
    outputs: Map<number, CliOutput>;
    others: Emitted[];
    running: Map<number, { process: ProcessId; sofar: string; sofarErr: string; fresh: string }>;
  };
}

export interface NodeInfo {
  name: string;
  address: string;
  podCIDR: string;
  controlPlane: boolean;
}

export class Cluster {
  readonly sim: Simulation;
  readonly timings: Timings;
  readonly nodes: NodeInfo[] = [];
  readonly etcdMembers: string[] = [];
  /** Standby control-plane instances (kube-scheduler-2, kube-controller-manager-2) when the spec asks for them. */
  readonly standbys: ProcessId[] = [];
  /** The hosts of an external etcd cluster (`etcd-1` ...); empty when etcd is stacked on the control plane. */
  readonly etcdHosts: string[] = [];
  private etcdShell: NonNullable<NodeShellConfig['etcd']> = { members: [], addresses: {} };
  private nextJobId = 1;
  /** Finished jobs' outputs, the last FINISHED_OUTPUTS_KEPT of them (callers poll for theirs as soon as it ends). */
  private outputs = new Map<number, CliOutput>();
  private others: Emitted[] = [];
  /** Running jobs: the process to send Ctrl-C to, the text printed so far, and what nobody took yet. */
  private running = new Map<number, { process: ProcessId; sofar: string; sofarErr: string; fresh: string }>();

  constructor(spec: ClusterSpec, opts: ClusterOptions) {
    // Every timestamp this cluster writes counts from its epoch (one per realm: apimachinery/epoch.ts).
    setSimEpoch(spec.epoch === undefined ? undefined : Date.parse(spec.epoch));
    this.timings = { ...DEFAULT_TIMINGS, ...(opts.timings ?? {}) };
    const bootMs = opts.bootMs ?? 10_000;
    this.sim = new Simulation({ seed: opts.seed, traceLimit: opts.traceLimit, startTime: -bootMs });
    if (opts.onProbe) this.sim.onProbe(opts.onProbe);
    for (const t of [etcdMember, kubeApiserver, kubeScheduler, kubeControllerManager, kubelet, kubeProxy, containerd, cniPlugin, imageRegistry, kubectl, kubeadm, installStorage, nodeShell, apiGateway]) this.sim.register(t);
    this.wire(spec);
    if (opts.gateway || spec.gateway) {
      this.sim.addProcess(API_GATEWAY, KUBECTL_HOST, 'api-gateway', { apiserver: APISERVER, timeoutMs: GATEWAY_TIMEOUT_MS } satisfies GatewayConfig);
      this.sim.start(API_GATEWAY);
    }
    this.sim.runUntil(0);
  }

  private wire(spec: ClusterSpec): void {
    const sim = this.sim;
    const timings = this.timings;
    sim.addHost(CONTROL_PLANE_HOST, '10.0.0.10');
    sim.addHost(KUBECTL_HOST, '192.168.1.20');
    sim.addHost(REGISTRY_HOST, '44.205.64.79', 15);
    sim.addProcess(REGISTRY, REGISTRY_HOST, 'registry', {});

    const members = Math.max(1, spec.etcd?.members ?? 1);
    const memberIds: ProcessId[] = [];
    // One member is stacked on the control-plane host (kubeadm's default); several members run
    // each on its own host `etcd-k` (kubeadm's external etcd topology), so a partition or a host
    // failure can separate them.
    const addresses: Record<string, string> = {};
    for (let i = 1; i <= members; i++) {
      const name = `etcd-${i}`;
      this.etcdMembers.push(name);
      memberIds.push(etcdMemberId(name));
      addresses[name] = members === 1 ? '10.0.0.10' : `10.0.0.${20 + i}`;
      if (members > 1) {
        sim.addHost(name, addresses[name]);
        this.etcdHosts.push(name);
      }
    }
    for (const name of this.etcdMembers) {
      const cfg: EtcdMemberConfig = { name, peers: memberIds, timings, addresses };
      sim.addProcess(etcdMemberId(name), members === 1 ? CONTROL_PLANE_HOST : name, 'etcd', cfg);
    }
    for (const name of this.etcdHosts) {
      const sh: NodeShellConfig = { nodeName: name, containerd: '', etcd: { members: memberIds, addresses, local: etcdMemberId(name) } };
      sim.addProcess(shellId(name), name, 'node-shell', sh);
    }
    // The control plane of an external etcd cluster reaches the members by their addresses.
    const clientURLs = this.etcdMembers.map((m) => `https://${addresses[m]}:2379`);
    this.etcdShell = members === 1 ? { members: memberIds, addresses, local: memberIds[0]! } : { members: memberIds, addresses, defaultEndpoints: clientURLs };
    const apiCfg: ApiserverConfig = { etcd: memberIds, timings, tokens: { ...controllerManagerTokens(), ...corednsTokens(), ...metricsServerTokens(), ...loopbackTokens(), ...userTokens(spec.users ?? []) }, advertiseAddress: '10.0.0.10' };
    sim.addProcess(APISERVER, CONTROL_PLANE_HOST, 'kube-apiserver', apiCfg);
    // kubeadm runs both with --leader-elect=true: only the holder of its Lease acts.
    const schedCfg: SchedulerConfig = { apiserver: APISERVER, credentials: SCHEDULER_CREDENTIALS, timings, leaderElection: leaderElection(timings, 'kube-scheduler', 'default-scheduler') };
    sim.addProcess(SCHEDULER, CONTROL_PLANE_HOST, 'kube-scheduler', schedCfg);
    const kcmCfg: KubeControllerManagerConfig = { apiserver: APISERVER, timings, leaderElection: leaderElection(timings, 'kube-controller-manager', 'kube-controller-manager') };
    sim.addProcess(CONTROLLER_MANAGER, CONTROL_PLANE_HOST, 'kube-controller-manager', kcmCfg);
    if (spec.controlPlane?.standby) {
      // A second control-plane host whose instances talk to the kube-apiserver on control-plane.
      sim.addHost(STANDBY_CONTROL_PLANE_HOST, '10.0.0.9');
      sim.addProcess(SCHEDULER_STANDBY, STANDBY_CONTROL_PLANE_HOST, 'kube-scheduler', schedCfg);
      sim.addProcess(CONTROLLER_MANAGER_STANDBY, STANDBY_CONTROL_PLANE_HOST, 'kube-controller-manager', kcmCfg);
      this.standbys.push(SCHEDULER_STANDBY, CONTROLLER_MANAGER_STANDBY);
    }
    const kubectlCfg: KubectlConfig = { apiserver: APISERVER, credentials: ADMIN_CREDENTIALS, server: APISERVER_ADDRESS, users: userCredentials(spec.users ?? []) };
    sim.addProcess(KUBECTL, KUBECTL_HOST, 'kubectl', kubectlCfg);
    const proxyMode = spec.kubeProxyMode ?? 'iptables';
    const kubeadmCfg: KubeadmConfig = {
      apiserver: APISERVER,
      credentials: ADMIN_CREDENTIALS,
      nodeName: CONTROL_PLANE_HOST,
      labels: CONTROL_PLANE_LABELS,
      addons: [...corednsObjects(), ...kubeProxyObjects(proxyMode, POD_SUBNET, `https://${APISERVER_ADDRESS_IP}:6443`)],
    };
    sim.addProcess('kubeadm', CONTROL_PLANE_HOST, 'kubeadm', kubeadmCfg, false);
    const withStorage = spec.defaultStorageClass !== false;
    if (withStorage) sim.addProcess(INSTALL_STORAGE, CONTROL_PLANE_HOST, 'installstorage', { apiserver: APISERVER, credentials: ADMIN_CREDENTIALS } satisfies InstallStorageConfig, false);

    // The manifests kubeadm wrote to the control-plane node: each static pod's container is the
    // component's process on this host (the etcd member only when it is stacked here).
    const etcdEndpoints = members === 1 ? ['https://127.0.0.1:2379'] : clientURLs;
    const staticPods = controlPlaneManifests(CONTROL_PLANE_HOST, APISERVER_ADDRESS_IP, POD_SUBNET, SERVICE_SUBNET, etcdEndpoints, {
      apiserver: APISERVER,
      controllerManager: CONTROLLER_MANAGER,
      scheduler: SCHEDULER,
      ...(members === 1 && { etcd: memberIds[0]! }),
    });
    this.addNode(CONTROL_PLANE_NODE, 0, true, proxyMode, staticPods);
    const workers = spec.nodes && spec.nodes.length ? spec.nodes : DEFAULT_WORKERS;
    workers.forEach((n, i) => {
      sim.addHost(n.name, `10.0.0.${11 + i}`);
      this.addNode(n, i + 1, false, proxyMode);
    });

    // Boot order does not matter for correctness (everything retries), but starting etcd and the
    // apiserver first keeps the first seconds of the trace readable.
    for (const id of memberIds) sim.start(id);
    for (const h of this.etcdHosts) sim.start(shellId(h));
    sim.start(APISERVER);
    sim.start(REGISTRY);
    sim.start(SCHEDULER);
    sim.start(CONTROLLER_MANAGER);
    for (const id of this.standbys) sim.start(id);
    for (const n of this.nodes) {
      sim.start(cniId(n.name));
      sim.start(containerdId(n.name));
      sim.start(kubeletId(n.name));
      sim.start(kubeProxyId(n.name));
      sim.start(shellId(n.name));
    }
    sim.start(KUBECTL);
    sim.start('kubeadm');
    if (withStorage) sim.start(INSTALL_STORAGE);
  }

  private addNode(n: NodeSpecInput, index: number, controlPlane: boolean, proxyMode: ProxyMode, staticPods?: StaticPodManifest[]): void {
    const address = controlPlane ? '10.0.0.10' : `10.0.0.${10 + index}`;
    const podCIDR = `10.244.${index}.0/24`;
    this.nodes.push({ name: n.name, address, podCIDR, controlPlane });
    const cni: CniConfig = { nodeName: n.name, podCIDR };
    this.sim.addProcess(cniId(n.name), n.name, 'cni', cni);
    const cd: ContainerdConfig = {
      nodeName: n.name,
      registry: REGISTRY,
      cni: cniId(n.name),
      // The CoreDNS containers this node runs list and watch as the coredns ServiceAccount.
      corednsClient: { apiserver: APISERVER, credentials: COREDNS_CREDENTIALS, timeoutMs: this.timings.clientRequestTimeoutMs },
      metricsServerClient: { apiserver: APISERVER, credentials: METRICS_SERVER_CREDENTIALS, timeoutMs: this.timings.clientRequestTimeoutMs },
      images: [...PRELOADED_IMAGES, ...(n.images ?? [])],
      bandwidthBytesPerSec: n.bandwidthBytesPerSec ?? DEFAULT_BANDWIDTH,
      cpus: Math.max(1, Math.ceil(parseCpuMillis(n.cpu ?? '2') / 1000)),
    };
    this.sim.addProcess(containerdId(n.name), n.name, 'containerd', cd);
    const kl: KubeletConfig = {
      nodeName: n.name,
      apiserver: APISERVER,
      containerd: containerdId(n.name),
      credentials: nodeCredentials(n.name),
      nodeIP: address,
      podCIDR,
      capacity: {
        cpu: n.cpu ?? '2',
        memory: n.memory ?? '4Gi',
        pods: String(n.pods ?? 110),
        'ephemeral-storage': '20Gi',
      },
      labels: { ...(n.labels ?? {}) },
      taints: [...(n.taints ?? [])],
      timings: this.timings,
      ...(staticPods && { staticPods }),
      // kube-proxy's DaemonSet pod on this node is this node's kube-proxy process.
      processPods: [{ namespace: 'kube-system', labels: { 'k8s-app': 'kube-proxy' }, process: kubeProxyId(n.name) }],
    };
    this.sim.addProcess(kubeletId(n.name), n.name, 'kubelet', kl);
    const kp: KubeProxyConfig = { nodeName: n.name, apiserver: APISERVER, credentials: KUBE_PROXY_CREDENTIALS, mode: proxyMode, timings: this.timings, nodeIP: address };
    this.sim.addProcess(kubeProxyId(n.name), n.name, 'kube-proxy', kp);
    // The shell `ssh <node>` reaches (crictl, systemctl, journalctl); not a target to kill.
    const sh: NodeShellConfig = { nodeName: n.name, containerd: containerdId(n.name), etcd: controlPlane ? this.etcdShell : { members: this.etcdShell.members, addresses: this.etcdShell.addresses }, nodeIP: address };
    this.sim.addProcess(shellId(n.name), n.name, 'node-shell', sh);
  }

  // ---------------------------------------------------------------- real clients (kubeplay serve)

  /** A real client's request enters the simulated network at the gateway, now. */
  gatewayRequest(r: Omit<GatewayRequest, 'type'>): void {
    this.needGateway();
    const body: GatewayRequest = { type: 'gateway.request', ...r };
    const q = r.query && Object.keys(r.query).length ? `?${Object.entries(r.query).map(([k, v]) => `${k}=${v}`).join('&')}` : '';
    this.sim.inject(API_GATEWAY, body, { summary: `${r.watch ? 'WATCH' : r.method} ${r.path}${q} (${r.userAgent.split(' ')[0]})`, phase: 'user' });
  }

  private needGateway(): void {
    if (!this.sim.process(API_GATEWAY)) throw new Error('the cluster has no API gateway: a run with real clients needs `gateway: true` in spec.cluster');
  }

  /** The real client hung up. */
  gatewayCancel(id: number): void {
    this.needGateway();
    const body: GatewayCancel = { type: 'gateway.cancel', id };
    this.sim.inject(API_GATEWAY, body, { summary: `client hung up (request ${id})`, phase: 'user' });
  }

  // ---------------------------------------------------------------- snapshots

  /** The cluster's state beyond the kernel's world: command jobs and what they printed. */
  snapshot(traceKept?: number): ClusterSnapshot {
    return {
      world: this.sim.snapshot(traceKept),
      jobs: structuredClone({ nextJobId: this.nextJobId, outputs: this.outputs, others: this.others, running: this.running }),
    };
  }

  restore(s: ClusterSnapshot): void {
    this.sim.restore(s.world);
    const j = structuredClone(s.jobs);
    this.nextJobId = j.nextJobId;
    this.outputs = j.outputs;
    this.others = j.others;
    this.running = j.running;
  }

  // ---------------------------------------------------------------- operations

  /**
   * Run a command line as the person at the keyboard would; returns a job id whose output arrives
   * later. `ssh <node> -- <cmd>` (or `on: <node>`) runs the command in that node's shell; kubectl
   * runs on the laptop.
   */
  exec(line: string, opts: { stdin?: string; files?: Record<string, string>; on?: string } = {}): number {
    const jobId = this.nextJobId++;
    let argv = splitWords(line);
    let on = opts.on;
    if (argv[0] === 'ssh') {
      const sep = argv.indexOf('--');
      const host = argv.slice(1, sep < 0 ? undefined : sep).find((a) => !a.startsWith('-'));
      if (!host) return this.answer(jobId, 'usage: ssh [-46AaCfGgKkMNnqsTtVvXxYy] destination [command [argument ...]]\n', 255);
      on = host;
      argv = argv.slice(sep < 0 ? argv.indexOf(host) + 1 : sep + 1);
      line = argv.join(' ');
    }
    if (on !== undefined) return this.execOnNode(jobId, on, line, argv);
    // The laptop's shell has `alias k=kubectl`, as the CKA's environment and kubectl's own docs set up.
    if (argv[0] === 'k') argv = ['kubectl', ...argv.slice(1)];
    const body: CliExec = { type: 'cli.exec', jobId, line, argv };
    if (opts.stdin !== undefined) body.stdin = opts.stdin;
    if (opts.files) body.files = opts.files;
    const tool = argv[0] ?? '';
    if (tool !== 'kubectl') return this.answer(jobId, `${tool}: command not found\n`, 127);
    this.sim.inject(KUBECTL, body, { summary: `$ ${line}`, phase: 'user' });
    this.running.set(jobId, { process: KUBECTL, sofar: '', sofarErr: '', fresh: '' });
    return jobId;
  }

  /**
   * The scenario's traffic step: every node's containerd is told, and the one running the pod starts
   * the load generator in it; its report is the job's output.
   */
  traffic(spec: { namespace: string; pod: string; host: string; port: number; rps: number; durationMs: number }): number {
    const jobId = this.nextJobId++;
    const body: TrafficStart = { type: 'traffic.start', jobId, path: '/', ...spec };
    for (const n of this.nodes) this.sim.inject(containerdId(n.name), body, { summary: `traffic ${spec.namespace}/${spec.pod} -> ${spec.host}:${spec.port} (${spec.rps} rps)`, phase: 'user' });
    this.running.set(jobId, { process: containerdId(this.nodes[0]?.name ?? ''), sofar: '', sofarErr: '', fresh: '' });
    return jobId;
  }

  private execOnNode(jobId: number, node: string, line: string, argv: string[]): number {
    const host = this.nodes.find((n) => n.name === node) ?? (this.etcdHosts.includes(node) ? { address: this.sim.host(node)!.address } : undefined);
    if (!host) return this.answer(jobId, `ssh: Could not resolve hostname ${node}: Name or service not known\n`, 255);
    if (!this.sim.host(node)?.up) return this.answer(jobId, `ssh: connect to host ${host.address} port 22: No route to host\n`, 255);
    const body: CliExec = { type: 'cli.exec', jobId, line, argv };
    this.sim.inject(shellId(node), body, { summary: `$ ssh ${node} -- ${line}`, phase: 'user' });
    this.running.set(jobId, { process: shellId(node), sofar: '', sofarErr: '', fresh: '' });
    return jobId;
  }

  private answer(jobId: number, stderr: string, exitCode: number): number {
    this.finished({ type: 'cli.output', jobId, stdout: '', stderr, exitCode });
    return jobId;
  }

  /** Keep a finished job's output; a session that runs commands for hours does not keep them all. */
  private finished(o: CliOutput): void {
    this.outputs.set(o.jobId, o);
    if (this.outputs.size > FINISHED_OUTPUTS_KEPT) this.outputs.delete(this.outputs.keys().next().value!);
  }

  /** The output of a finished job (with every chunk it printed while running), or undefined while it runs. */
  output(jobId: number): CliOutput | undefined {
    this.collect();
    return this.outputs.get(jobId);
  }

  /** What a running job printed so far (`journalctl -f`), or undefined when it printed nothing yet. */
  partialOutput(jobId: number): { stdout: string; stderr: string } | undefined {
    this.collect();
    const r = this.running.get(jobId);
    return r && (r.sofar || r.sofarErr) ? { stdout: r.sofar, stderr: r.sofarErr } : undefined;
  }

  /** The stdout chunks a running job printed since the last call (for a terminal that shows them as they come). */
  takeChunks(jobId: number): string {
    this.collect();
    const r = this.running.get(jobId);
    if (!r) return '';
    const fresh = r.fresh;
    r.fresh = '';
    return fresh;
  }

  /** Ctrl-C on a running job: the process ends it and emits its final output (a finished job ignores it). */
  cancel(jobId: number): void {
    const r = this.running.get(jobId);
    if (!r || this.outputs.has(jobId)) return;
    const body: CliCancel = { type: 'cli.cancel', jobId };
    this.sim.inject(r.process, body, { summary: `^C (job ${jobId})`, phase: 'user' });
  }

  /** Emitted events that are not CLI outputs (for the UI). */
  drainOther(): Emitted[] {
    this.collect();
    const o = this.others;
    this.others = [];
    return o;
  }

  private collect(): void {
    for (const e of this.sim.drainEmitted()) {
      if (e.type === 'cli.output') this.collectOutput(e as unknown as CliOutput);
      else this.others.push(e);
    }
  }

  /** Chunks of a running job are kept; its final output carries them all, in order. */
  private collectOutput(o: CliOutput): void {
    const r = this.running.get(o.jobId);
    if (o.partial) {
      if (r) {
        r.sofar += o.stdout;
        r.sofarErr += o.stderr;
        r.fresh += o.stdout;
      }
      return;
    }
    this.running.delete(o.jobId);
    this.finished(r ? { ...o, stdout: r.sofar + o.stdout, stderr: r.sofarErr + o.stderr } : o);
  }

  /** Run a command and the simulation until it answers (or `limitMs` of simulated time passes). */
  run(line: string, opts: { stdin?: string; files?: Record<string, string>; on?: string; limitMs?: number } = {}): CliOutput {
    const job = this.exec(line, opts);
    const deadline = this.sim.now + (opts.limitMs ?? 120_000);
    for (;;) {
      const out = this.output(job);
      if (out) return out;
      const next = this.sim.nextEventTime();
      if (next === undefined || next > deadline) break;
      this.sim.step();
    }
    return { type: 'cli.output', jobId: job, stdout: '', stderr: `kubeplay: no answer within ${(opts.limitMs ?? 120_000) / 1000}s of simulated time\n`, exitCode: 124 };
  }

  kill(target: string): void {
    const t = this.resolve(target);
    if (t.kind === 'host') this.sim.killHost(t.name);
    else this.sim.kill(t.name);
  }

  restart(target: string): void {
    const t = this.resolve(target);
    if (t.kind === 'host') {
      this.sim.killHost(t.name);
      this.sim.startHost(t.name);
    } else this.sim.restart(t.name);
  }

  /**
   * The target process exits with an error, as a Go program that panics (`crash:` in a scenario):
   * its supervisor starts it again (the kubelet with its crash-loop back-off for static pods and
   * kube-proxy, systemd for the kubelet and containerd), unlike a deliberate kill.
   */
  crash(target: string): void {
    const t = this.resolve(target);
    if (t.kind === 'host') throw new Error(`cannot crash "${target}": a machine is killed (power off), not crashed; crash a process`);
    this.sim.crashProcess(t.name, `${t.name}: fatal error (crash: in the scenario)`);
  }

  /** Start a target that was killed (without killing it first). */
  start(target: string): void {
    const t = this.resolve(target);
    if (t.kind === 'host') this.sim.startHost(t.name);
    else this.sim.start(t.name);
  }

  /**
   * Whether a real client's connection through the gateway (kubeplay serve) is refused now: the
   * kube-apiserver the gateway sends to does not run on a machine that is up and reachable, so its
   * port is closed, as a kubeadm node's 6443 is while the kube-apiserver static pod is down.
   */
  gatewayRefused(): boolean {
    const gateway = this.sim.process(API_GATEWAY);
    if (!gateway?.alive) return false;
    return this.sim.refuses(API_GATEWAY, (gateway.state as GatewayState).client.apiserver);
  }

  partition(a: string[], b: string[]): void {
    this.sim.partition(a.map((x) => this.hostOf(x)), b.map((x) => this.hostOf(x)));
  }

  heal(): void {
    this.sim.heal();
  }

  /** Set latency, jitter or loss between two groups (hosts, or the processes on them). */
  link(a: string[], b: string[], spec: { latencyMs?: number; jitterMs?: number; loss?: number }): void {
    this.sim.degrade(a.map((x) => this.hostOf(x)), b.map((x) => this.hostOf(x)), spec);
  }

  /** Every target an operator can name. */
  targets(): string[] {
    const out = [APISERVER, SCHEDULER, CONTROLLER_MANAGER, ...this.standbys, ...this.etcdMembers.map(etcdMemberId), ...this.etcdHosts];
    for (const n of this.nodes) out.push(`node/${n.name}`, kubeletId(n.name), containerdId(n.name), kubeProxyId(n.name));
    return out;
  }

  private resolve(target: string): { kind: 'host' | 'process'; name: string } {
    if (target.startsWith('node/')) {
      const name = target.slice(5);
      if (!this.sim.host(name)) throw new Error(`unknown target "${target}": no node named ${name}`);
      return { kind: 'host', name };
    }
    if (this.sim.process(target)) return { kind: 'process', name: target };
    if (this.etcdHosts.includes(target)) return { kind: 'host', name: target };
    throw new Error(`unknown target "${target}"; targets are: ${this.targets().join(', ')}`);
  }

  /** A partition names hosts or the processes on them (`etcd/etcd-1` is on control-plane). */
  private hostOf(x: string): string {
    const name = x.startsWith('node/') ? x.slice(5) : x;
    if (this.sim.host(name)) return name;
    const p = this.sim.process(x);
    if (p) return p.host;
    throw new Error(`unknown target "${x}"`);
  }
}

/** client-go leader election over kube-system/<lock>, with the timings' lease duration, renew deadline and retry period. */
function leaderElection(timings: Timings, lockName: string, eventComponent: string): LeaderElectionConfig {
  return {
    lockNamespace: 'kube-system',
    lockName,
    leaseDurationMs: timings.leaderElectionLeaseDurationMs,
    renewDeadlineMs: timings.leaderElectionRenewDeadlineMs,
    retryPeriodMs: timings.leaderElectionRetryPeriodMs,
    eventComponent,
  };
}

export function buildCluster(spec: ClusterSpec, opts: ClusterOptions): Cluster {
  return new Cluster(spec, opts);
}

/** Split a command line into words as a POSIX shell would for simple cases: quotes and backslashes. */
export function splitWords(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let inWord = false;
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"' && i + 1 < line.length && '"\\$`'.includes(line[i + 1]!)) cur += line[++i];
      else cur += c;
      continue;
    }
    if (c === '"' || c === "'") {
      quote = c;
      inWord = true;
    } else if (c === '\\' && i + 1 < line.length) {
      cur += line[++i];
      inWord = true;
    } else if (c === ' ' || c === '\t' || c === '\n') {
      if (inWord) out.push(cur);
      cur = '';
      inWord = false;
    } else {
      cur += c;
      inWord = true;
    }
  }
  if (inWord) out.push(cur);
  return out;
}
