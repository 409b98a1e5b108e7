// Acceptance, issue 11, "the request as a sequence diagram": apply a Pod and follow it through the
// lanes (kubectl, kube-apiserver's five stages, etcd, the controller-manager, kube-scheduler, the
// node's kubelet, containerd, CNI, the registry), the seed's four phases in order, ending Running;
// and three requests that stop, each where it stopped and why: an image typo at the kubelet
// (ImagePullBackOff), a pod too big at kube-scheduler (its reasons), a user without rights at
// authorization (the Forbidden text). Screenshots of the diagram at 1440x900 and 1280x720.

import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { applyYaml, expect, gotoApp, pickScenario, SCREENSHOT_DIR, setSpeed, shot, shotSizes, test, typeCommand, waitClock } from './helpers';

const POD = `apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
    - name: web
      image: nginx:1.25
`;

const TOO_BIG = `apiVersion: v1
kind: Pod
metadata:
  name: big
spec:
  containers:
    - name: app
      image: nginx:1.25
      resources:
        requests:
          cpu: "64"
`;

async function openSequence(page: Page): Promise<void> {
  const tab = page.getByTestId('dock-tab-sequence');
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('sequence-panel')).toBeVisible();
}

const diagram = (page: Page) => page.getByTestId('sequence-diagram');
const outcome = (page: Page) => page.getByTestId('sequence-outcome');

async function lanes(page: Page): Promise<string[]> {
  return diagram(page)
    .locator('[data-lane]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-lane') ?? ''));
}

async function bands(page: Page): Promise<string[]> {
  return diagram(page)
    .locator('g[data-phase]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-phase') ?? ''));
}

/** axe-core (WCAG 2.1 A and AA) on the Request tab. */
async function expectAccessible(page: Page): Promise<void> {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).include('[data-testid="dock"]').analyze();
  const found = result.violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join('\n  ')}`);
  expect(found, 'axe-core accessibility violations').toEqual([]);
}

// The machine running the tests may be busy (2 cores): give a page that plays a cluster some room.
test.describe.configure({ timeout: 150_000 });

test('a Pod applied from the YAML tab, followed in the sequence diagram: the lanes, the four phases in order, ending Running', async ({ page }) => {
  await gotoApp(page);
  await setSpeed(page, 25);
  await applyYaml(page, POD);
  await openSequence(page);
  await expect(outcome(page)).toHaveAttribute('data-kind', 'running', { timeout: 30_000 });
  await expect(outcome(page)).toContainText(/pod\/web Running — 4 phases in [\d.]+ s simulated/);
  await expect(diagram(page)).toHaveAttribute('data-outcome', 'running');

  const shown = await lanes(page);
  for (const lane of [
    'kubectl',
    'kube-apiserver:authentication',
    'kube-apiserver:authorization',
    'kube-apiserver:admission',
    'kube-apiserver:validation',
    'kube-apiserver:storage',
    'etcd/etcd-1',
    'kube-controller-manager',
    'kube-scheduler',
    'registry',
  ]) {
    expect(shown).toContain(lane);
  }
  const node = shown.find((l) => l.startsWith('kubelet/'))!.slice('kubelet/'.length);
  expect(shown).toEqual(expect.arrayContaining([`kubelet/${node}`, `containerd/${node}`, `cni/${node}`]));
  expect(await bands(page)).toEqual(['persistence', 'watch', 'scheduling', 'execution']);
  const arrows = diagram(page).locator('[data-message]');
  expect(await arrows.count()).toBeGreaterThanOrEqual(10);
  // The messages the seed names, on their lanes.
  const routes = await arrows.evaluateAll((els) => els.map((e) => `${e.getAttribute('data-from')}>${e.getAttribute('data-to')} ${e.getAttribute('aria-label')}`));
  expect(routes).toContainEqual(expect.stringMatching(/^kubectl>kube-apiserver:authentication .*POST \/api\/v1\/namespaces\/default\/pods/));
  expect(routes).toContainEqual(expect.stringMatching(/^kube-apiserver:storage>kubectl .*201 Created pod\/web/));
  expect(routes).toContainEqual(expect.stringMatching(/^kube-scheduler>kube-apiserver:authentication .*binding/));
  expect(routes).toContainEqual(expect.stringMatching(new RegExp(`^kubelet/${node}>containerd/${node} .*RunPodSandbox`)));
  expect(routes).toContainEqual(expect.stringMatching(new RegExp(`^containerd/${node}>cni/${node} .*CNI ADD`)));
  // The newest message is highlighted.
  await expect(arrows.last()).toHaveClass(/current/);
  await shotSizes(page, 'sequence-running', { graph: false });

  // Click an arrow: it is selected and its summary and time show above the diagram.
  const created = diagram(page).locator('[data-message]', { hasText: '201 Created pod/web' }).first();
  await created.click();
  await expect(created).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('sequence-selected')).toContainText('201 Created pod/web');
  await expect(page.getByTestId('sequence-selected')).toContainText(/\+[\d.]+ m?s \(\d\d:\d\d\.\d{3}\)/);
  // The clock display shows that message's moment, and the graph rings its two ends (issue 11).
  const createdAt = await page.getByTestId('sequence-selected').textContent();
  await expect(page.getByTestId('clock-focus')).toContainText(createdAt!.match(/\((\d\d:\d\d\.\d{3})\)/)![1]!);
  await expect(page.getByTestId('message-focus')).toHaveAttribute('data-processes', 'kube-apiserver kubectl');
  await expect(page.getByTestId('message-focus').locator('rect')).toHaveCount(2);
  // The POST's stages, as kube-apiserver recorded them: admission passed with the pod changed.
  const post = diagram(page).locator('[data-message]', { hasText: 'POST /api/v1/namespaces/default/pods' }).first();
  await expect(post.locator('[data-stage="admission"]')).toHaveAttribute('data-mark', 'change');
  await expect(post.locator('[data-stage="admission"] title')).toContainText('DefaultTolerationSeconds (spec.tolerations)');
  await expect(post.locator('[data-stage="storage"]')).toHaveAttribute('data-mark', 'pass');
  // The keyboard does the same: ↓ moves to the next message, Enter selects it.
  await created.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const next = await page.getByTestId('sequence-selected').getAttribute('data-message');
  expect(Number(next)).not.toBe(Number(await created.getAttribute('data-message')));
  await page.getByTestId('clock-focus').click();
  await expect(page.getByTestId('clock-focus')).toHaveCount(0);
  await expect(page.getByTestId('message-focus')).toHaveCount(0);


  // Key messages only: without the Event objects and the watch echoes, still the four phases.
  const all = await arrows.count();
  await page.getByTestId('sequence-key-only').check();
  await expect.poll(() => arrows.count()).toBeLessThan(all);
  expect(await arrows.count()).toBeGreaterThanOrEqual(10);
  expect(await bands(page)).toEqual(['persistence', 'watch', 'scheduling', 'execution']);
  await expect(outcome(page)).toHaveAttribute('data-kind', 'running');
  // axe-core takes seconds per hundred rows of SVG on a busy machine: it checks the shorter view.
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await shot(page, 'sequence-running-key-1280x720', { graph: false });
  await page.getByTestId('sequence-key-only').uncheck();
  // Every message again; the cluster keeps playing, so the request's chain may have grown since.
  await expect.poll(() => arrows.count()).toBeGreaterThanOrEqual(all);

  // Export SVG: a file that stands alone, with the command and the outcome on top.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('sequence-export').click()]);
  expect(download.suggestedFilename()).toMatch(/^kubeplay-request-\d+\.svg$/);
  const svg = readFileSync((await download.path())!, 'utf8');
  expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  expect(svg).toContain('$ kubectl apply -f -');
  expect(svg).toContain('pod/web Running');
  expect(svg).toContain('data-phase="execution"');
  expect(svg).not.toContain('var(--');
  // What a slide would show: the file on a page of its own.
  const view = await page.context().newPage();
  await view.setContent(svg);
  await view.locator('svg').first().screenshot({ path: `${SCREENSHOT_DIR}/sequence-export.png` });
  await view.close();
});

test('an image typo stops at the kubelet with ImagePullBackOff, and a pod too big stops at kube-scheduler with its reasons', async ({ page }) => {
  await gotoApp(page);
  await setSpeed(page, 25);
  await typeCommand(page, 'kubectl run typo --image=nginx:1.999', { expectOutput: /pod\/typo created/ });
  await openSequence(page);
  await expect(outcome(page)).toHaveAttribute('data-kind', 'kubelet', { timeout: 30_000 });
  await expect(outcome(page)).toContainText('ImagePullBackOff', { timeout: 30_000 });
  await expect(outcome(page)).toContainText(/Stopped at the kubelet on worker-\d: ImagePullBackOff/);
  await expect(outcome(page)).toContainText('Back-off pulling image "nginx:1.999"');
  // "Show where": the CRI answer that failed is selected and in view.
  await page.getByTestId('sequence-show').click();
  await expect(page.getByTestId('sequence-selected')).toContainText(/PullImage docker.io\/library\/nginx:1.999: not found/);
  const kubelet = (await outcome(page).getAttribute('data-lane'))!;
  expect(kubelet).toMatch(/^kubelet\/worker-\d$/);
  await expect(diagram(page).locator(`[data-lane="${kubelet}"]`)).toHaveClass(/stopped/);
  // The scheduler did its part: the image is only the kubelet's business (the seed, chapter 4).
  expect(await bands(page)).toEqual(['persistence', 'watch', 'scheduling', 'execution']);
  await shotSizes(page, 'sequence-image-typo', { graph: false });

  await applyYaml(page, TOO_BIG);
  await openSequence(page);
  await expect(outcome(page)).toHaveAttribute('data-kind', 'unschedulable', { timeout: 30_000 });
  await expect(outcome(page)).toHaveAttribute('data-lane', 'kube-scheduler');
  await expect(outcome(page)).toContainText('Stopped at kube-scheduler: no node fits pod/big');
  await expect(outcome(page)).toContainText(/\d Insufficient cpu/);
  expect(await bands(page)).toEqual(['persistence', 'watch', 'scheduling']);
  // No node: the kubelet lanes are there, empty.
  expect(await lanes(page)).toEqual(expect.arrayContaining(['kubelet', 'containerd', 'cni']));
  await shotSizes(page, 'sequence-unschedulable', { graph: false });

  // The earlier request is still there to pick.
  const select = page.getByTestId('sequence-request');
  const typo = await select.locator('option', { hasText: 'kubectl run typo' }).getAttribute('value');
  await select.selectOption(typo!);
  await expect(outcome(page)).toHaveAttribute('data-kind', 'kubelet');
  await select.selectOption('latest');
  await expect(outcome(page)).toHaveAttribute('data-kind', 'unschedulable');
});

test('a user without rights stops at authorization with the Forbidden text', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('toolbar')).toBeVisible();
  await pickScenario(page, 'rbac-user');
  await setSpeed(page, 25);
  // The scenario's own steps run until 30 s; after them, jane's command is the latest.
  await waitClock(page, 31_000);
  const out = await typeCommand(page, 'kubectl run y --image=nginx:1.25 --as jane', { expectOutput: /Forbidden/ });
  expect(out).toContain('Error from server (Forbidden)');
  await openSequence(page);
  await expect(outcome(page)).toHaveAttribute('data-kind', 'rejected');
  await expect(outcome(page)).toHaveAttribute('data-lane', 'kube-apiserver:authorization');
  await expect(outcome(page)).toContainText('Stopped at authorization: 403 Forbidden');
  await expect(outcome(page)).toContainText('pods is forbidden: User "jane" cannot create resource "pods" in API group "" in the namespace "default"');
  // The answer leaves from the authorization lane, in the danger colour, and nothing reached etcd.
  const answer = diagram(page).locator('[data-message][data-from="kube-apiserver:authorization"]');
  await expect(answer).toHaveClass(/failed/);
  expect(await diagram(page).locator('[data-message][data-to^="etcd/"]').count()).toBe(0);
  expect(await bands(page)).toEqual(['persistence']);
  await expectAccessible(page);
  await shotSizes(page, 'sequence-forbidden', { graph: false });

  // In Russian the outcome and the phases speak Russian; kubectl's own words stay.
  await page.getByTestId('lang-ru').click();
  await expect(page.getByTestId('dock-tab-sequence')).toHaveText('Запрос');
  await expect(outcome(page)).toContainText('Остановлен на авторизации: 403 Forbidden');
  await expect(diagram(page).locator('g[data-phase="persistence"]')).toContainText('Фаза 1');
  await expect(diagram(page).locator('g[data-phase="persistence"]')).toContainText('контейнер ещё не существует');
  await shotSizes(page, 'sequence-forbidden-ru', { graph: false });
});

// Issue 18 point 3, the seed's chapter 2: the apiserver's first question is "who are you?". A token
// nobody issued stops the request at Authentication, before RBAC is asked, with kubectl's own text.
test('a wrong token stops at authentication with kubectl\'s Unauthorized text', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('toolbar')).toBeVisible();
  await pickScenario(page, 'authentication');
  await setSpeed(page, 25);
  await waitClock(page, 17_000);
  const out = await typeCommand(page, 'kubectl get pods --user=jane --token=wrong', { expectOutput: /Unauthorized/ });
  expect(out).toContain('error: You must be logged in to the server (Unauthorized)');
  await openSequence(page);
  await expect(outcome(page)).toHaveAttribute('data-kind', 'rejected');
  await expect(outcome(page)).toHaveAttribute('data-lane', 'kube-apiserver:authentication');
  await expect(outcome(page)).toContainText('401 Unauthorized');
  const answer = diagram(page).locator('[data-message][data-from="kube-apiserver:authentication"]');
  await expect(answer).toHaveClass(/failed/);
  expect(await diagram(page).locator('[data-message][data-to^="etcd/"]').count()).toBe(0);
  await expectAccessible(page);
  await shotSizes(page, 'sequence-unauthorized', { graph: false });
});
