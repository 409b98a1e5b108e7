// A deterministic measure of how much a simulation holds: walk the world (every process's state
// and persisted data, the queue, the trace, the logs) and count the entries of every Map, Set and
// array, each container once however many places share it. Heap bytes depend on the garbage
// collector's mood; this count depends only on the run, so a test can assert that it stops growing.
// The count is also kept per path (`processes{kubelet/worker-N}.state.workers`), so a test that
// finds growth can say where.

export interface Census {
  /** Entries of every Map, Set and array reachable from the root. */
  total: number;
  /** The same, per path; Map keys become `{}` except process ids, arrays `[]`. */
  byPath: Map<string, number>;
}

/** `kubelet/worker-2` -> `kubelet/worker-N`: the nodes' processes are counted together. */
const processKey = (id: unknown): string => String(id).replace(/worker-\d+|control-plane(-\d+)?/, 'N');

export function census(root: unknown): Census {
  const seen = new WeakSet<object>();
  const byPath = new Map<string, number>();
  let total = 0;
  const count = (path: string, n: number): void => {
    byPath.set(path, (byPath.get(path) ?? 0) + n);
    total += n;
  };
  const stack: [unknown, string][] = [[root, '']];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (v === null || typeof v !== 'object' || seen.has(v)) continue;
    seen.add(v);
    if (v instanceof Map) {
      count(path, v.size);
      for (const [k, x] of v) stack.push([x, path === 'processes' ? `processes{${processKey(k)}}` : `${path}{}`]);
    } else if (v instanceof Set) {
      count(path, v.size);
      for (const x of v) stack.push([x, `${path}<>`]);
    } else if (Array.isArray(v)) {
      count(path, v.length);
      for (const x of v) stack.push([x, `${path}[]`]);
    } else {
      for (const [k, x] of Object.entries(v)) stack.push([x, path ? `${path}.${k}` : k]);
    }
  }
  return { total, byPath };
}

/** The paths that grew most from `before` to `after`, biggest first: `+812 processes{etcd/etcd-1}.persisted.store.log`. */
export function growth(before: Census, after: Census, top = 10): string[] {
  const rows: [string, number][] = [];
  for (const [path, n] of after.byPath) {
    const d = n - (before.byPath.get(path) ?? 0);
    if (d > 0) rows.push([path, d]);
  }
  rows.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return rows.slice(0, top).map(([p, d]) => `+${d} ${p}`);
}
