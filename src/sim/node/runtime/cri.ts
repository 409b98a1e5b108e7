// The Container Runtime Interface (k8s.io/cri-api runtime/v1) as messages between the kubelet and
// containerd. Method names are CRI's own (RuntimeService: RunPodSandbox, StopPodSandbox,
// RemovePodSandbox, ListPodSandbox, CreateContainer, StartContainer, StopContainer, RemoveContainer,
// ListContainers, ContainerStatus, ExecSync, GetContainerEvents; ImageService: PullImage,
// ImageStatus, ListImages). Two simplifications, named where they are used: RunPodSandbox answers
// the sandbox IP (the real kubelet reads it with PodSandboxStatus), and container logs are read
// with ReadLogs (the real kubelet reads the CRI log file from disk itself).

import type { MessageId } from '../../kernel/units';

export type SandboxState = 'SANDBOX_READY' | 'SANDBOX_NOTREADY';
export type ContainerState = 'CONTAINER_CREATED' | 'CONTAINER_RUNNING' | 'CONTAINER_EXITED' | 'CONTAINER_UNKNOWN';

export interface PodSandboxMetadata {
  name: string;
  uid: string;
  namespace: string;
  attempt: number;
}

export interface ContainerConfig {
  name: string;
  attempt: number;
  image: string;
  command?: string[];
  args?: string[];
  /** io.kubernetes.pod.uid, io.kubernetes.container.name, ... */
  labels: Record<string, string>;
  /** ContainerConfig.envs: the environment makeEnvironmentVariables resolved, in order. */
  envs?: { key: string; value: string }[];
  /**
   * The files of the container's configMap and secret volumes, by path in the container. Real CRI
   * mounts name a host directory the kubelet filled; Kubeplay hands over the contents it wrote.
   */
  mountedFiles?: Record<string, string>;
  /**
   * On a restart (attempt > 0), the mount paths of the container's emptyDir, persistentVolumeClaim
   * and hostPath volumes: what it wrote there before is still there (a new container's own
   * filesystem starts empty). Real CRI mounts carry the host path; Kubeplay says what it holds.
   */
  keptMounts?: string[];
  /** LinuxContainerConfig.resources: the cgroup limits the kubelet derives from resources.limits. */
  linux?: { resources: { memoryLimitInBytes?: number; cpuQuota?: number; cpuPeriod?: number } };
}

export type CriCall =
  | { method: 'RunPodSandbox'; metadata: PodSandboxMetadata; labels: Record<string, string>; linux?: { cgroupParent: string } }
  /** PodSandboxStatus with verbose: the status, and the runtime's info (the sandbox's PID). */
  | { method: 'PodSandboxStatus'; podSandboxId: string }
  | { method: 'StopPodSandbox'; podSandboxId: string }
  | { method: 'RemovePodSandbox'; podSandboxId: string }
  | { method: 'ListPodSandbox' }
  | { method: 'PullImage'; image: string }
  | { method: 'ImageStatus'; image: string }
  | { method: 'ListImages' }
  | { method: 'CreateContainer'; podSandboxId: string; config: ContainerConfig }
  | { method: 'StartContainer'; containerId: string }
  /** timeout in seconds: SIGTERM, then SIGKILL when it passes. */
  | { method: 'StopContainer'; containerId: string; timeout: number }
  | { method: 'RemoveContainer'; containerId: string }
  | { method: 'ListContainers'; podSandboxId?: string }
  | { method: 'ContainerStatus'; containerId: string }
  | { method: 'ExecSync'; containerId: string; cmd: string[]; timeout: number }
  /**
   * A streaming exec (`kubectl exec`). The real runtime answers a URL of its streaming server, which
   * the kubelet proxies; here containerd runs the command and answers what it printed (ExecResult).
   */
  | { method: 'Exec'; containerId: string; cmd: string[]; tty: boolean; stdin: boolean }
  /** Opens a stream of CriContainerEvent (evented PLEG). */
  | { method: 'GetContainerEvents' }
  | { method: 'ReadLogs'; containerId: string; tailLines?: number }
  /**
   * PortForward: the real call answers the streaming server's URL and the kubelet proxies the
   * connection there; here containerd dials the port inside the sandbox's network namespace at once
   * with the bytes the client sent (`data`, base64) and answers what the listener wrote back.
   */
  | { method: 'PortForward'; podSandboxId: string; port: number; data: string };

export type CriMethod = CriCall['method'];
export type CriRequest = { type: 'cri.request' } & CriCall;

/** gRPC status codes the runtime answers with. */
export type GrpcCode = 'NotFound' | 'Unknown' | 'InvalidArgument' | 'DeadlineExceeded' | 'Unavailable' | 'FailedPrecondition';

export interface CriError {
  code: GrpcCode;
  message: string;
}

export interface CriResponse {
  type: 'cri.response';
  requestId: MessageId;
  method: CriMethod;
  error?: CriError;
  result?: unknown;
}

/** `rpc error: code = NotFound desc = ...`, as the kubelet prints a runtime error. */
export function formatGrpcError(e: CriError): string {
  return `rpc error: code = ${e.code} desc = ${e.message}`;
}

export interface ImageInfo {
  /** `sha256:...` (the kubelet reports it as imageID). */
  id: string;
  repoTags: string[];
  repoDigests: string[];
  size: number;
}

export interface PodSandboxInfo {
  id: string;
  metadata: PodSandboxMetadata;
  state: SandboxState;
  createdAt: number;
  ip?: string;
  labels: Record<string, string>;
}

export interface ContainerInfo {
  id: string;
  podSandboxId: string;
  metadata: { name: string; attempt: number };
  image: string;
  imageRef: string;
  state: ContainerState;
  createdAt: number;
  startedAt?: number;
  finishedAt?: number;
  exitCode?: number;
  /** `Completed`, `Error`, `OOMKilled` (ContainerStatus.reason). */
  reason?: string;
  labels: Record<string, string>;
}

/**
 * The verbose info of ContainerStatus and PodSandboxStatus (containerd's `info` map, which
 * `crictl inspect` prints): the process's host PID, its cgroup and its namespaces.
 */
export interface RuntimeInfo {
  pid: number;
  cgroupsPath: string;
  namespaces: { type: string; path?: string }[];
  image?: string;
}
export interface PodSandboxStatusResult {
  status: PodSandboxInfo;
  info: RuntimeInfo;
}

export interface RunPodSandboxResult {
  podSandboxId: string;
  ip: string;
}
export interface PullImageResult {
  imageRef: string;
  size: number;
  /** The stored image (the real kubelet reads it with ImageStatus after the pull). */
  image: ImageInfo;
}
export interface ImageStatusResult {
  image?: ImageInfo;
}
export interface CreateContainerResult {
  containerId: string;
}
export interface ExecSyncResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}
/** What a streaming exec printed and how it ended; `prompt` when a shell was opened with stdin and a tty. */
export interface ExecResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  prompt?: string;
  /** runc could not start the program (it is not in the image): containerd's error text. */
  startError?: string;
}
/** What the program listening on the forwarded port wrote back before it closed the connection. */
export interface PortForwardResult {
  data: string;
  /** The program closed the connection after writing `data`. */
  close?: boolean;
}
export interface ReadLogsResult {
  /** CRI log format lines: `2024-08-13T09:00:05.123456789Z stdout F text`. */
  lines: string[];
}

/** containerd -> kubelet on the GetContainerEvents stream. */
export interface CriContainerEvent {
  type: 'cri.event';
  containerEventType: 'CONTAINER_CREATED_EVENT' | 'CONTAINER_STARTED_EVENT' | 'CONTAINER_STOPPED_EVENT' | 'CONTAINER_DELETED_EVENT';
  container: ContainerInfo;
  /** Set on a sandbox's own event (container id = the sandbox's id): its status, as CRI's ContainerEventResponse.pod_sandbox_status. */
  podSandboxStatus?: PodSandboxInfo;
}

/**
 * A kubelet probe (httpGet, tcpSocket) reaching a pod's IP. The kubelet dials the pod's network
 * namespace, which lives on this node; containerd stands in for the sockets the container listens on.
 */
export interface ProbeRequest {
  type: 'probe.request';
  kind: 'http' | 'tcp';
  ip: string;
  port: number;
  path?: string;
}

export interface ProbeResponse {
  type: 'probe.response';
  requestId: MessageId;
  /** `refused`: nothing listens; `http`: an HTTP status came back; `open`: a TCP connection opened. */
  outcome: 'refused' | 'open' | 'http';
  statusCode?: number;
}

/** Parse one CRI log line back into its parts. */
export function parseCriLogLine(line: string): { time: string; stream: string; text: string } {
  const m = /^(\S+) (stdout|stderr) [FP] (.*)$/.exec(line);
  return m ? { time: m[1]!, stream: m[2]!, text: m[3]! } : { time: '', stream: 'stdout', text: line };
}

/**
 * kubelet -> containerd: a running container's volume files changed (a ConfigMap or Secret update,
 * written by the kubelet's periodic sync). Not a CRI call: the real kubelet writes the files into
 * the volume directory on the host, which the container has bind-mounted; this message stands for
 * that write.
 */
export interface VolumeUpdate {
  type: 'volume.update';
  containerId: string;
  files: Record<string, string>;
}
