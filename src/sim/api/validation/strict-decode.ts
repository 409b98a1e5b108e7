// The apiserver's strict JSON decoding (apimachinery runtime/serializer/json with sigs.k8s.io/json,
// used since kubectl 1.25 sends fieldValidation=Strict). Two kinds of failure, in this order:
//   1. A JSON type that does not fit the Go field. encoding/json keeps the FIRST such error and goes
//      on; custom unmarshalers (Quantity, IntOrString, Time) abort at once with theirs. Either way the
//      request fails with that one error and unknown fields are not reported.
//   2. Unknown fields, every one of them, in document order, joined into one strict decoding error.
// kubectl marshals the object through a Go map, so every JSON object it sends has sorted keys; the
// walk below visits keys sorted for the same reason.

import { hasOwn, ownValue, setOwn } from '../own-keys';
import { quantityError } from '../quantity';
import { definition, goStructName, goTypeName, INT_OR_STRING_DEF, QUANTITY_DEF, refName } from '../schema';
import type { JsonSchema } from '../schema';

export interface DecodeProblems {
  /** The first type error, already worded as Go prints it (`json: cannot unmarshal ...`). */
  typeError?: string;
  /** `unknown field "spec.foo"` paths: `spec.containers[0].imagePullPolicyy`. */
  unknownFields: string[];
  /** Where each unknown field sits in the body (its object and key), for dropping them (fieldValidation Warn, Ignore). */
  unknownAt?: Map<object, Set<string>>;
  /** A JSON null somewhere below the top: Go decodes it into a zero value (go-nulls.ts). */
  sawNull?: boolean;
}

/** Named Go string types, by `Struct.field`: the type a mismatch error names instead of `string`. */
const NAMED_STRING_TYPES: Record<string, string> = {
  'PodSpec.restartPolicy': 'v1.RestartPolicy',
  'PodSpec.dnsPolicy': 'v1.DNSPolicy',
  'PodSpec.preemptionPolicy': 'v1.PreemptionPolicy',
  'Container.imagePullPolicy': 'v1.PullPolicy',
  'Container.terminationMessagePolicy': 'v1.TerminationMessagePolicy',
  'ContainerPort.protocol': 'v1.Protocol',
  'ServicePort.protocol': 'v1.Protocol',
  'ServiceSpec.type': 'v1.ServiceType',
  'Toleration.operator': 'v1.TolerationOperator',
  'Toleration.effect': 'v1.TaintEffect',
  'Taint.effect': 'v1.TaintEffect',
  'HTTPGetAction.scheme': 'v1.URIScheme',
  'NodeSelectorRequirement.operator': 'v1.NodeSelectorOperator',
  'Secret.type': 'v1.SecretType',
  'ObjectMeta.uid': 'types.UID',
  'DeploymentStrategy.type': 'v1.DeploymentStrategyType',
};

/** Inline object schemas (the hand-written Event) and the Go structs they stand for. */
const INLINE_STRUCTS: Record<string, string> = { 'Event.source': 'v1.EventSource', 'Event.series': 'v1.EventSeries' };

const INT_RANGES: Record<string, [number, number]> = {
  int32: [-2147483648, 2147483647],
  int64: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};

interface Walk {
  problems: DecodeProblems;
  /** Set when a custom unmarshaler failed: decoding stopped there. */
  fatal: boolean;
}

/**
 * Where a value sits: how it is reached from its parent (a struct field, in the JSON path and in
 * Go's field stack; a map key or a list index, in the path only) and the enclosing struct. The path
 * and the stack are only spelled out when an error needs them (pathOf, stackOf): a body that
 * decodes cleanly, nearly every one, builds no string per field.
 */
interface Where {
  parent: Where | undefined;
  step: 'field' | 'key' | 'index';
  name: string | number;
  struct: string;
  field: string;
  /** Go type hint for free-form objects (`v1.PodStatus`). */
  freeType?: string;
}

function root(struct: string): Where {
  return { parent: undefined, step: 'field', name: '', struct, field: '' };
}

/** The JSON path with indices: `spec.containers[0].image`. */
function pathOf(where: Where): string {
  if (!where.parent) return '';
  const p = pathOf(where.parent);
  if (where.step === 'index') return `${p}[${where.name}]`;
  if (where.step === 'key') return `${p}.${where.name}`;
  return p ? `${p}.${where.name}` : String(where.name);
}

/** Go's field stack (struct fields only): `spec.containers.image`. */
function stackOf(where: Where): string[] {
  const out: string[] = [];
  for (let at: Where | undefined = where; at?.parent; at = at.parent) if (at.step === 'field') out.push(String(at.name));
  return out.reverse();
}

function inside(where: Where, step: 'key' | 'index', name: string | number): Where {
  return { parent: where, step, name, struct: where.struct, field: where.field, freeType: where.freeType };
}

/** The object's keys in sorted order; stored objects mostly have them sorted already, so no sort. */
function sortedKeys(value: object): string[] {
  const keys = Object.keys(value);
  for (let i = 1; i < keys.length; i++) if (keys[i - 1]! > keys[i]!) return keys.sort();
  return keys;
}

function jsonKind(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'boolean') return 'bool';
  return typeof v; // 'string' | 'number' | 'object'
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function goType(s: JsonSchema, where: Where): string {
  const named = ownValue(NAMED_STRING_TYPES, `${where.struct}.${where.field}`);
  if (named) return named;
  if (s.$ref) {
    const name = refName(s.$ref);
    return name === INT_OR_STRING_DEF ? 'int32' : goTypeName(name);
  }
  switch (s.type) {
    case 'string':
      return 'string';
    case 'boolean':
      return 'bool';
    case 'integer':
      return s.format === 'int64' ? 'int64' : 'int32';
    case 'array':
      return `[]${goType(s.items ?? {}, { ...where, struct: '', field: '' })}`;
    case 'object':
      if (s.properties) return ownValue(INLINE_STRUCTS, `${where.struct}.${where.field}`) ?? 'struct';
      if (typeof s.additionalProperties === 'object') {
        const ap = s.additionalProperties;
        if (ap.$ref && refName(ap.$ref) === QUANTITY_DEF) return 'v1.ResourceList';
        return `map[string]${goType(ap, { ...where, struct: '', field: '' })}`;
      }
      return where.freeType ?? 'map[string]interface {}';
    default:
      return 'interface {}';
  }
}

/** encoding/json's UnmarshalTypeError.Error() with its struct/field context. */
function typeErrorText(value: string, type: string, where: Where): string {
  return `json: cannot unmarshal ${value} into Go struct field ${where.struct}.${stackOf(where).join('.')} of type ${type}`;
}

function saveTypeError(w: Walk, value: string, schema: JsonSchema, where: Where): void {
  w.problems.typeError ??= typeErrorText(value, goType(schema, where), where);
}

function walk(value: unknown, schema: JsonSchema, where: Where, w: Walk): void {
  if (value === null) w.problems.sawNull = true;
  if (w.fatal || value === null || value === undefined) return; // null decodes into any field.
  if (schema.$ref) return walkRef(value, refName(schema.$ref), schema, where, w);
  switch (schema.type) {
    case 'string':
      if (typeof value !== 'string') saveTypeError(w, jsonKind(value), schema, where);
      return;
    case 'boolean':
      if (typeof value !== 'boolean') saveTypeError(w, jsonKind(value), schema, where);
      return;
    case 'integer':
      return walkInteger(value, schema, where, w);
    case 'array':
      if (!Array.isArray(value)) return saveTypeError(w, jsonKind(value), schema, where);
      for (let i = 0; i < value.length; i++) walk(value[i], schema.items ?? {}, inside(where, 'index', i), w);
      return;
    case 'object':
      if (!isPlainObject(value)) return saveTypeError(w, jsonKind(value), schema, where);
      if (schema.properties) return walkStruct(value, schema, ownValue(INLINE_STRUCTS, `${where.struct}.${where.field}`)?.slice(3) ?? where.struct, where, w);
      if (typeof schema.additionalProperties === 'object') {
        const ap = schema.additionalProperties;
        for (const key of sortedKeys(value)) walk(value[key], ap, inside(where, 'key', key), w);
      }
      return;
    default:
      return; // interface{}: anything decodes.
  }
}

function walkInteger(value: unknown, schema: JsonSchema, where: Where, w: Walk): void {
  if (typeof value !== 'number') return saveTypeError(w, jsonKind(value), schema, where);
  const [lo, hi] = INT_RANGES[schema.format === 'int64' ? 'int64' : 'int32']!;
  if (!Number.isInteger(value) || value < lo || value > hi) saveTypeError(w, `number ${String(value)}`, schema, where);
}

function walkRef(value: unknown, name: string, schema: JsonSchema, where: Where, w: Walk): void {
  if (name === QUANTITY_DEF) {
    // Quantity.UnmarshalJSON parses the raw JSON text (quotes stripped) and returns ParseQuantity's error.
    const text = typeof value === 'string' ? value.trim() : JSON.stringify(value);
    const err = quantityError(text);
    if (err) {
      w.problems.typeError = err;
      w.fatal = true;
    }
    return;
  }
  if (name === INT_OR_STRING_DEF) {
    // IntOrString.UnmarshalJSON: a JSON string is the string form, anything else must fit an int32.
    if (typeof value === 'string') return;
    const err: DecodeProblems = { unknownFields: [] };
    walkInteger(value, { type: 'integer', format: 'int32' }, where, { problems: err, fatal: false });
    if (err.typeError) {
      w.problems.typeError = err.typeError;
      w.fatal = true;
    }
    return;
  }
  const def = definition(name);
  if (!def) return;
  if (!isPlainObject(value)) return saveTypeError(w, jsonKind(value), schema, where);
  walkStruct(value, def, goStructName(name), where, w);
}

function walkStruct(value: Record<string, unknown>, def: JsonSchema, struct: string, where: Where, w: Walk): void {
  const props = def.properties ?? {};
  for (const key of sortedKeys(value)) {
    if (w.fatal) return;
    // A field name is only known if the schema itself declares it (`__proto__`, `constructor` are unknown fields).
    const prop = hasOwn(props, key) ? props[key] : undefined;
    if (!prop) {
      const p = pathOf(where);
      w.problems.unknownFields.push(p ? `${p}.${key}` : key);
      const at = (w.problems.unknownAt ??= new Map<object, Set<string>>());
      at.set(value, (at.get(value) ?? new Set<string>()).add(key));
      continue;
    }
    const freeType = key === 'status' ? `v1.${struct}Status` : undefined;
    walk(value[key], prop, { parent: where, step: 'field', name: key, struct, field: key, freeType }, w);
  }
}

/** Decode `body` against the definition `defName` the way the apiserver's strict decoder would. */
export function decodeProblems(defName: string, body: Record<string, unknown>): DecodeProblems {
  const def = definition(defName);
  const w: Walk = { problems: { unknownFields: [] }, fatal: false };
  if (def) walkStruct(body, def, goStructName(defName), root(goStructName(defName)), w);
  return w.problems;
}

/** kubectl's metadataOnlyObject (cli-runtime): what it decodes of every manifest before sending it. */
const METADATA_ONLY_OBJECT: JsonSchema = {
  type: 'object',
  properties: {
    apiVersion: { type: 'string' },
    kind: { type: 'string' },
    metadata: { $ref: '#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta' },
  },
};

/**
 * The type error kubectl's decoder finds in a manifest's apiVersion and metadata (`json: cannot
 * unmarshal number into Go struct field ObjectMeta.metadata.name of type string`), if any. Other
 * fields are the server's to judge.
 */
export function metadataTypeError(obj: Record<string, unknown>): string | undefined {
  const w: Walk = { problems: { unknownFields: [] }, fatal: false };
  walkStruct(obj, METADATA_ONLY_OBJECT, 'metadataOnlyObject', root('metadataOnlyObject'), w);
  return w.problems.typeError;
}

/** A copy of a JSON body without the unknown fields decoding found: what Go's decoder keeps of it. */
export function withoutUnknownFields(value: unknown, at: Map<object, Set<string>>): unknown {
  if (Array.isArray(value)) return value.map((v) => withoutUnknownFields(v, at));
  if (!isPlainObject(value)) return value;
  const skip = at.get(value);
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value)) if (!skip?.has(k)) setOwn(out, k, withoutUnknownFields(value[k], at));
  return out;
}
