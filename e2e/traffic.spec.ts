// Issue 13 in the app: "Send traffic" from a Service's menu and inspector, keyboard only. The load
// generator's requests travel on the graph as dots client pod -> Service -> backend pod (the routes
// come from the simulation's own connections), the inspector counts them per endpoint while they
// run and shows the traffic step's report at the end; a deleted pod's endpoint leaves the Service
// and gets no more requests, and so does a pod whose exec readiness probe fails (rm of its file),
// until it passes again; a REJECT (Service without endpoints) is marked on the Service. axe-core
// finds no violations; screenshots at both screen sizes.

import type { Page } from '@playwright/test';
import { applyYaml, expect, expectNoAxeViolations, gotoApp, pause, play, setSpeed, shotSizes, test, typeCommand, waitPodStatus } from './helpers';

const APP = `apiVersion: v1
kind: Pod
metadata:
  name: web-1
  labels:
    app: web
spec:
  containers:
    - name: nginx
      image: nginx:1.27
---
apiVersion: v1
kind: Pod
metadata:
  name: web-2
  labels:
    app: web
spec:
  containers:
    - name: nginx
      image: nginx:1.27
---
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector:
    app: web
  ports:
    - port: 80
---
apiVersion: v1
kind: Pod
metadata:
  name: client
spec:
  containers:
    - name: client
      image: busybox:1.36
      command: ["sleep", "infinity"]
`;

interface FlowDot {
  leg: string;
  flow: string;
  client: string;
  service: string;
  backend: string;
}

/** Records, in the page, every traffic dot drawn from now on (its leg and route). */
async function startFlowRecorder(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __kpFlows?: Set<string>; __kpFlowsRaf?: number };
    w.__kpFlows = new Set();
    const tick = () => {
      for (const g of document.querySelectorAll('[data-testid="message-dot"][data-leg]')) {
        w.__kpFlows!.add(JSON.stringify({ leg: g.getAttribute('data-leg'), flow: g.getAttribute('data-flow'), client: g.getAttribute('data-flow-client'), service: g.getAttribute('data-flow-service') ?? '', backend: g.getAttribute('data-flow-backend') }));
      }
      w.__kpFlowsRaf = requestAnimationFrame(tick);
    };
    tick();
  });
}

async function recordedFlows(page: Page): Promise<FlowDot[]> {
  return page.evaluate(() => [...((window as unknown as { __kpFlows?: Set<string> }).__kpFlows ?? [])].map((s) => JSON.parse(s) as FlowDot));
}

/** Keyboard only: the Service's "..." button, its "Send traffic…" item, then the form. */
async function sendTrafficByKeyboard(page: Page, rps: number, seconds: number, first: boolean, service = 'web'): Promise<void> {
  await page.getByTestId(`service-default-${service}`).getByTestId('more-button').focus();
  await page.keyboard.press('Enter');
  const item = page.getByRole('menuitem', { name: /Send traffic/ }).or(page.getByRole('button', { name: /Send traffic/ }));
  await expect(item.first()).toBeVisible();
  for (let i = 0; i < 6 && !(await item.first().evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('traffic-from')).toBeFocused();
  await expect(page.getByTestId('traffic-from')).toHaveValue('client');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('traffic-rps')).toBeFocused();
  // The first time, the defaults; later, what was sent last.
  await expect(page.getByTestId('traffic-rps')).toHaveValue(first ? '50' : String(rps));
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(String(rps));
  await page.keyboard.press('Tab');
  if (first) await expect(page.getByTestId('traffic-seconds')).toHaveValue('30');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(String(seconds));
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('traffic-send')).toBeFocused();
  await page.keyboard.press('Enter');
}

test('traffic from the inspector travels client -> Service -> pod, is counted per endpoint, and a deleted pod stops getting it', async ({ page }) => {
  test.setTimeout(360_000);
  await gotoApp(page);
  await setSpeed(page, 25);
  await applyYaml(page, APP);
  for (const p of ['web-1', 'web-2', 'client']) await waitPodStatus(page, 'default', p, 'Running', 60_000);
  await expect(page.getByTestId('service-default-web')).toHaveAttribute('data-ready-endpoints', '2', { timeout: 30_000 });
  const ips = await typeCommand(page, 'kubectl get pods -l app=web -o jsonpath={.items[*].status.podIP}', { expectOutput: /\d+\.\d+\.\d+\.\d+ \d+\.\d+\.\d+\.\d+/ });
  const [ip1, ip2] = ips.trim().split('\n')[0]!.split(' ');

  // Slow enough to watch each request cross (the clock slows down while a dot travels).
  await setSpeed(page, 5);
  await play(page);
  await startFlowRecorder(page);
  await sendTrafficByKeyboard(page, 10, 6, true);
  await expect(page.getByTestId('terminal-text')).toContainText('# traffic: {from: pod/client, to: service/web, rps: 10, for: 6s}');
  const panel = page.getByTestId('traffic-panel');
  const load = panel.getByTestId('traffic-load').first();
  await expect(load).toHaveAttribute('data-done', 'false', { timeout: 20_000 });
  await expect(load.getByTestId('traffic-endpoint')).toHaveCount(2, { timeout: 60_000 });
  await expect.poll(async () => (await recordedFlows(page)).filter((d) => d.flow === 'request').map((d) => d.leg).sort().filter((v, i, a) => a.indexOf(v) === i), { timeout: 60_000 }).toEqual(['to-pod', 'to-service']);
  // Paused while a request is on its way, for the screenshots.
  await expect(page.locator('[data-testid="message-dot"][data-flow="request"]').first()).toBeAttached({ timeout: 30_000 });
  await pause(page);
  await shotSizes(page, '50-traffic-running');
  await expectNoAxeViolations(page, { exclude: ['.react-flow'] });
  const flows = await recordedFlows(page);
  for (const d of flows.filter((x) => x.flow === 'request')) {
    expect(d.client).toBe('pods/default/client');
    expect(d.service).toBe('services/default/web');
    expect(['pods/default/web-1', 'pods/default/web-2']).toContain(d.backend);
  }
  expect(new Set(flows.map((d) => d.backend))).toEqual(new Set(['pods/default/web-1', 'pods/default/web-2']));
  await expect(load.getByTestId('traffic-endpoint').first()).toHaveAttribute('data-pod', /^web-[12]$/);

  // The report the traffic step prints, in the inspector and in the terminal.
  await setSpeed(page, 25);
  await play(page);
  const done = panel.locator('[data-testid="traffic-load"][data-done="true"]').first();
  await expect(done).toBeVisible({ timeout: 60_000 });
  const report = await done.getByTestId('traffic-report').innerText();
  expect(report).toMatch(/^traffic default\/client -> http:\/\/web\/: 60 requests in 6\.0s, 60 ok, 0 failed\nENDPOINT +OK +FAILED\n/);
  expect(report).toContain(`${ip1}:80`);
  expect(report).toContain(`${ip2}:80`);
  await expect(page.getByTestId('terminal-text')).toContainText('traffic from pod/client to service/web: 10 rps for 6s');

  // web-2 goes away: its endpoint leaves the Service, and the next load reaches web-1 only.
  await typeCommand(page, 'kubectl delete pod web-2', { expectOutput: /pod "web-2" deleted/, timeout: 60_000 });
  await expect(page.getByTestId('service-default-web')).toHaveAttribute('data-ready-endpoints', '1', { timeout: 60_000 });
  await setSpeed(page, 5);
  await startFlowRecorder(page);
  await sendTrafficByKeyboard(page, 10, 3, false);
  await expect(panel.getByTestId('traffic-load')).toHaveCount(2);
  const second = panel.getByTestId('traffic-load').first();
  await expect(second.getByTestId('traffic-endpoint')).toHaveCount(1, { timeout: 60_000 });
  await expect(second.getByTestId('traffic-endpoint')).toHaveAttribute('data-pod', 'web-1');
  await expect.poll(async () => (await recordedFlows(page)).length, { timeout: 60_000 }).toBeGreaterThan(0);
  await expect(page.locator('[data-testid="message-dot"][data-flow="request"]').first()).toBeAttached({ timeout: 30_000 });
  await pause(page);
  await shotSizes(page, '51-traffic-after-delete');
  expect((await recordedFlows(page)).every((d) => d.backend === 'pods/default/web-1')).toBe(true);
  await setSpeed(page, 25);
  await play(page);
  const last = panel.locator('[data-testid="traffic-load"][data-done="true"]').first();
  await expect(last).toContainText('30 requests in 3.0s, 30 ok, 0 failed', { timeout: 60_000 });
  expect(await last.getByTestId('traffic-report').innerText()).not.toContain(`${ip2}:80`);
});

const PROBED = `apiVersion: v1
kind: Pod
metadata:
  name: web-1
  labels:
    app: web
spec:
  containers:
    - name: nginx
      image: nginx:1.27
      readinessProbe:
        exec:
          command: ["cat", "/tmp/healthy"]
        periodSeconds: 2
        failureThreshold: 1
---
apiVersion: v1
kind: Pod
metadata:
  name: web-2
  labels:
    app: web
spec:
  containers:
    - name: nginx
      image: nginx:1.27
      readinessProbe:
        exec:
          command: ["cat", "/tmp/healthy"]
        periodSeconds: 2
        failureThreshold: 1
---
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector:
    app: web
  ports:
    - port: 80
---
apiVersion: v1
kind: Pod
metadata:
  name: client
spec:
  containers:
    - name: client
      image: busybox:1.36
      command: ["sleep", "infinity"]
`;

const okOf = async (page: Page, pod: string): Promise<number> => Number((await page.getByTestId('traffic-panel').getByTestId('traffic-load').first().locator(`[data-testid="traffic-endpoint"][data-pod="${pod}"]`).getAttribute('data-ok')) ?? 0);

// kubernetes.io "Configure Liveness, Readiness and Startup Probes": "A pod with containers reporting
// that they are not ready does not receive traffic through Kubernetes Services". An exec readiness
// probe on a file: `rm` fails it, the pod's endpoint leaves the Service and its count stops growing;
// `touch` brings it back. With neither pod ready the Service has no endpoints and kube-proxy's rule
// REJECTs each request: marked on the Service.
test('an endpoint leaves when its pod stops being ready and comes back when it passes again; a REJECT is marked on the Service', async ({ page }) => {
  test.setTimeout(300_000);
  await gotoApp(page);
  await setSpeed(page, 25);
  await applyYaml(page, PROBED);
  for (const p of ['web-1', 'web-2', 'client']) await waitPodStatus(page, 'default', p, 'Running', 60_000);
  // touch and rm print nothing: the probe's verdict is the answer.
  for (const p of ['web-1', 'web-2']) await typeCommand(page, `kubectl exec ${p} -- touch /tmp/healthy`, { wait: false });
  const svc = page.getByTestId('service-default-web');
  await expect(svc).toHaveAttribute('data-ready-endpoints', '2', { timeout: 60_000 });

  await setSpeed(page, 5);
  await play(page);
  await sendTrafficByKeyboard(page, 10, 600, true);
  const panel = page.getByTestId('traffic-panel');
  const load = panel.getByTestId('traffic-load').first();
  await expect(load.locator('[data-testid="traffic-endpoint"][data-pod="web-2"]')).toHaveCount(1, { timeout: 60_000 });

  await typeCommand(page, 'kubectl exec web-2 -- rm /tmp/healthy', { wait: false });
  await expect(svc).toHaveAttribute('data-ready-endpoints', '1', { timeout: 60_000 });
  await typeCommand(page, 'kubectl get endpointslices -l kubernetes.io/service-name=web -o jsonpath={.items[0].endpoints[*].conditions.ready}', { expectOutput: /(true false|false true)/ });
  // Once every node's rules have dropped it (the probe, the EndpointSlice, kube-proxy), web-2's count stands still while web-1's grows.
  await page.waitForTimeout(3_000);
  const [still2, still1] = [await okOf(page, 'web-2'), await okOf(page, 'web-1')];
  await expect.poll(() => okOf(page, 'web-1'), { timeout: 60_000 }).toBeGreaterThan(still1 + 10);
  expect(await okOf(page, 'web-2')).toBe(still2);
  await pause(page);
  await shotSizes(page, '53-traffic-not-ready');
  await expectNoAxeViolations(page, { exclude: ['.react-flow'] });

  await play(page);
  await typeCommand(page, 'kubectl exec web-2 -- touch /tmp/healthy', { wait: false });
  await expect(svc).toHaveAttribute('data-ready-endpoints', '2', { timeout: 60_000 });
  await expect.poll(() => okOf(page, 'web-2'), { timeout: 60_000 }).toBeGreaterThan(still2 + 3);

  // Neither pod ready: no endpoints, each request stops at the Service (REJECT), marked there.
  for (const p of ['web-1', 'web-2']) await typeCommand(page, `kubectl exec ${p} -- rm /tmp/healthy`, { wait: false });
  await expect(svc).toHaveAttribute('data-ready-endpoints', '0', { timeout: 60_000 });
  const rejected = page.locator('[data-testid="traffic-failure"][data-kind="rejected"]');
  await expect(rejected.first()).toBeAttached({ timeout: 60_000 });
  await pause(page);
  await expect(rejected.first()).toHaveAttribute('data-service', 'services/default/web');
  await shotSizes(page, '54-traffic-rejected');
  await expectNoAxeViolations(page, { exclude: ['.react-flow'] });
});

test('the kube-proxy inspector draws iptables growing and IPVS and nftables flat, measured by the simulation', async ({ page }) => {
  test.setTimeout(180_000);
  await gotoApp(page);
  await page.getByTestId('component-kube-proxy_worker-1').click();
  const chart = page.getByTestId('proxy-cost-chart');
  await expect(chart).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('proxy-cost-series')).toHaveCount(3);
  await expect(page.getByTestId('proxy-cost-series').first()).toHaveAttribute('data-mode', 'iptables');
  await expect(page.getByTestId('proxy-cost-node')).toContainText('iptables mode');
  const rows = await page.getByTestId('proxy-cost-table').locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.getAttribute('data-mode'), Number(tr.getAttribute('data-services')), Number(tr.getAttribute('data-evaluated'))] as const));
  const at = (mode: string, n: number) => rows.find(([m, s]) => m === mode && s === n)![2];
  // The acceptance: iptables at 1,000 Services >= 30x at 10; IPVS within 2x.
  expect(at('iptables', 1000)).toBeGreaterThanOrEqual(30 * at('iptables', 10));
  expect(at('ipvs', 1000)).toBeLessThanOrEqual(2 * at('ipvs', 10));
  expect(at('nftables', 1000)).toBeLessThanOrEqual(2 * at('nftables', 10));
  await page.getByTestId('lang-ru').click();
  await expect(page.getByTestId('proxy-cost-node')).toContainText('режим iptables');
  await chart.scrollIntoViewIfNeeded();
  await shotSizes(page, '52-kube-proxy-cost');
  await expectNoAxeViolations(page, { exclude: ['.react-flow'] });
});
