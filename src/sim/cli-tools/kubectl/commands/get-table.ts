// `kubectl get`'s human-readable output (default and -o wide): the Tables the apiserver printed,
// one per request, printed in turn as kubectl v1.31's get.go Run does. --sort-by acts twice, as it
// does there: RuntimeSorter first orders the responses themselves (so with two or more responses
// the path must exist on a Table, or it is an error), then SortingPrinter sorts the rows of each
// Table with more than one row by the objects they carry (includeObject=Object). A Table whose rows
// cannot be sorted prints nothing, because get.go ignores the printer's error.

import type { Table } from '../../../apiserver/table';
import type { KubectlError } from '../errors';
import { tabwrite, KUBECTL_TABLE } from '../../common/tabwriter';
import { kindPrefix, tableText } from '../printers/table-print';
import type { GetJob } from './get';
import { sortByPath } from './sort-by';

interface Response {
  target: GetJob['targets'][number];
  table: Table;
}

/** What the tables print, or the sorter's error. */
export function printTables(job: GetJob): string | KubectlError {
  let responses: Response[] = job.targets.flatMap((target) => target.tables.map((table) => ({ target, table })));
  if (job.sortBy && responses.length > 1) {
    const sorted = sortByPath(responses, (r) => r.table, job.sortBy);
    if (!Array.isArray(sorted)) return sorted;
    responses = sorted;
  }
  let out = '';
  let chunk = '';
  let last: Response['target'] | undefined;
  let printedHeaders = false;
  // kubectl's ToPrinter copies its print flags shallowly, so once a namespaced type has been printed
  // with -A, the WithNamespace it set stays set: cluster-scoped types after it (`get pvc,sc -A`)
  // get an empty NAMESPACE column too, while before it (`get sc,pvc -A`) they do not.
  let withNamespace = false;
  const flush = (): void => {
    // One tabwriter per type, flushed when the type changes; an empty line before a new type's
    // output when something was written before.
    const table = tabwrite(chunk, KUBECTL_TABLE);
    chunk = '';
    if (table === '') return;
    if (out !== '' && !job.noHeaders) out += '\n';
    out += table;
  };
  for (const { target, table } of responses) {
    if (target !== last) {
      flush();
      last = target;
      printedHeaders = false;
    }
    withNamespace ||= job.allNamespaces && target.info.namespaced;
    let rows = table.rows ?? [];
    if (job.sortBy && rows.length > 1) {
      const sortedRows = sortByPath(rows, (r) => r.object, job.sortBy);
      if (!Array.isArray(sortedRows)) continue;
      rows = sortedRows;
    }
    chunk += tableText(
      { ...table, rows },
      {
        wide: job.output === 'wide',
        withNamespace,
        kind: job.withKind ? kindPrefix(target.info) : undefined,
        showLabels: job.showLabels,
        // One printer per type prints its header once, with its first rows.
        noHeaders: job.noHeaders || printedHeaders,
        labelColumns: job.labelColumns,
      },
    );
    if (rows.length > 0) printedHeaders = true;
  }
  flush();
  return out;
}
