// Walks of an object along its schema, after structured-merge-diff's typed package: the field set
// an applied configuration names (tofieldset.go), the comparison of two versions of an object
// (compare.go: added, modified and removed paths), the merge of a configuration into the live
// object (merge.go) and the removal of a set of fields (remove.go).

import { hasOwn, setOwn } from '../../api/own-keys';
import { deepEqual } from '../../api/json-equal';
import { childType, itemType, KEY_DEFAULTS, type TypeRef } from './schema-types';
import { emptySet, insert, isEmpty, type FieldSet } from './fieldset';

type Json = unknown;
type Obj = Record<string, Json>;

const isObj = (v: Json): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The deduced type of a value with no schema: maps are granular, lists atomic, the rest leaves. */
function effective(t: TypeRef, v: Json): TypeRef {
  if (t.t !== 'untyped') return t;
  return isObj(v) ? { t: 'map', elem: undefined, parent: '' } : { t: 'leaf' };
}

/** Go-like JSON for key and value path elements: object keys sorted. */
function sortedJson(v: Json): string {
  if (Array.isArray(v)) return `[${v.map(sortedJson).join(',')}]`;
  if (isObj(v)) return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${sortedJson(v[k])}`).join(',')}}`;
  return JSON.stringify(v ?? null);
}

/** The path element of a list item: `k:{...}` by its map keys, `v:...` by its value, else `i:n`. */
export function itemElement(t: TypeRef & { t: 'list' }, item: Json, index: number): string {
  if (t.listType === 'set') return `v:${sortedJson(item)}`;
  if (t.listType === 'map' && isObj(item)) {
    const keys: Obj = {};
    for (const k of t.keys) {
      const v = hasOwn(item, k) ? item[k] : KEY_DEFAULTS[k];
      if (v !== undefined) setOwn<Json>(keys, k, v);
    }
    return `k:${sortedJson(keys)}`;
  }
  return `i:${index}`;
}

const field = (k: string): string => `f:${k}`;
const LEAF: TypeRef = { t: 'leaf' };

/** The fields an applied configuration sets (ToFieldSet). */
export function toFieldSet(v: Json, t: TypeRef): FieldSet {
  const set = emptySet();
  const walk = (value: Json, type: TypeRef, path: string[]): void => {
    const e = effective(type, value);
    if (e.t === 'leaf' || (e.t === 'list' && e.listType === 'atomic') || value === null || value === undefined) {
      if (path.length) insert(set, path);
      return;
    }
    if (e.t === 'list') {
      if (!Array.isArray(value)) return void insert(set, path);
      value.forEach((item, i) => {
        const p = [...path, itemElement(e, item, i)];
        if (e.listType === 'map') walk(item, itemType(e), p);
        insert(set, p);
      });
      return;
    }
    if (!isObj(value)) return void insert(set, path);
    const keys = Object.keys(value);
    for (const k of keys) {
      const child = value[k];
      const ct = childType(e, k);
      const p = [...path, field(k)];
      walk(child, ct, p);
      if (child === null || (isObj(child) && Object.keys(child).length === 0) || e.t === 'map') insert(set, p);
    }
  };
  walk(v, t, []);
  return set;
}

export interface Comparison {
  added: FieldSet;
  modified: FieldSet;
  removed: FieldSet;
}

/** What changed between two versions of an object (Compare). */
export function compare(lhs: Json, rhs: Json, t: TypeRef): Comparison {
  const cmp: Comparison = { added: emptySet(), modified: emptySet(), removed: emptySet() };
  // One path, grown and shrunk as the walk goes (insert copies what it keeps).
  compareWalk(cmp, [], lhs, rhs, t);
  return cmp;
}

/** A leaf that is null is a leaf that is not set (Go decodes both to the zero value). */
function compareLeaf(cmp: Comparison, path: string[], l: Json, r: Json): void {
  if (l === undefined || l === null) {
    if (r !== undefined && r !== null) insert(cmp.added, path);
  } else if (r === undefined || r === null) insert(cmp.removed, path);
  else if (!deepEqual(l, r)) insert(cmp.modified, path);
}

/** One child of a compared node: its path element pushed while the walk is below it. */
function compareChild(cmp: Comparison, path: string[], pe: string, a: Json, b: Json, ct: TypeRef): void {
  path.push(pe);
  compareWalk(cmp, path, a, b, ct);
  path.pop();
}

/**
 * Compare's walk, a plain function of its state (no closures made per node: every create and
 * update of every object is compared, the new pods' whole trees among them).
 */
function compareWalk(cmp: Comparison, path: string[], l: Json, r: Json, type: TypeRef): void {
  // The same value on both sides (a subtree the write did not touch): nothing inside it changed.
  if (l === r && l !== undefined) return;
  const e = effective(type, r !== undefined ? r : l);
  const lv = l === null ? undefined : l;
  const rv = r === null ? undefined : r;
  if (e.t === 'leaf' || (e.t === 'list' && e.listType === 'atomic') || (lv !== undefined && rv !== undefined && Array.isArray(lv) !== Array.isArray(rv))) {
    if (path.length) compareLeaf(cmp, path, l, r);
    return;
  }
  if (e.t === 'list') compareItems(cmp, path, e, Array.isArray(lv) ? lv : NO_ITEMS, Array.isArray(rv) ? rv : NO_ITEMS);
  else {
    const lo = isObj(lv) ? lv : EMPTY;
    const ro = isObj(rv) ? rv : EMPTY;
    // for-in reads these plain JSON objects' own keys in Object.keys' order, without a key list.
    for (const k in lo) compareChild(cmp, path, field(k), lo[k], hasOwn(ro, k) ? ro[k] : undefined, childType(e, k));
    for (const k in ro) if (!hasOwn(lo, k)) compareChild(cmp, path, field(k), undefined, ro[k], childType(e, k));
  }
  if (!path.length) return;
  if (l === undefined) insert(cmp.added, path);
  else if (r === undefined) insert(cmp.removed, path);
}

const EMPTY: Obj = Object.freeze({}) as Obj;
const NO_ITEMS: readonly Json[] = Object.freeze([]);

/**
 * A list's items paired by their path elements, each pair compared: the left's items in order,
 * then the right's new ones; of items with the same element, the last of each side. The usual
 * cases (a new list, a list gone, the same elements in the same order, none twice) pair by index
 * with no table of pairs.
 */
function compareItems(cmp: Comparison, path: string[], e: TypeRef & { t: 'list' }, lv: readonly Json[], rv: readonly Json[]): void {
  const it = e.listType === 'set' ? LEAF : itemType(e);
  const lpe = lv.map((x, i) => itemElement(e, x, i));
  const rpe = rv.map((x, i) => itemElement(e, x, i));
  if (lv.length === 0 && distinct(rpe)) {
    for (let i = 0; i < rv.length; i++) compareChild(cmp, path, rpe[i]!, undefined, rv[i], it);
    return;
  }
  if (rv.length === 0 && distinct(lpe)) {
    for (let i = 0; i < lv.length; i++) compareChild(cmp, path, lpe[i]!, lv[i], undefined, it);
    return;
  }
  if (lv.length === rv.length && lpe.every((pe, i) => pe === rpe[i]) && distinct(lpe)) {
    for (let i = 0; i < lv.length; i++) compareChild(cmp, path, lpe[i]!, lv[i], rv[i], it);
    return;
  }
  const items = new Map<string, [Json, Json]>();
  for (let i = 0; i < lv.length; i++) items.set(lpe[i]!, [lv[i], undefined]);
  for (let i = 0; i < rv.length; i++) items.set(rpe[i]!, [items.get(rpe[i]!)?.[0], rv[i]]);
  for (const [pe, [a, b]] of items) compareChild(cmp, path, pe, a, b, it);
}

/** No element twice (lists are short: pairs compared, no set made, below 16). */
function distinct(pes: readonly string[]): boolean {
  if (pes.length > 16) return new Set(pes).size === pes.length;
  for (let i = 1; i < pes.length; i++) for (let j = 0; j < i; j++) if (pes[i] === pes[j]) return false;
  return true;
}

/** The configuration merged into the live object (Merge): maps by key, associative lists by item. */
export function merge(lhs: Json, rhs: Json, t: TypeRef): Json {
  if (rhs === undefined) return lhs;
  if (lhs === undefined || lhs === null || rhs === null) return rhs;
  const e = effective(t, rhs);
  if (e.t === 'leaf' || (e.t === 'list' && e.listType === 'atomic')) return rhs;
  if (e.t === 'list') {
    if (!Array.isArray(lhs) || !Array.isArray(rhs)) return rhs;
    const it = itemType(e);
    const fromRhs = new Map<string, Json>();
    rhs.forEach((x, i) => fromRhs.set(itemElement(e, x, i), x));
    const out: Json[] = [];
    const seen = new Set<string>();
    lhs.forEach((x, i) => {
      const pe = itemElement(e, x, i);
      seen.add(pe);
      out.push(fromRhs.has(pe) ? merge(x, fromRhs.get(pe), e.listType === 'set' ? { t: 'leaf' } : it) : x);
    });
    rhs.forEach((x, i) => {
      if (!seen.has(itemElement(e, x, i))) out.push(x);
    });
    return out;
  }
  if (!isObj(lhs) || !isObj(rhs)) return rhs;
  const out: Obj = { ...lhs };
  for (const k of Object.keys(rhs)) setOwn<Json>(out, k, merge(hasOwn(lhs, k) ? lhs[k] : undefined, rhs[k], childType(e, k)));
  return out;
}

/**
 * The object without the set's members (RemoveItems, then addBackOwnedItems): a member field or
 * list item goes whole unless someone still owns something inside it (`keep`), then only what
 * inside it is in the set goes.
 */
export function removeItems(v: Json, set: FieldSet, t: TypeRef, keep?: FieldSet): Json {
  if (set.children.size === 0) return v;
  const e = effective(t, v);
  const gone = (s: FieldSet, k: FieldSet | undefined): boolean => s.member && (!k || isEmpty(k));
  if (e.t === 'list' && Array.isArray(v)) {
    const it = itemType(e);
    const out: Json[] = [];
    v.forEach((x, i) => {
      const pe = itemElement(e, x, i);
      const s = set.children.get(pe);
      if (!s) return void out.push(x);
      const k = keep?.children.get(pe);
      if (gone(s, k)) return;
      out.push(removeItems(x, s, it, k));
    });
    return out;
  }
  if (!isObj(v)) return v;
  const out: Obj = {};
  for (const key of Object.keys(v)) {
    const s = set.children.get(field(key));
    if (!s) {
      setOwn<Json>(out, key, v[key]);
      continue;
    }
    const k = keep?.children.get(field(key));
    if (gone(s, k)) continue;
    const child = removeItems(v[key], s, childType(e, key), k);
    // An object emptied by the removal goes too, as Go's omitempty drops it.
    if (isObj(child) && Object.keys(child).length === 0 && isObj(v[key]) && Object.keys(v[key] as Obj).length > 0) continue;
    setOwn<Json>(out, key, child);
  }
  return out;
}
