// Issue 14: "initial JS <= 350 KiB gzipped" (`bundle`: everything loaded before first paint, the
// worker included; Monaco lazy). The first screen is the toolbar, the graph and the dock's terminal
// tab; the terminal (xterm), the dock's other tabs, the inspector's bodies, the scale view, the
// lesson panel and the start screen load on demand (src/ui/app/lazy.tsx). React's own docs
// (react.dev/reference/react/lazy, /reference/react/Suspense) give the pattern; WAI-ARIA's `status`
// role (w3.org/TR/wai-aria-1.2/#status) is how the loading text reaches a screen reader.
// The size is measured as bench/run.ts measures it (bench/bundle.ts), on the built dist/ that the
// e2e server serves.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { initialBundle, initialFiles } from '../bench/bundle';
import type { Page } from '@playwright/test';
import { clockMs, expect, gotoApp, shotSizes, terminalText, test, typeCommand } from './helpers';

const DIST = fileURLToPath(new URL('../dist', import.meta.url));

/**
 * The chunks the first screen must not wait for (vite names a lazy chunk after its module). The
 * worker's own lazy chunk, `programs` (kubectl and the node shells' programs,
 * src/sim/cli-tools/programs.deferred.ts), is not among the page's: the test below holds it.
 */
const ON_DEMAND = ['Terminal', 'YamlEditor', 'ScaleView', 'LessonPanel', 'StartScreen', 'SequencePanel', 'ObjectInspector', 'ComponentInspector', 'ScenarioPanel'];

/** Holds the lazy chunk `name` (every fetch of it) until the returned function is called. */
async function holdChunk(page: Page, name: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(`**/assets/${name}-*.js`, async (route) => {
    await held;
    // A fetch from a page that has gone by then (gotoApp opens a new one) has no one to answer.
    await route.continue().catch(() => undefined);
  });
  return release;
}

test('the first load leaves out what the first screen does not show; the page part stays under its budget', () => {
  const files = initialFiles(DIST);
  for (const name of [...ON_DEMAND, 'programs', 'scenario-text']) expect(files.filter((f) => f.startsWith(`assets/${name}-`)), `${name} is loaded before first paint`).toEqual([]);
  const line = initialBundle(DIST)!;
  const page = Object.entries(line.files)
    .filter(([f]) => !f.includes('sim.worker'))
    .reduce((sum, [, kib]) => sum + kib, 0);
  console.log(`bundle: ${line.initialJsKiBGzip} KiB gzipped before first paint, ${page.toFixed(1)} KiB of it the page's own (the rest the simulation's worker)`);
  // Before the lazy pieces the page's own part was 370 KiB (xterm, yaml, d3's scales in the first chunk).
  expect(page, "the page's own part (KiB gzipped)").toBeLessThanOrEqual(230);
});

test("the worker's copy of the published digests leaves out where each was checked (vite.config.ts)", () => {
  const worker = initialFiles(DIST).find((f) => f.includes('sim.worker'))!;
  const code = readFileSync(join(DIST, worker), 'utf8');
  // pause:3.10's digest (src/sim/node/registry/published-digests.json) is there; its `seen` text is not.
  expect(code).toContain('sha256:ee6521f290b2168b6e0935a181d4cff9be1ac3f505666ef0e3c98fae8199917a');
  expect(code).not.toContain('Cilium Dockerfiles');
});

test('a piece that is still loading says so (role=status), keeps its place, then works from the keyboard', async ({ page }) => {
  // Hold the terminal's chunk until the loading text has been seen, and the inspector's body, which
  // loads on the first selection (or when the page is idle), until its own loading text has.
  const release = await holdChunk(page, 'Terminal');
  const releaseInspector = await holdChunk(page, 'ComponentInspector');
  await page.goto('/');
  const dock = page.getByTestId('dock');
  await expect(dock.getByRole('status')).toHaveText('loading…');
  await shotSizes(page, 'bundle-terminal-loading', { graph: false });
  const before = await dock.boundingBox();
  // ':' (UX.md: the terminal, as in k9s) pressed before the terminal has loaded puts the keyboard
  // in it once it has (src/ui/app/focus-handoff.ts).
  await page.keyboard.press(':');
  release();
  await expect(page.getByTestId('terminal-text')).toBeVisible();
  await expect(dock.getByRole('status')).toHaveCount(0);
  expect(await dock.boundingBox(), 'the dock kept its size while the terminal loaded').toEqual(before);
  await expect(page.getByTestId('terminal').locator('textarea')).toBeFocused();

  await gotoApp(page);
  // ':' reaches the terminal (UX.md), which answers.
  await page.getByTestId('graph').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press(':');
  await typeCommand(page, 'kubectl get nodes', { expectOutput: /worker-3/ });

  // The inspector's body, in the page's language (Russian here).
  await page.getByTestId('lang-ru').click();
  await page.getByTestId('component-kube-apiserver').click();
  const inspector = page.getByTestId('inspector');
  await expect(inspector.getByRole('status')).toHaveText('загрузка…');
  await shotSizes(page, 'bundle-inspector-loading', { graph: false });
  releaseInspector();
  await expect(page.getByTestId('inspector-component')).toHaveAttribute('data-id', 'kube-apiserver');
  await expect(inspector.getByRole('status')).toHaveCount(0);
});

test('what a click opens is fetched once the page is idle, without a click', async ({ page }) => {
  await gotoApp(page);
  // React's lazy() fetches a piece when it first renders; src/ui/app/lazy.tsx fetches the pieces a
  // click opens after the first paint (requestIdleCallback, html.spec.whatwg.org and w3.org/TR/requestidlecallback).
  const idle = ON_DEMAND.filter((n) => n !== 'ScaleView' && n !== 'YamlEditor');
  await expect
    .poll(async () => {
      const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
      return idle.filter((n) => !loaded.some((url) => url.includes(`/assets/${n}-`)));
    }, { message: 'pieces not fetched yet' })
    .toEqual([]);
  // Monaco is not among them: it stays for the YAML tab's first opening.
  const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
  expect(loaded.filter((url) => /\/assets\/(YamlEditor|editor\.main|ScaleView)-/.test(url))).toEqual([]);
});

test("'Send traffic…' puts the keyboard in the form even when the inspector's body is still loading", async ({ page }) => {
  // Hold the object inspector's chunk from the start (the idle fetch would bring it otherwise).
  const release = await holdChunk(page, 'ObjectInspector');
  await gotoApp(page);
  // The `kubernetes` Service in default is there from the start; its menu offers "Send traffic…".
  await page.getByTestId('service-default-kubernetes').getByTestId('more-button').focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('menu-traffic').focus();
  await page.keyboard.press('Enter');
  const inspector = page.getByTestId('inspector');
  await expect(inspector.getByRole('status')).toHaveText('loading…');
  release();
  await expect(page.getByTestId('traffic-from')).toBeFocused();
});

test('the cluster boots without kubectl; a command typed before kubectl has arrived waits for it, then answers', async ({ page }) => {
  // The worker fetches kubectl once the first scenario is on screen (src/worker/sim.worker.ts); hold it.
  const release = await holdChunk(page, 'programs');
  await gotoApp(page);
  const before = await clockMs(page);
  await typeCommand(page, 'kubectl get nodes', { wait: false });
  // The cluster goes on meanwhile; the command has not reached the simulation.
  await expect.poll(() => clockMs(page)).toBeGreaterThan(before + 1_000);
  expect(await terminalText(page)).not.toMatch(/worker-3/);
  release();
  await expect.poll(() => terminalText(page), { message: 'the held command answers once kubectl is here' }).toMatch(/worker-3\s+Ready/);
});

test('kubectl is fetched right after the first paint, before anyone types', async ({ page }) => {
  // The worker's requests are not in the page's performance entries; the browser context sees them.
  const fetched: string[] = [];
  page.context().on('request', (r) => fetched.push(r.url()));
  await gotoApp(page);
  await expect.poll(() => fetched.some((url) => /\/assets\/programs-[^/]*\.js$/.test(url)), { message: 'programs chunk fetched' }).toBe(true);
});

test('the cluster boots without the YAML parser; another scenario picked before it has arrived waits for it, then opens', async ({ page }) => {
  // default.yaml was parsed at build time (vite.config.ts); everything else that reads a scenario's
  // text is the worker's lazy `scenario-text` chunk (src/worker/scenario-text.deferred.ts). Hold it.
  const release = await holdChunk(page, 'scenario-text');
  await gotoApp(page);
  const before = await clockMs(page);
  await page.getByTestId('scenario-select').selectOption('etcd-cluster');
  // The default cluster goes on meanwhile (its clock was not reset); etcd-cluster has not started.
  await expect.poll(() => clockMs(page)).toBeGreaterThan(before + 1_000);
  await expect(page.getByTestId('etcd-cluster')).toHaveCount(0);
  // The pick shows where it was made, marked busy until the scenario is loaded.
  await expect(page.getByTestId('scenario-select')).toHaveValue('etcd-cluster');
  await expect(page.getByTestId('scenario-select')).toHaveAttribute('aria-busy', 'true');
  await shotSizes(page, 'bundle-scenario-waits-for-parser', { graph: false });
  release();
  await expect(page.getByTestId('etcd-cluster'), 'the held scenario opens once the parser is here').toBeVisible();
  await expect(page.getByTestId('scenario-select')).toHaveAttribute('aria-busy', 'false');
});

