// The "why" callouts looked up by the card they are attached to. Pure, so the graph's cards can call
// it from their store selectors on every frame and the tests can check it without React.

import type { WhyCallout, WhyTarget } from '../../protocol/why';

const NONE: WhyCallout[] = [];
/** The callouts by target kind and id, made once for each `why` list the store holds. */
let indexed: { why: readonly WhyCallout[]; by: Map<string, Map<string, WhyCallout[]>> } | undefined;

/**
 * The callouts attached to one target: the same array for as long as the store's list is the same,
 * and one shared empty array for a target without any. Every card of the graph reads this on every
 * frame (hundreds of pod chips at 50 workers, some twice): filtering the list and comparing the
 * result element by element there ran thousands of times a frame (issue 11).
 */
export function calloutsFor(why: readonly WhyCallout[], kind: WhyTarget['kind'], id: string): WhyCallout[] {
  if (indexed?.why !== why) {
    const by = new Map<string, Map<string, WhyCallout[]>>();
    for (const w of why) {
      let ofKind = by.get(w.target.kind);
      if (!ofKind) by.set(w.target.kind, (ofKind = new Map()));
      const list = ofKind.get(w.target.id);
      if (list) list.push(w);
      else ofKind.set(w.target.id, [w]);
    }
    indexed = { why, by };
  }
  return indexed.by.get(kind)?.get(id) ?? NONE;
}

