// `until nslookup <host>; do <body>; done` as a container's main program runs it (the init
// containers docs page's `until nslookup myservice...`): the image's nslookup (nslookup.ts) asks
// the cluster DNS over the network; its output goes to the container's log; while it fails the
// body runs and it asks again, and once it succeeds the program goes on after the loop.

import type { Effects } from '../../kernel/component';
import type { Step } from '../registry/program';
import type { ExecResult } from './cri';
import { startNslookup } from './nslookup';
import type { Container, ContainerdState } from './state';

/** Ask for `host`; the container waits for the answer. */
export function startUntilResolves(s: ContainerdState, c: Container, step: Extract<Step, { op: 'untilResolves' }>, ctx: Effects): ExecResult | undefined {
  return startNslookup(s, ctx, c, [step.host], { kind: 'loop', body: step.body });
}

/**
 * nslookup finished inside the loop: its output goes to the log; a failure runs the body and then
 * asks again, a success ends the loop. The caller advances the container.
 */
export function onUntilResolvesDone(c: Container, host: string, body: Step[], r: ExecResult, write: (stream: 'stdout' | 'stderr', text: string) => void): void {
  for (const [stream, text] of [['stdout', r.stdout], ['stderr', r.stderr]] as const) {
    if (!text) continue;
    for (const line of text.replace(/\n$/, '').split('\n')) write(stream, line);
  }
  if (r.exitCode !== 0) c.frames.push({ steps: [...body, { op: 'untilResolves', host, body }], pc: 0, loop: false });
}
