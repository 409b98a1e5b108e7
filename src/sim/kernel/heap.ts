// The event queue: a binary min-heap ordered by (time, seq). `seq` is a counter assigned when an
// event is queued, so two events at the same virtual time fire in the order they were queued and
// the simulation stays deterministic. The heap is a plain array, so it survives structuredClone.

export interface HeapItem {
  time: number;
  seq: number;
}

function less(a: HeapItem, b: HeapItem): boolean {
  return a.time < b.time || (a.time === b.time && a.seq < b.seq);
}

export function heapPush<T extends HeapItem>(heap: T[], item: T): void {
  heap.push(item);
  let i = heap.length - 1;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (!less(heap[i]!, heap[parent]!)) break;
    [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
    i = parent;
  }
}

export function heapPeek<T extends HeapItem>(heap: T[]): T | undefined {
  return heap[0];
}

function siftDown(heap: HeapItem[], i: number): void {
  for (;;) {
    const l = 2 * i + 1;
    const r = l + 1;
    let m = i;
    if (l < heap.length && less(heap[l]!, heap[m]!)) m = l;
    if (r < heap.length && less(heap[r]!, heap[m]!)) m = r;
    if (m === i) break;
    [heap[i], heap[m]] = [heap[m]!, heap[i]!];
    i = m;
  }
}

export function heapPop<T extends HeapItem>(heap: T[]): T | undefined {
  if (heap.length === 0) return undefined;
  const top = heap[0]!;
  const last = heap.pop()!;
  if (heap.length > 0) {
    heap[0] = last;
    siftDown(heap, 0);
  }
  return top;
}

/**
 * Drop every item `gone` picks and make the rest a heap again (Floyd's bottom-up build, O(n)). As
 * (time, seq) orders all items, the rest still pop in exactly the order they would have.
 */
export function heapRemoveWhere<T extends HeapItem>(heap: T[], gone: (item: T) => boolean): void {
  let n = 0;
  for (const item of heap) if (!gone(item)) heap[n++] = item;
  heap.length = n;
  for (let i = (n >> 1) - 1; i >= 0; i--) siftDown(heap, i);
}
