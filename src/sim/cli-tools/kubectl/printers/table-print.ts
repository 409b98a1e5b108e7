// kubectl's table printer for a meta.k8s.io/v1 Table the apiserver printed (cli-runtime
// printers/tableprinter.go, decorateTable and printTable). kubectl computes no cell of its own: it
// keeps the columns of priority 0 (all of them with -o wide), puts NAMESPACE first (-A), prefixes
// the `name`-format column with the lower-cased kind (several kinds printed), and adds one column
// per -L label and LABELS last (--show-labels) from each row's object metadata. Cells are joined
// by tabs for the tabwriter.

import type { KubeObject } from '../../../api/types';
import type { ResourceInfo } from '../../../api/resources';
import { tabwrite, KUBECTL_TABLE } from '../../common/tabwriter';
import { formatLabels } from '../../../apiserver/printers/tables';
import { toTable, type Table } from '../../../apiserver/table';

/** What kubectl get sends when it prints a table (kubectl pkg/cmd/get/get.go, transformRequests). */
export const TABLE_ACCEPT = 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json';

export interface TableOptions {
  wide: boolean;
  withNamespace: boolean;
  /** Several kinds are printed: the name column reads `kind[.group]/name` (GroupKind.String(), lower-cased). */
  kind?: string;
  showLabels: boolean;
  noHeaders: boolean;
  /** -L: one column per label key, headed by the key's last `/` segment upper-cased, the value or empty. */
  labelColumns?: string[];
}

/** `pod`, `deployment.apps`: how kubectl names the kind before a name (schema.GroupKind.String()). */
export function kindPrefix(info: ResourceInfo): string {
  return `${info.kind}${info.group ? '.' + info.group : ''}`.toLowerCase();
}

/** The escape character, which printers.WriteEscaped shows as `^[` so a cell cannot drive the terminal. */
const ESC = String.fromCharCode(0x1b);

/** A cell as printTable writes it: nothing for nil, cut at the first line break (then `...`), ESC shown as ^[. */
function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  let s = typeof cell === 'string' ? cell : String(cell);
  let cut = false;
  const i = typeof cell === 'string' ? s.search(/[\f\n\r]/) : -1;
  if (i >= 0) {
    s = s.slice(0, i);
    cut = true;
  }
  s = s.split(ESC).join('^[');
  return cut ? s + '...' : s;
}

interface RowMeta {
  namespace?: string;
  labels?: Record<string, string>;
}

function metaOf(object: unknown): RowMeta | undefined {
  const m = (object as { metadata?: RowMeta } | null | undefined)?.metadata;
  return m && typeof m === 'object' ? m : undefined;
}

/** The header line (when printed) and one line per row, tab-separated, before the tabwriter aligns them. */
export function tableText(table: Table, o: TableOptions): string {
  const cols = table.columnDefinitions ?? [];
  const rows = table.rows ?? [];
  // printTable writes no header for a table without rows.
  if (rows.length === 0) return '';
  const shown = cols.map((c) => o.wide || c.priority === 0);
  const nameColumn = o.kind !== undefined ? cols.findIndex((c) => c.format === 'name' && c.type === 'string') : -1;
  let text = '';
  if (!o.noHeaders) {
    const headers = cols.filter((_, i) => shown[i]).map((c) => c.name.toUpperCase());
    if (o.withNamespace) headers.unshift('NAMESPACE');
    for (const l of o.labelColumns ?? []) headers.push(l.split('/').pop()!.toUpperCase());
    if (o.showLabels) headers.push('LABELS');
    text += headers.join('\t') + '\n';
  }
  for (const row of rows) {
    const cells: string[] = [];
    (row.cells ?? []).forEach((c, i) => {
      if (i >= cols.length || !shown[i]) return;
      cells.push(i === nameColumn ? `${o.kind}/${cellText(c)}` : cellText(c));
    });
    const m = metaOf(row.object);
    if (o.withNamespace) cells.unshift(m?.namespace ?? '');
    for (const l of o.labelColumns ?? []) cells.push(m?.labels?.[l] ?? '');
    if (o.showLabels) cells.push(m ? formatLabels(m.labels) : '');
    text += cells.join('\t') + '\n';
  }
  return text;
}

/** One aligned table: the client's printing of the server's Table. */
export function printTable(table: Table, o: TableOptions): string {
  return tabwrite(tableText(table, o), KUBECTL_TABLE);
}

/**
 * The apiserver's Table for these objects at `now`, printed as kubectl prints it: what a GET with
 * the Table Accept header shows, for printer tests that start from objects.
 */
export function renderTable(
  info: ResourceInfo,
  items: KubeObject[],
  o: Omit<TableOptions, 'kind'> & { now: number; withKind: boolean },
): string {
  const table = toTable(info, items, o.now, undefined, undefined);
  return printTable(table, { ...o, kind: o.withKind ? kindPrefix(info) : undefined });
}
