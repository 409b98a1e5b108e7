// The YAML tab's editor: Monaco with monaco-yaml, bundled with the app (no CDN), checks a manifest
// against the Kubernetes v1.31 schema as you type. A wrong type gets a warning squiggle and a line
// under the editor says what is wrong; Apply still sends the text, and the apiserver answers.

import type { Page } from '@playwright/test';
import { expect, gotoApp, openDockTab, setYamlText, shot, test } from './helpers';

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
        - name: nginx
          image: nginx:1.25
`;

/** Puts the cursor on the first non-blank character of a line (1-based) of the focused editor. */
async function gotoLine(page: Page, line: number): Promise<void> {
  await page.keyboard.press('ControlOrMeta+Home');
  for (let i = 1; i < line; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
  await page.keyboard.press('Home');
}

test('typing "replicas: many" into the YAML editor shows a monaco-yaml warning from the v1.31 schema', async ({ page }) => {
  test.slow(); // The Monaco chunk is about 4 MB of JS to load and parse.
  await gotoApp(page);
  await openDockTab(page, 'yaml');
  const editor = page.getByTestId('yaml-editor');
  await expect(editor).toHaveAttribute('data-ready', 'true');
  // The starter Pod is valid.
  await expect(page.getByTestId('yaml-problems')).toHaveAttribute('data-count', '0');

  await setYamlText(page, DEPLOYMENT);
  // Type a line key by key, as a person would: Enter at the start of "  selector:" (line 6) opens
  // an indented line above it.
  await gotoLine(page, 6);
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('End');
  await page.keyboard.type('replicas: many');
  // Close a completion list that may have opened while typing.
  await page.keyboard.press('Escape');
  await expect(editor.locator('.view-lines')).toContainText(/replicas:\s*many/);

  await expect(editor.locator('.squiggly-warning').first()).toBeVisible();
  const problems = page.getByTestId('yaml-problems');
  // monaco-yaml's `Incorrect type. Expected "integer".`, in plain words (schema-messages.ts).
  await expect(problems).toContainText('Line 6: Wrong type: expected a whole number.');
  await expect(problems).toHaveAttribute('data-count', '1');
  // Monaco's hover says the same when the pointer rests on the squiggle.
  // The squiggle lies under Monaco's text layer, so point at its place rather than at the element.
  const squiggle = await editor.locator('.squiggly-warning').first().boundingBox();
  expect(squiggle).not.toBeNull();
  await page.mouse.move(squiggle!.x + squiggle!.width / 2, squiggle!.y + squiggle!.height / 2);
  await expect(page.locator('.monaco-hover').filter({ hasText: 'Wrong type: expected a whole number.' }).first()).toBeVisible();
  await shot(page, '30-yaml-editor-warning', { graph: false });

  // Apply sends the text anyway: the apiserver's strict decoding has the last word.
  await page.getByTestId('yaml-apply').click();
  await openDockTab(page, 'terminal');
  await expect(page.getByTestId('terminal-text')).toContainText('$ kubectl apply -f -');
  await expect(page.getByTestId('terminal-text')).toContainText(/replicas/);
  // Back on the YAML tab, the text is still there.
  await openDockTab(page, 'yaml');
  await expect(editor).toHaveAttribute('data-ready', 'true');
  await expect(editor.locator('.view-lines')).toContainText(/replicas:\s*many/);
});

test('an unknown field is flagged, and field names complete from the schema', async ({ page }) => {
  test.slow(); // The Monaco chunk is about 4 MB of JS to load and parse.
  await gotoApp(page);
  await setYamlText(page, 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\n  labelz:\n    app: web\nspec:\n  containers:\n    - name: nginx\n      image: nginx:1.25\n');
  const problems = page.getByTestId('yaml-problems');
  await expect(problems).toContainText('Unknown field "labelz": Kubernetes has no such field here.');

  // Completion inside the container: on a new line after "image:" (line 10), "imagePullP" offers
  // imagePullPolicy, and Enter takes it.
  const editor = page.getByTestId('yaml-editor');
  await gotoLine(page, 10);
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('imagePullP');
  await page.keyboard.press('ControlOrMeta+Space');
  const row = page.locator('.suggest-widget .monaco-list-row.focused').filter({ hasText: 'imagePullPolicy' });
  await expect(row).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(editor.locator('.view-lines')).toContainText(/imagePullPolicy:/);
  await page.keyboard.press('Escape');

  // The editor follows the app's theme.
  await page.getByTestId('theme-toggle').click();
  await expect(editor.locator('.monaco-editor')).toHaveClass(/\bvs\b/);
  await expect(editor.locator('.monaco-editor')).not.toHaveClass(/vs-dark/);
  await shot(page, '31-yaml-editor-light', { graph: false });
});
