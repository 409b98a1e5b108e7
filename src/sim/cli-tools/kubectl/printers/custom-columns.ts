// `-o custom-columns=HEADER:.json.path,...` (cli-runtime printers/customcolumn.go, v1.31): one
// column per `HEADER:expr` (the expression relaxed to `{.expr}`), headers as written, each cell the
// values the path finds joined by commas (`<none>` when it finds nothing), as fmt.Sprint prints them.

import type { KubeObject } from '../../../api/types';
import { evalPath, parsePath, relaxedJsonPath } from '../../common/jsonpath';
import { tabwrite, KUBECTL_TABLE } from '../../common/tabwriter';

export interface CustomColumn {
  header: string;
  path: string;
}

/** NewCustomColumnsPrinterFromSpec: the columns, or the error kubectl prints. */
export function parseCustomColumns(spec: string): CustomColumn[] | string {
  if (spec.length === 0) return 'custom-columns format specified but no custom columns given';
  const cols: CustomColumn[] = [];
  for (const part of spec.split(',')) {
    const i = part.indexOf(':');
    if (i < 0) return `unexpected custom-columns spec: ${part}, expected <header>:<json-path-expr>`;
    cols.push({ header: part.slice(0, i), path: relaxedJsonPath(part.slice(i + 1)) });
  }
  return cols;
}

/** fmt.Sprint of a decoded JSON value: maps as `map[k:v]` with sorted keys, slices as `[a b]`. */
export function goSprint(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (Array.isArray(v)) return `[${v.map(goSprint).join(' ')}]`;
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `map[${Object.keys(o).sort().map((k) => `${k}:${goSprint(o[k])}`).join(' ')}]`;
  }
  return String(v);
}

export function renderCustomColumns(cols: CustomColumn[], items: KubeObject[], noHeaders: boolean): string {
  const steps = cols.map((c) => parsePath(c.path.slice(1, -1)));
  let text = noHeaders ? '' : cols.map((c) => c.header).join('\t') + '\n';
  for (const obj of items) {
    const cells = steps.map((s) => {
      const found = evalPath(s, obj).filter((x) => x !== undefined);
      return found.length ? found.map(goSprint).join(',') : '<none>';
    });
    text += cells.join('\t') + '\n';
  }
  return tabwrite(text, KUBECTL_TABLE);
}
