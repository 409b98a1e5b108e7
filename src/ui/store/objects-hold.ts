// Object changes held back briefly on a big cluster. The store's objects table is replaced, never
// changed, whenever an object changes: at 50 workers that is a copy of a 3,700-entry table on
// nearly every frame (a rollout changes a pod or two each), and the copies were a large share of
// the page's garbage (e2e/graph-scale.spec.ts, issue 11). Past HOLD_ABOVE objects, the changes of
// the frames within OBJECTS_EVERY_MS are gathered and reach the table together: nothing on screen
// follows them faster (the graph redraws a big cluster 4 times a second, ClusterGraph.tsx
// REDRAW_MS), and a small cluster's table follows every frame as before.

import type { ObjectView, Patch } from '../../protocol/view';

/** Objects in the table past which changes are held. */
export const HOLD_ABOVE = 1000;
/** How long changes are held at most (real milliseconds). */
export const OBJECTS_EVERY_MS = 100;

/** Marks a value from the worker frozen (shallowly): sim-store's `sealed`. */
type Seal = <T>(x: T) => T;

export class ObjectsHold {
  /** What changed and is not in the table yet, by id (null: removed), in the order it came. */
  private held = new Map<string, ObjectView | null>();
  private appliedAt = -Infinity;
  /** The size of the table as last made here (counting the keys of a big table on every frame costs as much as copying it). */
  private size = 0;

  constructor(
    private readonly now: () => number,
    private readonly seal: Seal,
  ) {}

  /** Whether changes wait to be applied (sim-store then sets a timer for `flush`). */
  get waiting(): boolean {
    return this.held.size > 0;
  }

  /** The table after a frame's patch: a new one with every held change, or `was` itself while they are held. */
  apply(was: Record<string, ObjectView>, p: Patch<ObjectView>): Record<string, ObjectView> {
    if (!p.added.length && !p.updated.length && !p.removed.length) return this.waiting && this.due() ? this.flush(was) : was;
    for (const x of p.added) this.held.set(x.id, x);
    for (const x of p.updated) this.held.set(x.id, x);
    for (const id of p.removed) this.held.set(id, null);
    if (this.size > HOLD_ABOVE && !this.due()) return was;
    return this.flush(was);
  }

  /** Milliseconds until the held changes are due (0: now). */
  dueIn(): number {
    return Math.max(0, this.appliedAt + OBJECTS_EVERY_MS - this.now());
  }

  /** The table with every held change, as a new frozen table (`was` when none is held). */
  flush(was: Record<string, ObjectView>): Record<string, ObjectView> {
    this.appliedAt = this.now();
    if (!this.held.size) return was;
    const into = { ...was };
    for (const [id, x] of this.held) {
      if (x) into[id] = this.seal(x);
      else delete into[id];
    }
    this.held.clear();
    this.size = Object.keys(into).length;
    return this.seal(into);
  }

  /** A table replaced whole (a reset frame, a new scenario): nothing held applies to it. */
  replaced(table: Record<string, ObjectView>): void {
    this.held.clear();
    this.size = Object.keys(table).length;
    this.appliedAt = this.now();
  }

  private due(): boolean {
    return this.now() - this.appliedAt >= OBJECTS_EVERY_MS;
  }
}
