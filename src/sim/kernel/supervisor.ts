// Who starts a process again when it crashes: an exception thrown inside one component's handler
// is that process dying (a Go program's panic), never the end of the simulation. What happens next
// is what happens on a kubeadm node:
// - systemd units (kubelet, containerd) have Restart=always: kubeadm's kubelet drop-in sets
//   RestartSec=10, containerd.service RestartSec=5;
// - static pods and DaemonSet pods (kube-apiserver, kube-scheduler, kube-controller-manager, etcd,
//   kube-proxy) are containers the kubelet restarts with its crash-loop back-off: 10 s doubling to
//   300 s, forgotten after 10 minutes of running;
// - a program started per use (kubectl, a shell, a CNI plugin) is simply there again next time.

export type Supervisor =
  | { kind: 'systemd'; restartSecMs: number }
  | { kind: 'kubelet' }
  | { kind: 'respawn' }
  | { kind: 'none' };

/** kubelet's crash-loop back-off (pkg/kubelet/kubelet.go: backOffPeriod 10 s, MaxContainerBackOff 300 s). */
const BACKOFF_INITIAL_MS = 10_000;
const BACKOFF_MAX_MS = 300_000;
/** A container that ran this long has its back-off forgotten (backOffPeriod x 2 x ... ; 10 min in practice). */
const BACKOFF_RESET_MS = 600_000;

export interface CrashRecord {
  /** Crashes in a row (reset when the process had been running long enough). */
  crashes: number;
}

/** How long until the supervisor starts the process again, or undefined when nobody does. */
export function restartDelayMs(sup: Supervisor | undefined, record: CrashRecord, ranForMs: number): number | undefined {
  if (!sup || sup.kind === 'none') return undefined;
  if (sup.kind === 'systemd') return sup.restartSecMs;
  if (sup.kind === 'respawn') return 0;
  if (ranForMs >= BACKOFF_RESET_MS) record.crashes = 0;
  record.crashes++;
  return Math.min(BACKOFF_INITIAL_MS * 2 ** (record.crashes - 1), BACKOFF_MAX_MS);
}

/** What a Go program prints when it panics (the first lines; the goroutine dump is left out). */
export function panicLines(error: unknown): string[] {
  const message = error instanceof Error ? error.message : String(error);
  return [`panic: ${message}`, '', 'goroutine 1 [running]:'];
}

/** The supervisor of each Kubeplay component kind on a kubeadm cluster. */
export const SUPERVISORS: Record<string, Supervisor> = {
  kubelet: { kind: 'systemd', restartSecMs: 10_000 },
  containerd: { kind: 'systemd', restartSecMs: 5_000 },
  'kube-apiserver': { kind: 'kubelet' },
  'kube-scheduler': { kind: 'kubelet' },
  'kube-controller-manager': { kind: 'kubelet' },
  etcd: { kind: 'kubelet' },
  'kube-proxy': { kind: 'kubelet' },
  kubectl: { kind: 'respawn' },
  'node-shell': { kind: 'respawn' },
  cni: { kind: 'respawn' },
  registry: { kind: 'respawn' },
};
