// Acceptance, issue 5 (its app part): each etcd member drawn with its Raft role and term, the leader
// marked; killing the leader from the graph shows an election and a new leader with a higher term;
// killing a second member loses quorum (2 of 3 needed) and the terminal's next write fails with
// etcd's error, as kubectl prints it (`Error from server: etcdserver: request timed out`).

import type { Page } from '@playwright/test';
import { applyYaml, component, expect, gotoApp, menuAction, openDockTab, pause, pickScenario, play, recordedDots, runUntil, setSpeed, shot, startDotRecorder, terminalText, test, typeCommand } from './helpers';

interface Member {
  id: string;
  role: string;
  term: number;
  alive: boolean;
}

/** Every etcd member the graph draws, with the role and term it shows. */
async function members(page: Page): Promise<Member[]> {
  return page.locator('[data-kind="etcd"][data-testid^="component-"]').evaluateAll((els) =>
    els.map((e) => ({
      id: (e.getAttribute('data-testid') ?? '').replace(/^component-/, '').replace('_', '/'),
      role: e.getAttribute('data-role') ?? '',
      term: Number(e.getAttribute('data-term') || 0),
      alive: e.getAttribute('data-alive') === 'true',
    })),
  );
}

async function leader(page: Page): Promise<Member | undefined> {
  const ms = await members(page);
  const leaders = ms.filter((m) => m.role === 'leader').sort((a, b) => b.term - a.term);
  return leaders[0];
}

test('one stacked etcd member is drawn on the control plane as the leader, with its term', async ({ page }) => {
  await gotoApp(page);
  const etcd = component(page, 'etcd/etcd-1');
  await expect(etcd).toHaveAttribute('data-role', 'leader');
  await expect(etcd.getByTestId('etcd-role')).toContainText('leader');
  await expect(etcd.getByTestId('etcd-term')).toHaveText(/^term \d+$/);
  // No peers to talk to: no Raft filters, no etcd cluster box.
  await expect(page.getByTestId('raft-filters')).toHaveCount(0);
  await expect(page.getByTestId('etcd-cluster')).toHaveCount(0);
  await shot(page, 'etcd-01-one-member');
});

test('three etcd members: the leader is marked; killed, a new leader is elected; a second kill loses quorum and writes fail', async ({ page }) => {
  test.setTimeout(300_000);
  await gotoApp(page);
  await pickScenario(page, 'etcd-cluster');
  const box = page.getByTestId('etcd-cluster');
  await expect(box).toHaveAttribute('data-members', '3');
  await expect(box).toHaveAttribute('data-quorum', '2');
  await expect(box).toContainText('etcd cluster (3 members, quorum 2)');
  for (let i = 1; i <= 3; i++) await expect(page.getByTestId(`host-etcd-${i}`)).toHaveAttribute('data-up', 'true');

  // The members elect a leader within a few election timeouts of the boot.
  await setSpeed(page, 25);
  await runUntil(page, async () => (await leader(page)) !== undefined, { timeout: 30_000 });
  await runUntil(page, async () => running(await members(page)).every((m) => m.role === 'leader' || m.role === 'follower'), { timeout: 30_000 });
  const first = (await leader(page))!;
  expect(first.term).toBeGreaterThan(0);
  await expect(box).toHaveAttribute('data-leader', first.id.replace('etcd/', ''));
  await expect(component(page, first.id).getByTestId('etcd-role')).toContainText('★ leader');

  // MsgApp carries the writes between the members; the dots are in the raft phase's colour.
  await setSpeed(page, 1);
  await startDotRecorder(page);
  await typeCommand(page, 'kubectl scale deployment web --replicas=3', { expectOutput: /deployment\.apps\/web scaled/ });
  await runUntil(page, async () => (await recordedDots(page)).some((d) => d.phase === 'raft' && d.summary.startsWith('MsgApp')), { timeout: 30_000 });
  // Paused for the screenshots: a still page is quick to capture.
  await pause(page);
  await shot(page, 'etcd-02-three-members');
  await play(page);
  // The leader's heartbeats (every 100 ms) are hidden by default.
  expect((await recordedDots(page)).filter((d) => d.summary.startsWith('MsgHeartbeat'))).toEqual([]);
  await expect(page.getByTestId('show-raft-heartbeat')).not.toBeChecked();
  await expect(page.getByTestId('show-raft-app')).toBeChecked();
  await expect(page.getByTestId('show-raft-vote')).toBeChecked();

  // Kill the leader from the graph: the others hear no heartbeat for an election timeout, and one
  // of them wins an election in a higher term.
  await setSpeed(page, 25);
  await pause(page);
  await menuAction(page, first.id, 'kill');
  await expect(component(page, first.id)).toHaveAttribute('data-alive', 'false');
  await expect(component(page, first.id)).toHaveAttribute('data-role', 'dead');
  await play(page);
  await runUntil(page, async () => {
    const l = await leader(page);
    return l !== undefined && l.id !== first.id && l.term > first.term;
  });
  const second = (await leader(page))!;
  await expect(box).toHaveAttribute('data-leader', second.id.replace('etcd/', ''));
  await expect(box).toHaveAttribute('data-members-up', '2');
  await pause(page);
  await shot(page, 'etcd-03-new-leader');
  await play(page);
  // Two of three still make a quorum: writes work.
  await typeCommand(page, 'kubectl create deployment still-works --image=nginx:1.25', { expectOutput: /deployment\.apps\/still-works created/, timeout: 30_000 });

  // Kill a second member: one of three is no quorum, so the leader cannot commit and steps down.
  await pause(page);
  await menuAction(page, second.id, 'kill');
  await expect(box).toHaveAttribute('data-members-up', '1');
  await expect(page.getByTestId('etcd-status')).toContainText('quorum lost');
  await play(page);
  const out = await typeCommand(page, 'kubectl create deployment x --image=nginx:1.25', { expectOutput: /Error from server/, timeout: 60_000 });
  expect(out).toContain('Error from server: etcdserver: request timed out');
  // The words: the next `kubectl apply` fails too (the YAML tab's Apply runs it). apply
  // first reads the live object, a linearizable read that needs a quorum, so kubectl reports the
  // failed GET as the real one does ("error when retrieving current configuration of").
  const applyError = 'from server for: "STDIN": etcdserver: request timed out';
  await openDockTab(page, 'yaml');
  await applyYaml(page, 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: after-quorum-loss\nspec:\n  containers:\n  - name: nginx\n    image: nginx:1.25\n');
  await openDockTab(page, 'terminal');
  await runUntil(page, async () => (await terminalText(page)).includes(applyError), { timeout: 60_000 });
  expect(await terminalText(page)).toContain('Error from server: error when retrieving current configuration of:');
  await pause(page);
  await shot(page, 'etcd-04-quorum-lost');
});

test('the Raft filters show and hide the leader\'s heartbeats between the members', async ({ page }) => {
  await gotoApp(page);
  await pickScenario(page, 'etcd-cluster');
  await setSpeed(page, 25);
  await runUntil(page, async () => (await leader(page)) !== undefined, { timeout: 30_000 });
  await setSpeed(page, 1);
  await page.getByTestId('show-raft-heartbeat').check();
  await startDotRecorder(page);
  await runUntil(page, async () => (await recordedDots(page)).some((d) => d.phase === 'raft' && d.summary.startsWith('MsgHeartbeat')), { timeout: 20_000 });
  const hb = (await recordedDots(page)).find((d) => d.summary.startsWith('MsgHeartbeat'))!;
  expect(hb.from).toMatch(/^etcd\/etcd-\d$/);
  expect(hb.to).toMatch(/^etcd\/etcd-\d$/);
  await page.getByTestId('show-raft-heartbeat').uncheck();
  await startDotRecorder(page);
  await page.waitForTimeout(1500);
  expect((await recordedDots(page)).filter((d) => d.summary.startsWith('MsgHeartbeat'))).toEqual([]);
});

const running = (ms: Member[]): Member[] => ms.filter((m) => m.alive);
