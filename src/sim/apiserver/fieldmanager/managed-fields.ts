// metadata.managedFields, as kube-apiserver's field manager keeps it
// (k8s.io/apimachinery/pkg/util/managedfields/internal: managedfields.go, fieldmanager.go,
// structuredmerge.go, stripmeta.go, conflict.go; sigs.k8s.io/structured-merge-diff merge/update.go).
// Every write names a manager (the fieldManager query, else the User-Agent's product name). A
// create, update or patch is an Update: the manager takes the fields it added or changed and
// everyone loses the fields it removed or took. A server-side apply (PATCH with
// application/apply-patch+yaml) merges the configuration into the live object, owns exactly the
// fields it names, drops the fields it named last time and names no more (when no one else owns
// them), and fails with 409 when it would change a field another manager owns, unless forced.

import type { KubeObject, Status } from '../../api/types';
import { definition, definitionNameForKind } from '../../api/schema';
import { apiVersionOf, type ResourceInfo } from '../../api/resources';
import { rfc3339 } from '../../api/time';
import { covers, difference, emptySet, insert, recursiveDifference, equalSets, fromFieldsV1, intersection, isEmpty, members, pathString, toFieldsV1, union, type FieldSet } from './fieldset';
import { childType, rootType, type TypeRef } from './schema-types';
import { compare, merge, removeItems, toFieldSet } from './typed';
import { capUpdateManagers } from './cap-managers';

export interface ManagedFieldsEntry {
  manager: string;
  operation: 'Apply' | 'Update';
  apiVersion: string;
  time?: string;
  fieldsType: 'FieldsV1';
  fieldsV1: Record<string, unknown>;
  subresource?: string;
}

interface Manager {
  manager: string;
  operation: 'Apply' | 'Update';
  apiVersion: string;
  time?: string;
  subresource: string;
  set: FieldSet;
  /** The entry's FieldsV1 as read, while `set` is still the set read from it. */
  read?: { set: FieldSet; fieldsV1: Record<string, unknown> };
}

type Managers = Map<string, Manager>;

/** BuildManagerIdentifier: the entry without its fields and time (and, for appliers, version). */
function identifier(m: Pick<Manager, 'manager' | 'operation' | 'apiVersion' | 'subresource'>): string {
  return JSON.stringify([m.manager, m.operation, m.operation === 'Apply' ? '' : m.apiVersion, m.subresource]);
}

/**
 * Decoded entries by the stored array they came from: a stored object is not changed in place, so
 * the next write of the same object decodes nothing (controllers write the same objects often).
 * Only an object's newest version keeps its entry (withManaged forgets the one it replaces), and
 * only for the DECODED_KEPT objects written or read last: the older versions stay in etcd's
 * history and the watch cache until compaction, and a pod's decoded sets took 16-24 KB, a tenth of
 * the heap per pod (issue 14). A write that misses decodes the entries again, to the same sets.
 */
export const DECODED_KEPT = 2048;
const decoded = new Map<object, Managers>();

function remember(entries: object, managers: Managers): void {
  decoded.delete(entries);
  decoded.set(entries, managers);
  if (decoded.size > DECODED_KEPT) decoded.delete(decoded.keys().next().value!);
}

/** How many decoded entries are kept (for tests). */
export function decodedKept(): number {
  return decoded.size;
}

function decode(entries: unknown): Managers {
  if (!Array.isArray(entries)) return new Map();
  let managers = decoded.get(entries);
  if (!managers) managers = decodeEntries(entries);
  remember(entries, managers);
  // Each write changes its own copy; the sets themselves are never changed in place.
  const copy: Managers = new Map();
  for (const [k, m] of managers) copy.set(k, { ...m });
  return copy;
}

function decodeEntries(entries: unknown[]): Managers {
  const out: Managers = new Map();
  for (const e of entries as Partial<ManagedFieldsEntry>[]) {
    if (!e || typeof e !== 'object' || typeof e.manager !== 'string') continue;
    const m: Manager = {
      manager: e.manager,
      operation: e.operation === 'Apply' ? 'Apply' : 'Update',
      apiVersion: e.apiVersion ?? '',
      time: e.time,
      subresource: e.subresource ?? '',
      set: fromFieldsV1(e.fieldsV1),
    };
    m.read = { set: m.set, fieldsV1: e.fieldsV1 as Record<string, unknown> };
    out.set(identifier(m), m);
  }
  return out;
}

/**
 * The entries in the order managedfields.go sorts them: operation, time, manager, version,
 * subresource. `keep`: remember the managers for the next write of the object (an object written
 * before is likely to be written again; a new one, an Event most often, is not, and its sets would
 * only take memory).
 */
function encode(managers: Managers, keep: boolean): ManagedFieldsEntry[] {
  const list = [...managers.values()].filter((m) => !isEmpty(m.set));
  list.sort((p, q) => {
    if (p.operation !== q.operation) return p.operation < q.operation ? -1 : 1;
    const pt = p.time ?? '';
    const qt = q.time ?? '';
    if (pt !== qt) return pt < qt ? -1 : 1;
    if (p.manager !== q.manager) return p.manager < q.manager ? -1 : 1;
    if (p.apiVersion !== q.apiVersion) return p.apiVersion < q.apiVersion ? -1 : 1;
    return p.subresource < q.subresource ? -1 : p.subresource > q.subresource ? 1 : 0;
  });
  // What decoding these entries would give (the same managers, each set read from its own
  // FieldsV1): the next write of the stored object starts from it instead of parsing them again.
  const read: Managers = new Map();
  const entries = list.map((m) => {
    const fieldsV1 = m.read?.set === m.set ? m.read.fieldsV1 : toFieldsV1(m.set);
    const e = sharedEntry(m, fieldsV1);
    if (keep) {
      const r: Manager = { manager: m.manager, operation: m.operation, apiVersion: m.apiVersion, time: e.time, subresource: m.subresource, set: m.set, read: { set: m.set, fieldsV1 } };
      read.set(identifier(r), r);
    }
    return e;
  });
  if (keep) remember(entries, read);
  return entries;
}

/**
 * Entries are shared as their FieldsV1 trees are (fieldset.ts, intern): an entry a write leaves as
 * it was (the controller's on every later version of a pod) and the same entry on every pod of a
 * ReplicaSet made in the same second are one frozen object, where each version of each object held
 * its own (5.3 MB of etcd's history at 150 x 3,000; memory per pod, issue 14). Found by their tree,
 * then by the rest; at most ENTRIES_PER_TREE per tree (a tree every pod shares, as the kubelet's
 * status fields, gets a new time every second), past which that tree's table starts again.
 */
export const ENTRIES_PER_TREE = 64;
const entriesByTree = new WeakMap<object, Map<string, ManagedFieldsEntry>>();

function sharedEntry(m: Manager, fieldsV1: Record<string, unknown>): ManagedFieldsEntry {
  const key = `${m.manager}\u0000${m.operation}\u0000${m.apiVersion}\u0000${m.time === undefined ? '\u0001' : `\u0002${m.time}`}\u0000${m.subresource}`;
  let byKey = entriesByTree.get(fieldsV1);
  if (!byKey) entriesByTree.set(fieldsV1, (byKey = new Map()));
  let e = byKey.get(key);
  if (!e) {
    e = { manager: m.manager, operation: m.operation, apiVersion: m.apiVersion, time: m.time, fieldsType: 'FieldsV1', fieldsV1 };
    if (e.time === undefined) delete e.time;
    if (m.subresource) e.subresource = m.subresource;
    Object.freeze(e);
    if (byKey.size >= ENTRIES_PER_TREE) byKey.clear();
    byKey.set(key, e);
  }
  return e;
}

/** The manager of a request: `?fieldManager=`, else the User-Agent up to its first `/` (prefixFromUserAgent). */
export function managerOf(query: Record<string, string> | undefined, userAgent: string): string {
  const asked = query?.fieldManager;
  if (asked) return asked;
  return userAgent.split('/')[0] ?? '';
}

const STRIPPED_META = ['name', 'namespace', 'creationTimestamp', 'selfLink', 'uid', 'clusterName', 'generation', 'managedFields', 'resourceVersion'];

/**
 * The fields no manager owns, with everything under them: stripmeta.go's (apiVersion, kind,
 * metadata's name, namespace, uid, ...) and the strategy's reset fields (GetResetFields: the main
 * resource does not set status, the status subresource does not set spec).
 */
function ignoredFields(subresource: string): FieldSet {
  const ignored = emptySet();
  insert(ignored, ['f:apiVersion']);
  insert(ignored, ['f:kind']);
  insert(ignored, [subresource === 'status' ? 'f:spec' : 'f:status']);
  for (const k of STRIPPED_META) insert(ignored, ['f:metadata', `f:${k}`]);
  return ignored;
}

const IGNORED = { main: ignoredFields(''), status: ignoredFields('status') };

function owned(subresource: string, set: FieldSet): FieldSet {
  return recursiveDifference(set, subresource === 'status' ? IGNORED.status : IGNORED.main);
}

/** Struct fields Go writes even in an empty object: its value (non-pointer) structs. */
const VALUE_STRUCTS = new Set(['metadata', 'spec', 'template', 'strategy', 'updateStrategy', 'jobTemplate']);

/**
 * The new, empty object of the kind (scope.Creater.New) as the converter writes it: a create is
 * compared with it. Required fields are there as null, value structs as their own empty objects;
 * so a new map (labels) or pointer struct counts as added and its entry shows `.`.
 */
const zeros = new WeakMap<TypeRef, Record<string, unknown>>();
function zeroOf(t: TypeRef): Record<string, unknown> {
  let z = zeros.get(t);
  if (!z) zeros.set(t, (z = zeroValue(t)));
  return z;
}

function zeroValue(t: TypeRef): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (t.t !== 'struct') return out;
  const required = new Set(definition(t.def)?.required ?? []);
  for (const k of Object.keys(t.props)) {
    if (k === 'status' || k === 'apiVersion' || k === 'kind') continue;
    if (k === 'creationTimestamp') out[k] = null;
    const ct = childType(t, k);
    if (VALUE_STRUCTS.has(k) && ct.t === 'struct') out[k] = zeroValue(ct);
    else if (required.has(k)) out[k] = null;
  }
  return out;
}

const typeCache = new Map<string, TypeRef>();
function typeOf(info: ResourceInfo): TypeRef {
  const key = `${apiVersionOf(info)}/${info.kind}`;
  let t = typeCache.get(key);
  if (!t) {
    const def = definitionNameForKind(apiVersionOf(info), info.kind);
    t = def ? rootType(def) : { t: 'untyped' };
    typeCache.set(key, t);
  }
  return t;
}

export interface WriteContext {
  info: ResourceInfo;
  subresource: string;
  manager: string;
  now: number;
}

/** The managers a write starts from: the request's own managedFields when it sets some (not on a subresource), else the live object's. */
function startingManagers(live: KubeObject | undefined, obj: KubeObject, subresource: string): Managers {
  const own = obj.metadata?.managedFields;
  if (!subresource && Array.isArray(own) && own.length > 0) {
    const m = decode(own);
    if (m.size) return m;
  }
  return decode(live?.metadata?.managedFields);
}

function withEntries(obj: KubeObject, entries: unknown[] | undefined): KubeObject {
  if (obj.metadata.managedFields === entries) return obj;
  const meta = { ...obj.metadata };
  if (entries?.length) meta.managedFields = entries;
  else delete meta.managedFields;
  return { ...obj, metadata: meta };
}

function withManaged(obj: KubeObject, managers: Managers, live: KubeObject | undefined): KubeObject {
  const entries = encode(managers, live !== undefined);
  const replaced = live?.metadata?.managedFields;
  if (replaced && replaced !== entries) decoded.delete(replaced);
  const meta = { ...obj.metadata };
  if (entries.length) meta.managedFields = entries;
  else delete meta.managedFields;
  return { ...obj, metadata: meta };
}

/**
 * An Update (create, PUT, JSON/merge/strategic patch): `obj` is what will be stored, `live` what
 * was (undefined for a create, which is compared with the kind's empty object).
 */
export function recordUpdate(w: WriteContext, live: KubeObject | undefined, obj: KubeObject): KubeObject {
  const t = typeOf(w.info);
  const managers = startingManagers(live, obj, w.subresource);
  const before = live ?? zeroOf(t);
  const cmp = compare(before, obj, t);
  cmp.removed = owned(w.subresource, cmp.removed);
  const changed = owned(w.subresource, union(cmp.modified, cmp.added));
  // Nothing anyone owns changed: the entries stay as they are.
  const own = obj.metadata.managedFields;
  const fromLive = w.subresource !== '' || !Array.isArray(own) || own.length === 0 || own === live?.metadata.managedFields;
  if (live && fromLive && isEmpty(changed) && isEmpty(cmp.removed)) return withEntries(obj, live.metadata.managedFields);
  const version = apiVersionOf(w.info);
  const id = identifier({ manager: w.manager, operation: 'Update', apiVersion: version, subresource: w.subresource });
  for (const [key, m] of managers) {
    if (key === id) continue;
    m.set = difference(difference(m.set, changed), cmp.removed);
  }
  const mine = managers.get(id);
  const kept = difference(mine?.set ?? emptySet(), cmp.removed);
  // The manager already owns every changed field and lost none (a status writer setting its own
  // fields again, the common update): its set stays, without building the union to compare.
  const unchanged = mine !== undefined && kept === mine.set && covers(mine.set, changed);
  const set = unchanged ? mine.set : union(kept, changed);
  if (!mine || !equalSets(mine.set, set)) {
    managers.set(id, { manager: w.manager, operation: 'Update', apiVersion: version, subresource: w.subresource, time: rfc3339(w.now), set });
  }
  capUpdateManagers(managers, identifier);
  return withManaged(obj, managers, live);
}

export type ApplyOutcome = { obj: KubeObject } | { conflict: Status };

/**
 * A server-side apply of `config` by `w.manager` onto `live` (undefined: the object is created).
 * The answer is the object to decode, default and store, with its managedFields.
 */
export function recordApply(w: WriteContext, live: KubeObject | undefined, config: KubeObject, force: boolean): ApplyOutcome {
  const t = typeOf(w.info);
  const managers = decode(live?.metadata?.managedFields);
  const id = identifier({ manager: w.manager, operation: 'Apply', apiVersion: '', subresource: w.subresource });
  const base = live ?? ({} as KubeObject);
  let merged = merge(base, withoutManaged(config), t) as KubeObject;
  const previous = managers.get(id);
  const last = previous?.set;
  const set = owned(w.subresource, toFieldSet(config, t));
  // An apply that names the same fields keeps its entry's time: applied again unchanged, nothing is written.
  const time = previous && last && equalSets(last, set) && previous.apiVersion === apiVersionOf(w.info) ? previous.time : rfc3339(w.now);
  managers.set(id, { manager: w.manager, operation: 'Apply', apiVersion: apiVersionOf(w.info), subresource: w.subresource, time, set });
  if (last && !isEmpty(last)) {
    let held = emptySet();
    for (const m of managers.values()) held = union(held, m.set);
    merged = removeItems(merged, difference(last, held), t, held) as KubeObject;
  }
  const cmp = compare(live ?? {}, merged, t);
  cmp.removed = owned(w.subresource, cmp.removed);
  const changed = owned(w.subresource, union(cmp.modified, cmp.added));
  const conflicts: { manager: Manager; set: FieldSet }[] = [];
  for (const [key, m] of managers) {
    if (key === id) continue;
    const c = intersection(m.set, changed);
    if (!isEmpty(c)) conflicts.push({ manager: m, set: c });
  }
  if (conflicts.length && !force) return { conflict: conflictStatus(conflicts) };
  for (const [key, m] of managers) {
    if (key === id) continue;
    m.set = difference(difference(m.set, changed), cmp.removed);
  }
  return { obj: withManaged(merged, managers, live) };
}

function withoutManaged(obj: KubeObject): KubeObject {
  if (!obj.metadata || !('managedFields' in obj.metadata)) return obj;
  const meta = { ...obj.metadata };
  delete meta.managedFields;
  return { ...obj, metadata: meta };
}

/** printManager (conflict.go): `"name"`, with `with subresource "status"`, and `using apps/v1` for an Update. */
function printManager(m: Manager): string {
  let s = JSON.stringify(m.manager);
  if (m.subresource) s += ` with subresource ${JSON.stringify(m.subresource)}`;
  if (m.operation === 'Update') s += ` using ${m.apiVersion}`;
  return s;
}

/** NewConflictError: 409 Conflict, one cause per field (StatusCause.Type is `reason` in JSON). */
function conflictStatus(conflicts: { manager: Manager; set: FieldSet }[]): Status {
  const byManager = conflicts
    .map((c) => ({ id: identifier(c.manager), name: printManager(c.manager), paths: members(c.set).map(pathString) }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const causes = byManager.flatMap((c) => c.paths.map((field) => ({ reason: 'FieldManagerConflict', message: `conflict with ${c.name}`, field })));
  let message: string;
  if (causes.length === 1) message = `Apply failed with 1 conflict: conflict with ${byManager[0]!.name}: ${causes[0]!.field}`;
  else {
    const lines = byManager.flatMap((c) => [`conflicts with ${c.name}:`, ...c.paths.map((p) => `- ${p}`)]);
    message = `Apply failed with ${causes.length} conflicts: ${lines.join('\n')}`;
  }
  return { apiVersion: 'v1', kind: 'Status', metadata: {}, status: 'Failure', message, reason: 'Conflict', details: { causes }, code: 409 } as Status;
}
