// The trace's steps of an answer (kernel/trace.ts TraceStep): answers that went through the same
// stages with the same words share one array, so a snapshot of the world clones it once; answers
// whose stages differ in any word keep their own.

import { describe, expect, it } from 'vitest';
import type { Effects } from '../kernel/component';
import type { TraceStep } from '../kernel/trace';
import { passed, respond } from './respond';
import type { RequestContext } from './state';

function answer(stages: TraceStep[]): TraceStep[] {
  let steps: TraceStep[] | undefined;
  const ctx = { reply: (_m: unknown, _b: unknown, meta: { steps?: TraceStep[] }) => void (steps = meta.steps), log: () => undefined } as unknown as Effects;
  const rc = { msg: { id: 1, body: {} }, ri: { verb: 'patch', name: 'web', namespace: 'default', subresource: 'status', info: { resource: 'pods', singular: 'pod' } }, user: { username: 'kubelet' }, stages, attempts: 0 } as unknown as RequestContext;
  respond(ctx, rc, 200, {}, 'Storage');
  return steps!;
}

describe('the steps of an answer', () => {
  it('are one array for answers with the same stages, a new one when a word differs', () => {
    const a = answer([passed('Authentication', 'kubelet'), passed('Authorization', 'allowed')]);
    const b = answer([passed('Authentication', 'kubelet'), passed('Authorization', 'allowed')]);
    const c = answer([passed('Authentication', 'kubelet'), passed('Authorization', 'allowed by RBAC')]);
    const d = answer([passed('Authentication', 'kubelet')]);
    expect(b).toBe(a);
    expect(c).not.toBe(a);
    expect(d).not.toBe(a);
    expect(a).toEqual([passed('Authentication', 'kubelet'), passed('Authorization', 'allowed'), { stage: 'Storage', result: 'passed', text: '200' }]);
    expect(c[1]!.text).toBe('allowed by RBAC');
    expect(d).toHaveLength(2);
  });
});
