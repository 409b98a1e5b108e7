// The kubelet's user-visible strings, v1.31, in one place (the reference asks for strings that
// changed between versions to be data). Sources: pkg/kubelet/images/image_manager.go,
// kuberuntime/kuberuntime_container.go and kuberuntime_manager.go, prober/prober.go,
// kubelet_pods.go (validateContainerLogStatus), status/generate.go, events/event.go.

import type { ProbeKind } from './state';

/** pkg/kubelet/events/event.go */
export const Reason = {
  Created: 'Created',
  Started: 'Started',
  Killing: 'Killing',
  BackOff: 'BackOff',
  Pulling: 'Pulling',
  Pulled: 'Pulled',
  Failed: 'Failed',
  ErrImageNeverPull: 'ErrImageNeverPull',
  Unhealthy: 'Unhealthy',
  NodeReady: 'NodeReady',
  Starting: 'Starting',
  RegisteredNode: 'RegisteredNode',
  FailedCreatePodSandBox: 'FailedCreatePodSandBox',
  FailedMount: 'FailedMount',
  SandboxChanged: 'SandboxChanged',
} as const;

/** Go's time.Duration.String() for a millisecond-truncated duration: `1.234s`, `567ms`, `2m3.5s`. */
export function goDuration(ms: number): string {
  const t = Math.floor(ms);
  if (t === 0) return '0s';
  if (t < 1000) return `${t}ms`;
  const h = Math.floor(t / 3_600_000);
  const m = Math.floor((t % 3_600_000) / 60_000);
  const sec = ((t % 60_000) / 1000).toFixed(3).replace(/\.?0+$/, '');
  return `${h ? `${h}h` : ''}${h || m ? `${m}m` : ''}${sec}s`;
}

export const T = {
  pulling: (image: string) => `Pulling image "${image}"`,
  pulled: (image: string, pullMs: number, totalMs: number, size: number) =>
    `Successfully pulled image "${image}" in ${goDuration(pullMs)} (${goDuration(totalMs)} including waiting). Image size: ${size} bytes.`,
  alreadyPresent: (image: string) => `Container image "${image}" already present on machine`,
  neverPull: (image: string) => `Container image "${image}" is not present with pull policy of Never`,
  failedPull: (image: string, err: string) => `Failed to pull image "${image}": ${err}`,
  backOffPull: (image: string) => `Back-off pulling image "${image}"`,
  error: (reason: string) => `Error: ${reason}`,
  // v1.31 (changed to `Created container: nginx` in v1.32).
  created: (name: string) => `Created container ${name}`,
  started: (name: string) => `Started container ${name}`,
  stopping: (name: string) => `Stopping container ${name}`,
  probeKill: (name: string, kind: ProbeKind) => `Container ${name} failed ${kind} probe, will be restarted`,
  definitionChanged: (name: string) => `Container ${name} definition changed, will be restarted`,
  unhealthy: (kind: ProbeKind, output: string) => `${kind[0]!.toUpperCase()}${kind.slice(1)} probe failed: ${output}`,
  backOffRestart: (name: string, podFull: string) => `Back-off restarting failed container ${name} in pod ${podFull}`,
  crashLoopMessage: (backoff: string, name: string, podFull: string) => `back-off ${backoff} restarting failed container=${name} pod=${podFull}`,
  failedSandbox: (err: string) => `Failed to create pod sandbox: ${err}`,
  // kuberuntime_manager.go SyncPod, when computePodActions makes a new sandbox for a pod that had one.
  sandboxChanged: 'Pod sandbox changed, it will be killed and re-created.',
  unready: (names: string[]) => `containers with unready status: [${names.join(' ')}]`,
  logWaiting: (c: string, pod: string, reason: string) => {
    if (reason === 'ErrImagePull') return `container "${c}" in pod "${pod}" is waiting to start: image can't be pulled`;
    if (reason === 'ImagePullBackOff') return `container "${c}" in pod "${pod}" is waiting to start: trying and failing to pull image`;
    return `container "${c}" in pod "${pod}" is waiting to start: ${reason}`;
  },
  logNoPrevious: (c: string, pod: string) => `previous terminated container "${c}" in pod "${pod}" not found`,
  logTerminated: (c: string, pod: string) => `container "${c}" in pod "${pod}" is terminated`,
  logNotValid: (c: string, pod: string) => `container ${c} is not valid for pod ${pod}`,
  // Node conditions (pkg/kubelet/nodestatus/setters.go).
  kubeletReady: 'kubelet is posting ready status',
  noMemoryPressure: 'kubelet has sufficient memory available',
  noDiskPressure: 'kubelet has no disk pressure',
  noPidPressure: 'kubelet has sufficient PID available',
  runtimeDown: 'container runtime is down',
  /** gRPC error for a runtime that does not answer (cri-client). */
  runtimeUnavailable:
    'rpc error: code = Unavailable desc = connection error: desc = "transport: Error while dialing: dial unix /run/containerd/containerd.sock: connect: connection refused"',
};

/** Probe failure outputs (pkg/probe/http, pkg/probe/tcp). */
export const ProbeOutput = {
  httpRefused: (url: string, hostPort: string) => `Get "${url}": dial tcp ${hostPort}: connect: connection refused`,
  httpStatus: (code: number) => `HTTP probe failed with statuscode: ${code}`,
  tcpRefused: (hostPort: string) => `dial tcp ${hostPort}: connect: connection refused`,
};

export const KUBELET_VERSION = 'v1.31.0';
export const OS_IMAGE = 'Ubuntu 22.04.4 LTS';
export const KERNEL_VERSION = '5.15.0-117-generic';
