// Reading manifests the way kubectl does (apimachinery yaml.YAMLReader + sigs.k8s.io/yaml): the
// file is cut into documents at lines that start with `---`, each document is parsed on its own
// (so error line numbers count from the document's first line), and parse errors carry go-yaml
// v2's wording. go-yaml reports scanner errors at the 1-based line and parser errors at the
// 0-based line of the problem (decode.go fail()), so "did not find expected key" names the line
// before the offending one. The `yaml` package finds the error; this file words it like go-yaml.
// What a user pastes may be hostile: the depth guard (yaml-depth.ts) and go-yaml's own decoder
// with its alias budget (go-yaml-decode.ts) turn a "billion laughs" or a million `[` into go-yaml's
// errors, and nothing the `yaml` package might throw escapes from here.

import { Composer, LineCounter, type Tags, type YAMLError } from 'yaml';
import { decodeDocument, YamlDecodeError } from './go-yaml-decode';
import { depthExceeded, parseTokens, tooDeepLine } from './yaml-depth';

export interface YamlChunk {
  text: string;
  /** 1-based line of the chunk's first line within the file. */
  firstLine: number;
  /** The stream broke here (a bad separator line): this and everything after it is lost. */
  error?: string;
}

/** The chunk in buf, if it holds anything but blanks. */
function flush(chunks: YamlChunk[], buf: string[], first: number, trailingNewline: boolean): void {
  const text = buf.join('\n');
  if (text.trim() !== '') chunks.push({ text: trailingNewline ? text + '\n' : text, firstLine: first });
}

/**
 * Cut a stream into documents at `---` lines, as YAMLReader.Read does: only blanks or a comment
 * may follow the `---`, anything else ends the stream with "invalid Yaml document separator" (and
 * the document being read is lost with it). Empty chunks are dropped.
 */
export function splitYamlDocuments(src: string): YamlChunk[] {
  const chunks: YamlChunk[] = [];
  const lines = src.split('\n');
  let buf: string[] = [];
  let first = 1;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.startsWith('---')) {
      buf.push(line);
      continue;
    }
    const rest = line.slice(3).trim();
    if (rest !== '' && !rest.startsWith('#')) {
      chunks.push({ text: '', firstLine: i + 1, error: `invalid Yaml document separator: ${rest}` });
      return chunks;
    }
    flush(chunks, buf, first, true);
    buf = [];
    first = i + 2;
  }
  flush(chunks, buf, first, false);
  return chunks;
}

export type ParsedChunk = { ok: true; value: unknown } | { ok: false; error: string };

/** Where the `:` that go-yaml trips over is: the end of the plain scalar that starts at (line, col). */
function offendingColonLine(lines: string[], line: number, col: number): number {
  const own = lines[line - 1] ?? '';
  const rest = own.slice(col - 1);
  if (/:( |$)/.test(rest)) return line;
  // The scalar continues on more-indented lines until one of them holds a `key:`.
  const keyIndent = own.length - own.trimStart().length;
  for (let l = line + 1; l <= lines.length; l++) {
    const text = lines[l - 1]!;
    if (text.trim() === '') continue;
    if (text.length - text.trimStart().length <= keyIndent) break;
    if (/:( |$)/.test(text)) return l;
  }
  return line;
}

/** go-yaml's message (`yaml: line N: ...`) for the first error the `yaml` package found. */
export function goYamlError(text: string, errors: readonly YAMLError[]): string {
  const lines = text.split('\n');
  const e = errors[0]!;
  if (e.code === 'RESOURCE_EXHAUSTION') return depthExceeded(e.linePos?.[0]?.line ?? 1);
  const line = e.linePos?.[0]?.line ?? 1;
  const col = e.linePos?.[0]?.col ?? 1;
  const firstLine = lines[line - 1] ?? '';
  switch (e.code) {
    case 'TAB_AS_INDENT':
      return `yaml: line ${line}: found character that cannot start any token`;
    case 'BLOCK_AS_IMPLICIT_KEY':
      if (e.message.startsWith('Nested mappings')) {
        return `yaml: line ${offendingColonLine(lines, line, col)}: mapping values are not allowed in this context`;
      }
      return `yaml: line ${line - 1}: did not find expected key`;
    case 'MULTILINE_IMPLICIT_KEY':
    case 'MISSING_CHAR':
      if (e.code === 'MULTILINE_IMPLICIT_KEY' || /map values/.test(e.message)) {
        // A key without `:`: the scanner notices on the next token, one line further.
        if (!/:( |$)/.test(firstLine)) {
          let next = line + 1;
          while (next <= lines.length && (lines[next - 1] ?? '').trim() === '') next++;
          return `yaml: line ${next}: could not find expected ':'`;
        }
      }
      return `yaml: line ${line - 1}: did not find expected key`;
    default:
      return `yaml: line ${line - 1}: did not find expected key`;
  }
}

/**
 * The `yaml` package's YAML 1.1 schema without what go-yaml v2 does not resolve: timestamps stay
 * strings, `1:20` is no sexagesimal number, `!!binary` and `<<` are go-yaml-decode.ts's, and
 * `!!set`/`!!omap`/`!!pairs` are the plain maps and sequences they are written as.
 */
const COMPOSER_OPTIONS = {
  version: '1.1' as const,
  uniqueKeys: false,
  merge: false,
  customTags: (tags: Tags): Tags =>
    tags.filter((t) => {
      if (typeof t === 'string') return true;
      if ('format' in t && t.format === 'TIME') return false;
      return !['binary', 'merge', 'timestamp', 'set', 'omap', 'pairs'].some((name) => t.tag === `tag:yaml.org,2002:${name}`);
    }),
};

function parseChunk(text: string): ParsedChunk {
  const lc = new LineCounter();
  const parsed = parseTokens(text, lc);
  if ('tooDeepAtLine' in parsed) return { ok: false, error: depthExceeded(parsed.tooDeepAtLine, parsed.limit) };
  const tooDeep = tooDeepLine(parsed.tokens, lc);
  if (tooDeep !== undefined) return { ok: false, error: depthExceeded(tooDeep) };
  // yaml.Unmarshal decodes the first document of its input; anything after a `...` is ignored.
  const doc = new Composer(COMPOSER_OPTIONS).compose(parsed.tokens, true, text.length).next().value;
  if (!doc) return { ok: true, value: null };
  if (doc.errors.length > 0) {
    for (const e of doc.errors) e.linePos = [lc.linePos(e.pos[0]), lc.linePos(e.pos[1])];
    return { ok: false, error: goYamlError(text, doc.errors) };
  }
  return { ok: true, value: decodeDocument(doc, (offset) => lc.linePos(offset).line) };
}

/**
 * Parse one document chunk into a JSON value as sigs.k8s.io/yaml.YAMLToJSON does (YAML 1.1 like
 * go-yaml v2; duplicate keys: last wins). Never throws: a decoder error is go-yaml's message, and
 * anything unforeseen from the `yaml` package becomes a YAML error rather than a crash.
 */
export function parseYamlChunk(text: string): ParsedChunk {
  try {
    return parseChunk(text);
  } catch (e) {
    if (e instanceof YamlDecodeError) return { ok: false, error: e.message };
    if (e instanceof RangeError) return { ok: false, error: depthExceeded(1) };
    return { ok: false, error: `yaml: ${e instanceof Error ? e.message : String(e)}` };
  }
}
