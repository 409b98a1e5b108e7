// Labels and the things that select on them, in the shape of k8s.io/apimachinery/pkg/labels
// (selector.go: the string syntax `a=b,c!=d,e in (x,y),!f,g`), metav1.LabelSelector
// (helpers.go LabelSelectorAsSelector), node selector terms (component-helpers
// scheduling/corev1/nodeaffinity) and taints/tolerations (k8s.io/api core/v1 toleration.go, taint.go).
// Error texts are the real ones so that kubectl and the apiserver can print them verbatim.

import type { LabelSelector, Node, NodeSelectorRequirement, NodeSelectorTerm, Taint, Toleration } from './types';
import { isValidLabelValue, qualifiedNameErrors } from './label-validation';
import { ownValue } from './own-keys';

export type Operator = 'in' | 'notin' | '=' | '==' | '!=' | 'exists' | '!' | 'gt' | 'lt';

/** One requirement of a selector (labels.Requirement). `!` is DoesNotExist. */
export interface Requirement {
  key: string;
  operator: Operator;
  values: string[];
}

/** A parsed selector: requirements ANDed, sorted by key. `nothing` matches no label set (labels.Nothing()). */
export interface Selector {
  requirements: Requirement[];
  nothing?: boolean;
}

export class SelectorError extends Error {}

export const EVERYTHING: Selector = { requirements: [] };
export const NOTHING: Selector = { requirements: [], nothing: true };

/** Go's `%q` for a plain string, as field.Invalid prints a value. */
const quote = (s: string): string => JSON.stringify(s);

// ---- matching -------------------------------------------------------------------------------

/** Requirement.Matches: NotIn and != also match when the key is absent; Gt/Lt compare integers. */
export function requirementMatches(r: Requirement, labels: Record<string, string> | undefined): boolean {
  const has = labels !== undefined && Object.prototype.hasOwnProperty.call(labels, r.key);
  const val = has ? labels![r.key]! : undefined;
  switch (r.operator) {
    case 'in':
    case '=':
    case '==':
      return val !== undefined && r.values.includes(val);
    case 'notin':
    case '!=':
      return val === undefined || !r.values.includes(val);
    case 'exists':
      return has;
    case '!':
      return !has;
    case 'gt':
    case 'lt': {
      if (val === undefined || r.values.length !== 1) return false;
      const a = parseGoInt(val);
      const b = parseGoInt(r.values[0]!);
      if (a === undefined || b === undefined) return false;
      return r.operator === 'gt' ? a > b : a < b;
    }
  }
}

/** strconv.ParseInt(s, 10, 64) for the values selectors use. */
function parseGoInt(s: string): bigint | undefined {
  return /^[+-]?[0-9]+$/.test(s) ? BigInt(s) : undefined;
}

export function selectorMatches(sel: Selector, labels: Record<string, string> | undefined): boolean {
  if (sel.nothing) return false;
  return sel.requirements.every((r) => requirementMatches(r, labels));
}

/** Requirement.String / Selector.String: `a=b,!c,d in (x,y)`. */
export function selectorToString(sel: Selector): string {
  return sel.requirements.map(requirementToString).join(',');
}

function requirementToString(r: Requirement): string {
  const ops: Record<Operator, string> = { '=': '=', '==': '==', '!=': '!=', in: ' in ', notin: ' notin ', gt: '>', lt: '<', exists: '', '!': '' };
  if (r.operator === 'exists') return r.key;
  if (r.operator === '!') return `!${r.key}`;
  const vals = r.values.length === 1 ? r.values[0]! : [...r.values].sort().join(',');
  return r.operator === 'in' || r.operator === 'notin' ? `${r.key}${ops[r.operator]}(${vals})` : `${r.key}${ops[r.operator]}${vals}`;
}

// ---- building requirements (NewRequirement) ---------------------------------------------------

/** labels.NewRequirement: validate key, operator and values; throws the aggregated field errors. */
export function newRequirement(key: string, operator: Operator, values: string[], path = ''): Requirement {
  const errs: string[] = [];
  const keyErrs = qualifiedNameErrors(key);
  const at = (child: string): string => (path ? `${path}.${child}` : child);
  if (keyErrs.length) errs.push(`${at('key')}: Invalid value: ${quote(key)}: ${keyErrs.join('; ')}`);
  const vals = `[]string{${values.map(quote).join(', ')}}`;
  if ((operator === 'in' || operator === 'notin') && values.length === 0) {
    errs.push(`${at('values')}: Invalid value: ${vals}: for 'in', 'notin' operators, values set can't be empty`);
  } else if ((operator === '=' || operator === '==' || operator === '!=') && values.length !== 1) {
    errs.push(`${at('values')}: Invalid value: ${vals}: exact-match compatibility requires one single value`);
  } else if ((operator === 'exists' || operator === '!') && values.length !== 0) {
    errs.push(`${at('values')}: Invalid value: ${vals}: values set must be empty for exists and does not exist`);
  } else if (operator === 'gt' || operator === 'lt') {
    if (values.length !== 1) errs.push(`${at('values')}: Invalid value: ${vals}: for 'Gt', 'Lt' operators, exactly one value is required`);
    values.forEach((v, i) => {
      if (parseGoInt(v) === undefined) {
        errs.push(`${at('values')}[${i}]: Invalid value: ${quote(v)}: for 'Gt', 'Lt' operators, the value must be an integer`);
      }
    });
  }
  values.forEach((v, i) => {
    const e = isValidLabelValue(v);
    if (e.length) errs.push(`${at('values')}[${i}][${key}]: Invalid value: ${quote(v)}: ${e.join('; ')}`);
  });
  // utilerrors.NewAggregate prints one error bare and several as `[e1, e2]`.
  if (errs.length === 1) throw new SelectorError(errs[0]);
  if (errs.length > 1) throw new SelectorError(`[${errs.join(', ')}]`);
  return { key, operator, values };
}

// ---- the string syntax (labels.Parse) ---------------------------------------------------------

type Tok = 'end' | ')' | ',' | '!' | '==' | '=' | '>' | 'in' | '<' | '!=' | 'notin' | '(' | 'id' | 'error';
interface Item {
  tok: Tok;
  lit: string;
}
const SYMBOLS = new Set(['=', '!', '(', ')', ',', '>', '<']);
const KEYWORDS: Record<string, Tok> = { ')': ')', ',': ',', '!': '!', '==': '==', '=': '=', '>': '>', in: 'in', '<': '<', '!=': '!=', notin: 'notin', '(': '(' };
const isSpace = (c: string): boolean => c === ' ' || c === '\t' || c === '\r' || c === '\n';

/** The lexer of selector.go: identifiers, keywords and the longest operator made of special symbols. */
function lex(s: string): Item[] {
  const items: Item[] = [];
  let pos = 0;
  for (;;) {
    while (pos < s.length && isSpace(s[pos]!)) pos++;
    if (pos >= s.length) {
      items.push({ tok: 'end', lit: '' });
      return items;
    }
    if (SYMBOLS.has(s[pos]!)) {
      let buf = '';
      let last: Item | undefined;
      while (pos < s.length && SYMBOLS.has(s[pos]!)) {
        buf += s[pos];
        const t = ownValue(KEYWORDS, buf);
        if (t) last = { tok: t, lit: buf };
        else if (last) break;
        pos++;
      }
      items.push(last ?? { tok: 'error', lit: `error expected: keyword found '${buf}'` });
      continue;
    }
    let buf = '';
    while (pos < s.length && !SYMBOLS.has(s[pos]!) && !isSpace(s[pos]!)) buf += s[pos++];
    // `constructor` is an identifier like any other word, not a keyword Object.prototype knows.
    items.push({ tok: ownValue(KEYWORDS, buf) ?? 'id', lit: buf });
  }
}

const BINARY_OPERATORS = 'in, notin, =, ==, !=, gt, lt';

class Parser {
  pos = 0;
  constructor(private items: Item[]) {}
  /** In a values context the keywords `in` and `notin` are plain identifiers. */
  peek(values: boolean): Item {
    const it = this.items[this.pos]!;
    return values && (it.tok === 'in' || it.tok === 'notin') ? { tok: 'id', lit: it.lit } : it;
  }
  next(values: boolean): Item {
    const it = this.peek(values);
    this.pos++;
    return it;
  }
}

/** Parse a selector string; throws SelectorError with the message labels.Parse returns. */
export function parseSelector(selector: string): Selector {
  const p = new Parser(lex(selector));
  const reqs: Requirement[] = [];
  for (;;) {
    const { tok, lit } = p.peek(true);
    if (tok === 'end') break;
    if (tok !== 'id' && tok !== '!') throw new SelectorError(`found '${lit}', expected: !, identifier, or 'end of string'`);
    try {
      reqs.push(parseRequirement(p));
    } catch (e) {
      if (e instanceof SelectorError) throw new SelectorError(`unable to parse requirement: ${e.message}`);
      throw e;
    }
    const t = p.next(true);
    if (t.tok === 'end') break;
    if (t.tok !== ',') throw new SelectorError(`found '${t.lit}', expected: ',' or 'end of string'`);
    const t2 = p.peek(true);
    if (t2.tok !== 'id' && t2.tok !== '!') throw new SelectorError(`found '${t2.lit}', expected: identifier after ','`);
  }
  // A stable sort by key, as sort.Sort(ByKey) gives for distinct keys.
  reqs.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { requirements: reqs };
}

function parseRequirement(p: Parser): Requirement {
  let t = p.next(true);
  let notExists = false;
  if (t.tok === '!') {
    notExists = true;
    t = p.next(true);
  }
  if (t.tok !== 'id') throw new SelectorError(`found '${t.lit}', expected: identifier`);
  const keyErrs = qualifiedNameErrors(t.lit);
  // The parser's path is nil, which field.Path prints as `<nil>`.
  if (keyErrs.length) throw new SelectorError(`<nil>: Invalid value: ${quote(t.lit)}: ${keyErrs.join('; ')}`);
  const key = t.lit;
  const after = p.peek(true).tok;
  if (notExists) return newRequirement(key, '!', []);
  if (after === 'end' || after === ',') return newRequirement(key, 'exists', []);
  const op = p.next(false);
  const operators: Partial<Record<Tok, Operator>> = { in: 'in', notin: 'notin', '=': '=', '==': '==', '!=': '!=', '>': 'gt', '<': 'lt' };
  const operator = ownValue(operators, op.tok);
  if (!operator) throw new SelectorError(`found '${op.lit}', expected: ${BINARY_OPERATORS}`);
  const values = operator === 'in' || operator === 'notin' ? parseValues(p) : parseExactValue(p);
  return newRequirement(key, operator, [...new Set(values)].sort());
}

function parseValues(p: Parser): string[] {
  const open = p.next(true);
  if (open.tok !== '(') throw new SelectorError(`found '${open.lit}' expected: '('`);
  const first = p.peek(true);
  if (first.tok === ')') {
    p.next(true);
    return [''];
  }
  if (first.tok !== 'id' && first.tok !== ',') throw new SelectorError(`found '${first.lit}', expected: ',', ')' or identifier`);
  const vals: string[] = [];
  for (;;) {
    const t = p.next(true);
    if (t.tok === 'id') {
      vals.push(t.lit);
      const t2 = p.peek(true);
      if (t2.tok === ')') break;
      if (t2.tok !== ',') throw new SelectorError(`found '${t2.lit}', expected: ',' or ')'`);
    } else if (t.tok === ',') {
      // `(,a`, `a,,b` and `a,)` each contribute the empty value.
      const t2 = p.peek(true);
      if (vals.length === 0 || t2.tok === ')' || t2.tok === ',') vals.push('');
      if (t2.tok === ')') break;
    } else throw new SelectorError(`found '${t.lit}', expected: ',', or identifier`);
  }
  if (p.next(true).tok !== ')') throw new SelectorError(`found '${first.lit}', expected: ')'`);
  return vals;
}

function parseExactValue(p: Parser): string[] {
  const t = p.peek(true);
  if (t.tok === 'end' || t.tok === ',') return [''];
  p.next(true);
  if (t.tok === 'id') return [t.lit];
  throw new SelectorError(`found '${t.lit}', expected: identifier`);
}

// ---- metav1.LabelSelector ----------------------------------------------------------------------

/**
 * metav1.LabelSelectorAsSelector: a missing selector selects nothing, an empty one everything;
 * matchLabels become `=` requirements and matchExpressions their set operators.
 */
export function labelSelectorAsSelector(ls: LabelSelector | undefined | null): Selector {
  if (!ls) return NOTHING;
  const reqs: Requirement[] = [];
  for (const [k, v] of Object.entries(ls.matchLabels ?? {})) reqs.push(newRequirement(k, '=', [v]));
  const ops: Record<string, Operator> = { In: 'in', NotIn: 'notin', Exists: 'exists', DoesNotExist: '!' };
  for (const e of ls.matchExpressions ?? []) {
    const op = ownValue(ops, e.operator);
    if (!op) throw new SelectorError(`${quote(e.operator)} is not a valid label selector operator`);
    reqs.push(newRequirement(e.key, op, op === 'exists' || op === '!' ? [] : [...(e.values ?? [])]));
  }
  reqs.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { requirements: reqs };
}

/** Does a metav1.LabelSelector match these labels? An invalid selector matches nothing. */
export function labelSelectorMatches(ls: LabelSelector | undefined | null, labels: Record<string, string> | undefined): boolean {
  try {
    return selectorMatches(labelSelectorAsSelector(ls), labels);
  } catch (e) {
    if (e instanceof SelectorError) return false;
    throw e;
  }
}

// ---- node selectors (nodeaffinity) ----------------------------------------------------------

function nodeRequirementMatches(r: NodeSelectorRequirement, labels: Record<string, string> | undefined): boolean {
  const ops: Record<string, Operator> = { In: 'in', NotIn: 'notin', Exists: 'exists', DoesNotExist: '!', Gt: 'gt', Lt: 'lt' };
  const op = ownValue(ops, r.operator);
  if (!op) return false;
  try {
    const req = newRequirement(r.key, op, op === 'exists' || op === '!' ? [] : [...(r.values ?? [])]);
    return requirementMatches(req, labels);
  } catch (e) {
    if (e instanceof SelectorError) return false;
    throw e;
  }
}

/**
 * One NodeSelectorTerm: its matchExpressions (on labels) and matchFields (only `metadata.name`, with
 * In/NotIn) are ANDed; a term with neither matches no node.
 */
export function nodeSelectorTermMatches(term: NodeSelectorTerm, node: Node): boolean {
  const exprs = term.matchExpressions ?? [];
  const fields = term.matchFields ?? [];
  if (exprs.length === 0 && fields.length === 0) return false;
  if (!exprs.every((r) => nodeRequirementMatches(r, node.metadata.labels))) return false;
  for (const f of fields) {
    if (f.key !== 'metadata.name' || (f.operator !== 'In' && f.operator !== 'NotIn') || (f.values ?? []).length !== 1) return false;
    if (!nodeRequirementMatches(f, { 'metadata.name': node.metadata.name ?? '' })) return false;
  }
  return true;
}

/** A NodeSelector's terms are ORed. */
export function nodeSelectorTermsMatch(terms: NodeSelectorTerm[], node: Node): boolean {
  return terms.some((t) => nodeSelectorTermMatches(t, node));
}

/** A requirement parsed once (null: it can never match, as nodeRequirementMatches answers for it). */
function compileNodeRequirement(r: NodeSelectorRequirement): Requirement | null {
  const ops: Record<string, Operator> = { In: 'in', NotIn: 'notin', Exists: 'exists', DoesNotExist: '!', Gt: 'gt', Lt: 'lt' };
  const op = ownValue(ops, r.operator);
  if (!op) return null;
  try {
    return newRequirement(r.key, op, op === 'exists' || op === '!' ? [] : [...(r.values ?? [])]);
  } catch (e) {
    if (e instanceof SelectorError) return null;
    throw e;
  }
}

/**
 * nodeSelectorTermsMatch with the terms parsed once: the scheduler asks the same pod's terms of
 * every node of a cycle. Answers exactly as nodeSelectorTermsMatch does.
 */
export function nodeSelectorMatcher(terms: NodeSelectorTerm[]): (node: Node) => boolean {
  const compiled = terms.map((t) => {
    const exprs = t.matchExpressions ?? [];
    const fields = t.matchFields ?? [];
    if (exprs.length === 0 && fields.length === 0) return null;
    if (fields.some((f) => f.key !== 'metadata.name' || (f.operator !== 'In' && f.operator !== 'NotIn') || (f.values ?? []).length !== 1)) return null;
    return { exprs: exprs.map(compileNodeRequirement), fields: fields.map(compileNodeRequirement) };
  });
  return (node) =>
    compiled.some((t) => {
      if (!t) return false;
      for (const r of t.exprs) if (!r || !requirementMatches(r, node.metadata.labels)) return false;
      if (t.fields.length === 0) return true;
      const byName = { 'metadata.name': node.metadata.name ?? '' };
      for (const r of t.fields) if (!r || !requirementMatches(r, byName)) return false;
      return true;
    });
}

// ---- taints and tolerations -------------------------------------------------------------------

/**
 * Toleration.ToleratesTaint (v1.31): an empty effect matches every effect, an empty key with
 * Exists matches every key, and Equal (or no operator) compares values.
 */
export function toleratesTaint(t: Toleration, taint: Taint): boolean {
  if (t.effect && t.effect !== taint.effect) return false;
  if (t.key && t.key !== taint.key) return false;
  const op = t.operator ?? '';
  if (op === '' || op === 'Equal') return (t.value ?? '') === (taint.value ?? '');
  return op === 'Exists';
}

export function tolerationsTolerateTaint(tolerations: Toleration[] | undefined, taint: Taint): boolean {
  return (tolerations ?? []).some((t) => toleratesTaint(t, taint));
}

/** v1helper.FindMatchingUntoleratedTaint: the first taint that passes the filter and is not tolerated. */
export function findMatchingUntoleratedTaint(
  taints: Taint[] | undefined,
  tolerations: Toleration[] | undefined,
  filter: (t: Taint) => boolean = () => true,
): Taint | undefined {
  return (taints ?? []).find((t) => filter(t) && !tolerationsTolerateTaint(tolerations, t));
}

/** The `{key: value}` form the TaintToleration plugin prints (`{node-role.kubernetes.io/control-plane: }`). */
export function formatTaintForMessage(t: Taint): string {
  return `{${t.key}: ${t.value ?? ''}}`;
}

/** Taint.ToString: `key=value:Effect`, `key:Effect`. */
export function taintToString(t: Taint): string {
  const v = t.value ?? '';
  if (!t.effect) return v ? `${t.key}=${v}:` : t.key;
  return v ? `${t.key}=${v}:${t.effect}` : `${t.key}:${t.effect}`;
}
