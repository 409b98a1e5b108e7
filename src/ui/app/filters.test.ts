import { describe, expect, it } from 'vitest';
import { hiddenPhases } from './filters';

describe('hiddenPhases', () => {
  it.each([
    [{ hideHeartbeats: true, hideRaft: false }, ['heartbeat']],
    [{ hideHeartbeats: true, hideRaft: true }, ['heartbeat', 'raft']],
    [{ hideHeartbeats: false, hideRaft: false }, []],
  ])('turns the filters %j into %j', (f, phases) => {
    expect(hiddenPhases(f)).toEqual(phases);
  });
});
