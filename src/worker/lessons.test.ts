// The lessons in public/scenarios/lessons/ (issue 15), played headless as the page plays them: the
// worker's SimSession loads each lesson, a simulated learner does what each "do this" asks (types the
// command, uses the graph's menu, lets time run), and the step's check (protocol/lesson-check.ts, the
// same function the page calls) is evaluated over the frames the worker sent. Each check must fail
// before the learner acts and pass after: a check that cannot fail would teach nothing.
// Sources: the seed (/work/shared/seed/FACTS.md, chapters 1-4); the timings are Kubernetes' defaults
// (node-monitor-grace-period 40s, the not-ready/unreachable toleration 300s:
// https://kubernetes.io/docs/concepts/scheduling-eviction/taint-and-toleration/#taint-based-evictions).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPasses, type LessonWorld } from '../protocol/lesson-check';
import type { ComponentView, FrameBatch, HostView, ObjectView, TerminalOutput, UiToWorker, WorkerToUi } from '../protocol/view';
import type { LessonView } from '../protocol/lesson';
import { parseScenario } from '../sim/scenario/parse';
import { SimSession } from './session';
import { fillIn, LESSON_ACTIONS, readValues, type LearnerAction } from './lessons.fixture';

const DIR = join(__dirname, '../../public/scenarios/lessons');
const INDEX = JSON.parse(readFileSync(join(DIR, 'index.json'), 'utf8')) as { file: string; title: { en: string; ru: string }; summary: { en: string; ru: string } }[];

/** The page's view of the cluster, folded from frames as sim-store folds them. */
class Learner {
  readonly s = new SimSession();
  objects = new Map<string, ObjectView>();
  components = new Map<string, ComponentView>();
  hosts = new Map<string, HostView>();
  outputs: TerminalOutput[] = [];
  time = 0;
  lesson: LessonView | undefined;
  /** What the learner read from their own outputs (`CONTAINER`, `PID`, `PATH`). */
  readonly values = new Map<string, string>();
  private requestId = 1;

  constructor(text: string, file: string) {
    const replies = this.s.handle({ type: 'load', file, text });
    const loaded = replies.find((m): m is Extract<WorkerToUi, { type: 'loaded' }> => m.type === 'loaded');
    this.lesson = loaded?.lesson;
    this.fold(this.s.tick(0));
  }

  world(): LessonWorld {
    return { objects: [...this.objects.values()], components: [...this.components.values()], hosts: [...this.hosts.values()], outputs: this.outputs };
  }

  private fold(b: FrameBatch | undefined): void {
    if (!b) return;
    if (b.reset) {
      this.objects.clear();
      this.components.clear();
      this.hosts.clear();
    }
    for (const [table, patch] of [
      [this.objects, b.objects],
      [this.components, b.components],
      [this.hosts, b.hosts],
    ] as const) {
      for (const x of [...patch.added, ...patch.updated]) (table as Map<string, { id: string }>).set(x.id, x);
      for (const id of patch.removed) table.delete(id);
    }
    this.outputs.push(...b.outputs);
    this.time = b.clock.time;
  }

  /** Plays simulated time forward by `ms` at a high speed, folding every frame. */
  advance(ms: number): void {
    const until = this.time + ms;
    this.s.handle({ type: 'speed', speed: 100 });
    this.s.handle({ type: 'play' });
    for (let i = 0; i < 100_000 && this.time < until; i++) this.fold(this.s.tick(Math.min(100, (until - this.time) / 100)));
    this.s.handle({ type: 'pause' });
    this.fold(this.s.tick(0));
  }

  act(a: LearnerAction): void {
    if ('wait' in a) return this.advance(a.wait);
    if ('stepPhase' in a) {
      for (let i = 0; i < a.stepPhase; i++) {
        this.s.handle({ type: 'stepPhase' });
        this.fold(this.s.tick(0));
      }
      return;
    }
    const requestId = this.requestId++;
    const cmd: UiToWorker = 'run' in a ? { type: 'exec', requestId, line: fillIn(a.run, this.values) } : 'kill' in a ? { type: 'kill', target: a.kill } : { type: 'start', target: a.start };
    this.s.handle(cmd);
    if (a.after === 0) this.fold(this.s.tick(0));
    else this.advance(a.after ?? 5_000);
    const out = this.outputs.find((o) => o.requestId === requestId);
    readValues(a, out ? out.stdout + out.stderr : '', this.values);
  }
}

describe('lessons/index.json', () => {
  it('lists every lesson file once, with titles and summaries in both languages', () => {
    const files = INDEX.map((e) => e.file);
    expect(new Set(files).size).toBe(files.length);
    expect(files).toEqual(Object.keys(LESSON_ACTIONS).map((n) => `${n}.yaml`));
    for (const e of INDEX) for (const t of [e.title, e.summary]) expect(t.en && t.ru, e.file).toBeTruthy();
  });
});

describe.each(INDEX.map((e) => e.file))('lesson %s', (file) => {
  const text = readFileSync(join(DIR, file), 'utf8');
  const name = file.replace(/\.yaml$/, '');

  it('parses, is named after its file, and has a lesson with a question per section', () => {
    const r = parseScenario(text, file);
    if (!r.ok) throw new Error(r.errors.map((e) => `${e.line}:${e.col} ${e.path}: ${e.message}`).join('\n'));
    expect(r.scenario.name).toBe(name);
    expect(r.scenario.lesson?.sections.length).toBeGreaterThan(0);
    for (const s of r.scenario.lesson!.sections) expect(s.question, s.id).toBeDefined();
  });

  it("each do-this check fails before the learner acts and passes once they have", { timeout: 240_000 }, () => {
    const learner = new Learner(text, `lessons/${file}`);
    expect(learner.lesson).toBeDefined();
    const actions = LESSON_ACTIONS[name]!;
    // A learner reads the first step before typing anything.
    learner.advance(20_000);
    const steps = learner.lesson!.sections.flatMap((s) => s.steps).filter((s) => s.do);
    expect(Object.keys(actions), 'a learner action for every do-this step, in order').toEqual(steps.map((s) => s.id));
    for (const step of steps) {
      expect(checkPasses(step.do!.check, learner.world()), `${step.id}: passes before the learner acts`).toBe(false);
      for (const a of actions[step.id]!) learner.act(a);
      expect(checkPasses(step.do!.check, learner.world()), `${step.id}: fails after the learner acted (t=${learner.time})`).toBe(true);
    }
    // Ids, PIDs and paths the learner copied from their own outputs are the simulation's to choose:
    // the lesson must not write any of them down (a change to the random stream would break it).
    for (const [k, v] of learner.values) expect(text, `the lesson names the learner's ${k}`).not.toContain(v);
  });
});
