// One table as cli-runtime's table printer writes it: upper-case headers, an optional NAMESPACE
// column first (-A), `kind/name` names when several kinds are printed, LABELS last
// (--show-labels), after any -L label columns; cells joined by tabs for the tabwriter.

import type { KubeObject } from '../../../api/types';
import type { ResourceInfo } from '../../../api/resources';
import { tabwrite, KUBECTL_TABLE } from '../../common/tabwriter';
import { columnsFor, formatLabels, printerFor } from '../../../apiserver/printers/tables';

export interface TableOptions {
  now: number;
  wide: boolean;
  withNamespace: boolean;
  withKind: boolean;
  showLabels: boolean;
  noHeaders: boolean;
  /** -L: one column per label key, headed by the key's last `/` segment upper-cased, the value or empty. */
  labelColumns?: string[];
}

export function renderTable(info: ResourceInfo, items: KubeObject[], o: TableOptions): string {
  return tabwrite(tableText(info, items, o), KUBECTL_TABLE);
}

/** The table as tab-separated lines, before the tabwriter aligns it (`get -w` aligns chunk by chunk). */
export function tableText(info: ResourceInfo, items: KubeObject[], o: TableOptions): string {
  const printer = printerFor(info.resource);
  let text = '';
  if (!o.noHeaders) {
    const headers = columnsFor(printer, info.resource, o.wide).map((c) => c.toUpperCase());
    if (o.withNamespace) headers.unshift('NAMESPACE');
    for (const l of o.labelColumns ?? []) headers.push(l.split('/').pop()!.toUpperCase());
    if (o.showLabels) headers.push('LABELS');
    text += headers.join('\t') + '\n';
  }
  for (const obj of items) {
    const cells = printer.row(obj, o.now, o.wide);
    // The NAME column is the first one for every printer but events.
    if (o.withKind && info.resource !== 'events') {
      cells[0] = `${info.kind.toLowerCase()}${info.group ? '.' + info.group : ''}/${cells[0]}`;
    }
    if (o.withNamespace) cells.unshift(obj.metadata.namespace ?? '');
    for (const l of o.labelColumns ?? []) cells.push(obj.metadata.labels?.[l] ?? '');
    if (o.showLabels) cells.push(formatLabels(obj.metadata.labels));
    text += cells.join('\t') + '\n';
  }
  return text;
}
