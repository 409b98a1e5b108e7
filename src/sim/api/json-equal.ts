// Do two values serialise to the same JSON once their keys are sorted? This is what the apiserver's
// "the stored bytes would not change" check asks (etcd3 store GuaranteedUpdate compares the encoded
// object), answered by walking both values side by side instead of copying, sorting and
// stringifying them: a status update that changes nothing is common, and the copies were a large
// share of the write path's garbage.

type Obj = Record<string, unknown>;

/** What JSON.stringify makes of a value inside an object: undefined, functions and symbols vanish. */
function omitted(v: unknown): boolean {
  return v === undefined || typeof v === 'function' || typeof v === 'symbol';
}

/** A value JSON.stringify would not write as it is (toJSON, a bigint): the slow path decides. */
function unusual(v: unknown): boolean {
  return typeof v === 'bigint' || (typeof v === 'object' && v !== null && typeof (v as { toJSON?: unknown }).toJSON === 'function');
}

class Unusual extends Error {}

function scalarJson(v: unknown): unknown {
  if (typeof v === 'number') return Number.isFinite(v) ? (v === 0 ? 0 : v) : null;
  if (omitted(v)) return null; // inside arrays
  return v;
}

/** `inOrder`: keys count in their order too (JSON.stringify writes them in Object.keys order). */
function equal(a: unknown, b: unknown, inOrder = false): boolean {
  if (unusual(a) || unusual(b)) throw new Unusual();
  if (a === b) return true;
  const aObj = typeof a === 'object' && a !== null;
  const bObj = typeof b === 'object' && b !== null;
  if (!aObj || !bObj) return !aObj && !bObj && scalarJson(a) === scalarJson(b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    if (a.length !== bb.length) return false;
    for (let i = 0; i < a.length; i++) if (!equal(a[i], bb[i], inOrder)) return false;
    return true;
  }
  const ao = a as Obj;
  const bo = b as Obj;
  if (inOrder) return sameKeysInOrder(ao, bo);
  let n = 0;
  for (const k of Object.keys(ao)) {
    if (omitted(ao[k])) continue;
    n++;
    if (!Object.prototype.hasOwnProperty.call(bo, k) || omitted(bo[k]) || !equal(ao[k], bo[k])) return false;
  }
  for (const k of Object.keys(bo)) if (!omitted(bo[k])) n--;
  return n === 0;
}

/** The same written fields in the same order, with equal values (undefined ones are not written). */
function sameKeysInOrder(ao: Obj, bo: Obj): boolean {
  const ka = Object.keys(ao);
  const kb = Object.keys(bo);
  let i = 0;
  let j = 0;
  for (;;) {
    while (i < ka.length && omitted(ao[ka[i]!])) i++;
    while (j < kb.length && omitted(bo[kb[j]!])) j++;
    if (i === ka.length || j === kb.length) return i === ka.length && j === kb.length;
    if (ka[i] !== kb[j] || !equal(ao[ka[i]!], bo[kb[j]!], true)) return false;
    i++;
    j++;
  }
}

/** JSON.stringify(sortKeysDeep(a)) === JSON.stringify(sortKeysDeep(b)), without the copies. */
export function sameJson(a: unknown, b: unknown, slow: (a: unknown, b: unknown) => boolean): boolean {
  // At the top, JSON.stringify gives undefined (not "null") for what it cannot write.
  if (omitted(a) || omitted(b)) return omitted(a) && omitted(b);
  try {
    return equal(a, b);
  } catch (e) {
    if (e instanceof Unusual) return slow(a, b);
    throw e;
  }
}

/** JSON.stringify(a) === JSON.stringify(b) for two objects, without writing either out. */
export function sameJsonText(a: object, b: object): boolean {
  try {
    return equal(a, b, true);
  } catch (e) {
    if (e instanceof Unusual) return JSON.stringify(a) === JSON.stringify(b);
    throw e;
  }
}

/**
 * The same structure with the same scalars (===), keys in any order; undefined fields count and NaN
 * equals nothing. Stricter than sameJson, so a caller may take it as "nothing to compare".
 */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => deepEqual(x, bb[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual((a as Obj)[k], (b as Obj)[k]));
}
