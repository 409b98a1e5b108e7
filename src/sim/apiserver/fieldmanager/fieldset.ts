// A set of field paths, as sigs.k8s.io/structured-merge-diff/v4/fieldpath keeps it: a tree whose
// edges are path elements and whose nodes may be members of the set. Path elements are kept in
// their FieldsV1 spelling (fieldpath/serialize-pe.go): `f:name` a struct or map field, `k:{...}`
// an associative list item by its keys, `v:...` a set item by its value, `i:3` a list item by
// index. FieldsV1 writes a node as an object of its children, with `.` when the node itself is
// also a member (fieldpath/serialize.go).

export interface FieldSet {
  /** Is the path that leads here a member of the set? */
  member: boolean;
  children: Map<string, FieldSet>;
  /** What the set was interned as (toFieldsV1), once it has been: a set is not changed once made. */
  interned: Interned | undefined;
}

export function emptySet(): FieldSet {
  return { member: false, children: new Map(), interned: undefined };
}

export function isEmpty(s: FieldSet): boolean {
  if (s.member) return false;
  for (const c of s.children.values()) if (!isEmpty(c)) return false;
  return true;
}

export function insert(s: FieldSet, path: readonly string[]): void {
  let node = s;
  for (const pe of path) {
    let next = node.children.get(pe);
    if (!next) {
      next = emptySet();
      node.children.set(pe, next);
    }
    node = next;
  }
  node.member = true;
}

export function has(s: FieldSet, path: readonly string[]): boolean {
  let node: FieldSet | undefined = s;
  for (const pe of path) {
    node = node.children.get(pe);
    if (!node) return false;
  }
  return node.member;
}

/**
 * The members of a and of b. Sets are not changed once made (insert builds a new set, before anyone
 * else holds it), so the union shares every subtree only one side has instead of copying it: an
 * update that adds a field to a manager's set makes new nodes along that field's path only.
 */
export function union(a: FieldSet, b: FieldSet): FieldSet {
  if (a === b || isEmpty(b)) return a;
  if (isEmpty(a)) return b;
  const children = new Map(a.children);
  for (const [k, c] of b.children) {
    const o = a.children.get(k);
    children.set(k, o ? union(o, c) : c);
  }
  return { member: a.member || b.member, children, interned: undefined };
}

/** Is every member of b a member of a (so union(a, b) is a, as a set)? Walks b, copies nothing. */
export function covers(a: FieldSet, b: FieldSet): boolean {
  if (b.member && !a.member) return false;
  for (const [k, c] of b.children) {
    const o = a.children.get(k);
    if (o ? !covers(o, c) : !isEmpty(c)) return false;
  }
  return true;
}

/** Does a hold any member of b? */
function overlaps(a: FieldSet, b: FieldSet): boolean {
  if (a.member && b.member) return true;
  for (const [k, c] of b.children) {
    const o = a.children.get(k);
    if (o && overlaps(o, c)) return true;
  }
  return false;
}

/** Members of a that are not members of b; empty branches go. a itself when they share none. */
export function difference(a: FieldSet, b: FieldSet | undefined): FieldSet {
  if (!b || !overlaps(a, b)) return a;
  const out: FieldSet = { member: a.member && !b.member, children: new Map(), interned: undefined };
  for (const [k, c] of a.children) {
    const o = b.children.get(k);
    const d = o ? difference(c, o) : c;
    if (!isEmpty(d)) out.children.set(k, d);
  }
  return out;
}

/** a without every path under b's members (RecursiveDifference: b's members are prefixes). */
export function recursiveDifference(a: FieldSet, b: FieldSet): FieldSet {
  const out: FieldSet = { member: a.member, children: new Map(), interned: undefined };
  for (const [k, c] of a.children) {
    const o = b.children.get(k);
    if (o?.member) continue;
    const d = o ? recursiveDifference(c, o) : c;
    if (!isEmpty(d)) out.children.set(k, d);
  }
  return out;
}

export function intersection(a: FieldSet, b: FieldSet): FieldSet {
  const out: FieldSet = { member: a.member && b.member, children: new Map(), interned: undefined };
  for (const [k, c] of a.children) {
    const o = b.children.get(k);
    if (!o) continue;
    const i = intersection(c, o);
    if (!isEmpty(i)) out.children.set(k, i);
  }
  return out;
}

export function equalSets(a: FieldSet, b: FieldSet): boolean {
  if (a === b) return true;
  if (a.member !== b.member) return false;
  // Counted in place, not listed: every update of every object compares its manager's sets (a
  // node's status every 10 s on every node), and the key lists were a tenth of an idle cluster's
  // allocation.
  let nonEmpty = 0;
  for (const [k, c] of a.children) {
    if (isEmpty(c)) continue;
    const o = b.children.get(k);
    if (!o || !equalSets(c, o)) return false;
    nonEmpty++;
  }
  for (const c of b.children.values()) if (!isEmpty(c) && --nonEmpty < 0) return false;
  return nonEmpty === 0;
}

const KIND_ORDER: Record<string, number> = { f: 0, k: 1, v: 2, i: 3 };

/** PathElement.Compare: fields, then keys, then values, then indexes; each by its own order. */
export function comparePathElements(a: string, b: string): number {
  const ka = KIND_ORDER[a[0]!] ?? 4;
  const kb = KIND_ORDER[b[0]!] ?? 4;
  if (ka !== kb) return ka - kb;
  if (a[0] === 'i') return Number(a.slice(2)) - Number(b.slice(2));
  return a < b ? -1 : a > b ? 1 : 0;
}

function sortedChildren(s: FieldSet): [string, FieldSet][] {
  return [...s.children.entries()].filter(([, c]) => !isEmpty(c)).sort(([a], [b]) => comparePathElements(a, b));
}

/** The children's path elements that hold members, in PathElement order (no pairs made: every write encodes its sets). */
function sortedKeys(s: FieldSet): string[] {
  const keys: string[] = [];
  for (const [k, c] of s.children) if (!isEmpty(c)) keys.push(k);
  if (keys.length > 1) keys.sort(comparePathElements);
  return keys;
}

/** The FieldsV1 JSON object of a set: frozen, and shared with every equal tree made before (intern). */
export function toFieldsV1(s: FieldSet): Record<string, unknown> {
  return intern(s).obj as Record<string, unknown>;
}

/**
 * FieldsV1 trees are shared, not made anew for every write: every pod of a ReplicaSet names the
 * same fields, and each version of an object repeats most of its managers' fields, so etcd's
 * history, the watch cache and the informers held the same trees over and over (a third of a
 * stored pod's size; memory per pod, issue 14). A tree is found by its members and its children's
 * ids, bottom up; it is frozen, as stored objects are never changed in place (a change makes a new
 * tree). The table is bounded: past INTERNED_MAX it starts again, and since ids keep counting an
 * id from before never matches a new tree, so nothing but sharing is lost.
 */
export const INTERNED_MAX = 50_000;
export interface Interned {
  id: number;
  obj: Readonly<Record<string, unknown>>;
}
const LEAF: Interned = { id: 0, obj: Object.freeze({}) };
let interned = new Map<string, Interned>();
let nextInternedId = 1;

/**
 * A set is interned once: unions share the subtrees they did not change, so the next version of a
 * manager's set finds most of its subtrees interned already and walks only the path that changed.
 */
function intern(s: FieldSet): Interned {
  return s.interned ?? (s.interned = internNew(s));
}

function internNew(s: FieldSet): Interned {
  const keys = sortedKeys(s);
  if (keys.length === 0) return LEAF;
  const children: Interned[] = [];
  let id = s.member ? '.' : '';
  for (const k of keys) {
    const c = intern(s.children.get(k)!);
    children.push(c);
    id += `\u0000${k}\u0001${c.id}`;
  }
  let found = interned.get(id);
  if (!found) {
    const out: Record<string, unknown> = {};
    if (s.member) out['.'] = LEAF.obj;
    keys.forEach((k, i) => (out[k] = children[i]!.obj));
    if (interned.size >= INTERNED_MAX) interned = new Map();
    found = { id: nextInternedId++, obj: Object.freeze(out) };
    interned.set(id, found);
  }
  return found;
}

/** A set from its FieldsV1 JSON; anything malformed is left out. */
export function fromFieldsV1(v: unknown): FieldSet {
  const out = emptySet();
  const read = (node: FieldSet, obj: unknown): void => {
    if (typeof obj !== 'object' || obj === null || Array.isArray(obj)) return;
    const keys = Object.keys(obj);
    if (keys.length === 0) node.member = true;
    for (const k of keys) {
      if (k === '.') {
        node.member = true;
        continue;
      }
      const child = emptySet();
      node.children.set(k, child);
      read(child, (obj as Record<string, unknown>)[k]);
    }
  };
  read(out, v);
  out.member = false;
  return out;
}

/** Every member's path, in the set's order. */
export function members(s: FieldSet, prefix: string[] = []): string[][] {
  const out: string[][] = [];
  if (s.member && prefix.length) out.push(prefix);
  for (const [k, c] of sortedChildren(s)) out.push(...members(c, [...prefix, k]));
  return out;
}

/** One path element as fieldpath.Path.String writes it: `.name`, `[name="web"]`, `[="x"]`, `[0]`. */
function elementString(pe: string): string {
  const body = pe.slice(2);
  switch (pe[0]) {
    case 'f':
      return `.${body}`;
    case 'i':
      return `[${body}]`;
    case 'v':
      return `[=${body}]`;
    case 'k': {
      let keys: Record<string, unknown> = {};
      try {
        keys = JSON.parse(body) as Record<string, unknown>;
      } catch {
        return `[${body}]`;
      }
      return `[${Object.keys(keys).sort().map((k) => `${k}=${JSON.stringify(keys[k])}`).join(',')}]`;
    }
    default:
      return pe;
  }
}

/** `.spec.template.spec.containers[name="web"].image` */
export function pathString(path: readonly string[]): string {
  return path.map(elementString).join('');
}
