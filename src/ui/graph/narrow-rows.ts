// The graph in a narrow pane (issue 11, "A graph that stays readable": the inspector open beside it
// at 1280x720 leaves about 650 px). Past the arrangements layout.ts tries (one row or two, the laptop
// and the registry always beside the first), the regions that are not workers wrap like words on a
// line: the laptop first, then the control plane, the etcd box, the Services band, the Pending tray,
// and the registry last, each row as full as the pane's width at 11 px allows. The laptop keeps the
// control plane on its right (its kubectl -> apiserver edge short and flat); the registry ends up
// nearest the workers whose image pulls run to it.

/** A region in the wrapped rows: its size, and the gap it keeps from the region before it and after it. */
export interface RowItem {
  w: number;
  h: number;
  gapBefore?: number;
  gapAfter?: number;
}

/** The gap between two regions side by side: the larger of what each keeps, `gap` by default. */
export function gapBetween(a: RowItem, b: RowItem, gap: number): number {
  return Math.max(a.gapAfter ?? gap, b.gapBefore ?? gap);
}

/** A row's width: its regions and the gaps between them. */
export function rowWidth(row: readonly RowItem[], gap: number): number {
  return row.reduce((s, it, i) => s + it.w + (i ? gapBetween(row[i - 1]!, it, gap) : 0), 0);
}

/**
 * The regions in order, in rows no wider than `maxW` (a region wider than that alone in its row).
 * Deterministic: the same items and width give the same rows.
 */
export function wrapRows<T extends RowItem>(items: readonly T[], maxW: number, gap: number): T[][] {
  const rows: T[][] = [];
  let row: T[] = [];
  for (const it of items) {
    if (row.length && rowWidth([...row, it], gap) > maxW) {
      rows.push(row);
      row = [];
    }
    row.push(it);
  }
  if (row.length) rows.push(row);
  return rows;
}

/** How many worker columns `ww` wide with `gap` between fit in `maxW` (at least one, at most `n`). */
export function columnsWithin(maxW: number, ww: number, gap: number, n: number): number {
  return Math.max(1, Math.min(n, Math.floor((maxW + gap) / (ww + gap))));
}
