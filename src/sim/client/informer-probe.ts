// What an informer tells an outside observer (Effects.probe) about its view of the cluster: each
// LIST that replaced its cache, each WATCH it opened, and each watch event it applied, in the order
// it applied them. A chaos run checks these against etcd's committed history (the invariant "every
// watch saw every committed change of its selection in order, or re-listed"). Nothing is built
// unless someone listens, so a normal run pays one boolean test per event.

import type { Effects } from '../kernel/component';
import type { MessageId } from '../kernel/units';
import type { InformerState } from './informer';

/** The informer's selection, as the apiserver applies it to every event. */
export interface InformerSelection {
  path: string;
  labelSelector?: string;
  fieldSelector?: string;
}

export type InformerProbe =
  | ({ type: 'informer.list'; informer: string; rv: number } & InformerSelection)
  | { type: 'informer.watch'; informer: string; watchId: MessageId; rv: number }
  | { type: 'informer.event'; informer: string; watchId: MessageId; event: 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK'; key: string; rv: number }
  | { type: 'informer.error'; informer: string; watchId: MessageId; code: number; message: string };

function selection(inf: InformerState): InformerSelection {
  const s: InformerSelection = { path: inf.path };
  if (inf.labelSelector) s.labelSelector = inf.labelSelector;
  if (inf.fieldSelector) s.fieldSelector = inf.fieldSelector;
  return s;
}

/** A LIST replaced the cache: the watcher's view starts again from the list's version. */
export function probeList(ctx: Effects, inf: InformerState): void {
  if (ctx.probing) ctx.probe({ type: 'informer.list', informer: inf.name, rv: Number(inf.resourceVersion), ...selection(inf) } satisfies InformerProbe);
}

export function probeWatch(ctx: Effects, inf: InformerState, watchId: MessageId): void {
  if (ctx.probing) ctx.probe({ type: 'informer.watch', informer: inf.name, watchId, rv: Number(inf.resourceVersion) } satisfies InformerProbe);
}

export function probeEvent(ctx: Effects, inf: InformerState, watchId: MessageId, event: 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK', key: string, rv: string | undefined): void {
  if (ctx.probing) ctx.probe({ type: 'informer.event', informer: inf.name, watchId, event, key, rv: Number(rv) } satisfies InformerProbe);
}

export function probeError(ctx: Effects, inf: InformerState, watchId: MessageId, code: number, message: string): void {
  if (ctx.probing) ctx.probe({ type: 'informer.error', informer: inf.name, watchId, code, message } satisfies InformerProbe);
}
