import { describe, expect, it } from 'vitest';
import { SCENARIO_STRINGS } from './scenario-strings';

describe('the scenario panel strings', () => {
  it('have every English entry in Russian too, none empty, and the Russian differs from the English', () => {
    const { en, ru } = SCENARIO_STRINGS;
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(typeof ru[key], key).toBe(typeof en[key]);
      if (typeof en[key] === 'string') {
        expect((ru[key] as string).length, key).toBeGreaterThan(0);
        expect(ru[key], key).not.toBe(en[key]);
      }
    }
  });

  it.each([
    ['en', { what: 'stdout', op: 'equals', expected: 'Running' }, 'output is “Running”'],
    ['ru', { what: 'stdout', op: 'equals', expected: 'Running' }, 'вывод равен «Running»'],
    ['en', { what: 'stdout', op: 'contains', expected: 'web' }, 'output contains “web”'],
    ['en', { what: 'exitCode', op: 'equals', expected: '1' }, 'exit code is 1'],
    ['ru', { what: 'stderr', op: 'equals', expected: 'Error' }, 'вывод ошибок равен «Error»'],
  ] as const)('in %s says a check %j as "%s"', (lang, c, want) => {
    expect(SCENARIO_STRINGS[lang].check(c)).toBe(want);
  });

  it('cuts a long output for the panel (the terminal has it whole)', () => {
    const got = SCENARIO_STRINGS.en.got('x'.repeat(500));
    expect(got.length).toBeLessThan(200);
    expect(got.endsWith('…”')).toBe(true);
  });

  it('counts failed checks in words a screen reader reads after the tab name', () => {
    expect(SCENARIO_STRINGS.en.failedBadge(2)).toBe('2 failed');
    expect(SCENARIO_STRINGS.ru.failedBadge(2)).toBe('не выполнено проверок: 2');
  });
});
