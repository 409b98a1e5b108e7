// `journalctl -u kubelet -f` in the app's terminal (issue 5): the last lines come at once, the
// command keeps running, Ctrl-C prints `^C` and ends it, and the prompt comes back.

import { expect, gotoApp, terminalText, test, typeCommand } from './helpers';

test('journalctl -f streams kubelet lines until Ctrl-C', async ({ page }) => {
  await gotoApp(page);
  const first = await typeCommand(page, 'ssh worker-1 -- journalctl -u kubelet -f -n 3', { expectOutput: /worker-1 kubelet\[2817\]: [IWE]\d{4} / });
  expect(first.trimEnd().split('\n').length).toBeLessThanOrEqual(3);
  await page.getByTestId('terminal').click();
  await page.keyboard.press('Control+C');
  await expect.poll(async () => (await terminalText(page)).endsWith('^C\n')).toBe(true);
  // The follow has ended: the next line runs at the prompt.
  await typeCommand(page, 'kubectl get nodes', { expectOutput: /worker-3/ });
});
