// Issue 9, "Reliability first": if the simulation worker itself dies (a bug in Kubeplay, not in the
// person's cluster), the page says so in plain words with the error beneath, and offers to restart
// from the last state (a new worker replays the scenario and the person's commands at the same
// simulated moments) or to start over. The YAML editor's text and the terminal's history survive.
// `?crash-test` lets the test make the worker fail; a page without it has no such hook.

import {
  applyYaml,
  component,
  expect,
  gotoApp,
  menuAction,
  openDockTab,
  play,
  pod,
  setSpeed,
  setYamlText,
  shotSizes,
  test,
  typeCommand,
  waitPodStatus,
} from './helpers';
import type { Page } from '@playwright/test';

const POD = `apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
    - name: nginx
      image: nginx:1.25
`;

/** Text in the editor that was never applied: it lives only in the page. */
const DRAFT = `apiVersion: v1
kind: ConfigMap
metadata:
  name: draft-not-applied
data:
  note: kept across the restart
`;

async function crash(page: Page, how: 'handler' | 'uncaught'): Promise<void> {
  await page.evaluate((h) => (window as unknown as { __kubeplayCrashTest: (how: string) => void }).__kubeplayCrashTest(h), how);
}

test('the worker dies: the page says so, restarts from the last state with the objects made before, and keeps the editor text and terminal history', async ({ page, problems }) => {
  test.slow(); // Monaco, a Deployment and a replay.
  problems.allow(/crash test \(handler\)/);
  await gotoApp(page, { query: '?crash-test' });
  await setSpeed(page, 25);

  // What the person did: a Pod from the YAML tab, a Deployment from the terminal, a kubelet killed
  // from the graph's menu, and a draft left in the editor.
  await applyYaml(page, POD);
  await waitPodStatus(page, 'default', 'web', 'Running', 60_000);
  await typeCommand(page, 'kubectl create deployment hello --image=nginx:1.25 --replicas=2', { expectOutput: /deployment\.apps\/hello created/ });
  await expect.poll(async () => typeCommand(page, 'kubectl get deploy hello', { expectOutput: /hello/ }), { timeout: 60_000 }).toMatch(/^hello\s+2\/2\s/m);
  await menuAction(page, 'kubelet/worker-3', 'kill');
  await expect(component(page, 'kubelet/worker-3')).toHaveAttribute('data-alive', 'false');
  await setYamlText(page, DRAFT);

  await crash(page, 'handler');
  const banner = page.getByTestId('worker-failure');
  await expect(banner).toBeVisible();
  await expect(banner).toHaveAttribute('data-during', 'run');
  await expect(banner.getByRole('heading')).toHaveText(/The simulation stopped: Kubeplay hit a bug\./);
  await expect(banner).toContainText('Your YAML and your terminal history are kept.');
  await expect(page.getByTestId('worker-failure-message')).toHaveText(/^crash test \(handler\): the page asked this worker to fail$/);
  await expect(page.getByTestId('play-pause')).toHaveAttribute('data-playing', 'false');
  await expect(page.getByTestId('app')).toHaveClass(/\bsim-stopped\b/);
  await expect(page.getByTestId('restart-last-state')).toBeFocused();
  await shotSizes(page, '50-worker-failed', { graph: false });
  await page.getByTestId('dock-tab-yaml').click();
  await page.getByTestId('lang-ru').click();
  await expect(banner.getByRole('heading')).toHaveText(/Симуляция остановилась/);
  await shotSizes(page, '51-worker-failed-ru', { graph: false });
  await page.getByTestId('lang-en').click();

  await page.getByTestId('restart-last-state').click();
  const notice = page.getByTestId('worker-notice');
  await expect(notice).toHaveAttribute('data-kind', 'restored');
  await expect(notice).toHaveAttribute('data-exact', 'true');
  await expect(notice).toContainText('It is paused: press Play (space) to go on.');
  await expect(banner).toBeHidden();
  await expect(page.getByTestId('app')).not.toHaveClass(/\bsim-stopped\b/);

  // The cluster is back as it was: the Pod, the Deployment, the dead kubelet.
  await waitPodStatus(page, 'default', 'web', 'Running');
  await expect(pod(page, 'default', 'web')).toBeVisible();
  await expect(component(page, 'kubelet/worker-3')).toHaveAttribute('data-alive', 'false');
  await expect(page.getByTestId('play-pause')).toHaveAttribute('data-playing', 'false');
  // The editor kept the draft; the terminal its scrollback.
  await openDockTab(page, 'yaml');
  await expect(page.getByTestId('yaml-editor').locator('.view-lines')).toContainText('draft-not-applied');
  await shotSizes(page, '52-worker-restored', { graph: false });
  await openDockTab(page, 'terminal');
  await expect(page.getByTestId('terminal-text')).toContainText('deployment.apps/hello created');

  await play(page);
  const pods = await typeCommand(page, 'kubectl get pods', { expectOutput: /web/ });
  expect(pods).toMatch(/^web\s+1\/1\s+Running\s/m);
  expect(pods.match(/^hello-\S+\s+1\/1\s+Running\s/gm)).toHaveLength(2);
  // The history walks back through what was typed before the crash too.
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(page.locator('.xterm-rows')).toContainText('$ kubectl get deploy hello');
  await page.keyboard.press('ControlOrMeta+c');
  await page.getByTestId('worker-notice-dismiss').click();
  await expect(notice).toBeHidden();
});

test('the worker dies outside its handlers: "Start over" gives a fresh default cluster and the editor text stays', async ({ page, problems }) => {
  test.slow();
  problems.allow(/crash test \(uncaught\)/);
  await gotoApp(page, { query: '?crash-test' });
  await setSpeed(page, 25);
  await typeCommand(page, 'kubectl create namespace team-a', { expectOutput: /namespace\/team-a created/ });
  await setYamlText(page, DRAFT);

  await crash(page, 'uncaught');
  const banner = page.getByTestId('worker-failure');
  await expect(banner).toBeVisible();
  await expect(page.getByTestId('worker-failure-message')).toContainText('crash test (uncaught)');
  await expect(page.getByTestId('restart-last-state')).toBeVisible();

  await page.getByTestId('start-over').click();
  await expect(page.getByTestId('worker-notice')).toHaveAttribute('data-kind', 'startedOver');
  await expect(banner).toBeHidden();
  await expect(page.getByTestId('scenario-select')).toHaveValue('default');
  await expect(page.getByTestId('play-pause')).toHaveAttribute('data-playing', 'true');
  await expect(page.getByTestId('node-status-worker-3')).toHaveAttribute('data-status', 'Ready');
  const out = await typeCommand(page, 'kubectl get namespace team-a', { expectOutput: /team-a/ });
  expect(out).toContain('Error from server (NotFound): namespaces "team-a" not found');
  await openDockTab(page, 'yaml');
  await expect(page.getByTestId('yaml-editor').locator('.view-lines')).toContainText('draft-not-applied');
  await shotSizes(page, '53-worker-started-over', { graph: false });
});

test('without ?crash-test the page offers no way to crash the worker', async ({ page }) => {
  await gotoApp(page);
  expect(await page.evaluate(() => '__kubeplayCrashTest' in window)).toBe(false);
});
