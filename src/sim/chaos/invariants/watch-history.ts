// Every watch saw every committed change of its selection in order, or re-listed (issue 9). The
// promise is client-go's and the apiserver's (kubernetes.io, "API Concepts", Efficient detection of
// changes: a watch from a resourceVersion gets "all changes ... that occur after that version";
// staging/src/k8s.io/client-go/tools/cache/reflector.go relies on it to keep a cache without
// gaps). Checked against what etcd really committed, not against what the apiserver sent:
// - etcd members probe every write they apply (revision and events); the first member to apply a
//   revision gives the history, and every later one must have applied the same keys there;
// - informers probe each LIST (which resets their view), each WATCH they open, and each event they
//   apply (Effects.probe, only while a chaos run listens).
// Between two LISTs, an informer must have applied exactly the committed changes of its selection
// (resource, namespace, label and field selector, with the apiserver's ADDED/MODIFIED/DELETED as an
// object enters, changes in or leaves it) above the LIST's version, in revision order, each once,
// up to the newest version it was told of (an event or a BOOKMARK): no gap, no duplicate, nothing
// out of order or uncommitted; a WATCH resumes from the version it had reached; after 410 Gone the
// next step is a LIST. Only the span an informer was alive for counts: a killed component's
// history simply stops, and changes after its last event were never owed to it.

import { matchesFields, parseFieldSelector } from '../../api/fields';
import { parseSelector, selectorMatches } from '../../api/labels';
import type { KubeObject } from '../../api/types';
import { parseKey } from '../../apiserver/registry/keys';
import type { InformerProbe, InformerSelection } from '../../client/informer-probe';
import type { EtcdAppliedProbe } from '../../etcd/member-core';
import type { ProbeEvent } from '../../kernel/simulation';
import type { Violation } from './settled';

/** One committed change of one object: its key in the apiserver's terms, and its value before and after. */
export interface CommittedChange {
  rev: number;
  key: string;
  cur?: KubeObject;
  prev?: KubeObject;
}

export interface WatchHistory {
  /** Committed changes per resource (`pods`), in revision order. */
  changes: Map<string, CommittedChange[]>;
  /** Per revision, the keys it wrote (to compare members' applies). */
  revisionKeys: Map<number, string>;
  lastRevision: number;
  /** Per informer of one component incarnation (`kubelet/worker-1#2 pods`): its probes, in order. */
  watchers: Map<string, InformerProbe[]>;
  violations: Violation[];
}

const MAX_VIOLATIONS = 20;
const INVARIANT = 'every watch saw every committed change';

export function createWatchHistory(): WatchHistory {
  return { changes: new Map(), revisionKeys: new Map(), lastRevision: 0, watchers: new Map(), violations: [] };
}

function violate(h: WatchHistory, detail: string, invariant = INVARIANT): void {
  if (h.violations.length < MAX_VIOLATIONS) h.violations.push({ invariant, detail });
}

function onApplied(h: WatchHistory, p: EtcdAppliedProbe): void {
  const keys = p.events.map((e) => `${e.type} ${e.kv.key}`).join(',');
  const seen = h.revisionKeys.get(p.revision);
  if (seen !== undefined) {
    if (seen !== keys) violate(h, `${p.member} applied revision ${p.revision} as [${keys}], another member as [${seen}]`, 'etcd members apply the same writes');
    return;
  }
  if (p.revision !== h.lastRevision + 1 && h.lastRevision !== 0) violate(h, `${p.member} applied revision ${p.revision} first, after ${h.lastRevision}`, 'etcd members apply the same writes');
  h.revisionKeys.set(p.revision, keys);
  h.lastRevision = Math.max(h.lastRevision, p.revision);
  for (const e of p.events) {
    const k = parseKey(e.kv.key);
    if (!k) continue;
    let list = h.changes.get(k.info.resource);
    if (!list) h.changes.set(k.info.resource, (list = []));
    const change: CommittedChange = { rev: p.revision, key: k.cacheKey };
    if (e.type === 'PUT') change.cur = e.kv.value as unknown as KubeObject;
    if (e.prevKv) change.prev = e.prevKv.value as unknown as KubeObject;
    list.push(change);
  }
}

/** Feed one probe (Simulation.onProbe) to the history. */
export function observeProbe(h: WatchHistory, ev: ProbeEvent): void {
  const note = ev.note as EtcdAppliedProbe | InformerProbe;
  if (note.type === 'etcd.applied') return onApplied(h, note);
  if (!note.type.startsWith('informer.')) return;
  const id = `${ev.process}#${ev.incarnation} ${note.informer}`;
  let notes = h.watchers.get(id);
  if (!notes) h.watchers.set(id, (notes = []));
  notes.push(note);
}

/** Whether an object is in an informer's selection, as the apiserver's watch filter decides. */
export function selectionMatcher(sel: InformerSelection): (o: KubeObject) => boolean {
  const ns = /\/namespaces\/([^/]+)\//.exec(sel.path)?.[1];
  const labels = sel.labelSelector ? parseSelector(sel.labelSelector) : undefined;
  const fields = sel.fieldSelector ? parseFieldSelector(sel.fieldSelector) : undefined;
  return (o) => {
    if (ns && o.metadata.namespace !== ns) return false;
    if (labels && !selectorMatches(labels, o.metadata.labels)) return false;
    return !fields || typeof fields === 'string' || matchesFields(o, fields);
  };
}

/** The watch events a change makes for a selection (cacheWatcher.convertToWatchEvent). */
function eventType(c: CommittedChange, matches: (o: KubeObject) => boolean): 'ADDED' | 'MODIFIED' | 'DELETED' | undefined {
  const cur = c.cur !== undefined && matches(c.cur);
  const prev = c.prev !== undefined && matches(c.prev);
  if (cur) return prev ? 'MODIFIED' : 'ADDED';
  return prev ? 'DELETED' : undefined;
}

/** The first index in changes with rev > after. */
function firstAfter(changes: CommittedChange[], after: number): number {
  let lo = 0;
  let hi = changes.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (changes[mid]!.rev <= after) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

type EventProbe = Extract<InformerProbe, { type: 'informer.event' }>;

interface Span {
  sel: InformerSelection;
  fromRv: number;
  events: EventProbe[];
}

const show = (e: { event: string; key: string; rv: number }): string => `${e.event} ${e.key} rv=${e.rv}`;

/** One span from a LIST to the next (or to the informer's end): what it applied against what etcd committed. */
function checkSpan(h: WatchHistory, who: string, span: Span): void {
  const name = `${who} (listed at rv ${span.fromRv})`;
  const seen = new Set<string>();
  let lastRv = span.fromRv;
  let bookmark = 0;
  let upTo = span.fromRv;
  for (const e of span.events) {
    upTo = Math.max(upTo, e.rv);
    if (e.event === 'BOOKMARK') {
      bookmark = Math.max(bookmark, e.rv);
      continue;
    }
    const id = `${e.key}@${e.rv}`;
    if (seen.has(id)) violate(h, `${name}: duplicate ${show(e)}`);
    else if (e.rv <= bookmark) violate(h, `${name}: ${show(e)} arrived after a BOOKMARK at rv ${bookmark}`);
    else if (e.rv < lastRv) violate(h, `${name}: out of order, ${show(e)} after rv ${lastRv}`);
    seen.add(id);
    lastRv = Math.max(lastRv, e.rv);
  }
  const resource = span.sel.path.split('/').pop()!;
  const changes = h.changes.get(resource) ?? [];
  const matches = selectionMatcher(span.sel);
  const want = new Map<string, string>();
  for (let i = firstAfter(changes, span.fromRv); i < changes.length && changes[i]!.rev <= upTo; i++) {
    const c = changes[i]!;
    const type = eventType(c, matches);
    if (type) want.set(`${c.key}@${c.rev}`, type);
  }
  for (const e of span.events) {
    if (e.event === 'BOOKMARK') continue;
    const type = want.get(`${e.key}@${e.rv}`);
    if (type === undefined) violate(h, `${name}: ${show(e)} is no committed change of its selection`);
    else if (type !== e.event) violate(h, `${name}: ${show(e)} should be ${type}`);
  }
  for (const [id, type] of want) {
    if (seen.has(id)) continue;
    const [key, rv] = id.split('@') as [string, string];
    violate(h, `${name}: missed ${type} ${key} rv=${rv} (it saw up to rv ${upTo})`);
  }
}

/** One informer incarnation's probes, in order: spans between LISTs, WATCHes resuming where it was. */
function checkWatcher(h: WatchHistory, who: string, notes: InformerProbe[]): void {
  let span: Span | undefined;
  let position = 0;
  let gone = false;
  for (const n of notes) {
    if (n.type === 'informer.list') {
      if (span) checkSpan(h, who, span);
      span = { sel: { path: n.path, labelSelector: n.labelSelector, fieldSelector: n.fieldSelector }, fromRv: n.rv, events: [] };
      position = n.rv;
      gone = false;
    } else if (n.type === 'informer.watch') {
      if (gone) violate(h, `${who}: a watch ended by 410 Gone was followed by a WATCH from rv ${n.rv}, not a LIST`);
      else if (span && n.rv !== position) violate(h, `${who}: WATCH from rv ${n.rv} after seeing up to rv ${position}`);
    } else if (n.type === 'informer.error') {
      if (n.code === 410) gone = true;
    } else if (span) {
      span.events.push(n);
      position = n.rv;
    }
  }
  if (span) checkSpan(h, who, span);
}

export function finishWatchHistory(h: WatchHistory): Violation[] {
  for (const [who, notes] of h.watchers) checkWatcher(h, who, notes);
  return h.violations;
}
