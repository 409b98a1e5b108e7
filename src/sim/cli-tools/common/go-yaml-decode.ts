// From a parsed YAML document to the JSON value kubectl sends, the way sigs.k8s.io/yaml.YAMLToJSON
// does it: go-yaml v2 decodes into interface{} (decode.go), then the keys become strings and
// json.Marshal writes the result. The `yaml` package parses; this file decodes like go-yaml, so
// the limits and errors are go-yaml's:
//   - every alias is expanded as a copy, and go-yaml's alias budget applies (decode.go unmarshal:
//     after 100 alias-driven decodes and 1,000 decodes in all, at most 99% of decodes may come from
//     alias expansion, falling to 10% for very large documents): a "billion laughs" document fails
//     with `yaml: document contains excessive aliasing` long before it is expanded;
//   - `yaml: unknown anchor 'x' referenced`, `yaml: anchor 'x' value contains itself`, merge keys
//     (`<<`, later entries overwrite earlier ones as in v2), `yaml: invalid map key: ...`;
//   - `!!binary` decodes base64 into a string; `.inf`/`.nan` fail in json.Marshal.
// The expanded value may not nest deeper than MAX_DEPTH (see yaml-depth.ts), so the recursion here
// and in everything that later walks the object stays far from the JavaScript stack's end. Every
// object is built with own keys only: `__proto__` is a field like any other.

import { isAlias, isMap, isScalar, isSeq, type Alias, type Document, type Node, type Pair, type Scalar, type YAMLMap } from 'yaml';
import { utf8String } from '../../api/base64';
import { setOwn } from '../../api/own-keys';
import { depthExceeded, MAX_DEPTH } from './yaml-depth';

/** A decoding failure, worded as kubectl prints it after `error converting YAML to JSON: `. */
export class YamlDecodeError extends Error {}

/** decode.go's alias_ratio_range_low/high. */
const ALIAS_RATIO_RANGE_LOW = 400_000;
const ALIAS_RATIO_RANGE_HIGH = 4_000_000;

/** decode.go allowedAliasRatio: 99% for small documents, scaling down to 10% for huge ones. */
export function allowedAliasRatio(decodeCount: number): number {
  if (decodeCount <= ALIAS_RATIO_RANGE_LOW) return 0.99;
  if (decodeCount >= ALIAS_RATIO_RANGE_HIGH) return 0.1;
  return 0.99 - (0.89 * (decodeCount - ALIAS_RATIO_RANGE_LOW)) / (ALIAS_RATIO_RANGE_HIGH - ALIAS_RATIO_RANGE_LOW);
}

const BINARY_TAG = 'tag:yaml.org,2002:binary';
const MERGE_TAG = 'tag:yaml.org,2002:merge';

interface Decoder {
  decodeCount: number;
  aliasCount: number;
  aliasDepth: number;
  /** Aliases being expanded right now (decode.go d.aliases). */
  active: Set<Alias>;
  /** What each alias refers to: the last node with that anchor before it, in document order. */
  targets: Map<Alias, Node>;
  lineOf: (offset: number) => number;
}

function fail(message: string): never {
  throw new YamlDecodeError(message);
}

/** decode.go unmarshal's first lines: count the decode and stop a document that is mostly aliases. */
function count(d: Decoder): void {
  d.decodeCount++;
  if (d.aliasDepth > 0) d.aliasCount++;
  if (d.aliasCount > 100 && d.decodeCount > 1000 && d.aliasCount / d.decodeCount > allowedAliasRatio(d.decodeCount)) {
    fail('yaml: document contains excessive aliasing');
  }
}

/**
 * parser.go registers an anchor when its node starts, before the node's children, and resolves an
 * alias to the anchor seen last; an unknown one fails the parse. Walked in document order with an
 * explicit stack, so no alias is expanded here.
 */
function resolveAliases(root: Node | null): Map<Alias, Node> {
  const anchors = new Map<string, Node>();
  const targets = new Map<Alias, Node>();
  const stack: (Node | null)[] = [root];
  while (stack.length > 0) {
    const n = stack.pop();
    if (!n) continue;
    if (isAlias(n)) {
      const target = anchors.get(n.source);
      if (!target) fail(`yaml: unknown anchor '${n.source}' referenced`);
      targets.set(n, target);
      continue;
    }
    if (n.anchor) anchors.set(n.anchor, n);
    if (isMap(n)) {
      const items = n.items as Pair<Node | null, Node | null>[];
      for (let i = items.length - 1; i >= 0; i--) stack.push(items[i]!.value, items[i]!.key);
    } else if (isSeq(n)) {
      const items = n.items as (Node | null)[];
      for (let i = items.length - 1; i >= 0; i--) stack.push(items[i]!);
    }
  }
  return targets;
}

/** Go's %#v of a value go-yaml decoded into interface{} (the text of "invalid map key"). */
function goSharpV(v: unknown, nested = false): string {
  if (v === null || v === undefined) return nested ? 'interface {}(nil)' : '<nil>';
  if (typeof v === 'string') return JSON.stringify(v);
  if (Array.isArray(v)) return `[]interface {}{${v.map((x) => goSharpV(x, true)).join(', ')}}`;
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `map[interface {}]interface {}{${Object.keys(o).sort().map((k) => `${JSON.stringify(k)}:${goSharpV(o[k], true)}`).join(', ')}}`;
  }
  return String(v);
}

/** strconv.FormatFloat(f, 'g', -1, 32): the shortest float32 digits, %e when exp < -4 or >= 6. */
function formatFloat32(f: number): string {
  const x = Math.fround(f);
  let digits = '';
  for (let p = 1; p <= 9; p++) {
    digits = x.toPrecision(p);
    if (Math.fround(Number(digits)) === x) break;
  }
  const [mant = '', expPart] = Number(digits).toExponential().split('e');
  const exp = Number(expPart);
  if (exp < -4 || exp >= 6) return `${mant}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  return String(Number(digits));
}

/** go-yaml resolves a plain number as an int when ParseInt takes it (resolve.go), otherwise as a float64. */
const INT_LITERAL = /^[-+]?(0b[01_]+|0x[0-9a-fA-F_]+|0o?[0-7_]+|[0-9_]+)$/;

/** How sigs.k8s.io/yaml turns a decoded map key into a JSON object key (the source tells int from float). */
function jsonKey(k: unknown, source: string | undefined, value: () => unknown): string {
  if (typeof k === 'string') return k;
  if (typeof k === 'boolean') return k ? 'true' : 'false';
  if (typeof k === 'number') {
    const isInt = source === undefined || INT_LITERAL.test(source.trim());
    if (isInt && Number.isInteger(k) && Math.abs(k) < 2 ** 63) return BigInt(k).toString();
    if (Number.isNaN(k)) return '.nan';
    if (!Number.isFinite(k)) return k > 0 ? '.inf' : '-.inf';
    return formatFloat32(k);
  }
  if (k === null) return fail(`unsupported map key of type: %!s(<nil>), key: <nil>, value: ${goSharpV(value())}`);
  return fail(`yaml: invalid map key: ${goSharpV(k)}`);
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** base64.StdEncoding.DecodeString (which skips \r and \n), read as UTF-8 as json.Marshal would. */
function decodeBinary(text: string): string {
  const s = text.replace(/[\r\n]/g, '');
  if (s.length % 4 !== 0 || !BASE64.test(s)) fail('yaml: !!binary value contains invalid base64 data');
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i += 4) {
    const n = [0, 1, 2, 3].map((j) => (s[i + j] === '=' ? 0 : alphabet.indexOf(s[i + j]!)));
    const triple = (n[0]! << 18) | (n[1]! << 12) | (n[2]! << 6) | n[3]!;
    bytes.push((triple >> 16) & 255);
    if (s[i + 2] !== '=') bytes.push((triple >> 8) & 255);
    if (s[i + 3] !== '=') bytes.push(triple & 255);
  }
  // Bytes as UTF-8, each invalid sequence as U+FFFD (what json.Marshal writes for a Go string).
  return utf8String(bytes);
}

function scalarValue(n: Scalar): unknown {
  if (n.tag === BINARY_TAG) return decodeBinary(String(n.value));
  const v = n.value;
  if (typeof v === 'number' && !Number.isFinite(v)) fail(`json: unsupported value: ${Number.isNaN(v) ? 'NaN' : v > 0 ? '+Inf' : '-Inf'}`);
  if (typeof v === 'bigint') return Number(v);
  return v ?? null;
}

/** decode.go isMerge: a plain (untagged, unquoted) `<<` key, or one tagged !!merge. */
function isMergeKey(k: Node | null): boolean {
  return isScalar(k) && k.value === '<<' && ((k.type === 'PLAIN' && !k.tag) || k.tag === MERGE_TAG);
}

function decode(d: Decoder, n: Node | null, depth: number): unknown {
  count(d);
  if (n === null) return null;
  if (isAlias(n)) return expand(d, n, (target) => decode(d, target, depth));
  if (isScalar(n)) return scalarValue(n);
  // Depth counts collections, as yaml-depth.ts does for the text.
  if (depth > MAX_DEPTH) fail(depthExceeded(d.lineOf(n.range?.[0] ?? 0)));
  if (isMap(n)) {
    const out: Record<string, unknown> = {};
    mapInto(d, n, out, depth);
    return out;
  }
  if (isSeq(n)) return (n.items as (Node | null)[]).map((item) => decode(d, item, depth + 1));
  return null;
}

/** decode.go alias(): expand the anchored node, failing if it contains the alias being expanded. */
function expand<T>(d: Decoder, a: Alias, then: (target: Node) => T): T {
  if (d.active.has(a)) fail(`yaml: anchor '${a.source}' value contains itself`);
  const target = d.targets.get(a)!;
  d.active.add(a);
  d.aliasDepth++;
  try {
    return then(target);
  } finally {
    d.aliasDepth--;
    d.active.delete(a);
  }
}

function mapInto(d: Decoder, m: YAMLMap, out: Record<string, unknown>, depth: number): void {
  for (const pair of m.items as Pair<Node | null, Node | null>[]) {
    if (isMergeKey(pair.key)) {
      merge(d, pair.value, out, depth + 1);
      continue;
    }
    const k = decode(d, pair.key, depth + 1);
    const source = isScalar(pair.key) ? pair.key.source : undefined;
    // go-yaml refuses a collection key before it decodes the value.
    if (typeof k === 'object' && k !== null) jsonKey(k, source, () => undefined);
    const v = decode(d, pair.value, depth + 1);
    setOwn(out, jsonKey(k, source, () => v), v);
  }
}

const wantMap = (): never => fail('yaml: map merge requires map or sequence of maps as the value');

/** One merged mapping (or an alias to one) decoded into out, overwriting what is there. */
function mergeOne(d: Decoder, n: Node, out: Record<string, unknown>, depth: number): void {
  count(d);
  if (depth > MAX_DEPTH) fail(depthExceeded(d.lineOf(n.range?.[0] ?? 0)));
  if (isMap(n)) return mapInto(d, n, out, depth);
  if (isAlias(n)) {
    return expand(d, n, (target) => {
      if (!isMap(target)) wantMap();
      count(d);
      mapInto(d, target as YAMLMap, out, depth);
    });
  }
  wantMap();
}

/** decode.go merge(): a mapping, an alias to one, or a sequence of them (earlier ones win). */
function merge(d: Decoder, v: Node | null, out: Record<string, unknown>, depth: number): void {
  if (isSeq(v)) {
    const items = v.items as (Node | null)[];
    for (let i = items.length - 1; i >= 0; i--) {
      const item = items[i] ?? null;
      const target = isAlias(item) ? d.targets.get(item) : item;
      if (!isMap(target)) wantMap();
      mergeOne(d, item!, out, depth);
    }
    return;
  }
  if (isAlias(v) && !isMap(d.targets.get(v))) wantMap();
  if (!isMap(v) && !isAlias(v)) wantMap();
  mergeOne(d, v!, out, depth);
}

/** The JSON value of a document, or a YamlDecodeError with go-yaml's (or json.Marshal's) text. */
export function decodeDocument(doc: Document.Parsed, lineOf: (offset: number) => number): unknown {
  const root = (doc.contents ?? null) as Node | null;
  const d: Decoder = { decodeCount: 0, aliasCount: 0, aliasDepth: 0, active: new Set(), targets: resolveAliases(root), lineOf };
  // The document node itself is one decode in go-yaml.
  count(d);
  return decode(d, root, 1);
}

export type { Alias };
