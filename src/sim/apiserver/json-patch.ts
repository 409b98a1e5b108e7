// JSON patch (RFC 6902, `application/json-patch+json`) as the apiserver applies it with
// evanphx/json-patch (apiserver/pkg/endpoints/handlers/patch.go, jsonPatcher): a list of operations
// add, remove, replace, move, copy and test on JSON pointers (RFC 6901). A patch that is not a list
// of operations is a 400 BadRequest when decoded; an operation that does not apply (a missing key, a
// failed test) fails the whole patch with 422, whose message says no more than that
// (`the server rejected our request due to an error in our request`).

import { ownValue, setOwn } from '../api/own-keys';

type Json = unknown;
type Container = Record<string, Json> | Json[];

export type JsonPatchResult = { result: Json } | { badRequest: string } | { invalid: string };

interface Operation {
  op: string;
  path: string;
  from?: string;
  value?: Json;
}

const clone = (v: Json): Json => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));
const isContainer = (v: Json): v is Container => typeof v === 'object' && v !== null;

/** RFC 6901: `/a/b~1c/0` -> ['a', 'b/c', '0']. */
function tokens(pointer: string): string[] | undefined {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return undefined;
  return pointer.slice(1).split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The container that holds the pointer's last token, and that token. */
function parentOf(doc: Json, pointer: string): { parent: Container; key: string } | undefined {
  const t = tokens(pointer);
  if (!t || t.length === 0) return undefined;
  let cur: Json = doc;
  for (const k of t.slice(0, -1)) {
    cur = Array.isArray(cur) ? cur[Number(k)] : isContainer(cur) ? ownValue(cur as Record<string, Json>, k) : undefined;
    if (!isContainer(cur)) return undefined;
  }
  return { parent: cur as Container, key: t[t.length - 1]! };
}

function get(c: Container, key: string): Json {
  if (Array.isArray(c)) return /^\d+$/.test(key) ? c[Number(key)] : undefined;
  return ownValue(c, key);
}

function add(doc: Json, path: string, value: Json): boolean {
  const p = parentOf(doc, path);
  if (!p) return false;
  if (Array.isArray(p.parent)) {
    const i = p.key === '-' ? p.parent.length : Number(p.key);
    if (!/^\d+$/.test(p.key) && p.key !== '-') return false;
    if (i > p.parent.length) return false;
    p.parent.splice(i, 0, value);
    return true;
  }
  setOwn(p.parent, p.key, value);
  return true;
}

function remove(doc: Json, path: string): Json | undefined {
  const p = parentOf(doc, path);
  if (!p) return undefined;
  const old = get(p.parent, p.key);
  if (old === undefined) return undefined;
  if (Array.isArray(p.parent)) p.parent.splice(Number(p.key), 1);
  else delete p.parent[p.key];
  return old;
}

function apply(doc: Json, o: Operation): boolean {
  switch (o.op) {
    case 'add':
      return add(doc, o.path, clone(o.value));
    case 'remove':
      return remove(doc, o.path) !== undefined;
    case 'replace':
      return remove(doc, o.path) !== undefined && add(doc, o.path, clone(o.value));
    case 'move': {
      const v = remove(doc, o.from ?? '');
      return v !== undefined && add(doc, o.path, v);
    }
    case 'copy': {
      const p = parentOf(doc, o.from ?? '');
      const v = p && get(p.parent, p.key);
      return v !== undefined && add(doc, o.path, clone(v));
    }
    case 'test': {
      const p = parentOf(doc, o.path);
      return !!p && JSON.stringify(get(p.parent, p.key)) === JSON.stringify(o.value);
    }
    default:
      return false;
  }
}

const INVALID = 'the server rejected our request due to an error in our request';

/** Apply a JSON patch to a copy of the document. */
export function jsonPatch(target: Json, patch: Json): JsonPatchResult {
  if (!Array.isArray(patch)) {
    const what = patch === null ? 'null' : Array.isArray(patch) ? 'array' : typeof patch === 'object' ? 'object' : typeof patch === 'string' ? 'string' : 'number';
    return { badRequest: `json: cannot unmarshal ${what} into Go value of type jsonpatch.Patch` };
  }
  const doc = clone(target);
  for (const o of patch as Operation[]) {
    if (!isContainer(o) || typeof o.path !== 'string' || !apply(doc, o)) return { invalid: INVALID };
  }
  return { result: doc };
}
