// kubectl v1.31's explain output: a port of the `plaintext` template
// (kubectl/pkg/explain/v2/templates/plaintext.tmpl) and its functions (funcs.go) over an OpenAPI v3
// group-version document. The template finds the GVK from the resource's paths, the schema carrying
// that GVK in x-kubernetes-group-version-kind, follows the field path through properties, array
// items, map values and allOf, and prints DESCRIPTION (wrapped at 76 columns) and FIELDS (each with
// its type guess, `-required-`, enum values, and a description wrapped at 78 minus its indent), or
// one line per field, indented by depth, with --recursive. Go templates range over maps in key order.

import { wrapString } from './wordwrap';

type Schema = Record<string, unknown>;

export interface ExplainRequest {
  group: string;
  version: string;
  resource: string;
  fieldPath: string[];
  recursive: boolean;
}

/** What the template printed before it stopped, and the error it threw, if any. */
export interface ExplainResult {
  out: string;
  error?: string;
}

const isObj = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Go template truth: non-empty maps, slices and strings, non-zero numbers, true. */
const truthy = (v: unknown): boolean =>
  v === undefined || v === null ? false : Array.isArray(v) ? v.length > 0 : isObj(v) ? Object.keys(v).length > 0 : Boolean(v);
const sortedEntries = (m: unknown): [string, unknown][] => (isObj(m) ? Object.keys(m).sort().map((k) => [k, m[k]]) : []);
/** additionalProperties that is a schema (not the boolean form). */
const mapValues = (s: Schema): Schema | undefined => (truthy(s.additionalProperties) && isObj(s.additionalProperties) ? s.additionalProperties : undefined);
const items = (s: Schema): Schema | undefined => (truthy(s.items) && isObj(s.items) ? s.items : undefined);
const allOf = (s: Schema): Schema[] => (Array.isArray(s.allOf) ? (s.allOf as unknown[]).filter(isObj) : []);

/** funcs.go indent: pad the start and every line after a newline. */
function indent(n: number, s: string): string {
  const pad = ' '.repeat(n);
  return pad + s.replaceAll('\n', '\n' + pad);
}

/** funcs.go resolveRef: a `#/a/b` fragment followed through the document. */
function resolveRef(ref: unknown, doc: Schema): Schema | undefined {
  if (typeof ref !== 'string' || !ref.startsWith('#')) return undefined;
  let cur: Schema = doc;
  for (const k of ref.slice(1).split('/')) {
    if (k === '') continue;
    const next = cur[k];
    if (!isObj(next)) return undefined;
    cur = next;
  }
  return cur;
}

/** resolveRef or the schema itself (the template's `or (resolveRef ...) $.schema`). */
function resolved(s: Schema, doc: Schema): Schema {
  const r = resolveRef(s.$ref, doc);
  return r && truthy(r) ? r : s;
}

function typeGuess(s: Schema, doc: Schema): string {
  const it = items(s);
  if (it) return '[]' + typeGuess(it, doc);
  const mv = mapValues(s);
  if (mv) return 'map[string]' + typeGuess(mv, doc);
  const all = allOf(s);
  if (truthy(s.allOf) && !truthy(s.properties) && (s.allOf as unknown[]).length === 1) return typeGuess(all[0] ?? {}, doc);
  if (truthy(s.$ref)) {
    const ref = s.$ref as string;
    const target = resolveRef(ref, doc);
    if (!target || !truthy(target.type) || target.type === 'object') return ref.split('/').at(-1)!.split('.').at(-1) || 'Object';
    return String(target.type);
  }
  return s.type === 'object' ? 'Object' : truthy(s.type) ? String(s.type) : 'Object';
}

function extractEnum(s: Schema, longView: boolean, limit: number, indentAmount = 0): string {
  if (!truthy(s.enum) || !Array.isArray(s.enum)) return '';
  let out = longView ? 'ENUM:' : '\n' + ' '.repeat(indentAmount) + 'enum: ';
  for (const [i, el] of (s.enum as unknown[]).entries()) {
    if (limit > -1 && i >= limit) {
      out += ', ....';
      break;
    }
    if (i > 0 && !longView) out += ', ';
    else if (longView) out += '\n    ';
    out += el === '' ? '""' : String(el);
  }
  return out;
}

function description(s: Schema, doc: Schema): string {
  const r = resolved(s, doc);
  if (!truthy(r)) return '';
  let out = truthy(r.description) ? `${String(r.description)}\n` : '';
  for (const a of allOf(r)) out += description(a, doc);
  const it = items(r);
  if (it) out += description(it, doc);
  const mv = mapValues(r);
  if (mv) out += description(mv, doc);
  return out;
}

function fieldDetail(name: string, s: Schema, short: boolean, level: number, doc: Schema): string {
  const amount = level * 2;
  const props = s.properties as Schema;
  const field = (isObj(props[name]) ? props[name] : {}) as Schema;
  let out = `${indent(amount, name)}\t<${typeGuess(field, doc)}>`;
  if (Array.isArray(s.required) && s.required.includes(name)) out += ' -required-';
  out += extractEnum(field, false, 4, amount) + '\n';
  if (!short) {
    const text = truthy(field.description) ? String(field.description) : '<no description>';
    out += indent(amount + 2, wrapString(text, 78 - amount)) + '\n\n';
  }
  return out;
}

function fieldList(s: Schema, level: number, history: Set<string>, recursive: boolean, doc: Schema): string {
  const ref = typeof s.$ref === 'string' ? s.$ref : '';
  if (ref && history.has(ref)) return '';
  const next = new Set(history).add(ref);
  const r = resolved(s, doc);
  let out = '';
  for (const [k, v] of sortedEntries(r.properties)) {
    out += fieldDetail(k, r, recursive, level, doc);
    if (recursive && isObj(v)) out += fieldList(v, level + 1, next, recursive, doc);
  }
  for (const a of allOf(r)) out += fieldList(a, level, next, recursive, doc);
  const it = items(r);
  if (it) out += fieldList(it, level, next, recursive, doc);
  const mv = mapValues(r);
  if (mv) out += fieldList(mv, level, next, recursive, doc);
  return out;
}

function output(s: Schema, history: Set<string>, path: string[], recursive: boolean, doc: Schema): string {
  const ref = typeof s.$ref === 'string' ? s.$ref : '';
  const next = new Set(history).add(ref);
  const r = resolved(s, doc);
  if (path.length === 0) {
    let out = 'DESCRIPTION:\n' + indent(4, wrapString(description(r, doc) || '<empty>', 76)) + '\n';
    const fields = fieldList(r, 1, new Set(), recursive, doc);
    if (fields) out += 'FIELDS:\n' + fields;
    return out;
  }
  if (ref && history.has(ref)) return '';
  const props = r.properties;
  if (truthy(props) && isObj(props) && truthy(props[path[0]!])) {
    const sub = props[path[0]!] as Schema;
    let out = '';
    if (path.length === 1) out += `FIELD: ${path[0]} <${typeGuess(sub, doc)}>\n` + extractEnum(sub, true, -1) + '\n\n';
    return out + output(sub, new Set(), path.slice(1), recursive, doc);
  }
  const it = items(r);
  if (it) return output(it, next, path, recursive, doc);
  const mv = mapValues(r);
  if (mv) return output(mv, next, path, recursive, doc);
  for (const a of allOf(r)) {
    const o = output(a, next, path, recursive, doc);
    if (o) return o;
  }
  return '';
}

type Gvk = { group?: string; kind?: string; version?: string };
const sameGvk = (a: unknown, b: Gvk): boolean =>
  isObj(a) && Object.keys(a).length === Object.keys(b).length && Object.entries(b).every(([k, v]) => a[k] === v);

/** Render `kubectl explain` from one group-version's OpenAPI v3 document. */
export function renderExplain(doc: Schema, req: ExplainRequest): ExplainResult {
  const prefix = req.group ? `/apis/${req.group}` : '/api';
  const base = `${prefix}/${req.version}`;
  const searchPaths = [
    `${base}/${req.resource}`,
    `${base}/${req.resource}/{name}`,
    `${base}/namespaces/{namespace}/${req.resource}`,
    `${base}/namespaces/{namespace}/${req.resource}/{name}`,
  ];
  const paths = isObj(doc.paths) ? doc.paths : {};
  let gvk: Gvk | undefined;
  for (const p of searchPaths) {
    const el = paths[p];
    if (!isObj(el)) continue;
    for (const m of ['get', 'post', 'put', 'patch', 'delete']) {
      const op = el[m];
      if (isObj(op) && truthy(op['x-kubernetes-group-version-kind'])) {
        gvk = op['x-kubernetes-group-version-kind'] as Gvk;
        break;
      }
    }
  }
  if (!gvk) return { out: '', error: `error: GVR (${req.group}/${req.version}, Resource=${req.resource}) not found in OpenAPI schema` };
  const out = (gvk.group ? `GROUP:      ${gvk.group}\n` : '') + `KIND:       ${gvk.kind ?? ''}\nVERSION:    ${gvk.version ?? ''}\n\n`;
  const schemas = isObj(doc.components) ? doc.components.schemas : undefined;
  for (const [, s] of sortedEntries(schemas)) {
    if (!isObj(s)) continue;
    const kinds = s['x-kubernetes-group-version-kind'];
    if (!Array.isArray(kinds) || !kinds.some((k) => sameGvk(k, gvk))) continue;
    const text = output(s, new Set(), req.fieldPath, req.recursive, doc);
    if (!text) return { out, error: `error: field "${req.fieldPath.at(-1) ?? ''}" does not exist` };
    return { out: out + text + '\n' };
  }
  return { out, error: `error: GVK map[${sortedEntries(gvk).map(([k, v]) => `${k}:${String(v)}`).join(' ')}] not found in OpenAPI schema` };
}
