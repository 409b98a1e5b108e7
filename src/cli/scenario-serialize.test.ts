import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateChaosScenario } from '../sim/chaos/generate';
import { parseScenario } from '../sim/scenario/parse';
import type { Scenario, Step } from '../sim/scenario/schema';
import { serializeScenario } from '../sim/scenario/serialize';

// Positions say where a step was written; they are not part of what a scenario means.
const placeless = (steps: Step[]) => steps.map(({ pos: _p, actionPos: _a, index: _i, ...rest }) => rest);
function meaning(s: Scenario): unknown {
  const incident = s.incident && { ...s.incident, ...(s.incident.solution && { solution: placeless(s.incident.solution) }) };
  return { ...s, file: '', steps: placeless(s.steps), ...(incident && { incident }) };
}

function roundTrip(s: Scenario): Scenario {
  const again = parseScenario(serializeScenario(s), s.file);
  if (!again.ok) throw new Error(again.errors.map((e) => e.message).join('\n'));
  return again.scenario;
}

describe('serializeScenario', () => {
  const root = join(__dirname, '../../public/scenarios');
  // The lessons' narration and the drills' panels too: a shared run of one must open with them (issue 15).
  const files = ['.', 'lessons', 'incidents'].flatMap((d) => readdirSync(join(root, d)).filter((x) => x.endsWith('.yaml')).map((x) => join(d, x)));
  for (const f of files) {
    it(`gives back the same scenario for ${f}`, () => {
      const parsed = parseScenario(readFileSync(join(root, f), 'utf8'), f);
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

  it('keeps a lesson and an incident, and leaves the solution out when asked (Share, Export)', () => {
    const read = (f: string) => {
      const p = parseScenario(readFileSync(join(root, f), 'utf8'), f);
      if (!p.ok) throw new Error(f);
      return p.scenario;
    };
    const lesson = read('lessons/1-containers.yaml');
    expect(lesson.lesson?.sections.length).toBeGreaterThan(0);
    expect(roundTrip(lesson).lesson).toEqual(lesson.lesson);
    const drill = read('incidents/node-cordoned.yaml');
    expect(drill.incident?.solution?.length).toBe(1);
    expect(serializeScenario(drill)).toContain('kubectl uncordon worker-1');
    const shared = parseScenario(serializeScenario(drill, undefined, { withoutSolution: true }), 'shared.yaml');
    expect(shared.ok && shared.scenario.incident).toMatchObject({ title: drill.incident!.title, answer: 'cordoned', fixed: drill.incident!.fixed });
    expect(shared.ok && shared.scenario.incident?.solution).toBeUndefined();
  });
});
