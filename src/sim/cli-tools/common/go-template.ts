// Go's text/template, as kubectl's `-o go-template=...` runs it on an object decoded from JSON
// (k8s.io/cli-runtime/pkg/printers/template.go: no missingkey option, so a missing key prints
// `<no value>`). The part of the language people put in kubectl commands: text and `{{...}}`
// actions with `{{-`/`-}}` trimming; pipelines of `.field.chains`, `$`, string, number and
// boolean literals; the builtins index, len, printf, print, eq, ne, lt, gt, not, and, or; and
// `if`, `range`, `with` with `else` and `end`. Values print as Go's fmt prints them: maps as
// `map[k:v]` with sorted keys, slices as `[a b]`. kubectl's extra functions `exists` and
// `base64decode` are here too. Variables (`$x :=`) and `define`/`template` are not.

import { decodeBase64, utf8String } from '../../api/base64';
import { hasOwn } from '../../api/own-keys';

export class GoTemplateError extends Error {}

type Arg = { t: 'field'; path: string[]; from: 'dot' | 'root' } | { t: 'lit'; v: unknown } | { t: 'pipe'; cmds: Cmd[] };
type Cmd = { fn?: string; args: Arg[] };
type Node =
  | { t: 'text'; text: string }
  | { t: 'action'; pipe: Cmd[] }
  | { t: 'block'; kind: 'if' | 'range' | 'with'; pipe: Cmd[]; body: Node[]; alt: Node[] };

const NO_VALUE = Symbol('no value');

/** `{{`...`}}` split out of the text, with the trim markers applied to the text beside them. */
function lex(src: string): ({ t: 'text'; text: string } | { t: 'action'; text: string })[] {
  const out: ({ t: 'text'; text: string } | { t: 'action'; text: string })[] = [];
  let i = 0;
  let trimNext = false;
  while (i < src.length) {
    const open = src.indexOf('{{', i);
    let text = src.slice(i, open < 0 ? src.length : open);
    if (trimNext) text = text.replace(/^\s+/, '');
    if (open < 0) {
      if (text) out.push({ t: 'text', text });
      break;
    }
    let body = src.slice(open + 2);
    if (body.startsWith('- ')) {
      text = text.replace(/\s+$/, '');
      body = body.slice(1);
    }
    if (text) out.push({ t: 'text', text });
    const close = findClose(body);
    if (close < 0) throw new GoTemplateError('unclosed action');
    let inner = body.slice(0, close);
    trimNext = / -$/.test(inner);
    if (trimNext) inner = inner.slice(0, -1);
    out.push({ t: 'action', text: inner.trim() });
    i = open + 2 + (src.slice(open + 2).startsWith('- ') ? 1 : 0) + close + 2;
  }
  return out;
}

/** The `}}` that closes an action, skipping quoted strings. */
function findClose(s: string): number {
  let quote = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === '`') quote = c;
    else if (s.startsWith('}}', i)) return i;
  }
  return -1;
}

function tokens(text: string): string[] {
  const re = /"(?:[^"\\]|\\.)*"|`[^`]*`|\(|\)|\||[^\s()|]+/g;
  return text.match(re) ?? [];
}

function unquote(tok: string): string {
  if (tok.startsWith('`')) return tok.slice(1, -1);
  return tok.slice(1, -1).replace(/\\(x[0-9a-fA-F]{2}|.)/g, (_m, c: string) => {
    if (c.startsWith('x') && c.length === 3) return String.fromCharCode(parseInt(c.slice(1), 16));
    return ({ n: '\n', t: '\t', r: '\r', '\\': '\\', '"': '"', a: '\x07', b: '\b', f: '\f', v: '\v', '0': '\0' } as Record<string, string>)[c] ?? `\\${c}`;
  });
}

function parsePipe(toks: string[], pos: { i: number }, inParen: boolean): Cmd[] {
  const cmds: Cmd[] = [];
  let cur: Cmd = { args: [] };
  while (pos.i < toks.length) {
    const tok = toks[pos.i++]!;
    if (tok === ')') {
      if (!inParen) throw new GoTemplateError('unexpected ")" in operand');
      break;
    }
    if (tok === '|') {
      cmds.push(cur);
      cur = { args: [] };
      continue;
    }
    if (tok === '(') {
      cur.args.push({ t: 'pipe', cmds: parsePipe(toks, pos, true) });
      continue;
    }
    const arg = parseOperand(tok);
    if (arg) cur.args.push(arg);
    else if (cur.args.length === 0 && cur.fn === undefined) cur.fn = tok;
    else throw new GoTemplateError(`function "${tok}" not defined`);
  }
  cmds.push(cur);
  for (const c of cmds) if (c.fn === undefined && c.args.length === 0) throw new GoTemplateError('missing value for command');
  return cmds;
}

function parseOperand(tok: string): Arg | undefined {
  if (tok.startsWith('"') || tok.startsWith('`')) return { t: 'lit', v: unquote(tok) };
  if (/^-?\d+(\.\d+)?$/.test(tok)) return { t: 'lit', v: Number(tok) };
  if (tok === 'true' || tok === 'false') return { t: 'lit', v: tok === 'true' };
  if (tok === 'nil') return { t: 'lit', v: null };
  if (tok === '.') return { t: 'field', path: [], from: 'dot' };
  if (tok.startsWith('.')) return { t: 'field', path: tok.slice(1).split('.'), from: 'dot' };
  if (tok === '$') return { t: 'field', path: [], from: 'root' };
  if (tok.startsWith('$.')) return { t: 'field', path: tok.slice(2).split('.'), from: 'root' };
  if (tok.startsWith('$')) throw new GoTemplateError(`undefined variable "${tok}"`);
  return undefined;
}

function parse(src: string): Node[] {
  const items = lex(src);
  let i = 0;
  const parseList = (stopAt: string[]): { nodes: Node[]; stop: string } => {
    const nodes: Node[] = [];
    while (i < items.length) {
      const it = items[i++]!;
      if (it.t === 'text') {
        nodes.push(it);
        continue;
      }
      const text = it.text;
      if (text.startsWith('/*')) continue;
      const word = text.split(/\s+/)[0]!;
      if (word === 'end' || word === 'else') {
        if (!stopAt.includes(word)) throw new GoTemplateError(`unexpected {{${word}}}`);
        return { nodes, stop: word };
      }
      if (word === 'if' || word === 'range' || word === 'with') {
        const pipe = parsePipe(tokens(text.slice(word.length)), { i: 0 }, false);
        const body = parseList(['else', 'end']);
        const alt = body.stop === 'else' ? parseList(['end']).nodes : [];
        nodes.push({ t: 'block', kind: word, pipe, body: body.nodes, alt });
        continue;
      }
      if (['define', 'template', 'block'].includes(word) || /^\$\w*\s*:?=/.test(text)) throw new GoTemplateError(`Kubeplay's go-template does not run {{${word}}}`);
      nodes.push({ t: 'action', pipe: parsePipe(tokens(text), { i: 0 }, false) });
    }
    if (stopAt.length) throw new GoTemplateError('unexpected EOF');
    return { nodes, stop: '' };
  };
  return parseList([]).nodes;
}

// ---------------------------------------------------------------- evaluation

interface Scope {
  dot: unknown;
  root: unknown;
}

function field(v: unknown, path: string[], shown: string): unknown {
  let cur: unknown = v;
  for (const name of path) {
    // A missing key gives the zero value, and a field of that is missing too: `<no value>`.
    if (cur === NO_VALUE) return NO_VALUE;
    if (cur === null || cur === undefined) throw new GoTemplateError(`nil pointer evaluating interface {}.${name}`);
    if (typeof cur !== 'object' || Array.isArray(cur)) throw new GoTemplateError(`can't evaluate field ${name} in type ${goType(cur)} (at <${shown}>)`);
    cur = hasOwn(cur as Record<string, unknown>, name) ? (cur as Record<string, unknown>)[name] : NO_VALUE;
  }
  return cur;
}

function goType(v: unknown): string {
  if (Array.isArray(v)) return '[]interface {}';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int64' : 'float64';
  if (typeof v === 'boolean') return 'bool';
  return 'interface {}';
}

function truth(v: unknown): boolean {
  if (v === NO_VALUE || v === null || v === undefined || v === false || v === 0 || v === '') return false;
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === 'object') return Object.keys(v).length > 0;
  return true;
}

/** Go's fmt %v of a value decoded from JSON. */
export function goFormat(v: unknown): string {
  if (v === NO_VALUE) return '<no value>';
  if (v === null || v === undefined) return '<nil>';
  if (typeof v === 'string') return v;
  // kubectl hands the template the unstructured object, whose integers are int64: 1000000 prints as it is.
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[${v.map(goFormat).join(' ')}]`;
  const o = v as Record<string, unknown>;
  return `map[${Object.keys(o).sort().map((k) => `${k}:${goFormat(o[k])}`).join(' ')}]`;
}

function sprintf(format: string, args: unknown[]): string {
  let n = 0;
  return format.replace(/%([%sdvqt])/g, (_m, verb: string) => {
    if (verb === '%') return '%';
    const a = args[n++];
    if (verb === 'q') return JSON.stringify(goFormat(a));
    return goFormat(a);
  });
}

function compare(fn: string, a: unknown, b: unknown): boolean {
  if (fn === 'eq') return goFormat(a) === goFormat(b) && typeof a === typeof b;
  if (fn === 'ne') return !(goFormat(a) === goFormat(b) && typeof a === typeof b);
  if (typeof a !== typeof b || (typeof a !== 'number' && typeof a !== 'string')) throw new GoTemplateError(`error calling ${fn}: incompatible types for comparison`);
  return fn === 'lt' ? (a as number) < (b as number) : fn === 'le' ? (a as number) <= (b as number) : fn === 'gt' ? (a as number) > (b as number) : (a as number) >= (b as number);
}

function call(fn: string, args: unknown[]): unknown {
  switch (fn) {
    case 'index': {
      let cur = args[0];
      for (const k of args.slice(1)) {
        if (Array.isArray(cur)) cur = cur[Number(k)];
        else if (cur && typeof cur === 'object') cur = hasOwn(cur as Record<string, unknown>, String(k)) ? (cur as Record<string, unknown>)[String(k)] : NO_VALUE;
        else throw new GoTemplateError(`error calling index: index of untyped nil`);
        if (cur === undefined) throw new GoTemplateError('error calling index: index out of range');
      }
      return cur;
    }
    case 'len': {
      const v = args[0];
      if (typeof v === 'string' || Array.isArray(v)) return v.length;
      if (v && typeof v === 'object') return Object.keys(v).length;
      throw new GoTemplateError(`error calling len: len of type ${goType(v)}`);
    }
    case 'printf':
      return sprintf(String(args[0] ?? ''), args.slice(1));
    case 'print':
      return args.map(goFormat).join('');
    case 'println':
      return args.map(goFormat).join(' ') + '\n';
    case 'not':
      return !truth(args[0]);
    case 'and':
      return args.find((a) => !truth(a)) ?? args[args.length - 1];
    case 'or':
      return args.find((a) => truth(a)) ?? args[args.length - 1];
    case 'eq':
    case 'ne':
    case 'lt':
    case 'le':
    case 'gt':
    case 'ge':
      return compare(fn, args[0], args[1]);
    case 'exists': {
      // kubectl's exists: does the path of keys lead somewhere?
      let cur = args[0];
      for (const k of args.slice(1)) {
        if (!cur || typeof cur !== 'object' || !hasOwn(cur as Record<string, unknown>, String(k))) return false;
        cur = (cur as Record<string, unknown>)[String(k)];
      }
      return true;
    }
    case 'base64decode': {
      const d = decodeBase64(String(args[0] ?? ''));
      if ('error' in d) throw new GoTemplateError(`error calling base64decode: ${d.error}`);
      return utf8String(d.bytes);
    }
    default:
      throw new GoTemplateError(`function "${fn}" not defined`);
  }
}

function evalArg(a: Arg, sc: Scope): unknown {
  if (a.t === 'lit') return a.v;
  if (a.t === 'pipe') return evalPipe(a.cmds, sc);
  return field(a.from === 'dot' ? sc.dot : sc.root, a.path, `.${a.path.join('.')}`);
}

function evalPipe(cmds: Cmd[], sc: Scope): unknown {
  let prev: unknown;
  cmds.forEach((c, n) => {
    const args = c.args.map((a) => evalArg(a, sc));
    if (n > 0) args.push(prev);
    if (c.fn === undefined) {
      if (args.length > 1) throw new GoTemplateError(`can't give argument to non-function ${goFormat(args[0])}`);
      prev = args[0];
    } else prev = call(c.fn, args);
  });
  return prev;
}

function run(nodes: Node[], sc: Scope): string {
  let out = '';
  for (const n of nodes) {
    if (n.t === 'text') out += n.text;
    else if (n.t === 'action') {
      // text/template prints a nil interface (a JSON null) as `<no value>`, as it does a missing key; inside a map fmt says `<nil>`.
      const v = evalPipe(n.pipe, sc);
      out += v === null ? '<no value>' : goFormat(v);
    }
    else {
      const v = evalPipe(n.pipe, sc);
      if (n.kind === 'if') out += run(truth(v) ? n.body : n.alt, sc);
      else if (n.kind === 'with') out += truth(v) ? run(n.body, { ...sc, dot: v }) : run(n.alt, sc);
      else {
        const items = Array.isArray(v) ? v : v && typeof v === 'object' ? Object.keys(v).sort().map((k) => (v as Record<string, unknown>)[k]) : [];
        if (items.length === 0 && v !== NO_VALUE && v !== null && typeof v !== 'object') throw new GoTemplateError(`range can't iterate over ${goFormat(v)}`);
        out += items.length ? items.map((it) => run(n.body, { ...sc, dot: it })).join('') : run(n.alt, sc);
      }
    }
  }
  return out;
}

/** Parse, then run on `data`. A parse or execution error is a GoTemplateError. */
export function goTemplate(src: string, data: unknown): string {
  const nodes = parse(src);
  return run(nodes, { dot: data, root: data });
}

/** Only parse: kubectl reports a bad template before it asks the server anything. */
export function checkGoTemplate(src: string): void {
  parse(src);
}
