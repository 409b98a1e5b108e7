// Acceptance, issue 10 (sharing): a run shared as a link opens in another page as the same run
// (same objects, same clock, same trace hash) and the CLI replays the link to the same hash; an
// exported run imported again arrives at the same hash; broken, truncated, oversized and malicious
// links show a readable error and leave the app usable.

import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { deflateSync, strToU8 } from 'fflate';
import type { BrowserContext, Page } from '@playwright/test';
import {
  applyYaml,
  clockMs,
  expect,
  expectNoAxeViolations,
  gotoApp,
  isPlaying,
  menuAction,
  pause,
  play,
  pod,
  setSpeed,
  shotSizes,
  terminalText,
  test,
  typeCommand,
  waitClock,
  waitPodStatus,
} from './helpers';

const run = promisify(execFile);

const SOLO = `apiVersion: v1
kind: Pod
metadata:
  name: solo
  labels:
    app: solo
spec:
  containers:
    - name: web
      image: nginx:1.25
`;

/** The pods the graph draws, with their kubectl STATUS, sorted. */
async function graphPods(page: Page): Promise<string[]> {
  const pods = await page.locator('[data-testid^="pod-"][data-status]').evaluateAll((els) => els.map((e) => `${e.getAttribute('data-testid')} ${e.getAttribute('data-status')}`));
  return pods.sort();
}

async function traceHash(page: Page): Promise<string> {
  const text = (await page.getByTestId('trace-hash').textContent()) ?? '';
  expect(text).toMatch(/^[0-9a-f]{16}$/);
  return text;
}

/** The block a command printed in the terminal: from its `$ line` to the next prompt or header. */
function outputOf(transcript: string, line: string): string {
  const at = transcript.lastIndexOf(`$ ${line}\n`);
  expect(at, `the terminal shows \`${line}\``).toBeGreaterThanOrEqual(0);
  const rest = transcript.slice(at + line.length + 3);
  const end = rest.search(/^(\$ |\[\d\d:\d\d\.\d{3}\] \$ )/m);
  return end < 0 ? rest : rest.slice(0, end);
}

/** A second page in the same browser, watched for errors as the `problems` fixture watches the first. */
async function secondPage(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, errors };
}

/** Waits until a link or a file opened in `page` has replayed to its moment and paused there. */
async function waitArrived(page: Page, timeout = 60_000): Promise<void> {
  await expect(page.getByTestId('arrived')).toBeVisible({ timeout });
  await expect(page.getByTestId('play-pause')).toHaveAttribute('data-playing', 'false');
}

test('a shared run opens in a new page with the same objects, clock, view and trace hash, and the CLI prints the same hash', async ({ page, context }) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await gotoApp(page);
  await setSpeed(page, 25);
  await typeCommand(page, 'kubectl create deployment web --image=nginx:1.25 --replicas=2', { expectOutput: /deployment\.apps\/web created/ });
  await applyYaml(page, SOLO);
  await waitPodStatus(page, 'default', 'solo', 'Running', 60_000);
  await menuAction(page, 'host:worker-3', 'kill');
  await expect(page.getByTestId('host-worker-3')).toHaveAttribute('data-up', 'false');
  await waitClock(page, (await clockMs(page)) + 5_000);
  const wide = await typeCommand(page, 'kubectl get pods -o wide', { expectOutput: /solo\s+1\/1\s+Running/ });
  await pause(page);
  await pod(page, 'default', 'solo').click();
  await expect(page.getByTestId('inspector-object')).toHaveAttribute('data-id', 'pods/default/solo');
  await page.getByTestId('dock-tab-terminal').click();

  const pausedAt = await clockMs(page);

  await page.getByTestId('share').click();
  const popover = page.getByTestId('share-popover');
  await expect(popover).toBeVisible();
  await expect(page.getByTestId('share-copied')).toHaveAttribute('data-copied', 'yes');
  await expect(page.getByTestId('share-copied')).toHaveText(/Link copied/);
  const url = await page.getByTestId('share-link').inputValue();
  expect(url).toMatch(/#run=[A-Za-z0-9_-]+$/);
  expect(new URL(url).hash).toBe(new URL(page.url()).hash);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expect(page.getByTestId('share-size')).toHaveAttribute('data-chars', String(url.length));
  // The moment is the next whole millisecond (events due in it run first, so a replay reaches the
  // same state); the toolbar then shows that moment and its hash, and the run stays paused.
  const at = Number(await page.getByTestId('share-moment').getAttribute('data-ms'));
  expect(at).toBeGreaterThanOrEqual(pausedAt);
  expect(at).toBeLessThan(pausedAt + 1);
  const hash = (await page.getByTestId('share-trace-hash').textContent()) ?? '';
  await expect(page.getByTestId('trace-hash')).toHaveText(hash);
  await expect(page.getByTestId('clock')).toHaveAttribute('data-ms', String(at));
  expect(await isPlaying(page)).toBe(false);
  const pods = await graphPods(page);
  expect(pods.length).toBeGreaterThanOrEqual(3);
  console.log(`share link: ${url.length} characters, moment ${at} ms, trace hash ${hash}`);
  await expectNoAxeViolations(page, { include: '[data-testid="toolbar"]' });
  await shotSizes(page, 'share-popover', { graph: false });
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();
  await expect(page.getByTestId('share')).toBeFocused();

  // The link in a new page: rebuilt, replayed to the moment, paused, with the same view.
  const b = await secondPage(context);
  await b.page.goto(url);
  await waitArrived(b.page);
  expect(await clockMs(b.page)).toBe(at);
  expect(await traceHash(b.page)).toBe(hash);
  expect(await graphPods(b.page)).toEqual(pods);
  await expect(b.page.getByTestId('inspector-object')).toHaveAttribute('data-id', 'pods/default/solo');
  await expect(b.page.getByTestId('dock-tab-terminal')).toHaveAttribute('aria-selected', 'true');
  // The transcript came along: the same `kubectl get pods -o wide`, printed the same.
  expect(outputOf(await terminalText(b.page), 'kubectl get pods -o wide')).toBe(wide);
  await expect(b.page.getByTestId('host-worker-3')).toHaveAttribute('data-up', 'false');
  await expectNoAxeViolations(b.page, { include: '[data-testid="toolbar"]' });
  await shotSizes(b.page, 'share-arrived', { graph: false });
  expect(b.errors).toEqual([]);

  // The CLI replays the link to the same moment and prints the same trace hash.
  const cli = await run('node', ['bin/kubeplay.mjs', 'run', url], { timeout: 120_000, maxBuffer: 16 * 1024 * 1024 }).catch((e: { stdout?: string; stderr?: string }) => e);
  const printed = /trace hash:? ([0-9a-f]{16})/.exec(cli.stdout ?? '')?.[1];
  expect(printed, `kubeplay run <link> printed a trace hash (stderr: ${cli.stderr ?? ''})`).toBe(hash);
});

test('an exported run imported in another page arrives at the same moment with the same trace hash; a dropped file opens too', async ({ page, context }) => {
  test.setTimeout(180_000);
  await gotoApp(page);
  await setSpeed(page, 25);
  await typeCommand(page, 'kubectl run exported --image=nginx:1.25', { expectOutput: /pod\/exported created/ });
  await waitPodStatus(page, 'default', 'exported', 'Running', 60_000);
  await pause(page);
  const pausedAt = await clockMs(page);

  const download = page.waitForEvent('download');
  await page.getByTestId('export').click();
  const file = await download;
  // Exported at the next whole millisecond, as a link is (see the test above).
  await expect.poll(() => clockMs(page)).toBe(Math.ceil(pausedAt));
  const at = await clockMs(page);
  const hash = await traceHash(page);
  expect(file.suggestedFilename()).toBe('kubeplay-run.yaml');
  const yaml = readFileSync(await file.path(), 'utf8');
  expect(yaml).toMatch(/pauseAt:/);
  expect(yaml).toMatch(/kubectl run exported --image=nginx:1\.25/);

  const b = await secondPage(context);
  await gotoApp(b.page);
  await b.page.getByTestId('import-file').setInputFiles({ name: 'kubeplay-run.yaml', mimeType: 'application/yaml', buffer: Buffer.from(yaml) });
  await waitArrived(b.page);
  expect(await clockMs(b.page)).toBe(at);
  expect(await traceHash(b.page)).toBe(hash);
  await expect(pod(b.page, 'default', 'exported')).toHaveAttribute('data-status', 'Running');
  expect(b.errors).toEqual([]);

  // Dragged onto the page: an overlay says what dropping does; dropped, the file opens.
  // Playing, so that the dropped file's own arrival (paused) can be told from the import's.
  await play(b.page);
  await expect(b.page.getByTestId('arrived')).toBeHidden();
  const drag = await b.page.evaluateHandle((text) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], 'dropped-run.yaml', { type: 'application/yaml' }));
    return dt;
  }, yaml);
  await b.page.dispatchEvent('[data-testid="graph"]', 'dragenter', { dataTransfer: drag });
  await expect(b.page.getByTestId('drop-overlay')).toBeVisible();
  await expectNoAxeViolations(b.page, { include: '[data-testid="drop-overlay"]' });
  await shotSizes(b.page, 'drop-overlay', { graph: false });
  await b.page.dispatchEvent('[data-testid="graph"]', 'drop', { dataTransfer: drag });
  await expect(b.page.getByTestId('drop-overlay')).toBeHidden();
  await waitArrived(b.page);
  expect(await clockMs(b.page)).toBe(at);
  expect(await traceHash(b.page)).toBe(hash);
  expect(b.errors).toEqual([]);
});

/** A `#run=` fragment of any JSON text, deflated as the app's links are. */
function runFragment(json: string): string {
  return `run=${Buffer.from(deflateSync(strToU8(json))).toString('base64url')}`;
}

const HTML = '<img src=x onerror="window.__kpPwned=1">';
const MALICIOUS: [string, string, RegExp][] = [
  ['a damaged link (characters a link cannot have)', 'run=%%%not-base64!!!', /damaged/],
  ['an oversized link (over 64K characters)', `run=${'A'.repeat(70_000)}`, /most Kubeplay opens is 65536/],
  // A few KB that inflate to 5 MiB: refused as soon as the output passes the limit.
  ['a link that unpacks to more than the limit (a decompression bomb)', runFragment(JSON.stringify({ v: 1, scenario: 'x'.repeat(5 * 1024 * 1024), at: 0 })), /unpacks to more than 1052672 bytes/],
  ['a link with __proto__ keys', runFragment(`{"v":1,"scenario":"x","at":0,"__proto__":{"polluted":true}}`), /unknown field "__proto__"/],
  ['a link whose view carries HTML and __proto__', runFragment(`{"v":1,"scenario":"x","at":0,"view":{"__proto__":"${HTML.replace(/"/g, '\\"')}"}}`), /view: unknown field "__proto__"/],
  [
    'a link whose scenario has HTML for a name and a bad field',
    runFragment(JSON.stringify({ v: 1, scenario: `apiVersion: kubeplay.dev/v1\nkind: Scenario\nmetadata:\n  name: "${HTML.replace(/"/g, '\\"')}"\nspec:\n  evil: true\n`, at: 0 })),
    /scenario in the link is invalid/,
  ],
  ['a link to a built-in scenario that does not exist', 'scenario=no-such-scenario', /no built-in scenario named "no-such-scenario"/],
];

test('broken, truncated, oversized and malicious links show a readable error and the app stays usable', async ({ page }) => {
  test.setTimeout(180_000);
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  // A real link (the default scenario at 30 s, encoded as the app encodes it), cut short as a chat
  // tool would cut it.
  const scenario = readFileSync('public/scenarios/default.yaml', 'utf8');
  const good = runFragment(JSON.stringify({ v: 1, scenario, at: 30_000, view: {} }));
  const truncated = good.slice(0, Math.floor(good.length * 0.6));
  const cases: [string, string, RegExp][] = [['a truncated link', truncated, /damaged|cut short|invalid/], ...MALICIOUS];

  for (const [what, fragment, reason] of cases) {
    await test.step(what, async () => {
      const t0 = Date.now();
      // Opened as a new page would open it (not a hash change in the running app).
      await page.goto('about:blank');
      await page.goto(`/#${fragment}`);
      const dialog = page.getByTestId('open-error');
      await expect(dialog).toBeVisible();
      await expect(page.getByTestId('open-error-reason')).toHaveText(reason);
      // Text, never HTML: no <img> from the link reached the page.
      expect(await dialog.locator('img').count()).toBe(0);
      await expect(page.getByTestId('open-default')).toBeFocused();
      if (what === 'a link with __proto__ keys') {
        await expectNoAxeViolations(page, { include: '[data-testid="open-error"]' });
        await shotSizes(page, 'link-error-dialog', { graph: false });
      }
      await page.getByTestId('open-default').click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('scenario-select')).toHaveValue('default');
      await expect(page.getByTestId('component-kube-apiserver')).toHaveAttribute('data-alive', 'true');
      expect(new URL(page.url()).hash).toBe('');
      console.log(`${what}: ${Date.now() - t0} ms`);
    });
  }
  await expect(page.getByTestId('node-status-worker-1')).toHaveAttribute('data-status', 'Ready', { timeout: 30_000 });
  await typeCommand(page, 'kubectl get nodes', { expectOutput: /worker-1\s+Ready/ });

  // A broken link pasted into the address bar of the open app: the cluster that runs can stay.
  await page.evaluate(() => void (window.location.hash = '#run=AAAA'));
  await expect(page.getByTestId('open-error')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('open-error')).toBeHidden();
  await typeCommand(page, 'kubectl get nodes', { expectOutput: /worker-1\s+Ready/ });

  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __kpPwned?: number }).__kpPwned)).toBeUndefined();
  expect(await page.evaluate(() => ({}) as Record<string, unknown>)).toEqual({});
  expect(await page.evaluate(() => 'polluted' in Object.prototype)).toBe(false);
});

test('a built-in scenario link opens that scenario, and with a moment replays to it and pauses', async ({ page }) => {
  await page.goto('/#scenario=scheduler-down&at=20s');
  await waitArrived(page);
  await expect(page.getByTestId('scenario-select')).toHaveValue('scheduler-down');
  expect(await clockMs(page)).toBe(20_000);
  await traceHash(page);
});

/** `n` characters that do not compress (a fixed LCG's base64), so a link made with them is long. */
function noise(n: number): string {
  let x = 12345;
  const bytes = Buffer.alloc(Math.ceil((n * 3) / 4));
  for (let i = 0; i < bytes.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    bytes[i] = x >>> 24;
  }
  return bytes.toString('base64').slice(0, n);
}

test('a link longer than 8 KB still works, and the popover says chat tools may cut it', async ({ page, context }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await gotoApp(page);
  const scenario = `apiVersion: kubeplay.dev/v1alpha1
kind: Scenario
metadata:
  name: long-link
spec:
  seed: 7
  steps:
    - at: 1s
      apply: |
        apiVersion: v1
        kind: Pod
        metadata:
          name: big
          annotations:
            noise: ${noise(12_000)}
        spec:
          containers:
            - name: web
              image: nginx:1.25
`;
  await page.getByTestId('import-file').setInputFiles({ name: 'long-link.yaml', mimeType: 'application/yaml', buffer: Buffer.from(scenario) });
  await expect(page.getByTestId('scenario-select')).toHaveValue('');
  await expect(page.getByTestId('scenario-select').locator('option').first()).toHaveText('long-link');
  await waitClock(page, 3_000);
  await pause(page);
  await page.getByTestId('share').click();
  await expect(page.getByTestId('share-large')).toBeVisible();
  await expect(page.getByTestId('share-large')).toContainText('some chat tools cut links longer than 8 KB');
  const url = await page.getByTestId('share-link').inputValue();
  expect(url.length).toBeGreaterThan(8 * 1024);
  await expect(page.getByTestId('share-size')).toContainText(/^\d+\.\d KB \([\d,]+ characters\)$/);
  const hash = (await page.getByTestId('share-trace-hash').textContent()) ?? '';
  await expectNoAxeViolations(page, { include: '[data-testid="share-popover"]' });
  await shotSizes(page, 'share-popover-large-link', { graph: false });
  // On a projector's 1280x720 the popover stays inside the window, wherever the toolbar wrapped.
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect
    .poll(async () => {
      const box = (await page.getByTestId('share-popover').boundingBox())!;
      return box.x >= 0 && box.x + box.width <= 1280 && box.y + box.height <= 720;
    })
    .toBe(true);

  const b = await secondPage(context);
  await b.page.goto(url);
  await waitArrived(b.page);
  expect(await traceHash(b.page)).toBe(hash);
  expect(b.errors).toEqual([]);
});

test('a link keeps the request the Request tab follows, and a link made on the Scenario tab opens on it', async ({ page, context }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await gotoApp(page);
  await typeCommand(page, 'kubectl create deployment first --image=nginx:1.25', { expectOutput: /deployment\.apps\/first created/ });
  await typeCommand(page, 'kubectl get nodes', { expectOutput: /worker-1/ });
  await pause(page);
  // The Request tab follows the latest command unless the person picks another: pick the first.
  await page.getByTestId('dock-tab-sequence').click();
  const choice = page.getByTestId('sequence-request');
  const first = choice.locator('option', { hasText: 'kubectl create deployment first' });
  const rootId = (await first.getAttribute('value')) ?? '';
  expect(rootId).toMatch(/^\d+$/);
  await choice.selectOption(rootId);
  await page.getByTestId('share').click();
  const url = await page.getByTestId('share-link').inputValue();
  await page.keyboard.press('Escape');

  const b = await secondPage(context);
  await b.page.goto(url);
  await waitArrived(b.page);
  await expect(b.page.getByTestId('dock-tab-sequence')).toHaveAttribute('aria-selected', 'true');
  await expect(b.page.getByTestId('sequence-request')).toHaveValue(rootId);
  expect(b.errors).toEqual([]);

  // The Scenario tab is a panel a link may name too.
  await page.getByTestId('dock-tab-scenario').click();
  await page.getByTestId('share').click();
  const onScenario = await page.getByTestId('share-link').inputValue();
  const c = await secondPage(context);
  await c.page.goto(onScenario);
  await waitArrived(c.page);
  await expect(c.page.getByTestId('dock-tab-scenario')).toHaveAttribute('aria-selected', 'true');
  expect(c.errors).toEqual([]);
});
