// How much CPU and memory a running container uses, as the kubelet's cAdvisor would read it from the
// container's cgroup: a simple, deterministic model per image. Each container gets a steady CPU rate
// and working set inside its image's range; where in the range is a hash of its container id (itself
// drawn from the simulation's seeded PRNG), so the same seed gives the same figures and the model
// draws nothing from the random stream. CPU is cumulative core-seconds since the container started
// (the counter cAdvisor reports); memory is the working set in bytes.
//
// Ranges are what a small kubeadm v1.31 cluster shows under `kubectl top` when idle (nginx about
// 1m and 3-8Mi; kube-apiserver tens of millicores and a few hundred Mi). `stress` (polinux/stress)
// runs near what its arguments ask, capped by its limits: --cpu N spins N cores, --vm N --vm-bytes B
// holds N*B bytes.

import { parseBytes, parseCpuMillis } from '../../api/quantity';
import type { Container } from '../../api/types';
import { lookupImage } from '../registry/behaviour';
import { repositoryName } from '../registry/reference';
import { stressBytes } from '../registry/stress';

const MI = 1024 * 1024;

/** [min, max] CPU millicores and [min, max] working set in MiB. */
interface UsageRange {
  cpu: [number, number];
  memMi: [number, number];
}

const IDLE: UsageRange = { cpu: [1, 2], memMi: [4, 10] };

const BY_REPOSITORY: Record<string, UsageRange> = {
  'docker.io/library/nginx': { cpu: [0, 1], memMi: [3, 8] },
  'registry.k8s.io/nginx-slim': { cpu: [0, 1], memMi: [3, 8] },
  'docker.io/library/httpd': { cpu: [1, 1], memMi: [6, 10] },
  'docker.io/library/redis': { cpu: [2, 3], memMi: [3, 6] },
  'registry.k8s.io/coredns/coredns': { cpu: [1, 3], memMi: [12, 17] },
  'registry.k8s.io/kube-apiserver': { cpu: [35, 60], memMi: [220, 290] },
  'registry.k8s.io/etcd': { cpu: [15, 28], memMi: [32, 50] },
  'registry.k8s.io/kube-controller-manager': { cpu: [10, 18], memMi: [44, 58] },
  'registry.k8s.io/kube-scheduler': { cpu: [2, 4], memMi: [18, 26] },
  'registry.k8s.io/kube-proxy': { cpu: [1, 1], memMi: [12, 18] },
  'registry.k8s.io/metrics-server/metrics-server': { cpu: [3, 5], memMi: [16, 22] },
  'registry.k8s.io/pause': { cpu: [0, 0], memMi: [0, 1] },
  'docker.io/library/busybox': { cpu: [0, 0], memMi: [0, 1] },
  'registry.k8s.io/busybox': { cpu: [0, 0], memMi: [0, 1] },
};

/** What the node itself runs outside pods (systemd, kubelet, containerd, the kernel's caches). */
export const NODE_SYSTEM_USAGE: UsageRange = { cpu: [40, 70], memMi: [520, 700] };

/** FNV-1a of a string, as a fraction in [0, 1). */
export function hashFraction(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h / 0x1_0000_0000;
}

function pick(range: [number, number], f: number): number {
  return range[0] + (range[1] - range[0]) * f;
}

/** A steady rate and working set for one range and one key. */
/** Memory is charged to a cgroup in whole pages. */
const PAGE = 4096;

export function usageIn(range: UsageRange, key: string): { cpuMilli: number; memBytes: number } {
  return { cpuMilli: pick(range.cpu, hashFraction(`${key}/cpu`)), memBytes: Math.round((pick(range.memMi, hashFraction(`${key}/mem`)) * MI) / PAGE) * PAGE };
}

function stressUsage(args: string[], key: string): { cpuMilli: number; memBytes: number } {
  const opt = (long: string, short: string): string | undefined => {
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      if (a === `--${long}` || a === `-${short}`) return args[i + 1];
      if (a.startsWith(`--${long}=`)) return a.slice(long.length + 3);
    }
    return undefined;
  };
  const cpus = Number(opt('cpu', 'c') ?? 0) || 0;
  const vm = Number(opt('vm', 'm') ?? 0) || 0;
  const vmBytes = stressBytes(opt('vm-bytes', '') ?? '') ?? 256 * MI;
  const base = usageIn({ cpu: [0, 1], memMi: [1, 2] }, key);
  // A --vm worker keeps re-touching its pages, spinning a core, unless --vm-hang makes it sleep on them.
  const spinning = cpus + (args.some((a) => a === '--vm-hang' || a.startsWith('--vm-hang=')) ? 0 : vm);
  return { cpuMilli: base.cpuMilli + spinning * 1000 * (0.97 + 0.03 * hashFraction(`${key}/spin`)), memBytes: base.memBytes + vm * vmBytes };
}

/** The steady CPU rate (millicores) and working set (bytes) of a running container. */
export function containerUsage(spec: Container, containerId: string, nodeCpuMillis: number): { cpuMilli: number; memBytes: number } {
  const l = lookupImage(spec.image ?? '');
  const repo = l.ref ? repositoryName(l.ref) : '';
  const argv = [...(spec.command ?? []), ...(spec.args ?? [])];
  // polinux/stress's entrypoint is stress; the docs' manifests also write `command: ["stress"]`.
  const isStress = l.found && l.entry.behaviour.kind === 'stress' && (!spec.command?.length || spec.command[0] === 'stress');
  let u = isStress ? stressUsage(spec.command?.length ? argv.slice(1) : argv, containerId) : usageIn(BY_REPOSITORY[repo] ?? IDLE, containerId);
  // vish/stress (the docs' "Assign CPU Resources" example): `-cpus N` spins N cores.
  const cpusArg = repo === 'docker.io/vish/stress' ? argv.indexOf('-cpus') : -1;
  if (cpusArg >= 0) u = { ...u, cpuMilli: u.cpuMilli + (Number(argv[cpusArg + 1]) || 0) * 1000 };
  // The CFS quota caps CPU at the limit (and the node's cores); the OOM killer keeps memory under its limit.
  const cpuLimit = spec.resources?.limits?.cpu ? parseCpuMillis(spec.resources.limits.cpu) : nodeCpuMillis;
  const memLimit = spec.resources?.limits?.memory ? parseBytes(spec.resources.limits.memory) : Infinity;
  return { cpuMilli: Math.min(u.cpuMilli, cpuLimit, nodeCpuMillis), memBytes: Math.min(u.memBytes, memLimit) };
}
