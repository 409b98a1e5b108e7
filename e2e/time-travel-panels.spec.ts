// Issue 10, time travel: after going back and forward, the Events panel and the inspector show what
// a fresh replay to the same moment shows (a new page opening the share link made there), and the
// kill taken from the graph's menu reads the same in the replay's terminal as it did live. The
// worker-level comparison of all the panels' data is src/worker/seek-panels.test.ts; this checks the
// visible texts.

import type { Page } from '@playwright/test';
import { clockMs, expect, gotoApp, menuAction, openDockTab, pause, play, runUntil, setSpeed, terminalText, test, typeCommand } from './helpers';

const POWEROFF = '# ssh worker-2 -- sudo poweroff';

/** The Events panel's rows as text, in the panel's order. */
async function eventRows(page: Page): Promise<string[]> {
  await openDockTab(page, 'events');
  return page.getByTestId('event-row').evaluateAll((rows) => rows.map((r) => (r.textContent ?? '').replace(/\s+/g, ' ').trim()));
}

/** The inspector's text for the first web pod (the same name in both pages: the run is deterministic). */
async function inspectorOfPod(page: Page, pod: string): Promise<string> {
  await page.getByTestId(pod).first().click();
  const inspector = page.getByTestId('inspector-object');
  await expect(inspector).toBeVisible();
  return ((await inspector.textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

async function shareLink(page: Page): Promise<string> {
  await page.getByTestId('share').click();
  const url = await page.getByTestId('share-link').inputValue();
  await page.keyboard.press('Escape');
  return url;
}

/** Presses a key on the scrubber and waits until the worker says it arrived where `ok` says. */
async function seekTo(page: Page, key: 'Home' | 'End', ok: (t: number) => boolean): Promise<void> {
  await page.getByTestId('scrubber').focus();
  await page.keyboard.press(key);
  await expect.poll(async () => ok(await clockMs(page)) && (await page.getByTestId('seek-status').getAttribute('data-wall-ms')) !== '', { timeout: 30_000 }).toBe(true);
  await expect(page.getByTestId('play-pause')).toHaveAttribute('data-playing', 'false');
}

test('after a seek the Events panel and the inspector read as a fresh replay; the graph kill reads the same in the replay', async ({ page, context }) => {
  test.setTimeout(240_000);
  await gotoApp(page);
  await setSpeed(page, 25);
  await pause(page);
  await typeCommand(page, 'kubectl create deployment web --image=nginx:1.25 --replicas=2', { wait: false });
  await play(page);
  await runUntil(page, async () => (await clockMs(page)) >= 30_000, { timeout: 60_000 });
  await pause(page);
  await menuAction(page, 'host:worker-2', 'kill');
  await expect(page.getByTestId('terminal-text')).toContainText(POWEROFF);
  await openDockTab(page, 'events');
  await play(page);
  // Past the node-monitor grace period (40 s): the node's NotReady shows in the events.
  await runUntil(page, async () => ((await page.getByTestId('events-table').textContent()) ?? '').includes('NodeNotReady'), { timeout: 120_000 });
  await pause(page);
  await openDockTab(page, 'terminal');
  const liveKill = (await terminalText(page)).split('\n').filter((l) => l.includes('sudo poweroff'));
  expect(liveKill).toHaveLength(1);

  // To the start and back to the end: the end is now shown from a snapshot and a replay.
  const end = await clockMs(page);
  await seekTo(page, 'Home', (t) => t < 1_000);
  await seekTo(page, 'End', (t) => t === end);
  const pod = await page.locator('[data-testid^="pod-default-web-"]').first().getAttribute('data-testid');
  expect(pod).toBeTruthy();
  const events = await eventRows(page);
  expect(events.join('\n')).toContain('NodeNotReady');
  const inspector = await inspectorOfPod(page, pod!);
  // The terminal after the seek prints the kill as it was printed live.
  expect((await terminalText(page)).split('\n').filter((l) => l.includes('sudo poweroff'))).toEqual(liveKill);

  const fresh = await context.newPage();
  await fresh.goto(await shareLink(page));
  await expect(fresh.getByTestId('arrived')).toBeVisible({ timeout: 90_000 });
  expect(await clockMs(fresh)).toBe(await clockMs(page));
  expect(await eventRows(fresh)).toEqual(events);
  expect(await inspectorOfPod(fresh, pod!)).toBe(inspector);
  expect((await terminalText(fresh)).split('\n').filter((l) => l.includes('sudo poweroff'))).toEqual(liveKill);
});
