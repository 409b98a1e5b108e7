// --sort-by (kubectl pkg/cmd/get/sorter.go): a JSONPath's first value of each object, compared as
// isLess compares them. Used on objects (-o name, json, yaml), on a Table's rows (by the object each
// row carries) and on the responses themselves (get-table.ts).

import { compareQuantity, tryParseQuantity } from '../../../api/quantity';
import { evalPath, parsePath, relaxedJsonPath } from '../../common/jsonpath';
import { plain, type KubectlError } from '../errors';

/**
 * sorter.go isLess: numbers by value; two strings that both parse as quantities (`250m`, `1Gi`)
 * by quantity, any other strings byte by byte; a missing value sorts first.
 */
function compareValues(a: unknown, b: unknown): number {
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? -1 : 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = String(a);
  const y = String(b);
  const qx = typeof a === 'string' ? tryParseQuantity(x) : undefined;
  const qy = qx && typeof b === 'string' ? tryParseQuantity(y) : undefined;
  if (qx && qy) return compareQuantity(qx, qy);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * --sort-by: a stable sort on the JSONPath's first value of each object (kubectl sorter.go). A
 * Table is sorted row by row on the objects its rows carry (TableSorter, includeObject=Object).
 */
export function sortByPath<T>(entries: T[], objectOf: (e: T) => unknown, sortBy: string): T[] | KubectlError {
  const expr = relaxedJsonPath(sortBy);
  const steps = parsePath(expr.slice(1, -1));
  const keyed = entries.map((e) => ({ e, v: evalPath(steps, objectOf(e))[0] }));
  if (entries.length > 0 && keyed.every((k) => k.v === undefined)) {
    return plain(`couldn't find any field with path "${expr}" in the list of objects`);
  }
  return keyed
    .map((k, i) => ({ ...k, i }))
    .sort((a, b) => compareValues(a.v, b.v) || a.i - b.i)
    .map((k) => k.e);
}

