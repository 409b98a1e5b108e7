// One component's informers and its one connection to kube-apiserver, as a shared informer
// factory is for a real component. Everything a component receives from its client goes through
// here: LIST answers, watch events and the ends of watches (including a connection that was lost
// or closed by a dying apiserver) are turned into cache deltas, retries and back-offs; the
// component only sees what it must act on: the deltas of one informer, or the end of one of its
// own calls. Reflector failures are written to the component's log in client-go's words.

import type { Effects, Message, Timer } from '../kernel/component';
import { clientOnMessage, clientOnTimer, type ClientEvent, type ClientState } from './apiclient';
import {
  informerList,
  informerOnClientEvent,
  informerOnTimer,
  informerOnWatchEvent,
  isInformerEvent,
  reflectorType,
  type Delta,
  type InformerState,
  type ReflectorError,
} from './informer';
import { klogLine } from './klog';

export interface InformerSet<N extends string = string> {
  byName: Record<N, InformerState>;
  names: readonly N[];
  /** How the component's klog lines look: its PID, and the reflector's name (where the informer was made). */
  log: { pid: number; reflector: string };
}

/** What the component must handle after a message or a timer. */
export type ClientInput<N extends string = string> =
  | { kind: 'deltas'; informer: N; deltas: Delta[] }
  | { kind: 'call'; event: ClientEvent };

export function createInformerSet<N extends string>(informers: Record<N, InformerState>, log: InformerSet['log']): InformerSet<N> {
  return { byName: informers, names: Object.keys(informers) as N[], log };
}

/** Start every informer (or only some): LIST, then WATCH. */
export function informerSetStart<N extends string>(ctx: Effects, c: ClientState, set: InformerSet<N>, names: readonly N[] = set.names): void {
  for (const n of names) informerList(ctx, c, set.byName[n]);
}

export function informerSetSynced<N extends string>(set: InformerSet<N>, names: readonly N[] = set.names): boolean {
  return names.every((n) => set.byName[n].synced);
}

function logReflectorError(ctx: Effects, set: InformerSet, inf: InformerState, e: ReflectorError): void {
  const pid = set.log.pid;
  const reflector = inf.reflector ?? set.log.reflector;
  const type = reflectorType(inf);
  if (e.kind === 'watch-ended') {
    ctx.log(klogLine(ctx.now, pid, 'W', 'reflector.go:484', `${reflector}: ${e.message}`));
    return;
  }
  if (e.kind === 'list') ctx.log(klogLine(ctx.now, pid, 'W', 'reflector.go:561', `${reflector}: ${e.message}`));
  const err = `${reflector}: Failed to watch ${type}: ${e.message}`;
  ctx.log(klogLine(ctx.now, pid, 'E', 'reflector.go:158', '"Unhandled Error"', { err, logger: 'UnhandledError' }));
}

function onClientEvent<N extends string>(ctx: Effects, c: ClientState, set: InformerSet<N>, ev: ClientEvent, out: ClientInput<N>[]): void {
  for (const n of set.names) {
    const inf = set.byName[n];
    if (!isInformerEvent(ev, inf)) continue;
    const r = informerOnClientEvent(ctx, c, inf, ev);
    if (r.error) logReflectorError(ctx, set, inf, r.error);
    if (r.deltas.length > 0 || (ev.call.data === 'list' && !r.error)) out.push({ kind: 'deltas', informer: n, deltas: r.deltas });
    return;
  }
  out.push({ kind: 'call', event: ev });
}

/**
 * A delivered message. Undefined when it is not from the client's connection (a CRI answer, a
 * request to this component); otherwise what the component must handle, possibly nothing.
 */
export function informerSetOnMessage<N extends string>(ctx: Effects, c: ClientState, set: InformerSet<N>, msg: Message): ClientInput<N>[] | undefined {
  if (msg.body.type === 'watch.event') {
    c.lastHeardAt = ctx.now;
    for (const n of set.names) {
      const r = informerOnWatchEvent(ctx, c, set.byName[n], msg);
      if (!r) continue;
      if (r.error) logReflectorError(ctx, set, set.byName[n], r.error);
      return r.deltas.length > 0 ? [{ kind: 'deltas', informer: n, deltas: r.deltas }] : [];
    }
    return [];
  }
  const ev = clientOnMessage(c, msg, ctx);
  if (!ev) return msg.body.type === 'http2.pong' ? [] : undefined;
  const out: ClientInput<N>[] = [];
  onClientEvent(ctx, c, set, ev, out);
  return out;
}

/** A fired timer. Undefined when it is not the client's or an informer's. */
export function informerSetOnTimer<N extends string>(ctx: Effects, c: ClientState, set: InformerSet<N>, t: Timer): ClientInput<N>[] | undefined {
  const events = clientOnTimer(c, t, ctx);
  if (events) {
    const out: ClientInput<N>[] = [];
    for (const ev of events) onClientEvent(ctx, c, set, ev, out);
    return out;
  }
  for (const n of set.names) if (informerOnTimer(ctx, c, set.byName[n], t)) return [];
  return undefined;
}
