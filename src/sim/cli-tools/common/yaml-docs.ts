// Reading manifests the way kubectl does (apimachinery yaml.YAMLReader + sigs.k8s.io/yaml): the
// file is cut into documents at lines that start with `---`, each document is parsed on its own
// (so error line numbers count from the document's first line), and parse errors carry go-yaml
// v2's wording. go-yaml reports scanner errors at the 1-based line and parser errors at the
// 0-based line of the problem (decode.go fail()), so "did not find expected key" names the line
// before the offending one. The `yaml` package finds the error; this file words it like go-yaml.

import { parseDocument, type YAMLError } from 'yaml';

export interface YamlChunk {
  text: string;
  /** 1-based line of the chunk's first line within the file. */
  firstLine: number;
}

/** Cut a stream into documents at `---` lines, as YAMLReader.Read does; empty chunks are dropped. */
export function splitYamlDocuments(src: string): YamlChunk[] {
  const chunks: YamlChunk[] = [];
  const lines = src.split('\n');
  let buf: string[] = [];
  let first = 1;
  lines.forEach((line, i) => {
    if (line.startsWith('---') && line.slice(3).trim() === '') {
      if (buf.join('\n').trim() !== '') chunks.push({ text: buf.join('\n') + '\n', firstLine: first });
      buf = [];
      first = i + 2;
      return;
    }
    buf.push(line);
  });
  if (buf.join('\n').trim() !== '') chunks.push({ text: buf.join('\n'), firstLine: first });
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

/** Parse one document chunk into a JSON value (YAML 1.1 like go-yaml; duplicate keys: last wins). */
export function parseYamlChunk(text: string): ParsedChunk {
  // go-yaml decodes timestamps into interface{} as strings, so the timestamp tag is left out.
  const doc = parseDocument(text, {
    version: '1.1',
    uniqueKeys: false,
    merge: true,
    customTags: (tags) => tags.filter((t) => typeof t === 'string' || t.tag !== 'tag:yaml.org,2002:timestamp'),
  });
  if (doc.errors.length > 0) return { ok: false, error: goYamlError(text, doc.errors) };
  return { ok: true, value: doc.toJS({ maxAliasCount: 100 }) as unknown };
}
