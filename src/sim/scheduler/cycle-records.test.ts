import { describe, expect, it } from 'vitest';
import type { SchedulingCycleRecord } from './framework/cycle';
import { keepCycleRecord, podLeft, RECORDS_OF_GONE_PODS, RECORDS_PER_POD, type CycleRecords } from './cycle-records';

const rec = (pod: string, cycle = 1): SchedulingCycleRecord => ({ cycle, pod, time: cycle, nodeNames: [], filterRuns: [], numAllNodes: 3, numFeasibleToFind: 3 });

describe('the scheduler\'s cycle records', () => {
  it('keep the last five cycles of a pod', () => {
    const s: CycleRecords = { records: new Map() };
    for (let i = 1; i <= 7; i++) keepCycleRecord(s, rec('default/web', i));
    expect(s.records.get('default/web')!.map((r) => r.cycle)).toEqual([3, 4, 5, 6, 7]);
    expect(RECORDS_PER_POD).toBe(5);
  });

  it('of pods that left the informer are kept for the last hundred such pods only', () => {
    const s: CycleRecords = { records: new Map() };
    keepCycleRecord(s, rec('default/live'));
    for (let i = 0; i < RECORDS_OF_GONE_PODS + 20; i++) {
      keepCycleRecord(s, rec(`default/p${i}`));
      podLeft(s, `default/p${i}`);
    }
    expect(s.records.size).toBe(RECORDS_OF_GONE_PODS + 1);
    expect(s.records.has('default/live')).toBe(true);
    expect(s.records.has('default/p19')).toBe(false);
    expect(s.records.has('default/p20')).toBe(true);
  });

  it('of a pod that came back under the same name (a StatefulSet\'s web-0) are tracked again', () => {
    const s: CycleRecords = { records: new Map() };
    keepCycleRecord(s, rec('default/web-0', 1));
    podLeft(s, 'default/web-0');
    keepCycleRecord(s, rec('default/web-0', 2));
    for (let i = 0; i < RECORDS_OF_GONE_PODS + 1; i++) {
      keepCycleRecord(s, rec(`default/p${i}`));
      podLeft(s, `default/p${i}`);
    }
    expect(s.records.get('default/web-0')!.map((r) => r.cycle)).toEqual([1, 2]);
  });
});
