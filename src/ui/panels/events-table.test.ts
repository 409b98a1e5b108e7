import { describe, expect, it } from 'vitest';
import type { ObjectView } from '../../protocol/view';
import { eventRow, eventRows, eventsFor, lastSeen, sortRows } from './events-table';

function ev(name: string, o: Record<string, unknown>): ObjectView {
  return { id: `events/default/${name}`, kind: 'Event', namespace: 'default', name, resourceVersion: '1', object: o };
}

const scheduled = ev('web.1', {
  type: 'Normal',
  reason: 'Scheduled',
  message: 'Successfully assigned default/web to worker-1',
  involvedObject: { kind: 'Pod', namespace: 'default', name: 'web', uid: 'u1' },
  source: { component: 'default-scheduler' },
  firstTimestamp: '2024-08-13T09:00:01Z',
  lastTimestamp: '2024-08-13T09:00:01Z',
  count: 1,
});
const failed = ev('web.2', {
  type: 'Warning',
  reason: 'Failed',
  message: 'Failed to pull image "ngnix:1.25"',
  involvedObject: { kind: 'Pod', namespace: 'default', name: 'web', uid: 'u1' },
  source: { component: 'kubelet', host: 'worker-1' },
  firstTimestamp: '2024-08-13T09:00:03Z',
  lastTimestamp: '2024-08-13T09:00:20Z',
  count: 3,
});
const nodeEvent = ev('worker-1.3', {
  type: 'Normal',
  reason: 'NodeReady',
  involvedObject: { kind: 'Node', name: 'worker-1' },
  firstTimestamp: '2024-08-13T09:00:00Z',
  reportingComponent: 'kubelet',
  reportingInstance: 'worker-1',
});

// Columns as kubectl's printEvent computes them (pkg/printers/internalversion/printers.go).
describe('eventRow', () => {
  it('names the object as lower-case kind/name and the source as component, host', () => {
    expect(eventRow(failed)).toMatchObject({ object: 'pod/web', source: 'kubelet, worker-1', count: 3, type: 'Warning', lastSeenAt: 20_000 });
  });
  it('falls back to the first timestamp, the reporting component and a count of 1', () => {
    expect(eventRow(nodeEvent)).toMatchObject({ object: 'node/worker-1', source: 'kubelet, worker-1', count: 1, lastSeenAt: 0 });
  });
});

describe('lastSeen', () => {
  it('prints the age of the last occurrence on the simulated clock', () => {
    expect(lastSeen(eventRow(failed), 62_000)).toBe('42s');
  });
});

describe('sortRows', () => {
  const rows = eventRows({ a: scheduled, b: failed, c: nodeEvent, d: { ...scheduled, kind: 'Pod', id: 'pods/default/web' } });
  it('keeps only Event objects', () => {
    expect(rows).toHaveLength(3);
  });
  it('sorts by last seen, oldest first', () => {
    expect(sortRows(rows, 'lastSeen', 'asc').map((r) => r.reason)).toEqual(['NodeReady', 'Scheduled', 'Failed']);
  });
  it('sorts by a text column in either direction', () => {
    expect(sortRows(rows, 'reason', 'desc').map((r) => r.reason)).toEqual(['Scheduled', 'NodeReady', 'Failed']);
  });
});

describe('eventsFor', () => {
  it('finds the events of one object by uid, or by kind and name without one', () => {
    const rows = eventRows({ a: scheduled, b: failed, c: nodeEvent });
    expect(eventsFor(rows, { kind: 'Pod', namespace: 'default', name: 'web', uid: 'u1' })).toHaveLength(2);
    expect(eventsFor(rows, { kind: 'Node', namespace: '', name: 'worker-1' })).toHaveLength(1);
  });
});
