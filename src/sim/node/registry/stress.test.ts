// stress's options as its man page and the Kubernetes docs' memory example use them
// ("Assign Memory Resources to Containers and Pods").
import { describe, expect, it } from 'vitest';
import { programFor } from './behaviour';
import { stressBytes, stressSteps } from './stress';

describe('stress', () => {
  it.each([
    ['250M', 250 * 1024 * 1024],
    ['150M', 150 * 1024 * 1024],
    ['1G', 1024 ** 3],
    ['64k', 64 * 1024],
    ['4096', 4096],
    ['lots', undefined],
  ])('reads --vm-bytes %s with powers of 1024', (arg, want) => {
    expect(stressBytes(arg)).toBe(want);
  });

  it('touches vm x vm-bytes of memory after announcing its hogs, then holds it', () => {
    expect(stressSteps(['--vm', '1', '--vm-bytes', '250M', '--vm-hang', '1'])).toEqual([
      { op: 'log', stream: 'stdout', text: 'stress: info: [1] dispatching hogs: 0 cpu, 0 io, 1 vm, 0 hdd' },
      { op: 'sleep', ms: 250 },
      { op: 'alloc', bytes: 250 * 1024 * 1024 },
      { op: 'wait' },
    ]);
  });

  it('spins CPU workers without touching memory (--cpu 2)', () => {
    expect(stressSteps(['--cpu', '2'])).toEqual([{ op: 'log', stream: 'stdout', text: 'stress: info: [1] dispatching hogs: 2 cpu, 0 io, 0 vm, 0 hdd' }, { op: 'wait' }]);
  });

  it('ends a run with --timeout successfully', () => {
    expect(stressSteps(['--cpu', '1', '--timeout', '10s']).slice(-2)).toEqual([
      { op: 'log', stream: 'stdout', text: 'stress: info: [1] successful run completed in 10s' },
      { op: 'exit', code: 0 },
    ]);
  });

  it('runs from the pod\'s command (`command: ["stress"]`) and from the polinux/stress entrypoint alike, ignoring SIGTERM as PID 1', () => {
    const args = ['--vm', '1', '--vm-bytes', '150M'];
    const viaCommand = programFor('polinux/stress', ['stress'], args);
    const viaEntrypoint = programFor('polinux/stress', undefined, args);
    expect(viaCommand.steps).toEqual(viaEntrypoint.steps);
    expect(viaEntrypoint.onSigterm).toBe('ignore');
  });

  // docker-nginx STOPSIGNAL SIGQUIT (3fb70dd): the stop is nginx's graceful shutdown.
  it('gives nginx its stop-signal (SIGQUIT) shutdown notices', () => {
    expect(programFor('nginx:1.25', undefined, undefined).sigtermLogs?.[0]).toEqual({ stream: 'stderr', text: '{nginxTime} [notice] 1#1: signal 3 (SIGQUIT) received, shutting down' });
  });
});
