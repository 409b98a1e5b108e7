// Issue 11, the scenario panel: "description, steps ahead and done, and every expectation's pass/fail
// as it happens". pod-lifecycle.yaml follows the seed's chapter 4: right after `kubectl apply` the Pod
// is only a record in etcd (Pending); at 30 s it is Running. The verdicts come from the simulation's
// scenario runner; the panel only shows them.

import type { Page } from '@playwright/test';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, expectNoAxeViolations, gotoApp, pickScenario, setSpeed, shotSizes, test } from './helpers';

// The files the picker must offer (the tests run from the repository's root).
const BUILT_IN = readdirSync(path.resolve('public/scenarios')).filter((f) => f.endsWith('.yaml')).length;
const step = (page: Page, index: number) => page.locator(`[data-testid="scenario-step"][data-index="${index}"]`);
const expectation = (page: Page, index: number) => page.locator(`[data-testid="scenario-expectation"][data-step="${index}"]`);

/** Reaches the Scenario tab from the YAML tab before it with Tab, and opens it with Enter. */
async function openScenarioTabByKeyboard(page: Page): Promise<void> {
  await page.getByTestId('dock-tab-yaml').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('dock-tab-scenario')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('dock-tab-scenario')).toHaveAttribute('aria-selected', 'true');
}

test('pod-lifecycle: steps tick from ahead to done and the expectations pass as the runner checks them', async ({ page }) => {
  // Two screen sizes twice and an axe run, on a machine shared with other runs.
  test.setTimeout(180_000);
  await gotoApp(page);
  // Every built-in scenario is offered by its title.
  await expect(page.getByTestId('scenario-select').locator('option')).toHaveCount(BUILT_IN);
  await expect(page.getByTestId('scenario-select').locator('option[value="pod-lifecycle"]')).toHaveText('Life of a pod');
  await pickScenario(page, 'pod-lifecycle');
  await openScenarioTabByKeyboard(page);

  const panel = page.getByTestId('scenario-panel');
  await expect(panel).toContainText('Life of a pod');
  await expect(panel).toContainText('Apply a Pod and watch it travel through the four phases to Running.');
  // The apply ran at once and the Pending check (step 2) passed with what kubectl printed.
  await expect(step(page, 0)).toHaveAttribute('data-state', 'done');
  await expect(step(page, 0)).toContainText('ran 00:00.000');
  await expect(step(page, 0)).toContainText('kubectl apply -f - (Pod web)');
  await expect(expectation(page, 2)).toHaveAttribute('data-state', 'pass');
  await expect(expectation(page, 2)).toContainText('output is “Pending”');
  // The 30 s steps are still ahead, with their scheduled time, and their checks pending.
  await expect(step(page, 5)).toHaveAttribute('data-state', /^(ahead|next)$/);
  await expect(step(page, 5)).toContainText('at 00:30.000');
  await expect(expectation(page, 6)).toHaveAttribute('data-state', 'pending');
  await expect(page.getByTestId('scenario-badge')).toHaveAttribute('data-failed', '0');

  // The steps list is a scroll box the keyboard reaches after the dock's buttons.
  for (let i = 0; i < 4 && !(await page.getByTestId('scenario-steps').evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(page.getByTestId('scenario-steps')).toBeFocused();
  await expectNoAxeViolations(page, { include: '[data-testid="dock"]' });
  await shotSizes(page, 'scenario-panel-running', { graph: false });

  await setSpeed(page, 25);
  await expect(expectation(page, 6)).toHaveAttribute('data-state', 'pass', { timeout: 30_000 });
  await expect(step(page, 5)).toHaveAttribute('data-state', 'done');
  await expect(step(page, 5)).toContainText(/ran 00:30\.\d{3}/);
  await expect(panel).toHaveAttribute('data-done', 'true', { timeout: 30_000 });
  await expect(page.getByTestId('scenario-summary')).toContainText('6 passed · 0 failed · 0 pending');
  await expect(page.getByTestId('scenario-badge')).toContainText('✓ 6/6');
  await shotSizes(page, 'scenario-panel-done', { graph: false });
});

const WRONG = `apiVersion: kubeplay.dev/v1alpha1
kind: Scenario
metadata:
  name: wrong-guess
  description: Guesses the pod's phase too early, so its first check fails.
spec:
  seed: 3
  steps:
    - at: 0s
      run: kubectl run web --image=nginx:1.25
    - at: 0s
      expect:
        run: kubectl get pod web -o jsonpath={.status.phase}
        equals: Running
    - at: 20s
      expect:
        run: kubectl get pod web -o jsonpath={.status.phase}
        equals: Running
`;

test('a failed expectation shows on the tab without opening it, and in the panel with what came instead, in English and Russian', async ({ page }) => {
  test.setTimeout(180_000);
  await gotoApp(page);
  await page.getByTestId('import-file').setInputFiles({ name: 'wrong-guess.yaml', mimeType: 'application/yaml', buffer: Buffer.from(WRONG) });
  await expect(page.getByTestId('scenario-select').locator('option').first()).toHaveText('wrong-guess');
  // The terminal tab is open; the count on the Scenario tab says one failed.
  await expect(page.getByTestId('dock-tab-scenario')).toHaveAttribute('aria-selected', 'false');
  await expect(page.getByTestId('scenario-badge')).toHaveAttribute('data-failed', '1');
  await expect(page.getByTestId('dock-tab-scenario')).toContainText('✗ 1');
  await expect(page.getByTestId('dock-tab-scenario')).toHaveAccessibleName(/^Scenario\s+1 failed$/);

  await openScenarioTabByKeyboard(page);
  await expect(expectation(page, 1)).toHaveAttribute('data-state', 'fail');
  await expect(expectation(page, 1)).toContainText('output is “Running” — got “Pending”');
  await setSpeed(page, 25);
  await expect(expectation(page, 2)).toHaveAttribute('data-state', 'pass', { timeout: 30_000 });
  await expect(page.getByTestId('scenario-summary')).toContainText('1 passed · 1 failed · 0 pending');
  await expectNoAxeViolations(page, { include: '[data-testid="dock"]' });
  await shotSizes(page, 'scenario-panel-failed', { graph: false });

  await page.getByTestId('lang-ru').click();
  await expect(page.getByTestId('dock-tab-scenario')).toContainText('Сценарий');
  await expect(expectation(page, 1)).toContainText('не выполнена');
  await expect(expectation(page, 1)).toContainText('вывод равен «Running» — получено «Pending»');
  await expectNoAxeViolations(page, { include: '[data-testid="dock"]' });
  await shotSizes(page, 'scenario-panel-failed-ru', { graph: false });
});
