// Answering a CRI call that waited (for a pull, a CNI answer, a container to stop), continuing the
// cause chain of the request that asked.

import type { Effects } from '../../kernel/component';
import type { CriError, CriResponse } from './cri';
import type { Waiter } from './state';

/**
 * How long containerd works on a call before it answers, for the calls that do real work on the
 * machine: RunPodSandbox creates the network namespace and starts the pause container, Create and
 * Start set up and exec the container's process (runc). Typical figures on a small VM; they make
 * ContainerCreating last long enough to be seen, as it is on a real node.
 */
export const CRI_WORK_MS: Partial<Record<string, number>> = {
  RunPodSandbox: 350,
  CreateContainer: 60,
  StartContainer: 120,
  StopPodSandbox: 40,
  RemoveContainer: 20,
  RemovePodSandbox: 20,
};

export const ANSWER_TIMER = 'cri.answer';

export interface DeferredAnswer {
  w: Waiter;
  result: unknown;
  error?: CriError;
  summary?: string;
  /** StartContainer: the container whose process starts when the work is done. */
  startContainer?: string;
}

/** Answer after the call's work time (see CRI_WORK_MS); errors are answered at once. */
export function answer(ctx: Effects, w: Waiter, result: unknown, error?: CriError, summary?: string, startContainer?: string): void {
  const work = error ? 0 : (CRI_WORK_MS[w.method] ?? 0);
  if (work > 0) {
    const prev = ctx.cause();
    ctx.cause(w.cause);
    const d: DeferredAnswer = { w, result, summary };
    if (startContainer) d.startContainer = startContainer;
    ctx.setTimer(work, ANSWER_TIMER, d);
    ctx.cause(prev);
    return;
  }
  answerNow(ctx, w, result, error, summary);
}

export function answerNow(ctx: Effects, w: Waiter, result: unknown, error?: CriError, summary?: string): void {
  const prev = ctx.cause();
  ctx.cause(w.cause);
  const body: CriResponse = { type: 'cri.response', requestId: w.requestId, method: w.method };
  if (error) body.error = error;
  else body.result = result;
  ctx.send(w.to, body, { summary: summary ?? `${w.method} ${error ? `error: ${error.code}` : 'OK'}`, phase: 'execution', object: w.object });
  ctx.cause(prev);
}

/** Answer after `ms` of the caller's own work (an exec'd command's sleeps). */
export function answerAfter(ctx: Effects, w: Waiter, ms: number, result: unknown, summary?: string): void {
  if (ms <= 0) return answerNow(ctx, w, result, undefined, summary);
  const prev = ctx.cause();
  ctx.cause(w.cause);
  const d: DeferredAnswer = { w, result, summary };
  ctx.setTimer(ms, ANSWER_TIMER, d);
  ctx.cause(prev);
}
