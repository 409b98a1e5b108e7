// Acceptance, issue 3, third point: break things from the graph's menus. A killed kube-scheduler
// greys out and new pods stay Pending until it runs again; a powered-off worker greys out, its
// heartbeats stop (the control plane then marks the node NotReady), and it comes back when powered on.

import {
  clockMs,
  component,
  expect,
  gotoApp,
  menuAction,
  openDockTab,
  pause,
  play,
  pod,
  regionOf,
  runUntil,
  setSpeed,
  shot,
  test,
  timelineRecords,
  typeCommand,
  waitPodStatus,
  type TimelineRecord,
} from './helpers';
import type { Page } from '@playwright/test';

test('a killed kube-scheduler greys out and a new pod stays Pending for 20 s; started again, it schedules the pod', async ({ page }) => {
  await gotoApp(page);
  // No dots to watch here: 25x throughout.
  await setSpeed(page, 25);
  const scheduler = component(page, 'kube-scheduler');
  await menuAction(page, 'kube-scheduler', 'kill');
  await expect(scheduler).toHaveAttribute('data-alive', 'false');
  // The menu says what an operator would type to do this on a kubeadm cluster.
  await expect(page.getByTestId('terminal-text')).toContainText('# ssh control-plane -- sudo mv /etc/kubernetes/manifests/kube-scheduler.yaml /etc/kubernetes/');

  await typeCommand(page, 'kubectl run waiting --image=nginx:1.25', { expectOutput: /pod\/waiting created/ });
  await waitPodStatus(page, 'default', 'waiting', 'Pending');
  expect(await regionOf(page, pod(page, 'default', 'waiting'))).toBe('pending');
  await shot(page, '08-scheduler-killed-pod-pending');

  // 20 simulated seconds (under a second of real time): still Pending, still no node.
  const from = await clockMs(page);
  await runUntil(page, async () => (await clockMs(page)) >= from + 20_000, {
    always: async () => {
      await expect(pod(page, 'default', 'waiting')).toHaveAttribute('data-status', 'Pending', { timeout: 1 });
      await expect(scheduler).toHaveAttribute('data-alive', 'false', { timeout: 1 });
    },
  });
  expect(await regionOf(page, pod(page, 'default', 'waiting'))).toBe('pending');
  const described = await typeCommand(page, 'kubectl get pod waiting -o wide', { expectOutput: /waiting/ });
  expect(described).toMatch(/^waiting\s+0\/1\s+Pending\s+0\s+\S+\s+<none>\s+<none>\s/m);
  await shot(page, '09-pod-pending-20s-later');

  await menuAction(page, 'kube-scheduler', 'start');
  await expect(scheduler).toHaveAttribute('data-alive', 'true');
  await waitPodStatus(page, 'default', 'waiting', 'Running', 60_000);
  expect(await regionOf(page, pod(page, 'default', 'waiting'))).toMatch(/^worker-\d$/);
  await shot(page, '10-scheduler-back-pod-running');
});

/**
 * Plays until `until` and returns every timeline record seen meanwhile. The list shows the latest
 * 200 records, which at 25x pass in well under a second: so the clock plays in short spans and each
 * look is taken paused, and a slow machine cannot let records scroll by unseen between two looks.
 */
async function collectRecords(page: Page, until: () => Promise<boolean>, timeout = 60_000): Promise<TimelineRecord[]> {
  // The menus switch the dock to the terminal (to show the command they stand for): come back.
  await openDockTab(page, 'timeline');
  const seen = new Map<number, TimelineRecord>();
  const deadline = Date.now() + timeout;
  for (;;) {
    await pause(page);
    for (const r of await timelineRecords(page)) seen.set(r.id, r);
    if (await until()) break;
    if (Date.now() > deadline) throw new Error('collectRecords: condition not met in time');
    await play(page);
    await page.waitForTimeout(60);
  }
  await play(page);
  const records = [...seen.values()].sort((a, b) => a.id - b.id);
  expect(records.length, 'the timeline listed records').toBeGreaterThan(0);
  // No record slipped by between two looks (ids are consecutive), so "none from X" means none.
  const gaps = records.filter((r, i) => i > 0 && r.id !== records[i - 1]!.id + 1).map((r) => r.id);
  expect(gaps, 'records the polling missed').toEqual([]);
  return records;
}

const heartbeatsFrom = (records: TimelineRecord[], process: string, after: number): TimelineRecord[] =>
  records.filter((r) => r.from === process && r.time > after && (r.kind === 'message' || r.kind === 'timer'));

test('a powered-off worker greys out and its heartbeats stop until it is powered on again', async ({ page }) => {
  test.setTimeout(180_000);
  await gotoApp(page);
  // Heartbeats are hidden by default; show them, and watch the request timeline, which lists every record.
  await page.getByTestId('hide-heartbeats').uncheck();
  await openDockTab(page, 'timeline');
  // The timeline lists the last 200 records, about 7 simulated seconds of an idle kubeadm cluster
  // (kube-system's pods add their own): at 8x that is most of a second of play between two looks.
  await setSpeed(page, 8);

  // Before: worker-2's kubelet renews its Lease like every other node.
  const t0 = await clockMs(page);
  const before = await collectRecords(page, async () => (await clockMs(page)) >= t0 + 12_000);
  expect(heartbeatsFrom(before, 'kubelet/worker-2', t0).map((r) => r.phase)).toContain('heartbeat');

  // Paused while the menu is used, so the clock says exactly when the power went off.
  await pause(page);
  await menuAction(page, 'host:worker-2', 'kill');
  const killedAt = await clockMs(page);
  await expect(page.getByTestId('host-worker-2')).toHaveAttribute('data-up', 'false');
  await expect(component(page, 'kubelet/worker-2')).toHaveAttribute('data-alive', 'false');
  await shot(page, '11-worker-2-powered-off');
  await play(page);

  // After: 45 simulated seconds with nothing from worker-2, while worker-1 keeps renewing; the node
  // lifecycle controller notices (grace period 40 s) and marks the node NotReady.
  const after = await collectRecords(
    page,
    async () => (await clockMs(page)) >= killedAt + 45_000 && (await page.getByTestId('node-status-worker-2').getAttribute('data-status')) === 'NotReady',
  );
  expect(heartbeatsFrom(after, 'kubelet/worker-2', killedAt)).toEqual([]);
  expect(heartbeatsFrom(after, 'kubelet/worker-1', killedAt).map((r) => r.phase)).toContain('heartbeat');
  await expect(page.getByTestId('node-status-worker-2')).toHaveAttribute('data-status', 'NotReady');
  await expect(page.getByTestId('node-status-worker-1')).toHaveAttribute('data-status', 'Ready');
  await shot(page, '12-worker-2-not-ready');

  const notReadyAt = await clockMs(page);
  await pause(page);
  await menuAction(page, 'host:worker-2', 'start');
  const startedAt = await clockMs(page);
  await expect(page.getByTestId('host-worker-2')).toHaveAttribute('data-up', 'true');
  await expect(component(page, 'kubelet/worker-2')).toHaveAttribute('data-alive', 'true');
  await play(page);
  const back = await collectRecords(page, async () => (await page.getByTestId('node-status-worker-2').getAttribute('data-status')) === 'Ready');
  expect(heartbeatsFrom(back, 'kubelet/worker-2', startedAt).length).toBeGreaterThan(0);
  await expect(page.getByTestId('node-status-worker-2')).toHaveAttribute('data-status', 'Ready');
  console.log(`worker-2 off at ${killedAt.toFixed(0)} ms, NotReady seen by ${notReadyAt.toFixed(0)} ms, on at ${startedAt.toFixed(0)} ms, Ready again at ${(await clockMs(page)).toFixed(0)} ms`);
  await shot(page, '13-worker-2-ready-again');
});
