// The clusters the graph's readability specs open (issue 11, "A graph that stays readable"): the
// default one, 3 and 5 etcd members on hosts of their own, 10 workers, and 3 etcd members with 10
// workers. Shared by e2e/graph-projector.spec.ts and e2e/graph-narrow.spec.ts.

import { type Page } from '@playwright/test';
import { expect, gotoApp, pickScenario } from './helpers';
import { workersScenario } from './workers-scenario';

export type GraphCluster = 'default' | 'etcd3' | 'etcd5' | 'workers10' | 'etcd3-workers10';

function tenWorkers(etcd = 1): string {
  return workersScenario({ name: `graph-projector-10${etcd > 1 ? `-etcd${etcd}` : ''}`, description: '10 workers.', workers: 10, replicas: 20, etcd });
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

export async function openCluster(page: Page, cluster: GraphCluster): Promise<void> {
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
  } else if (cluster === 'etcd3-workers10') {
    await page.route('**/scenarios/graph-projector-10-etcd3.yaml', (r) => r.fulfill({ status: 200, contentType: 'text/yaml', body: tenWorkers(3) }));
    await page.goto('/#scenario=graph-projector-10-etcd3');
    await expect(page.getByTestId('host-etcd-3')).toHaveAttribute('data-up', 'true', { timeout: 30_000 });
    await expect(page.getByTestId('node-status-worker-10')).toHaveAttribute('data-status', 'Ready', { timeout: 60_000 });
  } else {
    await page.route('**/scenarios/graph-projector-10.yaml', (r) => r.fulfill({ status: 200, contentType: 'text/yaml', body: tenWorkers() }));
    await page.goto('/#scenario=graph-projector-10');
    await expect(page.getByTestId('node-status-worker-10')).toHaveAttribute('data-status', 'Ready', { timeout: 60_000 });
  }
  await page.waitForTimeout(3000);
}
