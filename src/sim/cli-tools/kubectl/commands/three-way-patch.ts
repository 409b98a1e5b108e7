// Client-side apply's patch (kubectl apply's patcher, strategicpatch.CreateThreeWayMergePatch):
// changes are what differs between the new configuration (`modified`) and the live object
// (`current`), looking only at fields the configuration sets; deletions are fields the previous
// configuration (`original`, the last-applied annotation) set and the new one no longer does.
// Simplification: a changed list is sent whole (the patch then means the same under strategic
// merge and JSON merge semantics), without `$setElementOrder` directives.

type Json = unknown;

function isMap(v: Json): v is Record<string, Json> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function deepEqual(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  if (isMap(a) && isMap(b)) {
    const ka = Object.keys(a).filter((k) => a[k] !== undefined);
    const kb = Object.keys(b).filter((k) => b[k] !== undefined);
    return ka.length === kb.length && ka.every((k) => deepEqual(a[k], b[k]));
  }
  return false;
}

/** Lists: equal when every element of `modified` is contained in the element at the same place in `current`. */
function listCovered(modified: Json[], current: Json): boolean {
  if (!Array.isArray(current) || current.length !== modified.length) return false;
  return modified.every((m, i) => covered(m, current[i]));
}

/** Does `current` already hold everything `modified` sets (server defaults may add more)? */
function covered(modified: Json, current: Json): boolean {
  if (isMap(modified)) {
    return isMap(current) && Object.keys(modified).every((k) => modified[k] === undefined || covered(modified[k], current[k]));
  }
  if (Array.isArray(modified)) return listCovered(modified, current);
  return deepEqual(modified, current);
}

export function threeWayMergePatch(original: Json, modified: Json, current: Json): Record<string, Json> {
  const patch: Record<string, Json> = {};
  const o = isMap(original) ? original : {};
  const m = isMap(modified) ? modified : {};
  const c = isMap(current) ? current : {};
  for (const k of Object.keys(m)) {
    const mv = m[k];
    if (mv === undefined) continue;
    if (isMap(mv) && isMap(c[k])) {
      const sub = threeWayMergePatch(o[k], mv, c[k]);
      if (Object.keys(sub).length > 0) patch[k] = sub;
    } else if (!covered(mv, c[k])) patch[k] = mv;
  }
  for (const k of Object.keys(o)) {
    if (!(k in m) && k in c && c[k] !== undefined) patch[k] = null;
  }
  return patch;
}
