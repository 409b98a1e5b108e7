import { describe, expect, it } from 'vitest';
import { DROP_REASONS, dropReasonText } from './drop-reasons';

// The kernel's drop codes (src/sim/kernel/trace.ts) are shown to learners as words, never as codes.
describe('drop reasons in words', () => {
  it('says every kernel drop code in English and Russian, never as the code itself', () => {
    for (const code of DROP_REASONS) {
      for (const lang of ['en', 'ru'] as const) {
        const text = dropReasonText(code, lang);
        expect(text).not.toBe(code);
        expect(text).not.toMatch(/-/);
      }
    }
  });
  it('covers every code the trace can carry', () => {
    const kernelCodes = ['host-down', 'partition', 'loss', 'no-such-process', 'process-dead', 'stale-incarnation', 'stream-broken'];
    expect([...DROP_REASONS].sort()).toEqual(kernelCodes.sort());
  });
  it('shows an unknown code as it is', () => {
    expect(dropReasonText('something-new', 'en')).toBe('something-new');
  });
});
