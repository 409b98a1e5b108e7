// Answering a CRI call that waited (for a pull, a CNI answer, a container to stop), continuing the
// cause chain of the request that asked.

import type { Effects } from '../../kernel/component';
import type { CriError, CriResponse } from './cri';
import type { Waiter } from './state';

export function answer(ctx: Effects, w: Waiter, result: unknown, error?: CriError, summary?: string): void {
  const prev = ctx.cause();
  ctx.cause(w.cause);
  const body: CriResponse = { type: 'cri.response', requestId: w.requestId, method: w.method };
  if (error) body.error = error;
  else body.result = result;
  ctx.send(w.to, body, { summary: summary ?? `${w.method} ${error ? `error: ${error.code}` : 'OK'}`, phase: 'execution', object: w.object });
  ctx.cause(prev);
}
