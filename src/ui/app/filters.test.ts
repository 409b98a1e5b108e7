import { describe, expect, it } from 'vitest';
import { hiddenPhases, speedCommand } from './filters';

describe('hiddenPhases', () => {
  it.each([
    [{ hideHeartbeats: true, hideRaft: false }, ['heartbeat']],
    [{ hideHeartbeats: true, hideRaft: true }, ['heartbeat', 'raft']],
    [{ hideHeartbeats: false, hideRaft: false }, []],
  ])('turns the filters %j into %j', (f, phases) => {
    expect(hiddenPhases(f)).toEqual(phases);
  });
});

describe('speedCommand', () => {
  it('tells the worker the speed, the hidden phases and the hidden kinds of Raft message', () => {
    expect(speedCommand(5, { hideHeartbeats: true, hideRaft: false, hideRaftKinds: ['heartbeat'] })).toEqual({ type: 'speed', speed: 5, hiddenPhases: ['heartbeat'], hiddenRaft: ['heartbeat'] });
  });

  it('sends an empty list when every kind of Raft message is shown', () => {
    expect(speedCommand(1, { hideHeartbeats: false, hideRaft: false })).toEqual({ type: 'speed', speed: 1, hiddenPhases: [], hiddenRaft: [] });
  });
});
