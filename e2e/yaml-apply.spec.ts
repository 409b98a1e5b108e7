// Apply's answer shows in the YAML tab itself (issue 11, "Understand what you see"): kubectl's own
// words (`pod/web created`, `pod/web unchanged`, `The Pod "web" is invalid: ...`), announced as a
// status, and the field the server rejected is marked as an error on its line of the YAML. The
// texts are kubectl's (kubectl/pkg/cmd/apply: "created", "configured", "unchanged";
// cmdutil.CheckErr for an Invalid status), made by the simulated kubectl, not by the page.

import { expect, expectNoAxeViolations, gotoApp, openDockTab, pause, play, setYamlText, shotSizes, test } from './helpers';

const GOOD = `apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
    - name: nginx
      image: nginx:1.25
`;

// An empty image: the apiserver's validation answers "spec.containers[0].image: Required value"
// (pkg/apis/core/validation validateContainerCommon). Line 8 holds the field.
const NO_IMAGE = `apiVersion: v1
kind: Pod
metadata:
  name: broken
spec:
  containers:
    - name: nginx
      image: ""
`;

test('Apply shows created, the server\'s error with a marker on its line, and unchanged, in the YAML tab', async ({ page }) => {
  test.slow(); // The Monaco chunk is about 4 MB of JS to load and parse.
  await gotoApp(page);
  await openDockTab(page, 'yaml');
  const editor = page.getByTestId('yaml-editor');
  await expect(editor).toHaveAttribute('data-ready', 'true');
  const result = page.getByTestId('yaml-apply-result');
  await expect(result).toHaveAttribute('data-state', 'idle');
  await expect(result).toHaveAttribute('role', 'status');

  // A good Pod, applied while the clock is paused: the tab says the answer waits for time to run;
  // with Play, kubectl's answer comes: created.
  await setYamlText(page, GOOD);
  await pause(page);
  await page.getByTestId('yaml-apply').click();
  await expect(result).toHaveAttribute('data-state', 'pending');
  await expect(result).toContainText('press Play or Step');
  await play(page);
  await expect(result).toHaveAttribute('data-state', 'ok');
  await expect(page.getByTestId('yaml-apply-text')).toHaveText('pod/web created');

  // An invalid one, on a projector-sized screen where the editor shows only a few lines: the error
  // as kubectl prints it, and an error marker on line 8 (image), scrolled into view.
  await page.setViewportSize({ width: 1280, height: 720 });
  await setYamlText(page, NO_IMAGE);
  await page.getByTestId('yaml-apply').click();
  await expect(result).toHaveAttribute('data-state', 'failed');
  await expect(page.getByTestId('yaml-apply-text')).toHaveText('The Pod "broken" is invalid: spec.containers[0].image: Required value');
  await expect(editor.locator('.squiggly-error').first()).toBeVisible();
  const problems = page.getByTestId('yaml-problems');
  await expect(problems).toContainText('Line 8: spec.containers[0].image: Required value');
  // The squiggle sits on the `image: ""` line, scrolled into view on a small screen too.
  const squiggle = (await editor.locator('.squiggly-error').first().boundingBox())!;
  const imageLine = (await editor.locator('.view-line').filter({ hasText: /image:/ }).boundingBox())!;
  expect(Math.abs(squiggle.y + squiggle.height / 2 - (imageLine.y + imageLine.height / 2))).toBeLessThan(imageLine.height / 2);
  await expectNoAxeViolations(page, { include: '.yaml-tab' });
  await shotSizes(page, '32-yaml-apply-invalid', { graph: false });

  // Keyboard: Ctrl+Enter in the editor applies; the good Pod again is unchanged, and editing the
  // text took the server's marker away.
  await setYamlText(page, GOOD);
  await expect(editor.locator('.squiggly-error')).toHaveCount(0);
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(result).toHaveAttribute('data-state', 'ok');
  await expect(page.getByTestId('yaml-apply-text')).toHaveText('pod/web unchanged');
  await expect(problems).toHaveAttribute('data-count', '0');
  await shotSizes(page, '33-yaml-apply-unchanged', { graph: false });

  // In Russian, the schema's messages are Russian too; kubectl's own answer stays as kubectl prints it.
  await setYamlText(page, GOOD.replace('  name: web\n', '  name: web\n  labelz: {}\n'));
  await expect(problems).toContainText('Line 5: Unknown field "labelz": Kubernetes has no such field here.');
  await page.getByTestId('lang-ru').click();
  await expect(problems).toContainText('Строка 5: Неизвестное поле «labelz»: в Kubernetes здесь нет такого поля.');
  await expect(page.getByTestId('yaml-apply-text')).toHaveText('pod/web unchanged');
  await page.getByTestId('lang-en').click();

  // The terminal got the same answers, as before.
  await openDockTab(page, 'terminal');
  await expect(page.getByTestId('terminal-text')).toContainText('pod/web unchanged');
});
