// Issue 11, "something a teacher puts on a projector": count badges (merged message dots, UX.md
// "dots of the same kind on the same edge merge into one with a count") never cover a label, measured
// as bounding boxes while a Deployment of 12 rolls out on the default cluster at 1280x720; and
// screenshots of the default cluster, 3- and 5-member etcd clusters and 10 workers, in English and Russian,
// at 1280x720 and 1440x900, to be looked at.

import { type Page } from '@playwright/test';
import { badgeOverlaps } from './graph-measure';
import { expect, gotoApp, pickScenario, shot, test, typeCommand } from './helpers';

test('count badges never cover a label: the default cluster at 1280x720 while a Deployment of 12 rolls out', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await gotoApp(page);
  await typeCommand(page, 'kubectl create deployment web --image=nginx:1.25 --replicas=12', { expectOutput: /deployment\.apps\/web created/ });
  let seen = 0;
  const overlaps = new Set<string>();
  const deadline = Date.now() + 60_000;
  // Sampled while it plays: each sample reads the badges and the labels in one frame.
  while (seen < 8 && Date.now() < deadline) {
    const o = await badgeOverlaps(page);
    if (o.badges > 0) seen++;
    for (const x of o.overlaps) overlaps.add(x);
    if (o.badges > 0 && seen === 1) await shot(page, 'graph-projector-badges-1280x720');
    await page.waitForTimeout(250);
  }
  console.log(`graph-projector: ${seen} samples with count badges`);
  expect(seen, 'samples with a count badge on screen').toBeGreaterThanOrEqual(3);
  expect([...overlaps], 'count badges over labels').toEqual([]);
});

function tenWorkers(): string {
  const nodes = Array.from({ length: 10 }, (_, i) => `      - {name: worker-${i + 1}}`).join('\n');
  return `apiVersion: kubeplay.dev/v1alpha1
kind: Scenario
metadata:
  name: graph-projector-10
  description: 10 workers.
spec:
  seed: 1
  cluster:
    nodes:
${nodes}
  steps:
    - at: 0s
      apply: |
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: web
        spec:
          replicas: 20
          selector:
            matchLabels: {app: web}
          template:
            metadata:
              labels: {app: web}
            spec:
              containers:
                - name: nginx
                  image: nginx:1.25
`;
}

/** kubeadm's external etcd topology with five members (each on a host of its own) and the default three workers. */
const FIVE_MEMBERS = `apiVersion: kubeplay.dev/v1alpha1
kind: Scenario
metadata:
  name: graph-projector-etcd5
  description: Five etcd members.
spec:
  seed: 1
  cluster:
    etcd:
      members: 5
  steps: []
`;

async function openCluster(page: Page, cluster: 'default' | 'etcd3' | 'etcd5' | 'workers10'): Promise<void> {
  if (cluster === 'default') {
    await gotoApp(page);
  } else if (cluster === 'etcd3') {
    await gotoApp(page);
    await pickScenario(page, 'etcd-cluster');
    await expect(page.getByTestId('host-etcd-3')).toHaveAttribute('data-up', 'true', { timeout: 30_000 });
  } else if (cluster === 'etcd5') {
    await page.route('**/scenarios/graph-projector-etcd5.yaml', (r) => r.fulfill({ status: 200, contentType: 'text/yaml', body: FIVE_MEMBERS }));
    await page.goto('/#scenario=graph-projector-etcd5');
    await expect(page.getByTestId('host-etcd-5')).toHaveAttribute('data-up', 'true', { timeout: 30_000 });
  } else {
    await page.route('**/scenarios/graph-projector-10.yaml', (r) => r.fulfill({ status: 200, contentType: 'text/yaml', body: tenWorkers() }));
    await page.goto('/#scenario=graph-projector-10');
    await expect(page.getByTestId('node-status-worker-10')).toHaveAttribute('data-status', 'Ready', { timeout: 60_000 });
  }
  await page.waitForTimeout(3000);
}

for (const lang of ['en', 'ru'] as const) {
  for (const cluster of ['default', 'etcd3', 'etcd5', 'workers10'] as const) {
    test(`screenshots: ${cluster} in ${lang}`, async ({ page }) => {
      test.setTimeout(150_000);
      await page.addInitScript((l) => localStorage.setItem('kubeplay.lang', l), lang);
      await openCluster(page, cluster);
      for (const size of [{ width: 1280, height: 720 }, { width: 1440, height: 900 }]) {
        await page.setViewportSize(size);
        await page.waitForTimeout(800);
        await shot(page, `graph-projector-${cluster}-${lang}-${size.width}x${size.height}`);
      }
    });
  }
}
