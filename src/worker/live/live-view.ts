// What the page sees of a real cluster, as the frames the simulation worker sends (src/protocol/
// view.ts): the objects the reflectors hold, patched against what the page was last sent, with
// kubectl's STATUS and READY from the same kube-apiserver printers the simulation's frames use, and
// a host per Node so the graph draws a region for each. Nothing here is simulated: no components,
// no messages, no trace. The clock is the wall clock on the simulation's epoch, so that the page's
// AGE columns are what kubectl prints (it, too, subtracts the object's timestamp from local time).

import { simEpochMs } from '../../apimachinery/epoch';
import type { FrameBatch, HostView, ObjectView } from '../../protocol/view';
import { diffViews, emptyPatch, type SentViews } from '../observe/diff';
import { objectDisplay } from '../observe/objects';
import type { ReflectorSink } from './reflector';
import { liveObjectId, type KubeObject, type LiveResource } from './resources';

/** kubeadm's label on control-plane Nodes (well-known labels: node-role.kubernetes.io/control-plane). */
const CONTROL_PLANE_LABEL = 'node-role.kubernetes.io/control-plane';

export interface LiveConnection {
  /** Every resource answered its last request. */
  connected: boolean;
  /** Why the last failed request failed, and when the next try is (ms). */
  error?: string;
  retryInMs?: number;
}

function view(r: LiveResource, o: KubeObject): ObjectView {
  const md = o.metadata ?? {};
  const v: ObjectView = { id: liveObjectId(r, o), kind: r.kind, namespace: md.namespace ?? '', name: md.name ?? '', resourceVersion: md.resourceVersion ?? '', object: o };
  const display = objectDisplay(r.resource, o);
  if (display) v.display = display;
  return v;
}

/** A Node's host: its InternalIP, control plane by kubeadm's label, down while its Ready condition is Unknown (node-lifecycle's "Kubelet stopped posting node status"). */
export function nodeHost(node: ObjectView, controlPlaneTaken: boolean): HostView {
  const o = node.object as { metadata?: { labels?: Record<string, string> }; status?: { addresses?: { type: string; address: string }[]; conditions?: { type: string; status: string }[] } };
  const address = o.status?.addresses?.find((a) => a.type === 'InternalIP')?.address ?? '';
  const ready = o.status?.conditions?.find((c) => c.type === 'Ready');
  // The graph has one control-plane region; further control-plane Nodes are drawn as the others are.
  const cp = !controlPlaneTaken && o.metadata?.labels?.[CONTROL_PLANE_LABEL] !== undefined;
  return { id: node.name, address, role: cp ? 'control-plane' : 'worker', up: ready?.status !== 'Unknown' };
}

export class LiveView implements ReflectorSink {
  private current = new Map<string, ObjectView>();
  /** Id -> resourceVersion the page holds. */
  private sent = new Map<string, string>();
  private dirty = new Set<string>();
  private hostsSent: SentViews = new Map();
  private states = new Map<string, LiveConnection>();
  private connectionSig = '';
  private lastSecond = -1;
  private first = true;

  replace(r: LiveResource, items: KubeObject[]): void {
    const prefix = `${r.resource}/`;
    const fresh = new Set<string>();
    for (const o of items) {
      const v = view(r, o);
      fresh.add(v.id);
      this.put(v);
    }
    for (const id of this.current.keys()) {
      if (id.startsWith(prefix) && !fresh.has(id)) {
        this.current.delete(id);
        this.dirty.add(id);
      }
    }
  }

  apply(r: LiveResource, type: 'ADDED' | 'MODIFIED' | 'DELETED', o: KubeObject): void {
    const v = view(r, o);
    if (type === 'DELETED') {
      this.current.delete(v.id);
      this.dirty.add(v.id);
    } else this.put(v);
  }

  state(r: LiveResource, s: LiveConnection): void {
    this.states.set(r.resource, s);
  }

  private put(v: ObjectView): void {
    if (this.current.get(v.id)?.resourceVersion === v.resourceVersion) return;
    this.current.set(v.id, v);
    this.dirty.add(v.id);
  }

  /** The connection as a whole: connected when every resource is; the first error otherwise. */
  connection(): LiveConnection {
    const all = [...this.states.values()];
    const failed = all.find((s) => !s.connected);
    if (failed) return failed;
    return { connected: all.length > 0 };
  }

  /** Whether the connection changed since the last call (the worker then tells the page). */
  connectionChanged(): boolean {
    const sig = JSON.stringify(this.connection());
    if (sig === this.connectionSig) return false;
    this.connectionSig = sig;
    return true;
  }

  /** The frame since the last one at wall time `nowMs`, or undefined when nothing changed (the clock moves the page's ages once a second). */
  build(nowMs: number): FrameBatch | undefined {
    const objects = emptyPatch<ObjectView>();
    for (const id of this.dirty) {
      const cur = this.current.get(id);
      const prev = this.sent.get(id);
      if (cur && prev === undefined) objects.added.push(cur);
      else if (cur && prev !== cur.resourceVersion) objects.updated.push(cur);
      else if (!cur && prev !== undefined) objects.removed.push(id);
      if (cur) this.sent.set(id, cur.resourceVersion);
      else this.sent.delete(id);
    }
    this.dirty.clear();
    let cpTaken = false;
    const nodes = [...this.current.values()].filter((v) => v.kind === 'Node').sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const hostViews = nodes.map((n) => {
      const h = nodeHost(n, cpTaken);
      if (h.role === 'control-plane') cpTaken = true;
      return h;
    });
    const hosts = diffViews<HostView>(this.hostsSent, hostViews);
    const time = nowMs - simEpochMs();
    const second = Math.floor(time / 1000);
    const empty = !objects.added.length && !objects.updated.length && !objects.removed.length && !hosts.added.length && !hosts.updated.length && !hosts.removed.length;
    if (empty && second === this.lastSecond && !this.first) return undefined;
    this.lastSecond = second;
    const frame: FrameBatch = {
      type: 'frame',
      clock: { time, playing: true, speed: 1 },
      checkpoint: { time, events: 0, records: 0, commands: 0, traceHash: '' },
      hosts,
      components: emptyPatch(),
      objects,
      trace: [],
      inFlight: { added: [], removed: [] },
      partitions: [],
      outputs: [],
    };
    if (this.first) {
      frame.scenario = { name: 'live', done: true, failed: 0 };
      this.first = false;
    }
    return frame;
  }
}
