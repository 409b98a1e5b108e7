import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCENARIO_DESCRIPTIONS_RU, SCENARIO_TITLES, scenarioDescription, scenarioTitle } from './scenario-titles';
import { SCENARIOS } from './scenarios';

// Issue 11: "every scenario in public/scenarios/ is in the picker". The picker's list is read from
// the directory here, so a file added without a picker entry (three were missing once) fails.
const DIR = join(__dirname, '../../../public/scenarios');
const FILES = readdirSync(DIR)
  .filter((f) => f.endsWith('.yaml'))
  .map((f) => f.replace(/\.yaml$/, ''));

describe('the scenario picker', () => {
  it('lists every file in public/scenarios, each once, with the idle cluster first', () => {
    expect([...SCENARIOS].sort()).toEqual([...FILES].sort());
    expect(new Set(SCENARIOS).size).toBe(SCENARIOS.length);
    expect(SCENARIOS[0]).toBe('default');
  });

  it.each(FILES)('%s is named as its file (the picker shows the loaded scenario by its metadata.name)', (name) => {
    const text = readFileSync(join(DIR, `${name}.yaml`), 'utf8');
    expect(/^metadata:\s*\n(?:[ \t]+.*\n)*?[ \t]+name:\s*(\S+)/m.exec(text)?.[1]).toBe(name);
  });

  it.each(['en', 'ru'] as const)('has a title for every scenario in %s, all different, and none for a file that is gone', (lang) => {
    const titles = SCENARIO_TITLES[lang];
    expect(Object.keys(titles).sort()).toEqual([...FILES].sort());
    for (const name of FILES) expect(titles[name]?.trim()).toBeTruthy();
    expect(new Set(Object.values(titles)).size).toBe(FILES.length);
  });

  it('has a Russian description for every scenario, and shows the file\'s own one in English', () => {
    expect(Object.keys(SCENARIO_DESCRIPTIONS_RU).sort()).toEqual([...FILES].sort());
    for (const name of FILES) expect(SCENARIO_DESCRIPTIONS_RU[name]).toMatch(/[а-яё]/i);
    expect(scenarioDescription('pod-lifecycle', 'en')).toBeUndefined();
    expect(scenarioDescription('my-run', 'ru')).toBeUndefined();
  });

  it('falls back to the name for a scenario that is not built in', () => {
    expect(scenarioTitle('my-run', 'ru')).toBe('my-run');
    expect(scenarioTitle('pod-lifecycle', 'ru')).toBe('Жизнь пода');
  });
});
