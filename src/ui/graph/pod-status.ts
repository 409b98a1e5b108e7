// What a pod and a node look like on the graph. The STATUS word is the one `kubectl get pods` prints,
// made by kube-apiserver's own printers in the simulation and sent with the object (ObjectView.display),
// so the graph and the terminal always agree. The "look" decides the drawing; the word and a glyph are always shown
// too, so colour is never the only signal (UX.md, "never colour alone").

import type { ObjectView } from '../../protocol/view';

/** How the graph draws a pod. */
export type PodLook =
  | 'pending' //          hollow
  | 'creating' //         pulsing
  | 'running' //          solid
  | 'not-ready' //        solid with a warning mark
  | 'failing' //          red, the reason as a badge (back-off, pull errors)
  | 'terminating' //      fading
  | 'completed'
  | 'error'
  | 'unknown';

export interface PodDisplay {
  /** kubectl's STATUS column. */
  status: string;
  /** kubectl's READY column (`1/1`). */
  ready: string;
  look: PodLook;
  /** A glyph shown beside the status word. */
  glyph: string;
}

interface ContainerState {
  waiting?: { reason?: string };
  running?: { startedAt?: string };
  terminated?: { reason?: string; exitCode?: number; signal?: number };
}
interface ContainerStatusLike {
  name?: string;
  ready?: boolean;
  restartCount?: number;
  state?: ContainerState;
}
interface PodLike {
  metadata?: { deletionTimestamp?: string };
  spec?: { containers?: unknown[]; initContainers?: { name?: string }[]; nodeName?: string };
  status?: {
    phase?: string;
    reason?: string;
    conditions?: { type?: string; status?: string; reason?: string }[];
    initContainerStatuses?: ContainerStatusLike[];
    containerStatuses?: ContainerStatusLike[];
  };
}

/** Reasons a learner must see as "this pod is failing" (red, reason badge). */
const FAILING = new Set([
  'ErrImagePull',
  'ImagePullBackOff',
  'CrashLoopBackOff',
  'InvalidImageName',
  'ErrImageNeverPull',
  'CreateContainerConfigError',
  'CreateContainerError',
  'RunContainerError',
  'OOMKilled',
  'ContainerStatusUnknown',
]);
const CREATING = new Set(['ContainerCreating', 'PodInitializing']);

const GLYPH: Record<PodLook, string> = {
  pending: '○',
  creating: '◌',
  running: '●',
  'not-ready': '⚠',
  failing: '✕',
  terminating: '⌛',
  completed: '✓',
  error: '✕',
  unknown: '?',
};

function hasTrueCondition(pod: PodLike, type: string): boolean {
  return (pod.status?.conditions ?? []).some((c) => c.type === type && c.status === 'True');
}

function containerReason(c: ContainerStatusLike): string | undefined {
  const w = c.state?.waiting;
  const t = c.state?.terminated;
  if (w?.reason) return w.reason;
  if (t?.reason) return t.reason;
  if (t) return t.signal ? `Signal:${t.signal}` : `ExitCode:${t.exitCode ?? 0}`;
  return undefined;
}

/** The init-container part of printPod: `Init:0/1`, `Init:ErrImagePull`, or undefined when all are done. */
function initReason(pod: PodLike): string | undefined {
  const inits = pod.status?.initContainerStatuses ?? [];
  const total = pod.spec?.initContainers?.length ?? 0;
  for (let i = 0; i < inits.length; i++) {
    const st = inits[i]!;
    const t = st.state?.terminated;
    if (t && (t.exitCode ?? 0) === 0) continue;
    if (t) return t.reason ? `Init:${t.reason}` : t.signal ? `Init:Signal:${t.signal}` : `Init:ExitCode:${t.exitCode ?? 0}`;
    const w = st.state?.waiting;
    if (w?.reason && w.reason !== 'PodInitializing') return `Init:${w.reason}`;
    return `Init:${i}/${total}`;
  }
  return undefined;
}

/**
 * kubectl's STATUS and READY for a pod object. The graph no longer uses it (it shows the printer's
 * words from ObjectView.display); src/ui/sequence/outcome.ts still does, until it reads the view.
 */
export function podStatusWord(pod: PodLike): { status: string; ready: string } {
  const st = pod.status ?? {};
  let reason = st.reason || st.phase || 'Pending';
  for (const c of st.conditions ?? []) if (c.type === 'PodScheduled' && c.reason === 'SchedulingGated') reason = 'SchedulingGated';
  const total = pod.spec?.containers?.length ?? 0;
  let ready = 0;
  const init = initReason(pod);
  if (init !== undefined && !hasTrueCondition(pod, 'Initialized')) reason = init;
  else {
    let hasRunning = false;
    const cs = st.containerStatuses ?? [];
    // printPod walks the containers from the last to the first, so the first container's reason wins.
    for (let i = cs.length - 1; i >= 0; i--) {
      const c = cs[i]!;
      const r = containerReason(c);
      if (r !== undefined) reason = r;
      else if (c.ready && c.state?.running) {
        hasRunning = true;
        ready++;
      }
    }
    if (reason === 'Completed' && hasRunning) reason = hasTrueCondition(pod, 'Ready') ? 'Running' : 'NotReady';
  }
  const terminal = st.phase === 'Succeeded' || st.phase === 'Failed';
  if (pod.metadata?.deletionTimestamp && st.reason === 'NodeLost') reason = 'Unknown';
  else if (pod.metadata?.deletionTimestamp && !terminal) reason = 'Terminating';
  return { status: reason, ready: `${ready}/${total}` };
}

/** Which drawing a STATUS word gets. */
export function podLook(status: string, ready: string): PodLook {
  if (status === 'Terminating') return 'terminating';
  if (status === 'Pending' || status === 'SchedulingGated') return 'pending';
  if (CREATING.has(status) || /^Init:\d+\/\d+$/.test(status)) return 'creating';
  if (status === 'Running') {
    const [r, t] = ready.split('/');
    return r === t ? 'running' : 'not-ready';
  }
  if (status === 'NotReady') return 'not-ready';
  if (status === 'Completed' || status === 'Succeeded') return 'completed';
  const bare = status.startsWith('Init:') ? status.slice(5) : status;
  if (FAILING.has(bare)) return 'failing';
  if (bare === 'Error' || status === 'Failed' || /^(ExitCode|Signal):/.test(bare) || status === 'Evicted') return 'error';
  return 'unknown';
}

/** Everything the graph shows about a pod's state: the printer's words (ObjectView.display) and their look. */
export function podDisplay(pod: Pick<ObjectView, 'display'>): PodDisplay {
  const status = pod.display?.status ?? 'Unknown';
  const ready = pod.display?.ready ?? '0/0';
  const look = podLook(status, ready);
  return { status, ready, look, glyph: GLYPH[look] };
}

interface NodeLike {
  spec?: { unschedulable?: boolean; taints?: { key?: string; value?: string; effect?: string }[] };
  status?: { conditions?: { type?: string; status?: string }[] };
}

export interface NodeDisplay {
  /** kubectl's STATUS column for a node: `Ready`, `NotReady`, `Unknown`, `Ready,SchedulingDisabled`. */
  status: string;
  /** The Ready condition's own status (`True`, `False`, `Unknown`), or undefined when there is none yet. */
  readyCondition?: string;
  ready: boolean;
  /** `key=value:Effect`, as `kubectl describe node` lists them. */
  taints: string[];
}

/** printNode's STATUS (ObjectView.display), the Ready condition and the taints as they are stored. */
export function nodeDisplay(view: Pick<ObjectView, 'display' | 'object'>): NodeDisplay {
  const node = view.object as NodeLike;
  const cond = (node.status?.conditions ?? []).find((c) => c.type === 'Ready');
  const status = view.display?.status ?? 'Unknown';
  const taints = (node.spec?.taints ?? []).map((t) => `${t.key ?? ''}${t.value ? `=${t.value}` : ''}:${t.effect ?? ''}`);
  return { status, readyCondition: cond?.status, ready: cond?.status === 'True', taints };
}
