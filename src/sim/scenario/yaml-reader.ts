// Reads a parsed YAML document field by field, keeping the source position of every node so a
// mistake is reported as `<file>:<line>:<col>: <field path>: <what is wrong>`. Every reader method
// records its own errors and returns undefined, so validation goes on and reports all problems at once.

import { isMap, isScalar, isSeq, type LineCounter, type Node, type Pair } from 'yaml';
import type { ScenarioError, SourcePos } from './schema';

export interface Field {
  key: Node;
  value: Node | null;
  /** Where the value is, or the key when the value is empty (`heal:`). */
  pos: SourcePos;
}

export type Fields = Map<string, Field>;

export class FieldReader {
  readonly errors: ScenarioError[] = [];

  constructor(
    readonly file: string,
    private readonly lines: LineCounter,
  ) {}

  posOf(node: Node | null | undefined): SourcePos {
    const offset = node?.range?.[0] ?? 0;
    return this.offsetPos(offset);
  }

  offsetPos(offset: number): SourcePos {
    const p = this.lines.linePos(offset);
    return { line: p.line, col: p.col };
  }

  error(at: Node | null | undefined | SourcePos, path: string, message: string): undefined {
    const pos = at && 'line' in at ? at : this.posOf(at as Node | null | undefined);
    this.errors.push({ file: this.file, line: pos.line, col: pos.col, path, message });
    return undefined;
  }

  /**
   * A mapping whose keys must all be in `allowed`. Unknown keys are reported at the key, so a typo
   * (`comand:`) points at itself rather than at the whole step.
   */
  mapping(node: Node | null, path: string, allowed: readonly string[] | null): Fields | undefined {
    if (!isMap(node)) return this.error(node, path, `expected a mapping, got ${describeNode(node)}`);
    const fields: Fields = new Map();
    for (const item of node.items as Pair<Node | null, Node | null>[]) {
      const key = item.key;
      if (!isScalar(key) || typeof key.value !== 'string') {
        this.error(key, path, `expected a string key, got ${describeNode(key)}`);
        continue;
      }
      if (allowed && !allowed.includes(key.value)) {
        this.error(key, path, `unknown field "${key.value}"${suggest(key.value, allowed)}`);
        continue;
      }
      const pos = item.value && item.value.range ? this.posOf(item.value) : this.posOf(key);
      fields.set(key.value, { key, value: item.value, pos });
    }
    return fields;
  }

  required(fields: Fields, name: string, parent: Node | null, path: string): Field | undefined {
    const f = fields.get(name);
    if (!f) return this.error(parent, path, `missing required field "${name}"`);
    return f;
  }

  string(f: Field, path: string): string | undefined {
    if (isScalar(f.value) && typeof f.value.value === 'string') return f.value.value;
    return this.error(f.pos, path, `expected a string, got ${describeNode(f.value)}`);
  }

  /** A scalar compared as text (`equals: 3` means the output "3"). */
  text(f: Field, path: string): string | undefined {
    if (isScalar(f.value) && ['string', 'number', 'boolean'].includes(typeof f.value.value)) {
      // Numbers keep their source spelling (`1.10` stays "1.10", not "1.1").
      const src = f.value.source;
      return typeof f.value.value === 'string' ? f.value.value : typeof src === 'string' ? src : String(f.value.value);
    }
    return this.error(f.pos, path, `expected a string, got ${describeNode(f.value)}`);
  }

  integer(f: Field, path: string, min: number, max: number): number | undefined {
    const v = isScalar(f.value) ? f.value.value : undefined;
    if (typeof v !== 'number' || !Number.isInteger(v)) return this.error(f.pos, path, `expected an integer, got ${describeNode(f.value)}`);
    if (v < min || v > max) return this.error(f.pos, path, `must be between ${min} and ${max}, got ${v}`);
    return v;
  }

  number(f: Field, path: string, min: number): number | undefined {
    const v = isScalar(f.value) ? f.value.value : undefined;
    if (typeof v !== 'number' || !Number.isFinite(v)) return this.error(f.pos, path, `expected a number, got ${describeNode(f.value)}`);
    if (v < min) return this.error(f.pos, path, `must be at least ${min}, got ${v}`);
    return v;
  }

  /** A string, or a number written without quotes (`cpu: 4`), as a Kubernetes quantity string. */
  quantity(f: Field, path: string): string | undefined {
    if (isScalar(f.value) && typeof f.value.value === 'number' && f.value.value >= 0) return String(f.value.source ?? f.value.value);
    return this.string(f, path);
  }

  sequence(f: Field, path: string): Node[] | undefined {
    if (!isSeq(f.value)) return this.error(f.pos, path, `expected a list, got ${describeNode(f.value)}`);
    return f.value.items as Node[];
  }

  stringList(f: Field, path: string): string[] | undefined {
    const items = this.sequence(f, path);
    if (!items) return undefined;
    const out: string[] = [];
    let ok = true;
    items.forEach((item, i) => {
      const s = this.string({ key: f.key, value: item, pos: this.posOf(item) }, `${path}[${i}]`);
      if (s === undefined) ok = false;
      else out.push(s);
    });
    return ok ? out : undefined;
  }

  /** A mapping of string to string (labels). */
  stringMap(f: Field, path: string): Record<string, string> | undefined {
    const fields = this.mapping(f.value, path, null);
    if (!fields) return undefined;
    const out: Record<string, string> = {};
    let ok = true;
    for (const [k, v] of fields) {
      const s = this.string(v, `${path}.${k}`);
      if (s === undefined) ok = false;
      else out[k] = s;
    }
    return ok ? out : undefined;
  }
}

/** What a node is, for "expected X, got Y" messages. */
export function describeNode(node: Node | null | undefined): string {
  if (node === null || node === undefined) return 'nothing';
  if (isMap(node)) return 'a mapping';
  if (isSeq(node)) return 'a list';
  if (isScalar(node)) {
    const v = node.value;
    if (v === null) return 'null';
    if (typeof v === 'string') return `string ${JSON.stringify(v)}`;
    if (typeof v === 'number') return `number ${String(node.source ?? v)}`;
    if (typeof v === 'boolean') return `boolean ${String(v)}`;
  }
  return 'an unsupported value';
}

/** ` (did you mean "command"?)` when a known name is one or two edits away. */
export function suggest(name: string, allowed: readonly string[]): string {
  let best: string | undefined;
  let bestDist = 3;
  for (const a of allowed) {
    const d = editDistance(name.toLowerCase(), a.toLowerCase());
    if (d < bestDist) {
      best = a;
      bestDist = d;
    }
  }
  return best ? ` (did you mean "${best}"?)` : '';
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      cur.push(Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost));
    }
    prev = cur;
  }
  return prev[b.length]!;
}
