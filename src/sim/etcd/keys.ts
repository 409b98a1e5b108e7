// Key ranges as etcd defines them: a request names [key, rangeEnd); no rangeEnd means the single
// key; rangeEnd '\0' means every key >= key. Keys compare in byte order; Kubernetes keys are ASCII,
// so comparing JavaScript strings by UTF-16 code units gives the same order.

/**
 * The rangeEnd that selects every key with this prefix, as clientv3.GetPrefixRangeEnd: increment
 * the last byte that is below 0xff and drop what follows; if there is none, '\0' (every key >= key).
 */
export function prefixRangeEnd(prefix: string): string {
  for (let i = prefix.length - 1; i >= 0; i--) {
    const c = prefix.charCodeAt(i);
    if (c < 0xff) return prefix.slice(0, i) + String.fromCharCode(c + 1);
  }
  return '\0';
}

/** Whether key lies in [start, end) under etcd's conventions (end undefined or '' = the single key start). */
export function inRange(key: string, start: string, end: string | undefined): boolean {
  if (end === undefined || end === '') return key === start;
  if (end === '\0') return key >= start;
  return key >= start && key < end;
}
