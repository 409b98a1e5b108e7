// Issue 15: a lesson or an incident drill handed on (Share's #run= link, Export's file) opens with its
// narration or its panel, as the built-in one does; the drill's intended repair (`spec.incident.
// solution`) never reaches the page, neither in the progress nor in what Share and Export give it.
// And a drill keeps its break hidden from the page: `loaded` names the drill (the page opens the
// Scenario tab and titles the toolbar's select with it), and the timeline scrubber has no mark at the
// break's steps, only at what the learner did.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSession, runLink, type SharedRun } from './test-session';

const DIR = join(__dirname, '../../public/scenarios');
const read = (f: string) => readFileSync(join(DIR, f), 'utf8');

/** Loads a scenario as the page does and plays it to its pause (or `at`), collecting frames. */
function open(text: string, file: string, extra: { at?: number } = {}) {
  const session = openSession(text, { file, ...extra });
  if (session.loaded.pauseAt !== undefined) session.untilArrived(20_000);
  session.tick(0);
  const lastTimeline = () => session.frames.filter((f) => f.timeline).at(-1)!.timeline!;
  const lastProgress = () => session.frames.filter((f) => f.progress).at(-1)!.progress!;
  return { ...session, lastTimeline, lastProgress };
}

function reopen(shared: SharedRun) {
  const d = runLink(`#${shared.fragment}`);
  return open(d.link.scenario, 'link.yaml', { at: d.link.at });
}

describe('an incident drill in the worker', () => {
  it('names itself in loaded and marks no step of its hidden break on the timeline', () => {
    const a = open(read('incidents/node-cordoned.yaml'), 'node-cordoned.yaml');
    expect(a.loaded.incident).toEqual({ title: { en: 'Maintenance that never ended', ru: 'Обслуживание, которое не закончилось' } });
    expect(a.s.cluster!.sim.now).toBe(40_000);
    // Three break steps (create, cordon, run) before the pause: none is marked.
    expect(a.lastTimeline().marks).toEqual([]);
    // What the learner does is marked.
    a.s.handle({ type: 'exec', requestId: 1, line: 'kubectl uncordon worker-1' });
    a.tick(0);
    expect(a.lastTimeline().marks.map((m) => m.label)).toEqual(['kubectl uncordon worker-1']);
  });

  it('is shared with its panel and without its solution; the shared run opens as a drill', () => {
    const a = open(read('incidents/node-cordoned.yaml'), 'node-cordoned.yaml');
    a.s.handle({ type: 'exec', requestId: 1, line: 'kubectl get nodes' });
    a.tick(0);
    for (const purpose of ['link', 'export'] as const) {
      const shared = a.share({}, purpose);
      expect(shared.yaml).toContain('Maintenance that never ended');
      expect(shared.yaml).not.toContain('solution');
      // The third hint names the command; no step runs it.
      expect(shared.yaml).not.toMatch(/run: kubectl uncordon/);
      const d = runLink(`#${shared.fragment}`);
      expect(d.link.scenario).not.toMatch(/solution|run: kubectl uncordon/);
    }
    const b = reopen(a.share());
    expect(b.loaded.incident?.title.en).toBe('Maintenance that never ended');
    const p = b.lastProgress();
    expect(p.incident).toMatchObject({ answer: 'cordoned', hints: expect.any(Array) });
    expect(p.incident).not.toHaveProperty('solution');
    // The learner's own command is marked in the reopened run; the break still is not.
    expect(b.lastTimeline().marks.map((m) => m.label)).toEqual(['kubectl get nodes']);
  });
});

describe('a lesson in the worker', () => {
  it('is shared with its narration: the shared run opens with the same lesson', () => {
    const a = open(read('lessons/1-containers.yaml'), '1-containers.yaml');
    expect(a.loaded.lesson).toBeDefined();
    a.s.handle({ type: 'exec', requestId: 1, line: 'kubectl get pods' });
    a.tick(0);
    const b = reopen(a.share());
    expect(b.loaded.lesson).toEqual(a.loaded.lesson);
    expect(b.loaded).not.toHaveProperty('incident');
  });
});
