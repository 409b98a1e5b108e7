import { describe, expect, it } from 'vitest';
import type { Phase } from '../../sim/kernel/component';
import type { TraceRecord } from '../../sim/kernel/trace';
import { followedView, isCommandRoot, observeRecord, startFollow } from './followed';

const rec = (id: number, cause: number | null, phase: Phase, extra: Partial<TraceRecord> = {}): TraceRecord =>
  ({ id, time: id, kind: 'message', type: 'http.request', from: 'kubectl', to: 'kube-apiserver', summary: `#${id}`, phase, cause, ...extra }) as TraceRecord;

const ROOT = rec(1, null, 'user', { type: 'cli.exec', from: 'user', to: 'kubectl', summary: '$ kubectl apply -f -' });

describe('the followed request', () => {
  it('starts at a command line that entered the cluster from outside', () => {
    expect(isCommandRoot(ROOT)).toBe(true);
    expect(isCommandRoot(rec(2, 1, 'persistence'))).toBe(false);
    expect(followedView(startFollow(ROOT))).toEqual({ rootId: 1, summary: '$ kubectl apply -f -', phase: 'user', state: 'running' });
  });

  it('moves forward through the seed phases along the cause chain and ignores unrelated records', () => {
    const f = startFollow(ROOT);
    // Chapter 4: 1 validation and persistence, 2 watch, 3 scheduling, 4 execution.
    const seen: [TraceRecord, boolean][] = [
      [rec(2, 1, 'persistence'), true],
      [rec(3, null, 'heartbeat'), false],
      [rec(4, 3, 'execution'), false],
      [rec(5, 2, 'watch'), true],
      [rec(6, 2, 'persistence'), false],
      [rec(7, 5, 'controller'), false],
      [rec(8, 7, 'scheduling'), true],
      [rec(9, 8, 'execution'), true],
    ];
    for (const [r, changed] of seen) expect(observeRecord(f, r)).toBe(changed);
    expect(f.phase).toBe('execution');
    expect([...f.descendants]).toEqual([1, 2, 5, 6, 7, 8, 9]);
  });
});
