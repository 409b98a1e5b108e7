// The diagram's outcome line counts the seed's four phases (chapter 4) in the words' own form
// (app/plural.ts: English one/other, Russian one/few/many), and says them in Russian in full.

import { describe, expect, it } from 'vitest';
import type { Outcome } from './outcome';
import { SEQ_STRINGS } from './strings';

const running = (phases: number): Outcome => ({ kind: 'running', done: true, failed: false, subject: 'pod/web', podStatus: 'Running', phases, duration: 2100 });

describe('the outcome line', () => {
  it.each([
    ['en', 4, 'pod/web Running — 4 phases in 2.1 s simulated'],
    ['en', 1, 'pod/web Running — 1 phase in 2.1 s simulated'],
    ['ru', 4, 'pod/web Running — 4 фазы за 2,1 с симуляции'],
    ['ru', 1, 'pod/web Running — 1 фаза за 2,1 с симуляции'],
    ['ru', 0, 'pod/web Running — 0 фаз за 2,1 с симуляции'],
  ] as const)('in %s with %i phases reads "%s"', (lang, n, text) => {
    expect(SEQ_STRINGS[lang].outcome(running(n)).headline).toBe(text);
  });

  it('says where a request stopped in Russian, with the stage in the seed\'s word', () => {
    const o: Outcome = { kind: 'rejected', done: true, failed: true, stage: 'authorization', status: 403, reason: 'Forbidden', message: 'pods is forbidden', phases: 1, duration: 4 };
    expect(SEQ_STRINGS.ru.outcome(o).headline).toBe('Остановлен на авторизации: 403 Forbidden');
  });
});
