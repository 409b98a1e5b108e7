// Where a field the apiserver names (`spec.containers[0].image`, the `field` of a metav1.StatusCause,
// k8s.io/apimachinery/pkg/util/validation/field.Path.String()) is in the YAML text the user applied.
// The worker says which document the object came from (the line kubectl's reader started it at);
// this walks that document's nodes with the `yaml` package. A field that is missing (`Required
// value`) is marked at the closest thing that is there: its parent's key or list item.

import { isMap, isScalar, isSeq, LineCounter, parseAllDocuments, type Node } from 'yaml';

/** Lines and columns are 1-based, as Monaco's markers count them. */
export interface TextRange {
  startLineNumber: number;
  startColumn: number;
  endLineNumber: number;
  endColumn: number;
}

/**
 * `spec.containers[0].image` -> ['spec', 'containers', 0, 'image']; `metadata.labels[app.kubernetes.io/name]`
 * -> ['metadata', 'labels', 'app.kubernetes.io/name'] (field.Path.Key prints a map key in brackets).
 */
export function splitFieldPath(field: string): (string | number)[] {
  const out: (string | number)[] = [];
  const re = /([^.[\]]+)|\[([^\]]*)\]/g;
  for (const m of field.matchAll(re)) {
    if (m[1] !== undefined) out.push(m[1]);
    else out.push(/^\d+$/.test(m[2]!) ? Number(m[2]) : m[2]!);
  }
  return out;
}

/** The node under one step of the path, and the range that names it (a map's key, a list's item). */
function child(node: Node, step: string | number): { node: Node | null; at: [number, number] } | undefined {
  if (isMap(node)) {
    const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(step));
    if (!pair || !isScalar(pair.key) || !pair.key.range) return undefined;
    const value = (pair.value as Node | null) ?? null;
    return { node: value, at: [pair.key.range[0], pair.key.range[1]] };
  }
  if (isSeq(node) && typeof step === 'number') {
    const item = node.items[step] as Node | undefined;
    if (!item?.range) return undefined;
    return { node: item, at: [item.range[0], item.range[1]] };
  }
  return undefined;
}

function toRange(lc: LineCounter, [start, end]: [number, number]): TextRange {
  const a = lc.linePos(start);
  const b = lc.linePos(Math.max(start, end));
  // A multi-line node (a list item) is marked on its first line only: that is where the eye goes.
  const endColumn = b.line === a.line ? b.col : Number.MAX_SAFE_INTEGER;
  return { startLineNumber: a.line, startColumn: a.col, endLineNumber: a.line, endColumn: Math.max(endColumn, a.col + 1) };
}

/**
 * The range to mark for `field` in the document that starts at `documentLine` (1-based), or
 * undefined when that document or even the path's first step is not in the text (it was edited).
 */
export function fieldRange(text: string, documentLine: number, field: string): TextRange | undefined {
  const lc = new LineCounter();
  const docs = parseAllDocuments(text, { lineCounter: lc });
  if (!Array.isArray(docs)) return undefined;
  const lineStarts = lc.lineStarts;
  const offset = lineStarts[documentLine - 1] ?? text.length;
  const doc = docs.find((d) => d.contents !== null && d.range[2] > offset);
  if (!doc?.contents) return undefined;
  let node: Node | null = doc.contents as Node;
  let at: [number, number] | undefined;
  for (const step of splitFieldPath(field)) {
    const next: ReturnType<typeof child> = node ? child(node, step) : undefined;
    if (!next) break;
    at = next.at;
    node = next.node;
  }
  return at ? toRange(lc, at) : undefined;
}
