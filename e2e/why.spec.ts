// Issue 11, "why" callouts where a learner gets stuck. Seed chapter 2: "new pods stay Pending forever
// although nodes have room: kube-scheduler is down" (public/scenarios/scheduler-down.yaml); seed
// chapter 3: "kubelet down -> after 40 s the node is NotReady -> after 5 more minutes its pods are
// moved" (public/scenarios/kubelet-down.yaml, Kubernetes v1.31: --node-monitor-grace-period 40 s,
// DefaultTolerationSeconds 300 s). The countdowns run on the simulated clock.

import { clockMs, expect, expectNoAxeViolations, gotoApp, pause, pickScenario, play, pod, runUntil, setSpeed, shotSizes, test } from './helpers';
import type { Page } from '@playwright/test';

/** `01:15.400` -> 75400. */
function clockTextMs(text: string): number {
  const m = /(\d+):(\d{2})\.(\d{3})/.exec(text);
  if (!m) throw new Error(`no clock time in ${text}`);
  return (Number(m[1]) * 60 + Number(m[2])) * 1000 + Number(m[3]);
}

/** The seconds a countdown badge shows: `NotReady in 26 s`, `eviction in 4 min 55 s`. */
function badgeSeconds(text: string): number {
  const m = /(?:(\d+) min)?\s*(?:(\d+) s)?$/.exec(text.trim());
  return Number(m?.[1] ?? 0) * 60 + Number(m?.[2] ?? 0);
}

async function inspectorWhy(page: Page, kind: string) {
  return page.getByTestId('inspector').getByTestId(`why-${kind}`);
}

test('a Pending pod with kube-scheduler dead says nobody is scheduling, in English and Russian, until the scheduler is back', async ({ page }) => {
  await gotoApp(page);
  await pickScenario(page, 'scheduler-down');
  const web = pod(page, 'default', 'web');
  const badge = web.getByTestId('why-badge-scheduler-down');
  await expect(badge).toBeVisible();
  await pause(page);
  await expect(web).toHaveAttribute('data-status', 'Pending');
  // On the compact graph's pod chip the badge is its "?" mark; the words are its name and tooltip.
  await expect(badge).toHaveAccessibleName(/^no scheduler\. /);
  await expect(badge).toHaveAttribute('title', /kube-scheduler is down/);
  // The badge leaves the pod's name readable (issue 11: it covered READY on the full pod box).
  const a = (await badge.boundingBox())!;
  for (const part of ['.kp-pod-name']) {
    // The text's own box (the status line's element is as wide as the card).
    const b = await web.locator(part).evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const r = range.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    });
    const apart = a.x >= b.x + b.width || b.x >= a.x + a.width || a.y >= b.y + b.height || b.y >= a.y + a.height;
    expect(apart, `the why badge ${JSON.stringify(a)} over ${part} ${JSON.stringify(b)}`).toBe(true);
  }

  // From the keyboard: the badge is a button that selects the pod and opens its explanation.
  await badge.focus();
  await page.keyboard.press('Enter');
  const why = await inspectorWhy(page, 'scheduler-down');
  await expect(why).toContainText('Nobody is scheduling: kube-scheduler is down');
  await expect(why).toContainText('There is no FailedScheduling event either');
  await expectNoAxeViolations(page);
  await shotSizes(page, 'why-scheduler-down');

  await page.getByTestId('lang-ru').click();
  await expect(why).toContainText('Никто не планирует: kube-scheduler не работает');
  await expect(badge).toHaveAccessibleName(/^нет планировщика\. /);
  await page.getByTestId('lang-en').click();

  // The scenario starts kube-scheduler again at 31 s; it leads and binds the pod from about 46 s.
  await setSpeed(page, 25);
  await play(page);
  await runUntil(page, async () => (await web.getAttribute('data-status')) === 'Running', { timeout: 30_000 });
  await expect(badge).toHaveCount(0);
});

test('a node whose kubelet died counts down to NotReady and then to eviction on the simulated clock; its pods are marked stale', async ({ page }) => {
  // Six simulated minutes, two axe runs and four screenshots on a shared two-core machine.
  test.setTimeout(150_000);
  await gotoApp(page);
  await pickScenario(page, 'kubelet-down');
  // 5x: the 35 s to the moment below take 7 s of real time, and a poll overshoots by little.
  await setSpeed(page, 5);
  const node = page.getByTestId('host-worker-2');
  const badge = node.getByTestId('why-badge-node-not-ready');
  // The kubelet dies at 30.5 s, just after a lease renewal; the controller sees that renewal at its
  // next pass (every 5 s) and counts the 40 s grace period from there.
  await runUntil(page, async () => (await clockMs(page)) >= 36_000, { timeout: 30_000 });
  await pause(page);
  expect(await clockMs(page)).toBeLessThan(70_000);
  await expect(badge).toContainText(/NotReady in \d+ s/);
  await badge.click();
  const why = await inspectorWhy(page, 'node-not-ready');
  await expect(why).toContainText('worker-2 is silent (its kubelet is stopped)');
  await expect(why).toContainText('--node-monitor-grace-period (40 s), at 01:');
  const body = (await why.textContent()) ?? '';
  const lastSeen = clockTextMs(/alive at (\d+:\d{2}\.\d{3})/.exec(body)?.[1] ?? '');
  const notReadyAt = clockTextMs(/\(40 s\), at (\d+:\d{2}\.\d{3})/.exec(body)?.[1] ?? '');
  expect(notReadyAt - lastSeen).toBe(40_000);
  expect(lastSeen).toBeGreaterThanOrEqual(30_500 - 10_000);
  expect(lastSeen).toBeLessThanOrEqual(30_500 + 5_100);
  const now = await clockMs(page);
  expect(badgeSeconds((await badge.textContent()) ?? '')).toBe(Math.ceil((notReadyAt - now) / 1000));
  // The node's pods: the apiserver still says Running, nobody can say otherwise.
  const stale = page.getByTestId('why-badge-stale-running');
  expect(await stale.count()).toBeGreaterThan(0);
  // A pod chip's badge is its "?" mark, named by its words.
  await expect(stale.first()).toHaveAccessibleName(/^stale/);
  await expectNoAxeViolations(page);
  await shotSizes(page, 'why-node-grace');

  // NotReady, then the NoExecute taint: the pods' 300 s (tolerationSeconds) run out at 385.0 s.
  await setSpeed(page, 25);
  await play(page);
  await runUntil(page, async () => /eviction in/.test((await badge.textContent()) ?? ''), { timeout: 30_000 });
  await pause(page);
  await expect(page.getByTestId('node-status-worker-2')).toHaveAttribute('data-status', 'NotReady');
  // The count in its own form (app/plural.ts): "1 pod tolerates", "2 pods tolerate".
  await expect(why).toContainText(/(1 pod tolerates|\d+ pods tolerate) the node\.kubernetes\.io\/unreachable:NoExecute taint for 300 s/);
  const evictAt = clockTextMs(/At (\d+:\d{2}\.\d{3})/.exec((await why.textContent()) ?? '')?.[1] ?? '');
  expect(evictAt).toBeGreaterThanOrEqual(385_000);
  expect(evictAt).toBeLessThan(386_000);
  expect(badgeSeconds((await badge.textContent()) ?? '')).toBe(Math.ceil((evictAt - (await clockMs(page))) / 1000));
  await expectNoAxeViolations(page);
  await shotSizes(page, 'why-node-eviction');
});

test('the etcd cluster box does the quorum arithmetic: 3 members, quorum 2, 1 alive has no quorum', async ({ page }) => {
  // Seed chapter 2: Q = floor(N/2) + 1; public/scenarios/etcd-quorum-loss.yaml kills two of three at 21 s.
  await gotoApp(page);
  await pickScenario(page, 'etcd-quorum-loss');
  await setSpeed(page, 5);
  const box = page.getByTestId('etcd-cluster');
  const badge = box.getByTestId('why-badge-etcd-quorum');
  await expect(badge).toContainText('no quorum', { timeout: 30_000 });
  await pause(page);
  await badge.focus();
  // The badge selects the member still alive (the scenario kills etcd-1 and etcd-2): its inspector explains.
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('inspector-component')).toHaveAttribute('data-id', 'etcd/etcd-3');
  const why = await inspectorWhy(page, 'etcd-quorum');
  await expect(why).toContainText('3 members, quorum 2, 1 alive: no quorum — writes and reads with quorum fail');
  await expect(why).toContainText('etcdserver: request timed out');
  await expectNoAxeViolations(page);
  await shotSizes(page, 'why-etcd-quorum');
});
