// journalctl -f driven alone with RecordingEffects: the cursor prints each journal line once, even
// when several share a millisecond, and a quiet second prints nothing.

import { describe, expect, it } from 'vitest';
import type { HostProcessInfo } from '../../kernel/component';
import { RecordingEffects } from '../../kernel/recording-effects';
import type { CliOutput } from '../protocol';
import { cancelFollow, FOLLOW_POLL_MS, FOLLOW_TIMER, followTick, startFollow, type JournalFollows } from './journal-follow';

function kubelet(log: [number, string][], incarnation = 1): HostProcessInfo {
  return { id: 'kubelet/worker-1', kind: 'kubelet', alive: true, incarnation, startedAt: 0, log: log.map(([time, line]) => ({ time, line })) };
}

function setup(log: [number, string][]): { ctx: RecordingEffects; follows: JournalFollows } {
  const ctx = new RecordingEffects({ self: 'shell/worker-1', host: 'worker-1', now: 5_000 });
  ctx.processes = [kubelet(log)];
  return { ctx, follows: new Map() };
}

function tick(ctx: RecordingEffects, follows: JournalFollows): void {
  const t = ctx.timers.at(-1)!;
  ctx.clear();
  followTick(follows, ctx, 'worker-1', { id: t.id, name: t.name, payload: t.payload });
}

const texts = (ctx: RecordingEffects): string[] => ctx.emitted.map((e) => (e as unknown as CliOutput).stdout);

describe('journalctl -f', () => {
  it('prints the last n lines as a partial chunk and arms a one-second timer', () => {
    const { ctx, follows } = setup([[1000, 'a'], [2000, 'b'], [3000, 'c']]);
    startFollow(follows, ctx, 'worker-1', 7, 'kubelet', 2);
    expect(ctx.emitted).toEqual([{ type: 'cli.output', jobId: 7, stdout: 'Aug 13 09:00:02 worker-1 kubelet[2817]: b\nAug 13 09:00:03 worker-1 kubelet[2817]: c\n', stderr: '', exitCode: 0, partial: true }]);
    expect(ctx.timers).toEqual([expect.objectContaining({ afterMs: FOLLOW_POLL_MS, name: FOLLOW_TIMER, payload: 7 })]);
  });

  it('prints only new lines, once each, including lines of the same millisecond as the last one', () => {
    const { ctx, follows } = setup([[1000, 'a'], [3000, 'b']]);
    startFollow(follows, ctx, 'worker-1', 1, 'kubelet');
    ctx.processes = [kubelet([[1000, 'a'], [3000, 'b'], [3000, 'c'], [4000, 'd']])];
    tick(ctx, follows);
    expect(texts(ctx)).toEqual(['Aug 13 09:00:03 worker-1 kubelet[2817]: c\nAug 13 09:00:04 worker-1 kubelet[2817]: d\n']);
    tick(ctx, follows);
    // A quiet second adds nothing to the output, but the follow keeps polling.
    expect(ctx.emitted).toEqual([]);
    expect(ctx.timers).toHaveLength(1);
  });

  it('follows the unit into its next incarnation (journald follows the unit, not the PID)', () => {
    const { ctx, follows } = setup([[1000, 'a']]);
    startFollow(follows, ctx, 'worker-1', 1, 'kubelet.service');
    ctx.processes = [kubelet([[1000, 'a'], [9000, 'started again']], 2)];
    tick(ctx, follows);
    expect(texts(ctx)).toEqual(['Aug 13 09:00:09 worker-1 kubelet[2948]: started again\n']);
  });

  it('Ctrl-C ends the job with 130 and stops the timer; another job id is not ended', () => {
    const { ctx, follows } = setup([]);
    startFollow(follows, ctx, 'worker-1', 1, 'kubelet');
    expect(ctx.emitted).toEqual([]);
    expect(cancelFollow(follows, ctx, 2)).toBe(false);
    expect(cancelFollow(follows, ctx, 1)).toBe(true);
    expect(ctx.emitted).toEqual([{ type: 'cli.output', jobId: 1, stdout: '', stderr: '', exitCode: 130 }]);
    expect(ctx.cancelled).toHaveLength(1);
    expect(follows.size).toBe(0);
  });
});
