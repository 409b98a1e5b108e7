// What a mutating admission plugin changed, as field paths (`spec.tolerations`,
// `spec.containers[0].resources.requests`): the sequence diagram's admission lane says "which
// plugin changed what" (issue 11). A field the plugin added or replaced whole is named once; the
// walk does not go inside it.

import { sameJsonText } from '../../api/json-equal';

const MAX_PATHS = 6;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  // As their JSON texts compared, without writing them: the walk asks again at every level.
  return sameJsonText(a, b);
}

function walk(a: unknown, b: unknown, path: string, out: string[]): void {
  if (out.length >= MAX_PATHS || same(a, b)) return;
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of [...keys].sort()) {
      if (!Object.hasOwn(a, k) || !Object.hasOwn(b, k)) {
        if (!same(a[k], b[k])) out.push(path ? `${path}.${k}` : k);
      } else walk(a[k], b[k], path ? `${path}.${k}` : k, out);
      if (out.length >= MAX_PATHS) return;
    }
    return;
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    for (let i = 0; i < a.length && out.length < MAX_PATHS; i++) walk(a[i], b[i], `${path}[${i}]`, out);
    return;
  }
  out.push(path || '.');
}

/** The paths where `after` differs from `before`, sorted, at most six. */
export function changedPaths(before: unknown, after: unknown): string[] {
  const out: string[] = [];
  walk(before, after, '', out);
  return out;
}
