// Strings people put into manifests are shown as text, never run as HTML or obeyed as terminal
// commands. The apiserver validates names and label values (DNS-1123, so no `<` or ESC in them), but
// an annotation value may be any string, and an image name only has to be non-blank: both travel on
// into the inspector's YAML, the events the kubelet writes ("Failed to pull image ..."), the Events
// tab and `kubectl describe` in the terminal.

import { applyYaml, expect, gotoApp, openDockTab, pause, pod, setSpeed, shotSizes, test, typeCommand, waitPodStatus } from './helpers';

const HTML = '<img src=x onerror=alert(1)>';
const IMAGE = '<img src=x onerror=alert(2)>';

// `\e` and `\a` are YAML double-quoted escapes for ESC and BEL: an OSC "set window title" and a
// "clear screen", the kind of thing a log line or an annotation copied from elsewhere can carry.
const MANIFEST = `apiVersion: v1
kind: Pod
metadata:
  name: xss
  annotations:
    note: "${HTML}"
    esc: "\\e]0;pwned\\a\\e[2J"
spec:
  containers:
    - name: c
      image: "${IMAGE}"
`;

test('an annotation and an image name that look like HTML or terminal escapes are shown as text everywhere', async ({ page }) => {
  test.slow(); // The YAML tab loads Monaco (about 4 MB of JS).
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await gotoApp(page);
  await setSpeed(page, 25);
  await applyYaml(page, MANIFEST);
  await waitPodStatus(page, 'default', 'xss', 'ImagePullBackOff', 60_000);

  // The terminal: `kubectl describe` prints the annotations; the escapes are shown, not obeyed.
  const described = await typeCommand(page, 'kubectl describe pod xss', { expectOutput: /Events:/ });
  expect(described).toContain(`note: ${HTML}`);
  expect(described).toContain('esc: ^[]0;pwned^G^[[2J');
  expect(described).toContain(`Image:          ${IMAGE}`);
  // The annotation alone, as the program printed it: ESC and BEL arrive and are shown as ^[ and ^G.
  const esc = await typeCommand(page, 'kubectl get pod xss -o jsonpath={.metadata.annotations.esc}', { expectOutput: /\^\[/ });
  expect(esc).toMatch(/^\^\[\]0;pwned\^G\^\[\[2J\n$/);
  // Paused from here on: the screenshots hold still, and nothing more needs to happen.
  await pause(page);
  await shotSizes(page, '41-untrusted-text-terminal', { graph: false });

  // The inspector: the live YAML holds the annotation as text, the events the image name.
  await pod(page, 'default', 'xss').click();
  const inspector = page.getByTestId('inspector-object');
  await expect(inspector).toHaveAttribute('data-id', 'pods/default/xss');
  await expect(page.getByTestId('inspector-yaml')).toContainText(`note: ${HTML}`);
  await expect(page.getByTestId('inspector-events')).toContainText(`Failed to pull image "${IMAGE}"`);

  // The Events tab.
  await openDockTab(page, 'events');
  await expect(page.getByTestId('events-table')).toContainText(`Back-off pulling image "${IMAGE}"`);
  await shotSizes(page, '40-untrusted-text-events', { graph: false });

  // Nothing became an element, nothing ran, the page title is the app's own.
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(dialogs).toEqual([]);
  await expect(page).toHaveTitle('Kubeplay');
});
