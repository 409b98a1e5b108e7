// Issue 11, "a graph that stays readable" on a projector: two texts the graph cut at 1280x720.
// - A cordoned node (kubernetes.io "Safely Drain a Node": `kubectl cordon` marks it unschedulable;
//   kubectl get nodes says `Ready,SchedulingDisabled`): its long status chip squeezed the node's name
//   to "worke…". The name stays whole; the chip's full status is in its tooltip and accessible name.
// - The etcd box with quorum lost (public/scenarios/etcd-quorum-loss.yaml kills two of three
//   members): its status line ran past the box's right edge.
// - The same box's why badge (`no quorum`, src/ui/why): in Russian (`нет кворума`, wider) etcd-1's
//   card was drawn over it.
// Both in English and Russian, at 1280x720 and 1440x900, on the default cluster and on 10 workers
// (the narrowest worker regions).

import { type Page } from '@playwright/test';
import { coveredWhyBadges, measureGraph } from './graph-measure';
import { expect, expectNoAxeViolations, gotoApp, pause, pickScenario, setSpeed, shot, test, typeCommand } from './helpers';

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
];

function tenWorkers(): string {
  const nodes = Array.from({ length: 10 }, (_, i) => `      - {name: worker-${i + 1}}`).join('\n');
  return `apiVersion: kubeplay.dev/v1alpha1
kind: Scenario
metadata:
  name: graph-whole-10
  description: 10 workers.
spec:
  seed: 1
  cluster:
    nodes:
${nodes}
  steps: []
`;
}

/** The node's name label: its text whole and nothing of it scrolled out of its box. */
async function nameLabel(page: Page, node: string): Promise<{ text: string; scroll: number; client: number }> {
  return page
    .getByTestId(`host-${node}`)
    .locator('.kp-region-title')
    .evaluate((el) => ({ text: el.textContent!.trim(), scroll: el.scrollWidth, client: el.clientWidth }));
}

for (const workers of [3, 10] as const) {
  test(`a cordoned node keeps its whole name beside its Ready,SchedulingDisabled status (${workers} workers)`, async ({ page }) => {
    test.setTimeout(150_000);
    if (workers === 3) await gotoApp(page);
    else {
      await page.route('**/scenarios/graph-whole-10.yaml', (r) => r.fulfill({ status: 200, contentType: 'text/yaml', body: tenWorkers() }));
      await page.goto('/#scenario=graph-whole-10');
      await expect(page.getByTestId('node-status-worker-10')).toHaveAttribute('data-status', 'Ready', { timeout: 60_000 });
    }
    await typeCommand(page, 'kubectl cordon worker-1', { expectOutput: /node\/worker-1 cordoned/ });
    const chip = page.getByTestId('node-status-worker-1');
    await expect(chip).toHaveAttribute('data-status', 'Ready,SchedulingDisabled', { timeout: 30_000 });
    // The full status stays readable to a screen reader and in the tooltip.
    await expect(chip).toHaveAttribute('aria-label', /Ready,SchedulingDisabled/);
    await expect(chip).toHaveAttribute('title', /Ready,SchedulingDisabled/);
    for (const lang of ['en', 'ru'] as const) {
      await page.getByTestId(`lang-${lang}`).click();
      for (const size of SIZES) {
        await page.setViewportSize(size);
        const m = await measureGraph(page);
        const name = await nameLabel(page, 'worker-1');
        expect(name.text, `${lang} ${size.width}x${size.height}`).toBe('worker-1');
        expect(name.scroll, `name cut, ${lang} ${size.width}x${size.height}`).toBeLessThanOrEqual(name.client);
        expect(m.cut, `labels cut, ${lang} ${size.width}x${size.height}`).toEqual([]);
        await shot(page, `graph-whole-cordoned-${workers}w-${lang}-${size.width}x${size.height}`);
      }
    }
    await page.getByTestId('lang-en').click();
    await expectNoAxeViolations(page);
  });
}

test('the etcd box with quorum lost shows its whole status line inside the box and its why badge uncovered', async ({ page }) => {
  test.setTimeout(150_000);
  await gotoApp(page);
  await pickScenario(page, 'etcd-quorum-loss');
  await setSpeed(page, 5);
  const status = page.getByTestId('etcd-status');
  await expect(status).toContainText('quorum lost', { timeout: 30_000 });
  // The scenario starts a member again at 50 s: held while both languages and sizes are measured.
  await pause(page);
  for (const lang of ['en', 'ru'] as const) {
    await page.getByTestId(`lang-${lang}`).click();
    await expect(status).toContainText(lang === 'en' ? 'quorum lost: 1/3 up' : 'нет кворума: работают 1/3');
    for (const size of SIZES) {
      await page.setViewportSize(size);
      const m = await measureGraph(page);
      const fit = await status.evaluate((el) => {
        const box = el.closest('.react-flow__node')!.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(el);
        const words = [...range.getClientRects()].filter((r) => r.width > 0);
        return {
          scroll: el.scrollWidth,
          client: el.clientWidth,
          outside: words.filter((r) => r.right > box.right + 1 || r.left < box.left - 1 || r.bottom > box.bottom + 1).length,
        };
      });
      const where = `${lang} ${size.width}x${size.height}`;
      expect(fit.scroll, `status line scrolls, ${where}`).toBeLessThanOrEqual(fit.client + 1);
      expect(fit.outside, `status line past the box, ${where}`).toBe(0);
      expect(m.cut, `labels cut, ${where}`).toEqual([]);
      const why = await coveredWhyBadges(page);
      expect(why.badges, `why badges, ${where}`).toContain(lang === 'en' ? '?no quorum' : '?нет кворума');
      expect(why.covered, `why badges covered, ${where}`).toEqual([]);
      await shot(page, `graph-whole-etcd-quorum-lost-${lang}-${size.width}x${size.height}`);
    }
  }
  await page.getByTestId('lang-en').click();
  await expectNoAxeViolations(page);
});
