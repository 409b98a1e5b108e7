// YAML as kubectl writes it (`-o yaml`): sigs.k8s.io/yaml turns the JSON into YAML with go-yaml v2,
// so keys are sorted, sequences are not indented under their key, strings that would read back as
// another type (`"2024-08-13T09:00:00Z"`, `"true"`, `"80"`, `""`) are double-quoted, strings that
// cannot be plain are single-quoted, multi-line strings are literal blocks, and long plain strings
// fold at the first space past column 80 (libyaml's best_width).

const BEST_WIDTH = 80;

/** Would go-yaml v2's resolver read this plain scalar as something other than a string? */
function resolvesToNonString(s: string): boolean {
  if (s === '' || s === '~' || /^(null|Null|NULL)$/.test(s)) return true;
  if (/^(y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/.test(s)) return true;
  if (/^[-+]?(0|[1-9][0-9_]*)$/.test(s) || /^[-+]?0[0-7_]+$/.test(s) || /^[-+]?0x[0-9a-fA-F_]+$/.test(s) || /^[-+]?0b[01_]+$/.test(s)) return true;
  if (/^[-+]?(\.[0-9]+|[0-9][0-9_]*(\.[0-9_]*)?)([eE][-+]?[0-9]+)?$/.test(s)) return true;
  if (/^[-+]?\.(inf|Inf|INF)$|^\.(nan|NaN|NAN)$/.test(s)) return true;
  if (/^[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+(\.[0-9_]*)?$/.test(s)) return true; // base 60
  if (/^\d{4}-\d\d?-\d\d?([Tt ]|$)/.test(s)) return true; // timestamps
  return false;
}

/** libyaml's analyze_scalar, reduced to the block-context decision "may this be plain?". */
function plainAllowed(s: string): boolean {
  if (s !== s.trim()) return false;
  const first = s[0]!;
  const followedBySpace = s.length === 1 || s[1] === ' ';
  if ('#,[]{}&*!|>\'"%@`'.includes(first)) return false;
  if ((first === '-' || first === '?' || first === ':') && followedBySpace) return false;
  if (s.includes(': ') || s.endsWith(':') || s.includes(' #')) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b-\u001f\u007f]/.test(s)) return false;
  return true;
}

/** Fold at the first space after the column passes best_width, as libyaml's write_plain does. */
function fold(s: string, startColumn: number, indent: number): string {
  let out = '';
  let column = startColumn;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === ' ' && column > BEST_WIDTH && s[i + 1] !== ' ' && s[i - 1] !== ' ') {
      out += '\n' + ' '.repeat(indent);
      column = indent;
      continue;
    }
    out += c;
    column++;
  }
  return out;
}

function scalar(s: string, column: number, indent: number): string {
  if (s.includes('\n')) {
    const chomp = s.endsWith('\n') ? (s.endsWith('\n\n') ? '+' : '') : '-';
    const lead = s.startsWith(' ') ? '2' : '';
    const body = (s.endsWith('\n') ? s.slice(0, -1) : s).split('\n');
    return `|${lead}${chomp}\n` + body.map((l) => (l === '' ? '' : ' '.repeat(indent) + l)).join('\n');
  }
  if (resolvesToNonString(s)) return JSON.stringify(s);
  if (plainAllowed(s)) return fold(s, column, indent);
  return fold(`'${s.replace(/'/g, "''")}'`, column, indent);
}

function isMap(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function keyText(k: string): string {
  return resolvesToNonString(k) || !plainAllowed(k) ? scalar(k, 0, 0) : k;
}

function emit(v: unknown, indent: number, column: number): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return scalar(v, column, indent + 2);
  if (typeof v !== 'object') return String(v);
  if (Array.isArray(v)) return v.length === 0 ? '[]' : '\n' + emitSeq(v, indent);
  const m = v as Record<string, unknown>;
  const keys = Object.keys(m).filter((k) => m[k] !== undefined);
  return keys.length === 0 ? '{}' : '\n' + emitMap(m, indent);
}

function emitMap(m: Record<string, unknown>, indent: number): string {
  const pad = ' '.repeat(indent);
  return Object.keys(m)
    .filter((k) => m[k] !== undefined)
    .sort()
    .map((k) => {
      const val = m[k];
      const head = `${pad}${keyText(k)}:`;
      // Sequences sit at their key's indentation; maps are indented by two.
      const childIndent = Array.isArray(val) ? indent : indent + 2;
      // A literal block's lines sit two columns right of their key (go-yaml's best_indent).
      const body = typeof val === 'string' ? scalar(val, head.length + 1, indent + 2) : emit(val, childIndent, head.length + 1);
      return body.startsWith('\n') ? head + body : `${head} ${body}`;
    })
    .join('\n');
}

function emitSeq(a: unknown[], indent: number): string {
  const pad = ' '.repeat(indent);
  return a
    .map((item) => {
      if (isMap(item) && Object.keys(item).length > 0) {
        // The first key shares the line with the dash.
        return `${pad}- ${emitMap(item, indent + 2).slice(indent + 2)}`;
      }
      if (Array.isArray(item) && item.length > 0) return `${pad}- ${emitSeq(item, indent + 2).slice(indent + 2)}`;
      return `${pad}- ${emit(item, indent, indent + 2)}`;
    })
    .join('\n');
}

/** yaml.Marshal of a JSON value, ending with a newline. */
export function goYaml(v: unknown): string {
  if (isMap(v)) return Object.keys(v).length === 0 ? '{}\n' : emitMap(v, 0) + '\n';
  if (Array.isArray(v)) return v.length === 0 ? '[]\n' : emitSeq(v, 0) + '\n';
  return emit(v, 0, 0) + '\n';
}
