// What Go's encoding/json makes of a JSON null when the apiserver decodes a body into the kind's
// types: a null struct field keeps its zero value (the field is simply absent when the object is
// written back), a null map value becomes the element's zero value (`labels: {a: null}` is stored
// as `a: ""`), and a null list item becomes a zero element (`containers: [null]` is one container
// with no name and no image, which validation then reports). Kubeplay's components read objects
// as plain JSON, so without this a null would reach them where Go code never sees one.

import { hasOwn, setOwn } from '../own-keys';
import { definition, INT_OR_STRING_DEF, QUANTITY_DEF, refName, type JsonSchema } from '../schema';

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The schema a $ref stands for (undefined for Quantity and IntOrString, which are scalars). */
function resolved(s: JsonSchema): JsonSchema | undefined {
  if (!s.$ref) return s;
  const name = refName(s.$ref);
  return name === QUANTITY_DEF || name === INT_OR_STRING_DEF ? undefined : definition(name);
}

/** The JSON of a Go zero value of the schema's type (null where Go's is nil). */
function zero(s: JsonSchema): unknown {
  if (s.$ref) {
    const name = refName(s.$ref);
    if (name === QUANTITY_DEF) return '0';
    if (name === INT_OR_STRING_DEF) return 0;
    return definition(name)?.properties ? {} : null;
  }
  switch (s.type) {
    case 'string':
      return '';
    case 'integer':
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'object':
      return s.properties ? {} : null;
    default:
      return null;
  }
}

function struct(value: Obj, def: JsonSchema): Obj {
  const props = def.properties ?? {};
  let out: Obj | undefined;
  let dropped = false;
  for (const key of Object.keys(value)) {
    const v = value[key];
    const prop = hasOwn(props, key) ? props[key] : undefined;
    const next = v === null ? undefined : prop ? nulls(v, prop) : v;
    if (next === v) continue;
    out ??= { ...value };
    if (next === undefined) dropped = true;
    setOwn<unknown>(out, key, next);
  }
  return dropped ? withoutUndefined(out!) : (out ?? value);
}

/**
 * The object without its undefined fields, built afresh rather than with `delete`: V8 turns an
 * object a field was deleted from into a slow dictionary, and this one is stored, cached and read
 * by every informer (an Event posted with `series: null` was one).
 */
function withoutUndefined(o: Obj): Obj {
  const kept: Obj = {};
  for (const key of Object.keys(o)) if (o[key] !== undefined) setOwn<unknown>(kept, key, o[key]);
  return kept;
}

/** value with its nulls decoded as Go would; the same object when it holds none. */
function nulls(value: unknown, schema: JsonSchema): unknown {
  const s = resolved(schema);
  if (!s || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    if (s.type !== 'array') return value;
    const items = s.items ?? {};
    let changed = false;
    const out = value.map((item) => {
      const next = item === null ? zero(items) : nulls(item, items);
      if (next !== item) changed = true;
      return next;
    });
    return changed ? out : value;
  }
  if (s.properties) return struct(value as Obj, s);
  if (s.type === 'object' && typeof s.additionalProperties === 'object') {
    const ap = s.additionalProperties;
    let out: Obj | undefined;
    for (const key of Object.keys(value)) {
      const v = (value as Obj)[key];
      const next = v === null ? zero(ap) : nulls(v, ap);
      if (next === v) continue;
      out ??= { ...(value as Obj) };
      setOwn<unknown>(out, key, next);
    }
    return out ?? value;
  }
  return value;
}

/** The body as Go would hold it after decoding into the definition `defName` (a copy only if it had nulls). */
export function withGoNulls(defName: string, body: Obj): Obj {
  const def = definition(defName);
  return def && isObj(body) ? struct(body, def) : body;
}
