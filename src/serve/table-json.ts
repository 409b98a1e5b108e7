// The JSON of a meta.k8s.io/v1 Table, with each row's object serialised once per version. A LIST
// of 3,000 pods as a Table is mostly its rows' PartialObjectMetadata (labels, owner references,
// managedFields), and an object at one resourceVersion is the same object every time it is listed:
// its JSON is kept, by kind, uid and resourceVersion, as kube-apiserver's watch cache keeps an
// object's serialisation (cacher/caching_object.go) rather than encoding it again for every reader.
// The cells (AGE, RESTARTS' "ago") change with time and are encoded each time.

import { wireJson, wireObject } from '../sim/api/wire-json';

/** Serialisations kept; past this the cache starts again (a cluster's objects, not its history). */
const MAX_KEPT = 50_000;
const kept = new Map<string, string>();
const ROWS = '\u0000rows';

interface Row {
  cells?: unknown;
  object?: { kind?: string; apiVersion?: string; metadata?: { uid?: string; resourceVersion?: string } };
}

function versionKey(o: Row['object']): string | undefined {
  const m = o?.metadata;
  if (!m?.uid || !m.resourceVersion) return undefined;
  return `${o!.kind}|${o!.apiVersion}|${m.uid}|${m.resourceVersion}`;
}

function objectJson(o: Row['object']): string {
  const key = versionKey(o);
  if (key === undefined) return wireJson(o);
  let json = kept.get(key);
  if (json === undefined) {
    if (kept.size >= MAX_KEPT) kept.clear();
    kept.set(key, (json = wireJson(o)));
  }
  return json;
}

function rowJson(r: Row): string {
  if (typeof r !== 'object' || r === null) return JSON.stringify(r);
  const keys = Object.keys(r);
  if (keys.length !== 2 || keys[0] !== 'cells' || keys[1] !== 'object' || r.object === undefined) return JSON.stringify(r.object === undefined ? r : { ...r, object: wireObject(r.object) });
  return `{"cells":${JSON.stringify(r.cells)},"object":${objectJson(r.object)}}`;
}

export function isTable(body: unknown): body is { kind: 'Table'; rows: unknown[] } {
  return typeof body === 'object' && body !== null && (body as { kind?: unknown }).kind === 'Table' && Array.isArray((body as { rows?: unknown }).rows);
}

/** wireJson(table), byte for byte, with the rows' objects from the cache. */
export function tableJson(table: { rows: readonly unknown[] }): string {
  const head = wireJson({ ...table, rows: ROWS });
  const rows = `[${table.rows.map((r) => rowJson(r as Row)).join(',')}]`;
  return head.replace(JSON.stringify(ROWS), () => rows);
}
