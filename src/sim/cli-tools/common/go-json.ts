// JSON the way Go's encoding/json writes a map[string]interface{} (how kubectl handles objects it
// read from files or the server): keys sorted, `<`, `>` and `&` escaped, MarshalIndent's layout.

function escapeString(s: string): string {
  return JSON.stringify(s).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

function sortedEntries(o: Record<string, unknown>): [string, unknown][] {
  return Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort()
    .map((k) => [k, o[k]]);
}

/** json.Marshal: compact, keys sorted. */
export function goMarshal(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return escapeString(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[${v.map(goMarshal).join(',')}]`;
  const entries = sortedEntries(v as Record<string, unknown>);
  return `{${entries.map(([k, x]) => `${escapeString(k)}:${goMarshal(x)}`).join(',')}}`;
}

/** json.MarshalIndent(v, prefix '', indent). */
export function goMarshalIndent(v: unknown, indent = '    ', level = 0): string {
  if (v === null || v === undefined || typeof v !== 'object') return goMarshal(v);
  const pad = indent.repeat(level + 1);
  const close = indent.repeat(level);
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    return `[\n${v.map((x) => pad + goMarshalIndent(x, indent, level + 1)).join(',\n')}\n${close}]`;
  }
  const entries = sortedEntries(v as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, x]) => `${pad}${escapeString(k)}: ${goMarshalIndent(x, indent, level + 1)}`).join(',\n')}\n${close}}`;
}

/**
 * json.MarshalIndent of a typed Go struct (what kubectl prints for an object it built itself, as
 * `create configmap --dry-run=client -o json`): fields in declaration order, which is the
 * object's own key order here, and `<`, `>`, `&` escaped as encoding/json does.
 */
export function goMarshalIndentStruct(v: unknown, indent = '    '): string {
  return JSON.stringify(v, null, indent).replace(/[<>&]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`);
}
