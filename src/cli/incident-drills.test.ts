// Every incident drill in public/scenarios/incidents (issue 15, "What's broken?"), played headless:
// the hidden break shows its symptom (the scenario's own expectations pass and the `fixed` check
// fails when the drill opens), the intended repair makes the `fixed` check pass, the right cause is
// accepted and every other choice is not. The symptoms are the seed's (FACTS.md, chapters 2-4) and
// the classics of the Kubernetes docs' "Troubleshooting Applications" / "Debug Pods" pages; each
// file's header names its own source.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { incidentClosed, isRightChoice, type IncidentView } from '../protocol/incident';
import { buildCluster } from '../sim/cluster';
import { INCIDENT_HINTS, type Incident } from '../sim/scenario/incident';
import { playDrill } from '../sim/scenario/incident-drill';
import { parseScenario } from '../sim/scenario/parse';
import type { Scenario } from '../sim/scenario/schema';

const DIR = join(__dirname, '../../public/scenarios/incidents');
const INDEX = JSON.parse(readFileSync(join(DIR, 'index.json'), 'utf8')) as { file: string; title: { en: string; ru: string }; symptom: { en: string; ru: string } }[];
const FILES = readdirSync(DIR).filter((f) => f.endsWith('.yaml')).sort();
const ONLY = process.env.KUBEPLAY_INCIDENT;

function load(file: string): Scenario & { incident: Incident } {
  const parsed = parseScenario(readFileSync(join(DIR, file), 'utf8'), `incidents/${file}`);
  if (!parsed.ok) throw new Error(parsed.errors.map((e) => `${e.file}:${e.line}:${e.col}: ${e.path}: ${e.message}`).join('\n'));
  if (!parsed.scenario.incident) throw new Error(`${file} has no spec.incident`);
  return parsed.scenario as Scenario & { incident: Incident };
}

function view(i: Incident): IncidentView {
  const { solution: _solution, ...rest } = i;
  return rest;
}

describe('the incident index', () => {
  it('lists every incident file once, with the title and symptom the file has', () => {
    expect(INDEX.map((e) => e.file).sort()).toEqual(FILES);
    for (const e of INDEX) {
      const inc = load(e.file).incident;
      expect(e.title, e.file).toEqual(inc.title);
      expect(e.symptom, e.file).toEqual(inc.symptom);
    }
  });
  it('holds at least 30 incidents (issue 15)', () => {
    expect(FILES.length).toBeGreaterThanOrEqual(30);
  });
});

describe.each(FILES.filter((f) => !ONLY || f.includes(ONLY)))('incident %s', (file) => {
  const s = load(file);
  const inc = s.incident;

  it('has three hints, the last naming the command to run, and a way to close it', () => {
    expect(inc.hints).toHaveLength(INCIDENT_HINTS);
    const last = inc.hints[INCIDENT_HINTS - 1]!;
    for (const text of [last.en, last.ru]) expect(text).toMatch(/\b(kubectl|crictl|systemctl|journalctl|etcdctl|ssh|nslookup)\b/);
    expect(inc.fixed !== undefined || inc.choices !== undefined).toBe(true);
    // Opened at pauseAt: the break has been done by then.
    expect(s.pauseAt).toBeDefined();
    expect(Math.max(...s.steps.map((x) => x.at))).toBeLessThanOrEqual(s.pauseAt!);
  });

  it('accepts the right cause and no other', () => {
    if (!inc.choices) return;
    const v = view(inc);
    const right = inc.choices.filter((c) => isRightChoice(v, c.id)).map((c) => c.id);
    expect(right).toEqual([inc.answer]);
    for (const c of inc.choices) expect(incidentClosed(v, { choseRight: isRightChoice(v, c.id), fixPassed: true })).toBe(c.id === inc.answer);
  });

  it('shows its symptom, and the intended repair makes it go away', () => {
    const cluster = buildCluster(s.cluster, { seed: s.seed, timings: s.timings });
    const r = playDrill(s, cluster);
    expect(r.setup.errors, 'the break ran').toEqual([]);
    expect(r.setup.expectations.filter((e) => !e.ok).map((e) => `${e.command}: ${e.actual}`), 'the symptom').toEqual([]);
    if (!inc.fixed) return;
    expect(r.before.ok, 'the fixed check fails while the symptom is there').toBe(false);
    expect(inc.solution, 'a drill with a fixed check has a solution the tests run').toBeDefined();
    expect(r.repair?.errors ?? [], 'the repair ran').toEqual([]);
    expect(r.after?.failures ?? [], 'the fixed check after the repair').toEqual([]);
  }, 120_000);
});
