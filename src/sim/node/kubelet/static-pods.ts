// Static pods and their mirror pods (pkg/kubelet/config/file.go, config/common.go applyDefaults,
// pod/mirror_client.go, kubelet.go syncPod's mirror-pod block). The control-plane node's kubelet
// runs the manifests kubeadm wrote to /etc/kubernetes/manifests and, since the apiserver cannot see
// a file on the node, posts a read-only copy of each, a mirror pod (`kube-scheduler-control-plane`),
// annotated kubernetes.io/config.mirror and owned by the Node. The mirror pod's status is the static
// pod's: the kubelet reports it as for any pod.
//
// In Kubeplay the static pod's container runs the simulated component itself (the kube-scheduler
// process...), so the kubelet reads that process's state from the host (ctx.hostProcesses(), as
// its PLEG relists the runtime every second) instead of asking containerd:
// - running: the container is running and ready; RESTARTS counts the process's restarts;
// - crashed (a panic, a `crash` step, `kill -9` from the host): the kernel's supervisor is the
//   kubelet's crash-loop back-off (kernel/supervisor.ts), so the status shows CrashLoopBackOff
//   until the process is started again, then Running with one restart more;
// - stopped on purpose (the scenario's `kill`, the app's Kill): Kubeplay holds it down, as if the
//   container had been stopped and the kubelet told to leave it; the status shows the container
//   terminated with exit code 137 (SIGKILL) and READY 0/1 until someone starts it. (A real kubeadm
//   node has no such switch: an operator stops a static pod by moving its manifest out of
//   /etc/kubernetes/manifests, and then the mirror pod goes away too.)
// A deleted mirror pod is posted again on the next relist (kubelet.go: "Creating a mirror pod for
// static pod"); while the apiserver is down nothing can be posted, and the statuses catch up once
// it is back.

import type { Pod } from '../../api/types';
import { rfc3339 } from '../../api/time';
import { apiRequest, type ClientEvent } from '../../client/apiclient';
import type { Delta } from '../../client/informer';
import type { Effects, HostProcessInfo } from '../../kernel/component';
import type { StaticPod } from '../../bootstrap/static-pod-manifests';
import { hex64 } from '../registry/digest';
import { klog } from './klog';
import { createWorker, pushStatus } from './pod-worker';
import type { ContainerWorker, KubeletState, PodWorker } from './state';
import { goDuration, T } from './texts';

export const MIRROR_ANNOTATION = 'kubernetes.io/config.mirror';
/** The kubelet's generic PLEG relists every second; the static pods are looked at as often. */
export const STATIC_PODS_TIMER = 'pleg.relist.static';
/** How long the kubelet waits before posting a mirror pod again after the apiserver refused it. */
const CREATE_RETRY_MS = 10_000;
/** Exit codes: a Go panic exits 2, klog.Fatal 255, a SIGKILL shows as 128 + 9. */
const EXIT_CODE = { crash: 2, signal: 137, exit: 255, kill: 137 } as const;

export const isMirrorPod = (pod: Pod): boolean => pod.metadata.annotations?.[MIRROR_ANNOTATION] !== undefined;

/** config/common.go generatePodName: the static pod's name with the node's appended. */
export const mirrorPodName = (sp: StaticPod, nodeName: string): string => `${sp.manifest.metadata.name}-${nodeName}`;

/** The static pod's hash (config.hash, also its UID on the node): a stand-in for the md5 of the manifest. */
export const staticPodHash = (sp: StaticPod, nodeName: string): string => hex64(`${nodeName}/${JSON.stringify(sp.manifest)}`).slice(0, 32);

/** The mirror pod as mirror_client.go CreateMirrorPod posts it. */
export function mirrorPodFor(sp: StaticPod, nodeName: string, nodeUid: string | undefined, seenAt: number): Pod {
  const m = sp.manifest;
  const hash = staticPodHash(sp, nodeName);
  const annotations = {
    ...(m.metadata.annotations ?? {}),
    'kubernetes.io/config.hash': hash,
    [MIRROR_ANNOTATION]: hash,
    // config.seen is the time the file source first read the manifest, in Go's time.Time format.
    'kubernetes.io/config.seen': rfc3339(seenAt).replace('Z', '.000000000Z'),
    'kubernetes.io/config.source': 'file',
  };
  return {
    ...m,
    metadata: {
      ...m.metadata,
      name: mirrorPodName(sp, nodeName),
      annotations,
      ...(nodeUid ? { ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: nodeName, uid: nodeUid, controller: true }] } : {}),
    },
    spec: {
      ...m.spec,
      nodeName,
      // applyDefaults: a static pod tolerates every NoExecute taint, so no taint evicts it.
      tolerations: [...(m.spec.tolerations ?? []), { operator: 'Exists', effect: 'NoExecute' }],
    },
  };
}

/** Arm the relist timer if this kubelet has static pods. */
export function startStaticPods(s: KubeletState, ctx: Effects): void {
  if (s.config.staticPods?.length) ctx.setTimer(s.config.timings.plegRelistPeriodMs, STATIC_PODS_TIMER);
}

export function onStaticPodsTimer(s: KubeletState, ctx: Effects): void {
  ctx.setTimer(s.config.timings.plegRelistPeriodMs, STATIC_PODS_TIMER);
  if (!s.registered) return;
  const procs = ctx.hostProcesses({ logs: false });
  for (const sp of s.config.staticPods ?? []) {
    const p = procs.find((x) => x.id === sp.process);
    if (p) syncStaticPod(s, ctx, sp, p);
  }
}

function syncStaticPod(s: KubeletState, ctx: Effects, sp: StaticPod, p: HostProcessInfo): void {
  const name = mirrorPodName(sp, s.config.nodeName);
  const m = ((s.mirrors ??= {})[name] ??= { seenAt: ctx.now });
  const w = [...s.workers.values()].find((x) => x.staticPod === sp.process);
  if (!w) {
    if (m.creating || (m.retryAt !== undefined && ctx.now < m.retryAt) || !s.nodeUid) return;
    m.creating = true;
    klog(ctx, 'I', 'kubelet.go:1943', 'Creating a mirror pod for static pod', { pod: `kube-system/${name}` });
    apiRequest(ctx, s.client, { method: 'POST', path: '/api/v1/namespaces/kube-system/pods', body: mirrorPodFor(sp, s.config.nodeName, s.nodeUid, m.seenAt) }, 'mirror.create', name, {
      phase: 'execution',
      summary: `POST pods ${name} (mirror pod)`,
      object: { kind: 'Pod', name, namespace: 'kube-system' },
    });
    return;
  }
  if (w.terminating) return;
  observe(w.containers[0]!, p, w, m);
  if (!w.statusInFlight && !s.statusRetry?.has(w.uid)) pushStatus(s, ctx, w);
}

/** The container's status from its process, as the PLEG would read it from the runtime. */
function observe(c: ContainerWorker, p: HostProcessInfo, w: PodWorker, m: NonNullable<KubeletState['mirrors']>[string]): void {
  if (p.alive && m.incarnation !== p.incarnation) {
    m.previousStartedAt = m.startedAt;
    m.startedAt = p.startedAt;
    m.incarnation = p.incarnation;
  }
  c.restartCount = Math.max(0, p.incarnation - 1);
  c.imageName = c.spec.image;
  c.imageId = `${(c.spec.image ?? '').replace(/:[^:/]+$/, '')}@sha256:${hex64(c.spec.image ?? '')}`;
  const exitCode = EXIT_CODE[p.lastExit ?? 'kill'];
  const ended = (startedAt: number | undefined) => ({
    exitCode,
    reason: 'Error',
    startedAt: rfc3339(startedAt ?? p.since ?? 0),
    finishedAt: rfc3339(p.since ?? 0),
    containerID: `containerd://${hex64(`${p.id}#${p.incarnation}`)}`,
  });
  c.containerId = hex64(`${p.id}#${p.incarnation}`);
  c.lastTerminated = p.incarnation > 1 && p.alive ? { ...ended(m.previousStartedAt), containerID: `containerd://${hex64(`${p.id}#${p.incarnation - 1}`)}` } : undefined;
  c.waitingMessage = undefined;
  if (p.alive) {
    Object.assign(c, { state: 'running', startedAt: p.startedAt, ready: true, started: true });
  } else if (p.incarnation === 0) {
    Object.assign(c, { state: 'waiting', waitingReason: 'ContainerCreating', ready: false, started: false, containerId: undefined });
  } else if (p.restartAt !== undefined) {
    // Waiting out the crash-loop back-off: the last container's end is the lastState.
    c.lastTerminated = ended(m.startedAt);
    Object.assign(c, { state: 'waiting', waitingReason: 'CrashLoopBackOff', ready: false, started: false });
    c.waitingMessage = T.crashLoopMessage(goDuration(p.restartAt - (p.since ?? 0)), c.name, `${w.name}_${w.namespace}(${w.uid})`);
  } else {
    Object.assign(c, { state: 'terminated', exitCode, terminatedReason: 'Error', startedAt: m.startedAt ?? p.startedAt, finishedAt: p.since, ready: false, started: false });
  }
}

/** A watch event about a mirror pod: adopt it, forget it when deleted (the next relist posts it again). Returns false for other pods. */
export function onMirrorPodDelta(s: KubeletState, ctx: Effects, d: Delta): boolean {
  const pod = d.object as Pod;
  if (!isMirrorPod(pod)) return false;
  const sp = (s.config.staticPods ?? []).find((x) => mirrorPodName(x, s.config.nodeName) === pod.metadata.name);
  if (!sp) return true;
  const uid = pod.metadata.uid ?? '';
  let w = s.workers.get(uid);
  if (d.type === 'DELETED') {
    if (w) s.workers.delete(uid);
    return true;
  }
  if (!w) {
    w = createWorker(s, pod, ctx.now, ctx.cause());
    w.staticPod = sp.process;
    w.podIP = s.config.nodeIP;
    s.workers.set(uid, w);
  }
  w.pod = pod;
  if (pod.metadata.deletionTimestamp && !w.terminating) {
    // kubelet.go syncPod: a mirror pod being deleted is deleted at once (grace 0) and posted again.
    w.terminating = true;
    klog(ctx, 'I', 'kubelet.go:1927', 'Trying to delete pod', { pod: `kube-system/${pod.metadata.name}`, podUID: uid });
    apiRequest(ctx, s.client, {
      method: 'DELETE',
      path: `/api/v1/namespaces/kube-system/pods/${pod.metadata.name}`,
      body: { kind: 'DeleteOptions', apiVersion: 'v1', gracePeriodSeconds: 0, preconditions: { uid } },
      query: { gracePeriodSeconds: '0' },
    }, 'mirror.delete', uid, { phase: 'execution', summary: `DELETE pods/${pod.metadata.name} (mirror pod, gracePeriodSeconds=0)`, object: { kind: 'Pod', name: pod.metadata.name ?? '', namespace: 'kube-system' } });
  }
  return true;
}

/** The answer to a mirror pod POST: on failure, try again after a while (on success the watch brings the pod). */
export function onMirrorCreated(s: KubeletState, ctx: Effects, ev: ClientEvent, ok: boolean, status: number): void {
  const m = s.mirrors?.[ev.call.data as string];
  if (!m) return;
  m.creating = false;
  // Created (or already there): the watch brings it; post again only if it has not come by then.
  m.retryAt = ctx.now + CREATE_RETRY_MS;
  if (!ok && status !== 409) klog(ctx, 'E', 'kubelet.go:1946', 'Failed creating a mirror pod', { err: status || 'no answer', pod: `kube-system/${ev.call.data as string}` });
}
