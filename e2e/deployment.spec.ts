// Acceptance, issue 4 (its end-to-end part): the reconciliation loop seen in the app. Scaling a
// Deployment from the terminal makes pods appear; powering off a worker from the graph makes its
// node NotReady after the 40 s grace period, and after the 300 s eviction timeout its pods are
// replaced on the other workers (seed, chapters 1 and 3).

import type { Page } from '@playwright/test';
import { clockMs, expect, gotoApp, menuAction, pause, play, regionOf, runUntil, setSpeed, shot, test, typeCommand } from './helpers';

interface WebPod {
  name: string;
  status: string;
  region: string | undefined;
}

async function webPods(page: Page): Promise<WebPod[]> {
  const els = page.locator('[data-testid^="pod-default-web-"]');
  const out: WebPod[] = [];
  for (const el of await els.all()) {
    const id = (await el.getAttribute('data-testid')) ?? '';
    out.push({ name: id.replace('pod-default-', ''), status: (await el.getAttribute('data-status')) ?? '', region: await regionOf(page, el) });
  }
  return out;
}

const running = (pods: WebPod[]) => pods.filter((p) => p.status === 'Running');

test('scaling a Deployment from the terminal makes pods appear in the worker regions', async ({ page }) => {
  await gotoApp(page);
  await setSpeed(page, 25);
  await typeCommand(page, 'kubectl create deployment web --image=nginx:1.25 --replicas=2', { expectOutput: /deployment\.apps\/web created/ });
  await runUntil(page, async () => running(await webPods(page)).length === 2);
  await typeCommand(page, 'kubectl scale deployment web --replicas=5', { expectOutput: /deployment\.apps\/web scaled/ });
  await runUntil(page, async () => running(await webPods(page)).length === 5, { timeout: 60_000 });
  const pods = await webPods(page);
  for (const p of pods) expect(p.region).toMatch(/^worker-\d$/);
  expect(pods.map((p) => p.name).every((n) => /^web-[a-z0-9]{10}-[a-z0-9]{5}$/.test(n))).toBe(true);
  const out = await typeCommand(page, 'kubectl get deployment web', { expectOutput: /web\s+5\/5/ });
  expect(out).toMatch(/^web\s+5\/5\s+5\s+5\s+\S+$/m);
  await shot(page, '16-deployment-scaled-to-5');
});

test('a powered-off worker turns NotReady 40 s later and its pods are replaced on other nodes after the eviction timeout', async ({ page }) => {
  test.setTimeout(180_000);
  await gotoApp(page);
  await setSpeed(page, 25);
  await typeCommand(page, 'kubectl create deployment web --image=nginx:1.25 --replicas=6', { expectOutput: /deployment\.apps\/web created/ });
  await runUntil(page, async () => running(await webPods(page)).length === 6, { timeout: 60_000 });
  const onWorker2 = (await webPods(page)).filter((p) => p.region === 'worker-2').map((p) => p.name);
  expect(onWorker2.length).toBeGreaterThan(0);

  await pause(page);
  await menuAction(page, 'host:worker-2', 'kill');
  const killedAt = await clockMs(page);
  await expect(page.getByTestId('host-worker-2')).toHaveAttribute('data-up', 'false');
  await play(page);

  // The 40 s grace period counts from the last lease renewal the controller saw (its monitor pass
  // runs every 5 s), and the power went off 0-10 s after a renewal (the lease interval): so NotReady
  // comes 40 s after the heartbeats stopped, which is 30-55 s after the kill. The exact 40 s is
  // asserted headless in src/sim/controllers/kube-controller-manager.sim.test.ts.
  let notReadyAt = 0;
  await runUntil(page, async () => {
    const status = await page.getByTestId('node-status-worker-2').getAttribute('data-status');
    const now = await clockMs(page);
    if (status === 'NotReady') {
      notReadyAt = now;
      return true;
    }
    return false;
  });
  expect(notReadyAt - killedAt).toBeGreaterThanOrEqual(30_000);
  // + 2.5 s: the test polls every 100 ms of real time, 2.5 s of simulated time at 25x.
  expect(notReadyAt - killedAt).toBeLessThan(55_000 + 2_500);
  await shot(page, '17-worker-2-not-ready');

  // The pods tolerate node.kubernetes.io/unreachable for 300 s; then they are evicted and their
  // ReplicaSet replaces them on the workers that are left.
  await setSpeed(page, 100);
  let replacedAt = 0;
  await runUntil(
    page,
    async () => {
      const pods = await webPods(page);
      const healthy = running(pods).filter((p) => p.region !== 'worker-2');
      if (healthy.length === 6) {
        replacedAt = await clockMs(page);
        return true;
      }
      return false;
    },
    { timeout: 120_000 },
  );
  expect(replacedAt - notReadyAt).toBeGreaterThanOrEqual(295_000);
  const after = await webPods(page);
  for (const name of onWorker2) expect(running(after).map((p) => p.name)).not.toContain(name);
  const out = await typeCommand(page, 'kubectl get deployment web', { expectOutput: /web\s+6\/6/ });
  expect(out).toMatch(/^web\s+6\/6\s/m);
  console.log(`worker-2 off at ${killedAt.toFixed(0)} ms, NotReady at ${notReadyAt.toFixed(0)} ms, all 6 replaced by ${replacedAt.toFixed(0)} ms`);
  await shot(page, '18-pods-replaced-after-eviction');
});
