// Acceptance, issue 10 (time travel): scrub back 5 minutes and forward again; at each moment the
// graph and `kubectl get pods -o wide` match a fresh replay to that moment (a new page opening the
// share link made there); the seek time is measured and printed. Acting in the past forks the run
// and the app says what was discarded.

import type { BrowserContext, Page } from '@playwright/test';
import { clockMs, expect, expectNoAxeViolations, gotoApp, pause, play, runUntil, setSpeed, shotSizes, terminalText, test, typeCommand } from './helpers';

/** The pods the graph draws, with their kubectl STATUS, sorted. */
async function graphPods(page: Page): Promise<string[]> {
  const pods = await page.locator('[data-testid^="pod-"][data-status]').evaluateAll((els) => els.map((e) => `${e.getAttribute('data-testid')} ${e.getAttribute('data-status')}`));
  return pods.sort();
}

const hashOf = async (page: Page): Promise<string> => (await page.getByTestId('trace-hash').textContent()) ?? '';

/** Types a command while paused, plays until its answer is printed, pauses again; returns the answer. */
async function kubectlAtThisMoment(page: Page, line: string): Promise<string> {
  const before = (await terminalText(page)).length;
  await typeCommand(page, line, { wait: false });
  await play(page);
  let out = '';
  await expect
    .poll(async () => {
      const fresh = (await terminalText(page)).slice(before);
      const at = fresh.indexOf(`$ ${line}\n`);
      out = at < 0 ? '' : fresh.slice(at + line.length + 3);
      return /NAME\s+READY\s+STATUS/.test(out) || /No resources found/.test(out);
    })
    .toBe(true);
  await pause(page);
  // The answer's own lines only (anything printed after it begins with a prompt or a header).
  const end = out.search(/^(\$ |\[\d\d:\d\d\.\d{3}\] \$ )/m);
  return end < 0 ? out : out.slice(0, end);
}

/** Drags the scrubber's thumb to `ms` and waits for the worker to say it arrived (`seeked`). */
async function dragTo(page: Page, ms: number): Promise<number> {
  const track = page.getByTestId('scrubber');
  const box = (await track.boundingBox())!;
  const end = Number(await track.getAttribute('data-end'));
  const now = Number(await track.getAttribute('data-ms'));
  const y = box.y + box.height / 2;
  // Inside the track: its right edge itself belongs to the next element.
  const x = (t: number) => box.x + Math.min(box.width - 1, Math.max(1, (t / end) * box.width));
  await page.mouse.move(x(now), y);
  await page.mouse.down();
  await page.mouse.move(x(ms), y, { steps: 12 });
  await page.mouse.up();
  return waitSeeked(page, (t) => Math.abs(t - ms) < 1500);
}

/** Waits for a `seeked` that landed where `ok` says, and returns the seek's wall-clock ms. */
async function waitSeeked(page: Page, ok: (t: number) => boolean): Promise<number> {
  await expect.poll(async () => ok(await clockMs(page)) && (await page.getByTestId('seek-status').getAttribute('data-wall-ms')) !== '', { timeout: 30_000 }).toBe(true);
  await expect(page.getByTestId('play-pause')).toHaveAttribute('data-playing', 'false');
  return Number(await page.getByTestId('seek-status').getAttribute('data-wall-ms'));
}

/** The share link of this moment (sharing changes nothing: it is not an action). */
async function shareLink(page: Page): Promise<string> {
  await page.getByTestId('share').click();
  const url = await page.getByTestId('share-link').inputValue();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('share-popover')).toBeHidden();
  return url;
}

/** A fresh replay: a new page opens the link and replays the run from its start to the moment. */
async function freshReplay(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  const t0 = Date.now();
  await page.goto(url);
  await expect(page.getByTestId('arrived')).toBeVisible({ timeout: 90_000 });
  console.log(`fresh replay to ${new URL(url).hash.length} chars link: ${Date.now() - t0} ms`);
  return page;
}

async function expectSameMoment(seeked: Page, fresh: Page): Promise<void> {
  expect(await clockMs(fresh)).toBe(await clockMs(seeked));
  expect(await graphPods(fresh)).toEqual(await graphPods(seeked));
  expect(await hashOf(fresh)).toBe(await hashOf(seeked));
}

test('scrubbing back 5 minutes and forward again shows each moment as a fresh replay does; acting in the past forks the run', async ({ page, context }) => {
  test.setTimeout(300_000);
  await gotoApp(page);
  // 25x: fast, and a pause lands within a few simulated seconds of where the test asks for it.
  await setSpeed(page, 25);
  // Two actions four minutes apart, so the moments differ: three replicas early, one later. The
  // end is a little over four minutes after the scale, so five minutes back is before it.
  await pause(page);
  await typeCommand(page, 'kubectl create deployment web --image=nginx:1.25 --replicas=3', { wait: false });
  await play(page);
  await expect(page.getByTestId('terminal-text')).toContainText('deployment.apps/web created');
  await runUntil(page, async () => (await clockMs(page)) >= 150_000, { timeout: 60_000 });
  await pause(page);
  const scaledAt = await clockMs(page);
  await typeCommand(page, 'kubectl scale deployment web --replicas=1', { wait: false });
  await play(page);
  await runUntil(page, async () => (await clockMs(page)) >= scaledAt + 220_000, { timeout: 120_000 });
  // The last half minute at 5x, so the pause lands close to 250 s after the scale.
  await setSpeed(page, 5);
  await runUntil(page, async () => (await clockMs(page)) >= scaledAt + 250_000, { timeout: 60_000 });
  await pause(page);
  const end = await clockMs(page);
  const endPods = await graphPods(page);
  expect(endPods.filter((p) => p.startsWith('pod-default-web-') && p.endsWith(' Running'))).toHaveLength(1);
  const scrubber = page.getByTestId('scrubber');
  await expect(scrubber).toHaveAttribute('aria-valuetext', /^\d\d:\d\d of \d\d:\d\d$/);
  await expect(page.getByTestId('scrubber-mark').filter({ has: page.locator(':scope[data-recorded="true"]') })).toHaveCount(2);

  // Back 5 minutes, by dragging the thumb (further when, on a loaded machine, the pause above landed
  // late: the moment must be before the scale).
  const t0 = Date.now();
  const backWall = await dragTo(page, Math.min(end - 300_000, scaledAt - 20_000));
  const back = await clockMs(page);
  expect(end - back, 'at least five minutes back').toBeGreaterThan(300_000 - 1_500);
  expect(back, 'five minutes back is before the scale').toBeLessThan(scaledAt);
  console.log(`seek back from ${(end / 1000).toFixed(1)} s to ${(back / 1000).toFixed(1)} s: ${backWall} ms in the worker, ${Date.now() - t0} ms until the page showed it`);
  expect(backWall).toBeLessThan(5_000);
  await expect(page.getByTestId('seek-status')).toHaveText(/^went to \d\d:\d\d in \d+\.\d\d s$/);
  const backPods = await graphPods(page);
  expect(backPods.filter((p) => p.startsWith('pod-default-web-') && p.endsWith(' Running'))).toHaveLength(3);
  // The terminal shows the transcript as it was then: the scale had not been typed yet.
  await expect(page.getByTestId('terminal-text')).toContainText('deployment.apps/web created');
  await expect(page.getByTestId('terminal-text')).not.toContainText('kubectl scale deployment web');
  await expectNoAxeViolations(page, { include: '[data-testid="scrubber-row"]' });
  await shotSizes(page, 'scrubber-back', { graph: false });

  const backUrl = await shareLink(page);
  const freshBack = await freshReplay(context, backUrl);
  await expectSameMoment(page, freshBack);
  await freshBack.close();

  // Forward again, with the keyboard: End goes to the run's latest moment.
  await scrubber.focus();
  await page.keyboard.press('End');
  const fwdWall = await waitSeeked(page, (t) => Math.abs(t - end) < 1);
  console.log(`seek forward to ${(end / 1000).toFixed(1)} s: ${fwdWall} ms in the worker`);
  expect(await graphPods(page)).toEqual(endPods);
  const endUrl = await shareLink(page);
  const freshEnd = await freshReplay(context, endUrl);
  await expectSameMoment(page, freshEnd);
  // kubectl at the end, in both: the same answer (at the end nothing is discarded).
  const wideHere = await kubectlAtThisMoment(page, 'kubectl get pods -o wide');
  const wideFresh = await kubectlAtThisMoment(freshEnd, 'kubectl get pods -o wide');
  expect(wideHere).toMatch(/^web-\S+\s+1\/1\s+Running/m);
  expect(wideHere).toBe(wideFresh);
  await expect(page.getByTestId('fork-notice')).toHaveCount(0);
  await freshEnd.close();

  // Back to 02:00 exactly (Home, then Page Up twelve times: 10 s each), and act there: kubectl at
  // that moment answers as in a fresh replay, and the run's future is discarded, which the app says.
  await scrubber.focus();
  await page.keyboard.press('Home');
  for (let i = 0; i < 12; i++) await page.keyboard.press('PageUp');
  await waitSeeked(page, (t) => t === 120_000);
  const midUrl = await shareLink(page);
  const freshMid = await freshReplay(context, midUrl);
  await expectSameMoment(page, freshMid);
  const wideMid = await kubectlAtThisMoment(page, 'kubectl get pods -o wide');
  expect(wideMid).toBe(await kubectlAtThisMoment(freshMid, 'kubectl get pods -o wide'));
  expect(wideMid.match(/^web-\S+\s+1\/1\s+Running/gm)).toHaveLength(3);
  const notice = page.getByTestId('fork-notice');
  await expect(notice).toBeVisible();
  await expect(notice).toHaveText(/You acted in the past: the run after 02:00 \(\d+ actions, up to \d\d:\d\d\) was discarded\./);
  await expectNoAxeViolations(page, { include: '[data-testid="fork-notice"]' });
  await shotSizes(page, 'scrubber-forked', { graph: false });
  await freshMid.close();
});

test('a link to a far moment replays with a progress bar that says how far it is', async ({ page }) => {
  // The replay itself may take up to two minutes on a loaded machine (see below).
  test.setTimeout(180_000);
  // An hour of the default cluster: long enough to watch the replay (and to take its pictures).
  await page.goto('/#scenario=default&at=1h');
  const bar = page.getByRole('progressbar');
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuetext', /^\d\d:\d\d of 1:00:00$/);
  await expect(bar).toHaveAttribute('aria-valuemax', '3600000');
  await expect(page.getByTestId('replay-progress')).toContainText(/Replaying the shared run… \d\d:\d\d of 1:00:00/);
  await expect(page.getByTestId('scrubber')).toHaveAttribute('aria-disabled', 'true');
  await expectNoAxeViolations(page, { include: '[data-testid="replay-progress"]' });
  await shotSizes(page, 'replay-progress', { graph: false });
  // Still replaying after the pictures: they show it.
  await expect(bar).toBeVisible({ timeout: 1 });
  const t0 = Date.now();
  await expect(page.getByTestId('arrived')).toBeVisible({ timeout: 120_000 });
  console.log(`replayed the rest of an hour of the default cluster in ${Date.now() - t0} ms`);
  await expect(bar).toBeHidden();
  expect(await clockMs(page)).toBe(3_600_000);
});
