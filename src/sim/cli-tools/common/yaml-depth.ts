// How deep YAML may nest. go-yaml's scanner refuses more than 10,000 nested flow collections or
// indentation levels (scannerc.go max_flow_level, max_indents) with `yaml: line N: exceeded max
// depth of 10000`. Kubeplay builds and walks the document recursively (the `yaml` package's
// composer, the decoder, kubectl's printers, the apiserver's strict decoding and defaulting), and
// a JavaScript stack holds far fewer frames than Go's growable one: the composer alone overflows
// at about 860 nested flow sequences in Node and at about 230 with a third of the stack. So
// Kubeplay stops at MAX_DEPTH and says so in go-yaml's words, with its own number. Real manifests
// nest a dozen levels; CustomResourceDefinition schemas a few dozen. Flow nesting that real kubectl
// refuses too (more than 10,000 levels) gets go-yaml's own message, line and number.
//
// The check runs while the text is lexed, before the parser builds anything: past MAX_DEPTH the
// lexer only counts brackets (to tell Kubeplay's limit from go-yaml's), nothing is built.

import { CST, Lexer, Parser, type LineCounter } from 'yaml';

/** go-yaml's own limit (max_flow_level, max_indents). */
export const GO_YAML_MAX_DEPTH = 10_000;
/** Kubeplay's limit: how many collections may nest, counting flow and block alike. */
export const MAX_DEPTH = 200;

/** go-yaml's message; the line is left out on the first line, as parser.fail() does for line 0. */
export function depthExceeded(line: number, limit = MAX_DEPTH): string {
  return `yaml: ${line > 1 ? `line ${line}: ` : ''}exceeded max depth of ${limit}`;
}

/** The CST of the text, or where nesting first went past MAX_DEPTH (and which limit to name). */
export type Tokens = { tokens: CST.Token[] } | { tooDeepAtLine: number; limit: number };

/** Past MAX_DEPTH: read on, counting brackets only, to see whether go-yaml would refuse the text too. */
function beyondLimit(lexemes: Iterator<string>, flow: number, line: number, lc: LineCounter, offset: number): Tokens {
  let scalarNext = false;
  let at = offset;
  for (let r = lexemes.next(); !r.done; r = lexemes.next()) {
    const lexeme = r.value;
    if (scalarNext) scalarNext = false;
    else if (lexeme === CST.SCALAR) scalarNext = true;
    else if (lexeme === '[' || lexeme === '{') {
      flow++;
      if (flow > GO_YAML_MAX_DEPTH) return { tooDeepAtLine: lineAt(lc, at), limit: GO_YAML_MAX_DEPTH };
    } else if (lexeme === ']' || lexeme === '}') flow = Math.max(0, flow - 1);
    if (lexeme !== CST.SCALAR && lexeme !== CST.DOCUMENT && lexeme !== CST.FLOW_END) at += lexeme.length;
    if (lexeme.includes('\n')) lc.addNewLine(at);
  }
  return { tooDeepAtLine: line, limit: MAX_DEPTH };
}

function lineAt(lc: LineCounter, offset: number): number {
  return lc.linePos(offset).line;
}

/**
 * Lex and parse the text into CST tokens, counting open flow collections (`[`, `{`) as the lexer
 * finds them and stopping at the first that would be one too deep.
 */
export function parseTokens(text: string, lc: LineCounter): Tokens {
  const parser = new Parser(lc.addNewLine);
  const tokens: CST.Token[] = [];
  lc.addNewLine(0);
  let flow = 0;
  let scalarNext = false;
  const lexemes = new Lexer().lex(text)[Symbol.iterator]();
  for (let r = lexemes.next(); !r.done; r = lexemes.next()) {
    const lexeme = r.value;
    if (scalarNext) scalarNext = false;
    else if (lexeme === CST.SCALAR) scalarNext = true;
    else if (lexeme === '[' || lexeme === '{') {
      flow++;
      if (flow > MAX_DEPTH) return beyondLimit(lexemes, flow, lineAt(lc, parser.offset), lc, parser.offset + lexeme.length);
    } else if (lexeme === ']' || lexeme === '}') flow = Math.max(0, flow - 1);
    for (const t of parser.next(lexeme)) tokens.push(t);
  }
  for (const t of parser.end()) tokens.push(t);
  return { tokens };
}

/** Where the nesting of block and flow collections in the CST first passes MAX_DEPTH (explicit stack, no recursion). */
export function tooDeepLine(tokens: CST.Token[], lc: LineCounter): number | undefined {
  const stack: [CST.Token, number][] = tokens.map((t) => [t, 0]);
  while (stack.length > 0) {
    const [t, depth] = stack.pop()!;
    if (t.type === 'document') {
      if (t.value) stack.push([t.value, depth]);
      continue;
    }
    if (t.type !== 'block-map' && t.type !== 'block-seq' && t.type !== 'flow-collection') continue;
    const d = depth + 1;
    if (d > MAX_DEPTH) return lineAt(lc, t.offset);
    for (const item of t.items as CST.CollectionItem[]) {
      if (item.key) stack.push([item.key, d]);
      if (item.value) stack.push([item.value, d]);
    }
  }
  return undefined;
}
