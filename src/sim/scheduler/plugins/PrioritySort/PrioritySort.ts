// PrioritySort (plugins/queuesort): the activeQ order. Higher spec.priority first, then the earlier
// time the pod entered the queue.

export interface QueuedPodOrder {
  priority: number;
  timestamp: number;
}

export const PrioritySortName = 'PrioritySort';

export function prioritySortLess(a: QueuedPodOrder, b: QueuedPodOrder): boolean {
  return a.priority > b.priority || (a.priority === b.priority && a.timestamp < b.timestamp);
}
