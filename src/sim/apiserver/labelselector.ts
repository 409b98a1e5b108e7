// Label selectors in their string form (`?labelSelector=app=web,tier in (front,back),!canary`), as
// k8s.io/apimachinery/pkg/labels.Parse reads them: equality (`=`, `==`, `!=`), set-based (`in`,
// `notin`) and existence (`key`, `!key`), all of which must hold.

export interface LabelRequirement {
  key: string;
  op: '=' | '!=' | 'in' | 'notin' | 'exists' | '!';
  values: string[];
}

/** Split on commas that are not inside parentheses. */
function splitTerms(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of s) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

function parseTerm(term: string): LabelRequirement | undefined {
  const t = term.trim();
  const set = /^([^\s!=]+)\s+(in|notin)\s*\(([^)]*)\)$/.exec(t);
  if (set) {
    const values = set[3]!.split(',').map((v) => v.trim()).filter((v) => v !== '');
    return { key: set[1]!, op: set[2] as 'in' | 'notin', values };
  }
  const ne = t.indexOf('!=');
  if (ne > 0) return { key: t.slice(0, ne).trim(), op: '!=', values: [t.slice(ne + 2).trim()] };
  const dbl = t.indexOf('==');
  if (dbl > 0) return { key: t.slice(0, dbl).trim(), op: '=', values: [t.slice(dbl + 2).trim()] };
  const eq = t.indexOf('=');
  if (eq > 0) return { key: t.slice(0, eq).trim(), op: '=', values: [t.slice(eq + 1).trim()] };
  if (/^![^\s!=(),]+$/.test(t)) return { key: t.slice(1), op: '!', values: [] };
  if (/^[^\s!=(),]+$/.test(t)) return { key: t, op: 'exists', values: [] };
  return undefined;
}

/** Parse a label selector; returns an error message for a term it cannot read. Empty selects everything. */
export function parseLabelSelector(s: string): LabelRequirement[] | string {
  if (s.trim() === '') return [];
  const out: LabelRequirement[] = [];
  for (const term of splitTerms(s)) {
    const r = parseTerm(term);
    if (!r) return `unable to parse requirement: found '${term.trim()}', expected: identifier`;
    out.push(r);
  }
  return out;
}

export function matchesLabels(labels: Record<string, string> | undefined, reqs: LabelRequirement[]): boolean {
  const l = labels ?? {};
  for (const r of reqs) {
    const has = Object.prototype.hasOwnProperty.call(l, r.key);
    const v = l[r.key];
    switch (r.op) {
      case '=':
        if (!has || v !== r.values[0]) return false;
        break;
      case '!=':
        if (has && v === r.values[0]) return false;
        break;
      case 'in':
        if (!has || !r.values.includes(v!)) return false;
        break;
      case 'notin':
        if (has && r.values.includes(v!)) return false;
        break;
      case 'exists':
        if (!has) return false;
        break;
      case '!':
        if (has) return false;
        break;
    }
  }
  return true;
}
