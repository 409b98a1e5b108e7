import { describe, expect, it } from 'vitest';
import type { Phase } from '../protocol/view';
import { clockRate, type Flight } from './clock';

const lan = (sentAt: number, deliverAt: number, phase: Phase = 'persistence'): Flight => ({ sentAt, deliverAt, phase });
const NONE = new Set<Phase>();

describe('clockRate', () => {
  it.each([
    ['runs at the speed when nothing is in flight', 1, 10, [], 1],
    ['runs at the speed at 100x whatever is in flight', 100, 0, [lan(0, 0.5)], 100],
    ['gives a 0.5 ms hop 250 ms of real time at 1x', 1, 0, [lan(0, 0.5)], 0.5 / 250],
    ['gives it 50 ms at 5x', 5, 0, [lan(0, 0.5)], 0.5 / 50],
    ['gives it 1000 ms at 0.25x', 0.25, 0, [lan(0, 0.5)], 0.5 / 1000],
    ['follows the quickest message on the wire', 1, 0.1, [lan(0, 15), lan(0.1, 0.2)], 0.1 / 250],
    ['ignores a message that arrives now', 1, 3, [lan(3, 3)], 1],
    ['never runs faster than the speed for a slow message', 1, 0, [lan(0, 1000)], 1],
  ] as const)('%s', (_name, speed, now, flights, rate) => {
    expect(clockRate(speed, now, flights as readonly Flight[], NONE)).toBeCloseTo(rate, 12);
  });

  it('does not slow down for phases the graph hides', () => {
    expect(clockRate(1, 0, [lan(0, 0.5, 'heartbeat')], new Set<Phase>(['heartbeat']))).toBe(1);
    expect(clockRate(1, 0, [lan(0, 0.5, 'heartbeat')], NONE)).toBeCloseTo(0.002, 12);
  });

  it('does not slow down for the kinds of Raft message the graph hides, and does for the others', () => {
    const raft = (summary: string): Flight => ({ sentAt: 0, deliverAt: 0.5, phase: 'raft', summary });
    const hidden = new Set(['heartbeat'] as const);
    expect(clockRate(1, 0, [raft('MsgHeartbeat term 3')], NONE, hidden)).toBe(1);
    expect(clockRate(1, 0, [raft('MsgHeartbeatResp term 3')], NONE, hidden)).toBe(1);
    expect(clockRate(1, 0, [raft('MsgApp term 3 index 41 +2 entries commit 40')], NONE, hidden)).toBeCloseTo(0.002, 12);
    expect(clockRate(1, 0, [raft('MsgVote term 4')], NONE, hidden)).toBeCloseTo(0.002, 12);
  });
});
