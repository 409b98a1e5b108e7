// The inspector's filter/score table for a DaemonSet pod. kube-proxy's pods are pinned to their
// node by required node affinity on `metadata.name` (the DaemonSet controller writes it), so
// NodeAffinity's PreFilter names that one node and the cycle filters it alone (Kubernetes v1.31
// plugins/nodeaffinity PreFilter, schedule_one.go findNodesThatFitPod); the table says so.

import { expect, expectNoAxeViolations, gotoApp, shotSizes, test } from './helpers';

test("a kube-proxy pod's scheduling cycle filters its own node only, and the inspector says why", async ({ page }) => {
  await gotoApp(page);
  const proxy = page.locator('[data-testid^="pod-kube-system-kube-proxy-"]:visible').first();
  await expect(proxy).toBeVisible({ timeout: 30_000 });
  await proxy.click();
  await expect(page.getByTestId('scheduler-table')).toBeVisible();
  const narrowed = page.getByTestId('cycle-narrowed').first();
  await expect(narrowed).toContainText("NodeAffinity's PreFilter named the only node(s) worth filtering: 1 of 4");
  await expect(page.getByTestId('scheduler-table').locator('tbody tr')).toHaveCount(1);
  await narrowed.scrollIntoViewIfNeeded();
  await expectNoAxeViolations(page);
  await shotSizes(page, 'scheduler-table-daemonset');
});
