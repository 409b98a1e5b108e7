// Pods whose one container is a process of the node itself: the control-plane's static pods (etcd,
// kube-apiserver, kube-controller-manager, kube-scheduler from /etc/kubernetes/manifests) and the
// kube-proxy DaemonSet's pod. In Kubeplay these components are simulated processes, so the kubelet
// reads their container's state from the host instead of starting a container through CRI. The
// host wakes the kubelet when one of them starts or stops (the kernel's 'pleg.event' timer, as the
// evented PLEG hears containerd's container events), so an idle node adds no periodic work:
// - running process: container running and ready; every start after the first is a restart;
// - crashed process (a panic, `crash:`): the kernel starts it again after the crash-loop back-off,
//   and until then the container waits in CrashLoopBackOff with the crash as its last state;
// - stopped process (`kill`, systemctl stop): the container is terminated (137, Error) and stays so.
// A process pod's configMap volumes are files on the host as for any pod (the kubelet writes each key
// under /var/lib/kubelet/pods/<uid>/volumes/kubernetes.io~configmap/<volume> and the container sees
// them at its mountPath): the kubelet leaves them on the host's disk (what it persists, read with
// hostData('kubelet')), refreshed when the pod comes, whenever its process starts or stops, and at
// the periodic sync after the ConfigMap changed (as volume-resync.ts does for containers), and
// the process reads them when it starts (kube-proxy's --config=/var/lib/kube-proxy/config.conf).
// For each static pod the kubelet posts a mirror pod (pkg/kubelet/pod/mirror_client.go) named
// <pod>-<node>, with the config.mirror/hash/seen/source annotations and the Node as its owner, and
// posts it again when someone deletes it.

import { rfc3339 } from '../../api/time';
import type { Pod } from '../../api/types';
import { apiRequest } from '../../client/apiclient';
import type { Effects, HostProcessInfo } from '../../kernel/component';
import type { ProcessId } from '../../kernel/units';
import { hex64 } from '../registry/digest';
import { resolveReference } from '../registry/registry';
import { klog } from './klog';
import { configSources, objectsSynced, registerPod } from './object-managers';
import { createWorker, podRef, pushStatus } from './pod-worker';
import type { ContainerWorker, KubeletState, PodWorker } from './state';

/** The timer the kernel sets on a host's kubelet when a process the kubelet supervises starts or stops (simulation.ts). */
export const PLEG_EVENT = 'pleg.event';
/** The exit code of a process that panicked (Go's runtime exits 2) and of one killed by SIGKILL. */
const PANIC_EXIT_CODE = 2;
const KILLED_EXIT_CODE = 137;
const MIRROR = 'kubernetes.io/config.mirror';

/** What the kubelet leaves on the host's disk: per process, its pod's configMap files by container path. */
export interface KubeletHostFiles {
  processPodFiles: Record<ProcessId, Record<string, string>>;
}

/** The file a process pod's container sees at `path`, as the kubelet last wrote it on this host. */
export function processPodFile(ctx: Effects, path: string): string | undefined {
  return (ctx.hostData('kubelet') as KubeletHostFiles | undefined)?.processPodFiles?.[ctx.self]?.[path];
}

/** Write the pod's configMap volumes where its container mounts them (a missing ConfigMap leaves its files out). */
function writeProcessPodFiles(s: KubeletState, ctx: Effects, pod: Pod, process: ProcessId): void {
  const files: Record<string, string> = {};
  type Mount = { name: string; mountPath: string };
  const spec = pod.spec as { volumes?: { name: string; configMap?: { name?: string } }[]; containers?: { volumeMounts?: Mount[] }[] };
  for (const v of spec.volumes ?? []) {
    const name = v.configMap?.name;
    if (!name) continue;
    const cm = configSources(s).configMap(pod.metadata.namespace ?? 'default', name) as { data?: Record<string, string> } | undefined;
    for (const c of spec.containers ?? []) {
      for (const m of c.volumeMounts ?? []) {
        if (m.name !== v.name) continue;
        for (const [key, text] of Object.entries(cm?.data ?? {})) files[`${m.mountPath.replace(/\/$/, '')}/${key}`] = text;
      }
    }
  }
  const current = (ctx.hostData('kubelet') as KubeletHostFiles | undefined)?.processPodFiles ?? {};
  if (JSON.stringify(current[process] ?? {}) === JSON.stringify(files)) return;
  ctx.persist({ processPodFiles: { ...current, [process]: files } } satisfies KubeletHostFiles);
}

/** The periodic sync after its ConfigMap changed: a process pod's files are rewritten on the host. */
export function resyncProcessPodFiles(s: KubeletState, ctx: Effects, w: PodWorker): void {
  w.volumeResyncPending = false;
  if (w.process && w.pod.metadata.annotations?.[MIRROR] === undefined) writeProcessPodFiles(s, ctx, w.pod, w.process);
}

/** The process a pod's container is on this node, if it is one. */
export function processOf(s: KubeletState, pod: Pod): ProcessId | undefined {
  const ns = pod.metadata.namespace;
  const mirror = pod.metadata.annotations?.[MIRROR];
  if (mirror !== undefined) return s.config.staticPods?.find((m) => mirrorName(s, m.pod) === pod.metadata.name && ns === 'kube-system')?.process;
  for (const p of s.config.processPods ?? []) {
    if (p.namespace !== ns) continue;
    if (Object.entries(p.labels).every(([k, v]) => pod.metadata.labels?.[k] === v)) return p.process;
  }
  return undefined;
}

const mirrorName = (s: KubeletState, pod: Pod): string => `${pod.metadata.name}-${s.config.nodeName}`;

/** config.hash: the hash of the manifest as read (kubelet's hash of the pod; md5-long hex). */
export function configHash(pod: Pod): string {
  return hex64(JSON.stringify(pod)).slice(0, 32);
}

/** The mirror pod the kubelet posts for a static pod. */
export function mirrorPod(s: KubeletState, pod: Pod, seenAt: number): Pod {
  const hash = configHash(pod);
  return {
    ...pod,
    metadata: {
      ...pod.metadata,
      name: mirrorName(s, pod),
      annotations: {
        ...pod.metadata.annotations,
        'kubernetes.io/config.hash': hash,
        [MIRROR]: hash,
        'kubernetes.io/config.seen': rfc3339(seenAt).replace(/(\.\d+)?Z$/, (_m, frac: string | undefined) => `${(frac ?? '.').padEnd(10, '0')}Z`),
        'kubernetes.io/config.source': 'file',
      },
      ownerReferences: [{ apiVersion: 'v1', controller: true, kind: 'Node', name: s.config.nodeName, uid: s.nodeUid ?? '' }],
    },
    // kubelet/config/common.go applyDefaults: a static pod tolerates every NoExecute taint, and it
    // is bound to this node.
    spec: { ...pod.spec, nodeName: s.config.nodeName, tolerations: [{ effect: 'NoExecute', operator: 'Exists' }] },
  } as Pod;
}

/** Post a mirror pod for each static pod the API does not have (syncPod's mirror pod check). */
export function ensureMirrorPods(s: KubeletState, ctx: Effects): void {
  const inf = s.informers.byName.pods;
  if (!s.config.staticPods?.length || !s.registered || !s.nodeUid || !inf.synced) return;
  for (const m of s.config.staticPods) {
    const name = mirrorName(s, m.pod);
    if ((s.mirrorsPosting ??= []).includes(name)) continue;
    if (inf.items.has(`kube-system/${name}`)) continue;
    s.mirrorsPosting.push(name);
    s.staticSeenAt ??= ctx.now;
    apiRequest(ctx, s.client, { method: 'POST', path: '/api/v1/namespaces/kube-system/pods', body: mirrorPod(s, m.pod, s.staticSeenAt) }, 'mirror.create', name, {
      phase: 'execution',
      summary: `POST pods ${name} (mirror pod)`,
      object: { kind: 'Pod', name, namespace: 'kube-system' },
    });
  }
}

/** The answer to a mirror pod POST: a failure is tried again at the next relist. */
export function onMirrorCreated(s: KubeletState, ctx: Effects, name: string, status: number): void {
  s.mirrorsPosting = (s.mirrorsPosting ?? []).filter((n) => n !== name);
  if (status >= 300 && status !== 409) klog(ctx, 'E', 'kubelet.go:1908', 'Failed creating a mirror pod for', { pod: `kube-system/${name}`, err: status });
}

/** A pod whose container is a process of this node: a worker that reads the process instead of running it. */
export function addProcessPod(s: KubeletState, ctx: Effects, pod: Pod, process: ProcessId): void {
  const w = createWorker(s, pod, ctx.now, ctx.cause());
  w.process = process;
  w.podIP = s.config.nodeIP;
  s.workers.set(w.uid, w);
  klog(ctx, 'I', 'kubelet.go:2410', 'SyncLoop ADD', { source: 'api', pods: [`${w.namespace}/${w.name}`] });
  if (pod.metadata.annotations?.[MIRROR] !== undefined) return startProcessPod(s, ctx, w);
  // A DaemonSet's pod (kube-proxy) mounts its ConfigMap: its process starts once the kubelet's
  // watch of that object has listed it, so the file it reads at start is there (kubelet.ts).
  registerPod(s, ctx, w);
  w.awaitingObjects = !objectsSynced(s, w);
  if (!w.awaitingObjects) startProcessPod(s, ctx, w);
}

/** The process pod's objects are listed: write its files, start its process if it stopped with its pod, follow it. */
export function startProcessPod(s: KubeletState, ctx: Effects, w: PodWorker): void {
  w.awaitingObjects = false;
  const process = w.process!;
  const pod = w.pod;
  const info = ctx.hostProcesses({ logs: false }).find((p) => p.id === process);
  // A static pod's restarts count from the first start; a DaemonSet pod's from when it came.
  w.baseIncarnation = pod.metadata.annotations?.[MIRROR] !== undefined ? 1 : info?.alive ? info.incarnation : (info?.incarnation ?? 0) + 1;
  if (pod.metadata.annotations?.[MIRROR] === undefined) writeProcessPodFiles(s, ctx, pod, process);
  // A process the kubelet stopped with the pod it belonged to starts with the pod that replaces it.
  if (info && !info.alive && s.stoppedWithPod?.includes(process)) {
    s.stoppedWithPod = s.stoppedWithPod.filter((p) => p !== process);
    ctx.systemctl('start', process);
  }
  relistOne(s, ctx, w, ctx.hostProcesses({ logs: false }));
}

/** A process pod is being deleted: its process stops with it (a mirror pod's does not: the file still says run it). */
export function terminateProcessPod(s: KubeletState, ctx: Effects, w: PodWorker): void {
  if (w.terminated) return;
  w.terminated = true;
  const mirror = w.pod.metadata.annotations?.[MIRROR] !== undefined;
  if (!mirror && w.process) {
    ctx.systemctl('stop', w.process);
    const next = replacementOf(s, w);
    // The pod that replaces it (a DaemonSet's new pod, seen before the old one ended) already
    // follows the process: its container starts now, a new incarnation that is its first start.
    if (next && !next.awaitingObjects) {
      ctx.systemctl('start', w.process);
      const info = ctx.hostProcesses({ logs: false }).find((p) => p.id === w.process);
      next.baseIncarnation = info?.incarnation ?? next.baseIncarnation;
      relistOne(s, ctx, next, ctx.hostProcesses({ logs: false }));
    } else (s.stoppedWithPod ??= []).push(w.process);
  }
  apiRequest(ctx, s.client, {
    method: 'DELETE', path: `/api/v1/namespaces/${w.namespace}/pods/${w.name}`,
    body: { kind: 'DeleteOptions', apiVersion: 'v1', gracePeriodSeconds: 0, preconditions: { uid: w.uid } },
    query: { gracePeriodSeconds: '0' },
  }, 'pod.delete', w.uid, { phase: 'execution', summary: `DELETE pods/${w.name} (gracePeriodSeconds=0)`, object: podRef(w) });
}

/** Another pod of this node whose container is the same process and that is not ending (a DaemonSet's replacement). */
function replacementOf(s: KubeletState, w: PodWorker): PodWorker | undefined {
  for (const o of s.workers.values()) if (o !== w && o.process === w.process && !o.terminated && o.pod.metadata.deletionTimestamp === undefined) return o;
  return undefined;
}

/** A process of this host started or stopped: every process pod's container follows its process. */
export function onRelist(s: KubeletState, ctx: Effects): void {
  const procs = ctx.hostProcesses({ logs: false });
  for (const w of s.workers.values()) if (w.process && !w.terminated && !w.awaitingObjects) relistOne(s, ctx, w, procs);
}

function relistOne(s: KubeletState, ctx: Effects, w: PodWorker, procs: HostProcessInfo[]): void {
  const info = procs.find((p) => p.id === w.process);
  const c = w.containers[0];
  if (!info || !c) return;
  if (w.pod.metadata.annotations?.[MIRROR] === undefined) writeProcessPodFiles(s, ctx, w.pod, w.process!);
  follow(c, info, w);
  pushStatus(s, ctx, w);
}

const containerId = (info: HostProcessInfo, incarnation: number): string => hex64(`${info.id}#${incarnation}`);

/** The container's state from its process's. */
function follow(c: ContainerWorker, info: HostProcessInfo, w: PodWorker): void {
  const base = w.baseIncarnation ?? 1;
  const image = c.spec.image ?? '';
  if (!c.imageId) {
    const r = resolveReference(image);
    c.imageName = image;
    c.imageId = r.ok ? `${r.name.replace(/:[^:/]+$/, '')}@${r.digest}` : '';
  }
  // An earlier incarnation ended: its end is the last state (the kubelet remembers one).
  if (info.alive && info.incarnation > base && c.containerId !== containerId(info, info.incarnation)) {
    c.lastTerminated = {
      exitCode: info.stopReason === 'kill' ? KILLED_EXIT_CODE : (info.exitStatus ?? PANIC_EXIT_CODE),
      reason: 'Error',
      startedAt: rfc3339(c.startedAt ?? w.startTime),
      finishedAt: rfc3339(info.startedAt ?? 0),
      containerID: `containerd://${containerId(info, info.incarnation - 1)}`,
    };
  }
  c.restartCount = Math.max(0, info.incarnation - base);
  if (info.alive) {
    c.state = 'running';
    c.containerId = containerId(info, info.incarnation);
    c.startedAt = info.startedAt;
    c.ready = true;
    c.started = true;
    return;
  }
  c.ready = false;
  c.started = false;
  const ended = {
    exitCode: info.stopReason === 'kill' ? KILLED_EXIT_CODE : (info.exitStatus ?? PANIC_EXIT_CODE),
    reason: 'Error',
    startedAt: rfc3339(info.startedAt ?? w.startTime),
    finishedAt: rfc3339(info.since ?? 0),
    containerID: `containerd://${containerId(info, info.incarnation)}`,
  };
  if (info.stopReason === 'crash') {
    // The kernel starts it again after the back-off (supervisor.ts); the kubelet shows the wait.
    c.lastTerminated = ended;
    c.state = 'waiting';
    c.waitingReason = 'CrashLoopBackOff';
    const backoff = Math.min(10 * 2 ** Math.max(0, c.restartCount - 1), 300);
    c.waitingMessage = `back-off ${goSeconds(backoff)} restarting failed container=${c.name} pod=${w.name}_${w.namespace}(${w.uid})`;
    c.containerId = containerId(info, info.incarnation);
    return;
  }
  c.state = 'terminated';
  c.exitCode = ended.exitCode;
  c.terminatedReason = ended.reason;
  c.startedAt = info.startedAt;
  c.finishedAt = info.since;
  c.containerId = containerId(info, info.incarnation);
}

/** Go's time.Duration String for whole seconds (`10s`, `1m20s`, `5m0s`). */
function goSeconds(sec: number): string {
  return sec < 60 ? `${sec}s` : `${Math.floor(sec / 60)}m${sec % 60}s`;
}
