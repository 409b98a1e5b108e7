// kubectl verbs learners type, in the app's terminal (issue 12): `kubectl logs -f` streams each
// new line as the container writes it and ends on Ctrl-C with the prompt back (kubectl
// pkg/cmd/logs/logs.go --follow); `kubectl edit` opens the object under kubectl's edit header in the
// YAML tab, and Save sends the change (`deployment.apps/NAME edited`) or cancels an unchanged one
// (`Edit cancelled, no changes made.`) (kubectl pkg/cmd/util/editor/editoptions.go).

import { expect, gotoApp, openDockTab, shot, terminalText, test, typeCommand } from './helpers';

test('kubectl logs -f prints new lines as they come and ends on Ctrl-C', async ({ page }) => {
  test.slow(); // The pod's image pull and start, then several simulated seconds of ticks.
  await gotoApp(page);
  await typeCommand(page, 'kubectl run ticker --image=busybox:1.36 -- sh -c "while true; do echo tick; sleep 2; done"', { expectOutput: /pod\/ticker created/ });
  await expect.poll(async () => (await typeCommand(page, 'kubectl get pod ticker --no-headers')).includes('Running'), { timeout: 60_000 }).toBe(true);
  const before = (await terminalText(page)).length;
  await typeCommand(page, 'kubectl logs -f ticker', { wait: false });
  // The command keeps running: more ticks arrive as simulated time goes on.
  await expect.poll(async () => ((await terminalText(page)).slice(before).match(/^tick$/gm) ?? []).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
  await shot(page, 'kubectl-logs-follow', { graph: false });
  await page.getByTestId('terminal').click();
  await page.keyboard.press('Control+C');
  await expect.poll(async () => (await terminalText(page)).endsWith('^C\n')).toBe(true);
  // The prompt is back: the next line runs.
  await typeCommand(page, 'kubectl get pod ticker', { expectOutput: /ticker/ });
});

test('kubectl edit opens the object in the YAML tab; Save sends the change', async ({ page }) => {
  test.slow(); // The Monaco chunk is about 4 MB of JS to load and parse.
  await gotoApp(page);
  await typeCommand(page, 'kubectl create deployment edit-me --image=nginx', { expectOutput: /deployment.apps\/edit-me created/ });
  await typeCommand(page, 'kubectl edit deployment/edit-me', { expectOutput: /deployment\.apps\/edit-me is open in the YAML tab/ });
  await expect(page.getByTestId('dock-tab-yaml')).toHaveAttribute('aria-selected', 'true');
  const editor = page.getByTestId('yaml-editor');
  await expect(editor).toHaveAttribute('data-ready', 'true');
  await expect(editor.locator('.view-lines')).toContainText("# Please edit the object below. Lines beginning with a '#' will be ignored,");
  await expect(page.getByTestId('yaml-apply')).toHaveText('Save');
  // As a person would: find the line, and type over it.
  await editor.locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+F');
  await page.keyboard.type('replicas: 1');
  await page.keyboard.press('Escape');
  await page.keyboard.type('replicas: 2');
  await shot(page, 'kubectl-edit-open', { graph: false });
  await page.getByTestId('yaml-apply').click();
  const result = page.getByTestId('yaml-apply-result');
  await expect(result).toHaveAttribute('data-state', 'ok', { timeout: 20_000 });
  await expect(page.getByTestId('yaml-apply-text')).toHaveText('deployment.apps/edit-me edited');
  // The editor is closed: the button applies manifests again.
  await expect(page.getByTestId('yaml-apply')).toHaveText('Apply');
  await shot(page, 'kubectl-edit-saved', { graph: false });
  await typeCommand(page, 'kubectl get deployment edit-me -o jsonpath={.spec.replicas}', { expectOutput: /^2/ });

  // Opened again and saved as it is: nothing changes.
  await typeCommand(page, 'kubectl edit deploy edit-me', { expectOutput: /is open in the YAML tab/ });
  await expect(page.getByTestId('yaml-apply')).toHaveText('Save');
  await page.getByTestId('yaml-apply').click();
  await expect(page.getByTestId('yaml-apply-text')).toHaveText('Edit cancelled, no changes made.', { timeout: 20_000 });
  await openDockTab(page, 'terminal');
});
