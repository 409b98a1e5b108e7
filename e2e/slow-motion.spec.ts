// Issue 11: "1x is predictable (say 'slow motion xN' when the app slows time to show messages, and
// offer to speed up)". The worker slows the clock while a message the graph draws crosses
// (src/worker/clock.ts: at least 250 ms of real time per crossing at 1x) and now says by how much;
// the toolbar shows it beside the speed, with a button (and the key m) that keeps the chosen speed.

import { clockMs, expect, expectNoAxeViolations, gotoApp, setSpeed, shot, test, typeCommand } from './helpers';

/** Simulated ms the clock moves over `realMs` of wall time. */
async function advanceOver(page: import('@playwright/test').Page, realMs: number): Promise<number> {
  const before = await clockMs(page);
  await page.waitForTimeout(realMs);
  return (await clockMs(page)) - before;
}

test('slow motion ×N is said beside the speed while the messages of a request cross; turned off, the clock keeps 1x; m turns it back on', async ({ page }) => {
  test.setTimeout(90_000);
  await gotoApp(page);
  await setSpeed(page, 1);
  // Right after "created" the pod's watch events, binding and kubelet calls follow one another.
  await typeCommand(page, 'kubectl run slow --image=nginx:1.25', { expectOutput: /pod\/slow created/ });
  const chip = page.getByTestId('slowmo');
  await expect(chip).toBeVisible();
  await expect(chip).toContainText(/slow motion ×\d+/);
  expect(Number(await chip.getAttribute('data-factor'))).toBeGreaterThan(1);
  // Slowed: a second of wall time is far less than a simulated second.
  expect(await advanceOver(page, 1000)).toBeLessThan(500);
  await page.getByTestId('slowmo-off').click();
  await expect(page.getByTestId('slowmo-on')).toBeVisible();
  await expect(chip).toBeHidden();
  await typeCommand(page, 'kubectl run fast --image=nginx:1.25', { expectOutput: /pod\/fast created/ });
  // At the chosen speed: 1x is one simulated second per second, messages or not.
  const moved = await advanceOver(page, 1000);
  expect(moved).toBeGreaterThan(700);
  expect(moved).toBeLessThan(1400);
  await shot(page, 'slowmo-off');
  await expectNoAxeViolations(page, { include: '[data-testid="toolbar"]' });

  // The key m turns it back on (focus on the graph, not in a text field).
  await page.getByTestId('graph').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('m');
  await expect(page.getByTestId('slowmo-on')).toBeHidden();
  await typeCommand(page, 'kubectl run again --image=nginx:1.25', { expectOutput: /pod\/again created/ });
  await expect(chip).toBeVisible();
  await shot(page, 'slowmo-on');
  await expectNoAxeViolations(page, { include: '[data-testid="toolbar"]' });
});
