// The one way a node shell command finishes: a `cli.output` handed to the world outside.

import type { Effects } from '../../kernel/component';
import type { CliOutput } from '../protocol';

export function output(ctx: Effects, jobId: number, stdout: string, stderr: string, exitCode: number): void {
  const o: CliOutput = { type: 'cli.output', jobId, stdout, stderr, exitCode };
  ctx.emit(o as unknown as { type: string });
}

/** A chunk of a job that keeps running (`journalctl -f`); the job ends with a plain output. */
export function chunk(ctx: Effects, jobId: number, stdout: string): void {
  const o: CliOutput = { type: 'cli.output', jobId, stdout, stderr: '', exitCode: 0, partial: true };
  ctx.emit(o as unknown as { type: string });
}
