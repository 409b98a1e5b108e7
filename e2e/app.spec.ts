import { expect, test } from '@playwright/test';

// The app shell: the page starts the simulation in its Web Worker, loads the built-in pod-lifecycle
// scenario and shows `kubectl get pods`, refreshed every simulated second, until web is Running.
// The page must work offline: any request that leaves this machine fails the test, as does any
// console error or uncaught exception.
test('the simulated cluster runs the pod-lifecycle scenario until web is Running', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('request', (req) => {
    const url = new URL(req.url());
    const local = url.protocol === 'data:' || url.protocol === 'blob:' || url.hostname === '127.0.0.1' || url.hostname === 'localhost';
    if (!local) problems.push(`request left localhost: ${req.url()}`);
  });

  await page.goto('/');
  await expect(page).toHaveTitle('Kubeplay');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kubeplay');
  const getPods = page.getByTestId('get-pods');
  await expect(getPods).toContainText(/^NAME\s+READY\s+STATUS/m);
  await expect(getPods).toContainText(/^web\s+1\/1\s+Running\s/m);
  await page.screenshot({ path: 'test-results/app.png', fullPage: true });
  expect(problems).toEqual([]);
});
