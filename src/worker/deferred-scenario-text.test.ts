import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { parseScenario as parseNow } from '../sim/scenario/parse';

// The app's worker registers scenario-text.deferred.ts instead of scenario-text.ts (vite.config.ts):
// the YAML parser loads after first paint, and the scenario the app opens on was parsed at build time
// (vite.config.ts's kubeplay-first-scenario, mocked here with the same call). DESIGN.md section 4
// (the same scenario and seed give the same trace): the default cluster starts from the same
// Scenario either way, so from the same trace as `kubeplay run public/scenarios/default.yaml`.
const scenario = (file: string): string => readFileSync(join(__dirname, '../../public/scenarios', file), 'utf8');

vi.mock('virtual:kubeplay-first-scenario', () => {
  const text = scenario('default.yaml');
  return { default: { text, file: 'default.yaml', parsed: parseNow(text, 'default.yaml') } };
});
vi.mock('./scenario-text', async () => vi.importActual<typeof import('./scenario-text.deferred')>('./scenario-text.deferred'));

describe('deferred scenario text', () => {
  it('starts the scenario the app opens on without the YAML parser, holds any other text until it is loaded', async () => {
    const text = await import('./scenario-text');
    const { mayRunCommands, needsScenarioText } = await import('./command-gate');
    const { SimSession } = await import('./session');
    const first = { type: 'load', file: 'default.yaml', text: scenario('default.yaml') } as const;
    const other = { type: 'load', file: 'deployment.yaml', text: scenario('deployment.yaml') } as const;

    expect(text.scenarioTextReady()).toBe(false);
    expect(text.parseScenario(first.text, first.file)).toEqual(parseNow(first.text, first.file));
    expect(needsScenarioText(first)).toBe(false);
    expect(mayRunCommands(first)).toBe(false);
    // Another file name, another text, a link, a saved run, Share: they wait (sim.worker.ts).
    expect(needsScenarioText({ ...first, file: 'mine.yaml' })).toBe(true);
    expect(needsScenarioText(other)).toBe(true);
    expect(needsScenarioText({ type: 'openLink', fragment: '#x' })).toBe(true);
    expect(needsScenarioText({ type: 'share', purpose: 'link', view: {} })).toBe(true);
    expect(needsScenarioText({ type: 'restore', source: { file: other.file, text: other.text, files: {} }, journal: [] })).toBe(true);
    expect(() => text.parseScenario(other.text, other.file)).toThrow(/before the YAML parser loaded/);

    // The session opens the default cluster meanwhile; its trace is the one the CLI prints.
    const session = new SimSession();
    expect(session.handle(first).map((m) => m.type)).toContain('loaded');
    const direct = new SimSession();
    await text.loadScenarioText();
    direct.handle(first);
    for (const s of [session, direct]) for (let i = 0; i < 50; i++) s.tick(100, true);
    expect(session.runner!.cluster.sim.traceHash()).toBe(direct.runner!.cluster.sim.traceHash());

    expect(text.scenarioTextReady()).toBe(true);
    expect(needsScenarioText(other)).toBe(false);
    expect(text.parseScenario(other.text, other.file)).toEqual(parseNow(other.text, other.file));
  });
});
