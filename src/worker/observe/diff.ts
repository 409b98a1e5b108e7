// Patches of views against what was last sent. Hosts and components are few and small, so their
// whole view's JSON is the signature; objects use their resourceVersion instead (objects.ts).

import type { Patch } from '../../protocol/view';

/** What the receiver holds: id -> signature of the view it was last sent. */
export type SentViews = Map<string, string>;

export function emptyPatch<T extends { id: string }>(): Patch<T> {
  return { added: [], updated: [], removed: [] };
}

export function isEmptyPatch<T extends { id: string }>(p: Patch<T>): boolean {
  return p.added.length === 0 && p.updated.length === 0 && p.removed.length === 0;
}

/**
 * The patch that turns what `sent` describes into `views`, and `sent` updated to match. A view whose
 * signature is unchanged is not sent again; an id missing from `views` is removed.
 */
export function diffViews<T extends { id: string }>(sent: SentViews, views: readonly T[], signature: (v: T) => string = (v) => JSON.stringify(v)): Patch<T> {
  const patch = emptyPatch<T>();
  const seen = new Set<string>();
  for (const v of views) {
    seen.add(v.id);
    const sig = signature(v);
    const prev = sent.get(v.id);
    if (prev === sig) continue;
    if (prev === undefined) patch.added.push(v);
    else patch.updated.push(v);
    sent.set(v.id, sig);
  }
  for (const id of [...sent.keys()]) {
    if (seen.has(id)) continue;
    sent.delete(id);
    patch.removed.push(id);
  }
  return patch;
}
