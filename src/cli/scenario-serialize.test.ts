import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateChaosScenario } from '../sim/chaos/generate';
import { parseScenario } from '../sim/scenario/parse';
import type { Scenario } from '../sim/scenario/schema';
import { serializeScenario } from '../sim/scenario/serialize';

// Positions say where a step was written; they are not part of what a scenario means.
function meaning(s: Scenario): unknown {
  return { ...s, file: '', steps: s.steps.map(({ pos: _p, actionPos: _a, index: _i, ...rest }) => rest) };
}

function roundTrip(s: Scenario): Scenario {
  const again = parseScenario(serializeScenario(s), s.file);
  if (!again.ok) throw new Error(again.errors.map((e) => e.message).join('\n'));
  return again.scenario;
}

describe('serializeScenario', () => {
  const dir = join(__dirname, '../../public/scenarios');
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.yaml'))) {
    it(`gives back the same scenario for ${f}`, () => {
      const parsed = parseScenario(readFileSync(join(dir, f), 'utf8'), f);
      expect(parsed.ok).toBe(true);
      if (!parsed.ok) return;
      expect(meaning(roundTrip(parsed.scenario))).toEqual(meaning(parsed.scenario));
    });
  }

  it('gives back the same scenario for generated chaos scenarios', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const s = generateChaosScenario(seed);
      expect(meaning(roundTrip(s))).toEqual(meaning(s));
    }
  });
});
