// kubectl's JSONPath template dialect (k8s.io/client-go/util/jsonpath), as used by
// `kubectl get -o jsonpath=...` and `--sort-by`: literal text with `{...}` actions, field access
// `.a.b` and `['a.b']`, array index/slice `[0]` `[-1:]` `[*]`, recursive descent `..name`,
// filters `[?(@.type=="Ready")]`, unions `[a,b]`, `{range ...}...{end}` and string literals
// `{"\n"}`. Several results of one action are printed separated by a space; maps and lists are
// printed as compact JSON; missing keys print nothing (kubectl enables AllowMissingKeys).

import { hasOwn } from '../../api/own-keys';
import { goMarshal } from './go-json';

type Step =
  | { t: 'field'; names: string[] }
  | { t: 'recursive'; name: string }
  | { t: 'index'; start?: number; end?: number; step?: number; single: boolean; all: boolean }
  | { t: 'filter'; left: Step[]; op?: string; right?: Step[] | string | number }
  | { t: 'root' };

type Node =
  | { t: 'text'; text: string }
  | { t: 'path'; steps: Step[] }
  | { t: 'range'; steps: Step[]; body: Node[] };

export class JsonPathError extends Error {}

function parseStringLiteral(s: string): string {
  // Go's strconv.Unquote for the escapes people use in templates.
  return s.slice(1, -1).replace(/\\(.)/g, (_m, c: string) => ({ n: '\n', t: '\t', r: '\r', '\\': '\\', '"': '"', "'": "'" })[c] ?? c);
}

function parseBracket(inner: string): Step {
  const s = inner.trim();
  if (s === '*') return { t: 'index', single: false, all: true };
  if (s.startsWith('?(') && s.endsWith(')')) return parseFilter(s.slice(2, -1));
  if (/^'.*'$|^".*"$/.test(s)) return { t: 'field', names: s.split(',').map((x) => x.trim().slice(1, -1)) };
  if (/^-?\d*(:-?\d*){0,2}$/.test(s)) {
    const parts = s.split(':');
    const num = (x: string | undefined): number | undefined => (x === undefined || x === '' ? undefined : Number(x));
    if (parts.length === 1) return { t: 'index', start: num(parts[0]), single: true, all: false };
    return { t: 'index', start: num(parts[0]), end: num(parts[1]), step: num(parts[2]), single: false, all: false };
  }
  return { t: 'field', names: s.split(',').map((x) => x.trim()) };
}

function parseFilter(expr: string): Step {
  const m = /^(.*?)\s*(==|!=|<=|>=|<|>)\s*(.*)$/.exec(expr);
  const operand = (x: string): Step[] | string | number => {
    const v = x.trim();
    if (/^'.*'$|^".*"$/.test(v)) return v.slice(1, -1);
    if (/^-?\d+(\.\d+)?$/.test(v)) return Number(v);
    return parsePath(v.replace(/^@/, ''));
  };
  if (!m) return { t: 'filter', left: parsePath(expr.trim().replace(/^@/, '')) };
  return { t: 'filter', left: parsePath(m[1]!.trim().replace(/^@/, '')), op: m[2]!, right: operand(m[3]!) };
}

/** `.items[*].metadata.name` into steps. */
export function parsePath(src: string): Step[] {
  const steps: Step[] = [];
  let i = 0;
  const s = src.trim();
  if (s === '@' || s === '$') return [];
  if (s.startsWith('$')) i = 1;
  while (i < s.length) {
    const ch = s[i]!;
    if (ch === '.') {
      if (s[i + 1] === '.') {
        i += 2;
        const m = /^[^.[]+/.exec(s.slice(i));
        steps.push({ t: 'recursive', name: m ? m[0] : '' });
        i += m ? m[0].length : 0;
        continue;
      }
      i++;
      let name = '';
      while (i < s.length && s[i] !== '.' && s[i] !== '[') {
        if (s[i] === '\\' && i + 1 < s.length) i++;
        name += s[i];
        i++;
      }
      if (name !== '') steps.push(name === '*' ? { t: 'index', single: false, all: true } : { t: 'field', names: [name] });
    } else if (ch === '[') {
      let depth = 0;
      let j = i;
      for (; j < s.length; j++) {
        if (s[j] === '[') depth++;
        if (s[j] === ']' && --depth === 0) break;
      }
      if (j >= s.length) throw new JsonPathError('unterminated array');
      steps.push(parseBracket(s.slice(i + 1, j)));
      i = j + 1;
    } else {
      const m = /^[^.[]+/.exec(s.slice(i))!;
      steps.push({ t: 'field', names: [m[0]] });
      i += m[0].length;
    }
  }
  return steps;
}

function parseTemplate(tpl: string): Node[] {
  const root: Node[] = [];
  const stack: Node[][] = [root];
  let i = 0;
  while (i < tpl.length) {
    const open = tpl.indexOf('{', i);
    if (open < 0) {
      stack[stack.length - 1]!.push({ t: 'text', text: tpl.slice(i) });
      break;
    }
    if (open > i) stack[stack.length - 1]!.push({ t: 'text', text: tpl.slice(i, open) });
    let close = open + 1;
    let quote = '';
    for (; close < tpl.length; close++) {
      const c = tpl[close]!;
      if (quote) {
        if (c === '\\') close++;
        else if (c === quote) quote = '';
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '}') break;
    }
    if (close >= tpl.length) throw new JsonPathError('unclosed action');
    const action = tpl.slice(open + 1, close).trim();
    const cur = stack[stack.length - 1]!;
    if (/^".*"$|^'.*'$/s.test(action)) cur.push({ t: 'text', text: parseStringLiteral(action) });
    else if (action.startsWith('range ')) {
      const node: Node = { t: 'range', steps: parsePath(action.slice(6)), body: [] };
      cur.push(node);
      stack.push(node.body);
    } else if (action === 'end') {
      if (stack.length === 1) throw new JsonPathError('not in range, nothing to end');
      stack.pop();
    } else cur.push({ t: 'path', steps: parsePath(action) });
    i = close + 1;
  }
  return root;
}

function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function applyIndex(arr: unknown[], st: Extract<Step, { t: 'index' }>): unknown[] {
  if (st.all) return arr;
  const n = arr.length;
  const norm = (x: number): number => (x < 0 ? x + n : x);
  if (st.single) {
    const k = norm(st.start ?? 0);
    if (k < 0 || k >= n) throw new JsonPathError(`array index out of bounds: index ${k}, length ${n}`);
    return [arr[k]];
  }
  // client-go jsonpath evalArray: a step must be positive (a zero step would never end).
  const step = st.step ?? 1;
  if (!(step > 0)) throw new JsonPathError('step must be > 0');
  const start = Math.max(0, norm(st.start ?? 0));
  const end = Math.min(n, norm(st.end ?? n));
  if (start > end) throw new JsonPathError(`starting index ${start} is greater than ending index ${end}`);
  const out: unknown[] = [];
  for (let k = start; k < end; k += step) out.push(arr[k]);
  return out;
}

function compare(a: unknown, op: string, b: unknown): boolean {
  switch (op) {
    case '==': return a === b;
    case '!=': return a !== b;
    case '<': return (a as number) < (b as number);
    case '>': return (a as number) > (b as number);
    case '<=': return (a as number) <= (b as number);
    default: return (a as number) >= (b as number);
  }
}

function recurse(v: unknown, name: string, out: unknown[]): void {
  if (isObj(v)) {
    if (hasOwn(v, name)) out.push(v[name]);
    for (const x of Object.values(v)) recurse(x, name, out);
  } else if (Array.isArray(v)) for (const x of v) recurse(x, name, out);
}

/** Evaluate steps from one value; returns every value found (missing keys yield nothing). */
export function evalPath(steps: Step[], root: unknown): unknown[] {
  let cur: unknown[] = [root];
  for (const st of steps) {
    const next: unknown[] = [];
    for (const v of cur) {
      if (st.t === 'field') {
        // Only the object's own fields: `{.constructor}` finds nothing, as in Go.
        if (isObj(v)) for (const n of st.names) if (hasOwn(v, n) && v[n] !== undefined) next.push(v[n]);
      } else if (st.t === 'index') {
        if (Array.isArray(v)) next.push(...applyIndex(v, st));
        else if (st.all && isObj(v)) next.push(...Object.values(v));
      } else if (st.t === 'recursive') recurse(v, st.name, next);
      else if (st.t === 'filter' && Array.isArray(v)) {
        for (const item of v) {
          const left = evalPath(st.left, item);
          if (st.op === undefined) {
            if (left.length > 0) next.push(item);
            continue;
          }
          const right = Array.isArray(st.right) ? evalPath(st.right, item)[0] : st.right;
          if (left.length > 0 && compare(left[0], st.op, right)) next.push(item);
        }
      }
    }
    cur = next;
  }
  return cur;
}

function toText(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (typeof v === 'object') return goMarshal(v);
  return String(v);
}

function execute(nodes: Node[], data: unknown): string {
  let out = '';
  for (const n of nodes) {
    if (n.t === 'text') out += n.text;
    else if (n.t === 'path') out += evalPath(n.steps, data).map(toText).join(' ');
    else {
      const items = evalPath(n.steps, data);
      // `range` over one list iterates its elements.
      const elems = items.length === 1 && Array.isArray(items[0]) ? (items[0] as unknown[]) : items;
      for (const e of elems) out += execute(n.body, e);
    }
  }
  return out;
}

/** Run a JSONPath template on data; throws JsonPathError on a malformed template. */
export function jsonpathTemplate(template: string, data: unknown): string {
  return execute(parseTemplate(template), data);
}

/**
 * kubectl's RelaxedJSONPathExpression (used by --sort-by): `.a.b`, `a.b` and `{.a.b}` all mean
 * `{.a.b}`.
 */
export function relaxedJsonPath(expr: string): string {
  const m = /^\{?(\.?)([^{}]*)\}?$/.exec(expr.trim());
  if (!m) throw new JsonPathError(`unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'`);
  return `{.${m[2]}}`;
}
