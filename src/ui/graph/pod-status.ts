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

/** Reasons a learner must see as "this pod is failing" (red, reason badge; the sequence diagram's kubelet stops). */
export const FAILING_REASONS: ReadonlySet<string> = new Set([
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
  terminating: '◔',
  completed: '✓',
  error: '✕',
  unknown: '?',
};

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
  if (FAILING_REASONS.has(bare)) return 'failing';
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
