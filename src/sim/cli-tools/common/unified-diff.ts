// GNU diff's unified format (`diff -u`, three lines of context), as kubectl diff shows it: a
// longest-common-subsequence edit script, grouped into hunks `@@ -a,b +c,d @@` where a range of one
// line is written without its count and an empty range names the line before it (`-0,0`).

const CONTEXT = 3;

type Op = { t: ' ' | '-' | '+'; line: string };

function editScript(a: string[], b: string[]): Op[] {
  const n = a.length;
  const m = b.length;
  // lcs[i][j]: the LCS length of a[i..] and b[j..].
  const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      ops.push({ t: ' ', line: a[i++]! });
      j++;
    } else if (j === m || (i < n && lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) {
      // Deletions before insertions, as GNU diff writes a changed block.
      ops.push({ t: '-', line: a[i++]! });
    } else ops.push({ t: '+', line: b[j++]! });
  }
  return ops;
}

const range = (start: number, count: number): string => (count === 1 ? `${start}` : `${count === 0 ? start - 1 : start},${count}`);

/** The hunks of `diff -u` between two texts (split on newlines), or '' when they are equal. */
export function unifiedHunks(from: string, to: string): string {
  const split = (s: string): string[] => (s === '' ? [] : s.replace(/\n$/, '').split('\n'));
  const ops = editScript(split(from), split(to));
  const changed = ops.map((o, k) => (o.t !== ' ' ? k : -1)).filter((k) => k >= 0);
  if (changed.length === 0) return '';
  let out = '';
  let k = 0;
  while (k < changed.length) {
    const start = Math.max(0, changed[k]! - CONTEXT);
    let end = changed[k]!;
    // Changes closer than twice the context share one hunk.
    while (k + 1 < changed.length && changed[k + 1]! - end <= 2 * CONTEXT) end = changed[++k]!;
    k++;
    const stop = Math.min(ops.length, end + CONTEXT + 1);
    let aLine = 1;
    let bLine = 1;
    for (const o of ops.slice(0, start)) {
      if (o.t !== '+') aLine++;
      if (o.t !== '-') bLine++;
    }
    const body = ops.slice(start, stop);
    const aCount = body.filter((o) => o.t !== '+').length;
    const bCount = body.filter((o) => o.t !== '-').length;
    out += `@@ -${range(aLine, aCount)} +${range(bLine, bCount)} @@\n` + body.map((o) => `${o.t}${o.line}\n`).join('');
  }
  return out;
}
