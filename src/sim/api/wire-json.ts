// The JSON kube-apiserver writes: its encoder is Go's encoding/json over typed structs, so a field's
// place is its place in the struct, not the order the simulation happened to build the object in.
//  - TypeMeta is Kind then APIVersion (apimachinery/pkg/apis/meta/v1/types.go), so every object
//    starts {"kind":...,"apiVersion":...,"metadata":...}; ObjectMeta, ListMeta, OwnerReference,
//    ManagedFieldsEntry, Status and StatusDetails keep their structs' order (same file).
//  - A typed list's items carry no kind or apiVersion: only the top-level object's TypeMeta is set
//    by the encoder; clients fill them in from the list's ("For typed lists, e.g., a PodList, API
//    server doesn't set each item's APIVersion and Kind", apimachinery unstructured.go decodeToList).
//  - A watch event is the WatchEvent struct: {"type":...,"object":...}, the object as above.
// The spec and status of each kind are left in the simulation's order (their structs are not
// written out here). `kubectl get -o json` is unaffected: kubectl prints unstructured maps, whose
// keys Go's encoder sorts.

/** ObjectMeta's fields in struct order, with ListMeta's continue/remainingItemCount after resourceVersion (a list has no name or uid). */
const META = ['name', 'generateName', 'namespace', 'selfLink', 'uid', 'resourceVersion', 'continue', 'remainingItemCount', 'generation', 'creationTimestamp', 'deletionTimestamp', 'deletionGracePeriodSeconds', 'labels', 'annotations', 'ownerReferences', 'finalizers', 'managedFields'];
const OWNER_REFERENCE = ['apiVersion', 'kind', 'name', 'uid', 'controller', 'blockOwnerDeletion'];
const MANAGED_FIELDS_ENTRY = ['manager', 'operation', 'apiVersion', 'time', 'fieldsType', 'fieldsV1', 'subresource'];
const STATUS = ['kind', 'apiVersion', 'metadata', 'status', 'message', 'reason', 'details', 'code'];
const STATUS_DETAILS = ['name', 'group', 'kind', 'uid', 'causes', 'retryAfterSeconds'];
/** StatusCause: Type (json `reason`), Message, Field. */
const STATUS_CAUSE = ['reason', 'message', 'field'];
const TYPE_META = ['kind', 'apiVersion', 'metadata'];

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** `o`'s keys in `order` first, then the rest as they were. */
function ordered(o: Obj, order: readonly string[], skip?: ReadonlySet<string>): Obj {
  const out: Obj = {};
  for (const k of order) if (o[k] !== undefined && !skip?.has(k)) out[k] = o[k];
  for (const k of Object.keys(o)) if (!(k in out) && !skip?.has(k)) out[k] = o[k];
  return out;
}

function orderedEach(v: unknown, order: readonly string[]): unknown {
  return Array.isArray(v) ? v.map((e) => (isObj(e) ? ordered(e, order) : e)) : v;
}

function wireMeta(m: unknown): unknown {
  if (!isObj(m)) return m;
  const out = ordered(m, META);
  if (out.ownerReferences !== undefined) out.ownerReferences = orderedEach(out.ownerReferences, OWNER_REFERENCE);
  if (out.managedFields !== undefined) out.managedFields = orderedEach(out.managedFields, MANAGED_FIELDS_ENTRY);
  return out;
}

const TYPE_META_KEYS = new Set(['kind', 'apiVersion']);

/** One object as the apiserver encodes it; `item` drops TypeMeta, as in a typed list's items. */
export function wireObject(o: unknown, item = false): unknown {
  if (!isObj(o)) return o;
  if (o.kind === 'Status' && !item) return wireStatus(o);
  const out = ordered(o, TYPE_META, item ? TYPE_META_KEYS : undefined);
  if ('metadata' in out) out.metadata = wireMeta(out.metadata);
  if (Array.isArray(out.items) && typeof o.kind === 'string' && o.kind.endsWith('List')) {
    const itemKind = o.kind.slice(0, -'List'.length);
    out.items = out.items.map((i) => (isObj(i) && (i.kind === undefined || i.kind === itemKind) && (i.apiVersion === undefined || i.apiVersion === o.apiVersion) ? wireObject(i, true) : wireObject(i)));
  }
  if (o.kind === 'Table' && Array.isArray(out.rows)) out.rows = out.rows.map((r) => (isObj(r) && isObj(r.object) ? { ...r, object: wireObject(r.object) } : r));
  return out;
}

/** A metav1.Status in struct order, its details and their causes too. */
function wireStatus(o: Obj): Obj {
  const s = ordered(o, STATUS);
  if (isObj(s.details)) {
    s.details = ordered(s.details, STATUS_DETAILS);
    const d = s.details as Obj;
    if (d.causes !== undefined) d.causes = orderedEach(d.causes, STATUS_CAUSE);
  }
  return s;
}

/**
 * The Status an exec, attach or port-forward stream writes on its error channel (3): the kubelet's
 * remotecommand marshals a metav1.Status with no TypeMeta set (v4WriteStatusFunc, json.Marshal), so
 * it has no kind for wireJson to know it by: `{"metadata":{},"status":"Failure","message":...,
 * "reason":...,"details":{"causes":[{"reason":...,"message":...}]},"code":...}` in struct order.
 */
export function wireStatusJson(status: object): string {
  return JSON.stringify(wireStatus(status as Obj));
}

/** The response body's bytes: JSON.stringify of the object in the apiserver's field order. */
export function wireJson(body: unknown): string {
  return JSON.stringify(wireObject(body));
}

/** One line of a watch stream (`{"type":...,"object":...}` and a newline), the object's JSON given. */
export function watchLine(type: string, objectJson: string): string {
  return `{"type":${JSON.stringify(type)},"object":${objectJson}}\n`;
}
