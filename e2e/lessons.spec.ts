// Issue 15 acceptance: "Each lesson can be completed end to end in a Playwright test in both
// languages". Every lesson in public/scenarios/lessons/ is completed in English and in Russian: each
// "do this" done the way its prompt says (typed in the terminal, from the graph's menu, by letting
// time run, by pressing `>` on a paused clock), confirmed by the lesson's check on the cluster's
// state, each section's question answered, then Finish. What the learner does per step is
// src/worker/lessons.fixture.ts (the headless lessons.test.ts plays the same actions); the steps,
// their order and the right answers are read from the lesson's YAML, so the test follows the lesson.
// Time runs at 100x only while a step waits for the cluster, and is paused while the learner reads
// and answers: the whole spec stays within a few minutes. Lesson 1 starts from the start screen a
// first visit sees, by keyboard, and checks that progress survives a reload. Screenshots at 1280x720
// of each lesson's last step (and of the start screen and a step at both sizes); axe-core on each.

import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { LessonView } from '../src/protocol/lesson';
import { fillIn, LESSON_ACTIONS, readValues, type LearnerAction } from '../src/worker/lessons.fixture';
import { clockMs, expect, expectNoAxeViolations, menuAction, openDockTab, pause, play, setSpeed, shot, shotSizes, terminalText, test, typeCommand } from './helpers';

type Lang = 'en' | 'ru';
const PANEL = '[data-testid="lesson-panel"]';
const LESSONS = ['1-containers', '2-control-plane', '3-worker-node', '4-life-of-a-request'] as const;

function lessonOf(name: string): LessonView {
  const doc = parse(readFileSync(new URL(`../public/scenarios/lessons/${name}.yaml`, import.meta.url), 'utf8')) as { spec: { lesson: LessonView } };
  return doc.spec.lesson;
}

async function expectStep(page: Page, id: string): Promise<void> {
  await expect(page.getByTestId('lesson-panel')).toHaveAttribute('data-step', id);
}

/** Plays at 100x (unless the step is done on a paused clock) until the step's check confirms what the learner did, then pauses. */
async function confirmed(page: Page, paused: boolean, timeout = 60_000): Promise<void> {
  const done = page.getByTestId('lesson-do');
  if (!paused && (await done.getAttribute('data-done')) !== 'true') await play(page);
  await expect(done).toHaveAttribute('data-done', 'true', { timeout });
  await pause(page);
}

/** Lets `ms` of simulated time pass at 100x (the fixture's `after`: what an action needs before the next). */
async function letRun(page: Page, ms: number): Promise<void> {
  if (ms <= 0) return;
  const until = (await clockMs(page)) + ms;
  await play(page);
  await expect.poll(() => clockMs(page), { timeout: 60_000, intervals: [50, 100, 200] }).toBeGreaterThanOrEqual(until);
  await pause(page);
}

/** The graph's name for a worker target: `node/worker-2` is the host region `worker-2`. */
const menuTarget = (target: string) => (target.startsWith('node/') ? `host:${target.slice(5)}` : target);

/**
 * One learner action; the step's last one needs no `after`: confirmed() plays until the check passes.
 * A command with `<CONTAINER>`/`<PID>`/`<PATH>` gets the values read from the learner's own earlier
 * outputs in the terminal (`values`), as a learner copies them.
 */
async function act(page: Page, a: LearnerAction, last: boolean, values: Map<string, string>): Promise<void> {
  if ('wait' in a) return; // confirmed() plays until the check passes.
  if ('stepPhase' in a) {
    for (let i = 0; i < a.stepPhase; i++) await page.getByTestId('step-phase').click();
    return;
  }
  if ('run' in a && a.read) {
    // Time runs until the output shows what is to be read (each action reads one value): a node's
    // command answers in simulated time.
    await play(page);
    const output = await typeCommand(page, fillIn(a.run, values), { expectOutput: Object.values(a.read)[0] });
    await pause(page);
    readValues(a, output, values);
  } else if ('run' in a) await typeCommand(page, fillIn(a.run, values), { wait: false });
  else await menuAction(page, menuTarget('kill' in a ? a.kill : a.start), 'kill' in a ? 'kill' : 'start');
  if (!last) await letRun(page, a.after ?? 5_000);
}

async function answer(page: Page, choice: number): Promise<void> {
  await page.getByTestId('lesson-choice').nth(choice).check();
  await page.getByTestId('lesson-answer').click();
  await expect(page.getByTestId('lesson-verdict')).toHaveAttribute('data-right', 'true');
}

/** Opens lesson 1 as a first visit does: the start screen, then the first lesson by keyboard. */
async function fromStartScreen(page: Page, lang: Lang): Promise<void> {
  await page.goto('/?first-visit');
  const start = page.getByTestId('start-screen');
  await expect(start).toBeVisible();
  await expect(page.getByTestId('start-lessons').getByTestId('start-item')).toHaveCount(4);
  await expectNoAxeViolations(page, { include: '[data-testid="start-screen"]' });
  await shotSizes(page, `lessons-start-${lang}`, { graph: false });
  // Keyboard only: focus starts in the dialog; Enter on the first lesson opens it.
  await expect(page.getByTestId('start-close')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('start-item').first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(start).toBeHidden();
  await expect(page).toHaveURL(/#scenario=lessons\/1-containers(&step=cluster)?$/);
}

/** Every step of the lesson in order, as a learner completes it; returns with the last step shown and finished. */
async function complete(page: Page, name: (typeof LESSONS)[number], lang: Lang): Promise<void> {
  const lesson = lessonOf(name);
  const actions = LESSON_ACTIONS[name]!;
  const values = new Map<string, string>();
  const flat = lesson.sections.flatMap((section) => section.steps.map((step, i) => ({ section, step, last: i === section.steps.length - 1 })));
  await expectStep(page, flat[0]!.step.id);
  await expect(page.getByTestId('lesson-text')).toContainText(flat[0]!.step.text[lang].split(/[`*[\n]/)[0]!.slice(0, 25));
  // The toolbar's select names the lesson, not its file.
  await expect(page.getByTestId('scenario-select').locator('option:checked')).toHaveText(lesson.title[lang]);
  // A learner reads the first step before typing (lesson 1's container ids and PIDs assume it has run a while).
  await setSpeed(page, 100);
  await letRun(page, 20_000);
  for (const [i, { section, step, last }] of flat.entries()) {
    await expectStep(page, step.id);
    if (step.do) {
      // (That each check fails before the learner acts is src/worker/lessons.test.ts's to show: here
      // time runs at 100x and a pause lands a few simulated seconds late.)
      // Lesson 4's phase steps are done on a paused clock: the command, then `>` phase by phase.
      const todo = actions[step.id]!;
      for (const [k, a] of todo.entries()) await act(page, a, k === todo.length - 1, values);
      await confirmed(page, actions[step.id]!.some((a) => 'stepPhase' in a));
    }
    if (i === 1) await expectNoAxeViolations(page, { include: PANEL });
    if (last && section.question) await answer(page, section.question.answer);
    if (i < flat.length - 1) await page.getByTestId('lesson-next').click();
  }
  // Finish at 1280x720: the outcome (and the last question's verdict above it) is brought into view
  // where the learner acted, and takes the focus, though the lesson's body is longer than the screen.
  await page.setViewportSize({ width: 1280, height: 720 });
  // Lessons 2 and 4 end on a "do this" step, done (its check latched) before the question is
  // answered: the lesson is complete only on Finish, so the outcome is not there before it.
  await expect(page.getByTestId('lesson-complete')).toHaveCount(0);
  await page.getByTestId('lesson-finish').click();
  await expect(page.getByTestId('lesson-complete')).toBeInViewport({ ratio: 0.95 });
  await expect(page.getByTestId('lesson-complete')).toBeFocused();
  if (flat.at(-1)!.section.question) await expect(page.getByTestId('lesson-verdict')).toBeInViewport();
  await expect(page.getByTestId('lesson-complete')).toContainText(lang === 'ru' ? `Урок пройден. шагов: ${flat.length}/${flat.length}` : `Lesson complete. ${flat.length}/${flat.length} steps`);
  await expectNoAxeViolations(page, { include: PANEL });
  await shot(page, `lesson-${name}-last-${lang}-1280x720`, { graph: false });
  await page.setViewportSize({ width: 1440, height: 900 });
}

/**
 * Lesson 4's typo pod, as the page lists it: its describe and its rows in the Events tab name the
 * typo'd image `ngnix:1.25` only, and `nginx:1.25` belongs to my-app alone (kubelet's image_manager.go
 * records Pulling, Failed and BackOff with the container's own image). Read from the page's text: in
 * a screenshot looked at scaled down, "ngnix" and "nginx" are hard to tell apart.
 */
async function typoEventsNameTheTypo(page: Page): Promise<void> {
  const transcript = await terminalText(page);
  const described = transcript.slice(transcript.lastIndexOf('$ kubectl describe pod typo'));
  const events = described.slice(described.indexOf('Events:'));
  expect(events).toMatch(/Pulling image "ngnix:1\.25"/);
  expect(events).toMatch(/Failed to pull image "ngnix:1\.25"/);
  expect(events).not.toContain('nginx:1.25');
  await openDockTab(page, 'events');
  const rows = async (object: string) => page.getByTestId('event-row').filter({ has: page.getByRole('cell', { name: object, exact: true }) }).allTextContents();
  // The Events tab loads on demand: its rows come a moment after the tab opens.
  await expect.poll(async () => (await rows('pod/typo')).some((r) => r.includes('Pulling image "ngnix:1.25"')), { timeout: 15_000 }).toBe(true);
  const typo = (await rows('pod/typo')).filter((r) => /image/.test(r));
  for (const r of typo) expect(r).not.toContain('nginx:1.25');
  await expect.poll(async () => (await rows('pod/my-app')).some((r) => r.includes('Pulling image "nginx:1.25"')), { timeout: 15_000 }).toBe(true);
  await openDockTab(page, 'terminal');
}

for (const lang of ['en', 'ru'] as const) {
  test.describe(`lessons in ${lang === 'en' ? 'English' : 'Russian'}`, () => {
    test.beforeEach(async ({ page }) => {
      if (lang === 'ru') await page.addInitScript(() => localStorage.setItem('kubeplay.lang', 'ru'));
    });

    test(`lesson 1 can be completed end to end (${lang}), from the start screen; progress survives a reload`, async ({ page }) => {
      // Lesson 1 types more commands (its ids are read from the learner's own outputs) and reloads.
      test.setTimeout(240_000);
      await fromStartScreen(page, lang);
      await complete(page, '1-containers', lang);
      // Progress is kept: a reload opens the lesson at the step shown last, its steps still done.
      await page.reload();
      await expectStep(page, 'brain-down');
      await page.getByTestId('start-open').click();
      await expect(page.getByTestId('start-item').first()).toContainText(lang === 'ru' ? 'пройдено шагов: 12' : '12 steps done');
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('start-screen')).toBeHidden();
    });

    for (const name of LESSONS.slice(1)) {
      test(`lesson ${name} can be completed end to end (${lang})`, async ({ page }) => {
        // Lesson 2 lets the most simulated time pass (etcd members and control-plane components
        // stopped and started): 1.7-1.9 min on a loaded machine, past 120 s once (letRun mid-lesson).
        test.setTimeout(240_000);
        await page.goto(`/#scenario=lessons/${name}`);
        await complete(page, name, lang);
        if (name === '4-life-of-a-request') await typoEventsNameTheTypo(page);
      });
    }
  });
}

test('a step link opens the lesson at that step; the start screen is not shown to a link or a returning visitor', async ({ page }) => {
  await page.goto('/?first-visit#scenario=lessons/2-control-plane&step=lose-two');
  await expect(page.getByTestId('start-screen')).toBeHidden();
  await expectStep(page, 'lose-two');
  await page.getByTestId('lesson-share-step').click();
  await expect(page).toHaveURL(/#scenario=lessons\/2-control-plane&step=lose-two$/);
  // Just play: the idle cluster, and the screen does not come back.
  await page.goto('/?first-visit');
  await page.getByTestId('start-play-button').click();
  await expect(page.getByTestId('start-screen')).toBeHidden();
  await page.reload();
  await expect(page.getByTestId('toolbar')).toBeVisible();
  await expect(page.getByTestId('start-screen')).toBeHidden();
});

test("a lesson's address keeps the step shown: a reload or a copied address opens that step", async ({ page }) => {
  await page.goto('/#scenario=lessons/2-control-plane&step=lose-two');
  await expectStep(page, 'lose-two');
  await page.getByTestId('lesson-next').click();
  await expectStep(page, 'odd-sizes');
  await expect(page).toHaveURL(/#scenario=lessons\/2-control-plane&step=odd-sizes$/);
  await page.reload();
  await expectStep(page, 'odd-sizes');
  // A step link of another lesson pasted into the same tab opens that lesson at that step.
  await page.goto('/#scenario=lessons/1-containers&step=cgroups');
  await expectStep(page, 'cgroups');
  await expect(page.getByTestId('lesson-count')).toHaveText('Step 5 of 12');
});
