import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runChaos } from '../sim/chaos/run';
import { parseScenario } from '../sim/scenario/parse';

// Every defect the chaos runner found, kept as the shrunk scenario that showed it (issue 9): each
// must now keep every invariant. The files say what broke and how it was fixed.
const dir = join(__dirname, '../sim/chaos/regressions');

describe('chaos regressions', () => {
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.yaml')).sort()) {
    it(`${f} keeps every invariant`, () => {
      const parsed = parseScenario(readFileSync(join(dir, f), 'utf8'), f);
      if (!parsed.ok) throw new Error(parsed.errors.map((e) => e.message).join('\n'));
      const r = runChaos(parsed.scenario);
      expect(r.violations.map((v) => `${v.invariant}: ${v.detail}`)).toEqual([]);
    }, 120_000);
  }
});
