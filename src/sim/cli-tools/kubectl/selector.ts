// Label selectors as `-l` takes them (apimachinery labels.Parse): `app=web`, `app==web`,
// `tier!=db`, `env in (a,b)`, `env notin (a)`, `app`, `!app`, joined by commas. kubectl sends the
// selector to the apiserver; the client filters too so a result never contradicts the selector.

type Requirement = { key: string; op: 'in' | 'notin' | 'exists' | '!'; values: string[] };

export function parseSelector(s: string): Requirement[] | undefined {
  const reqs: Requirement[] = [];
  // Split on commas that are not inside parentheses.
  const parts: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of s) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(cur);
      cur = '';
    } else cur += ch;
  }
  if (cur.trim() !== '') parts.push(cur);
  for (const raw of parts) {
    const p = raw.trim();
    let m: RegExpExecArray | null;
    if ((m = /^([^\s!=]+)\s*(==|=|!=)\s*(\S*)$/.exec(p))) {
      reqs.push({ key: m[1]!, op: m[2] === '!=' ? 'notin' : 'in', values: [m[3]!] });
    } else if ((m = /^(\S+)\s+(in|notin)\s+\(([^)]*)\)$/.exec(p))) {
      reqs.push({ key: m[1]!, op: m[2] as 'in' | 'notin', values: m[3]!.split(',').map((v) => v.trim()) });
    } else if ((m = /^!\s*(\S+)$/.exec(p))) reqs.push({ key: m[1]!, op: '!', values: [] });
    else if (/^[^\s!=(),]+$/.test(p)) reqs.push({ key: p, op: 'exists', values: [] });
    else return undefined;
  }
  return reqs;
}

export function matchesSelector(reqs: Requirement[], labels: Record<string, string> | undefined): boolean {
  const l = labels ?? {};
  return reqs.every((r) => {
    const has = r.key in l;
    switch (r.op) {
      case 'in':
        return has && r.values.includes(l[r.key]!);
      case 'notin':
        return !has || !r.values.includes(l[r.key]!);
      case 'exists':
        return has;
      case '!':
        return !has;
    }
  });
}
