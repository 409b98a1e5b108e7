// Reusable steps for Kubeplay's end-to-end tests. Every spec imports `test` and `expect` from here:
// the `problems` fixture (automatic) watches the page for console errors, uncaught exceptions,
// Content-Security-Policy violations and any request that leaves this machine, and fails the test
// at its end if it saw one.
//
// The later issues (controllers, etcd Raft, Services) add their checks with these helpers: open the
// app, type kubectl, wait for a pod's STATUS, open a component's menu, pause/step/skip the clock,
// record the message dots, and take screenshots a person then looks at.

import { expect, test as base, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

export { expect };

/** What went wrong on the page while the test ran. */
export interface Problems {
  list: string[];
  /** Console errors and page errors a test causes on purpose (the worker crash test), by pattern. */
  allow(pattern: RegExp): void;
}

function isLocal(url: string): boolean {
  const u = new URL(url);
  if (u.protocol === 'data:' || u.protocol === 'blob:' || u.protocol === 'about:') return true;
  return u.hostname === '127.0.0.1' || u.hostname === 'localhost' || u.hostname === '[::1]';
}

export const test = base.extend<{ problems: Problems }>({
  problems: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const problems: Problems = { list: [], allow: (p) => void allowed.push(p) };
      const report = (text: string) => {
        if (!allowed.some((p) => p.test(text))) problems.list.push(text);
      };
      // The built page has a Content-Security-Policy (vite.config.ts). Anything it blocks is a bug:
      // either the app loads something it should not, or the policy forgot something the app needs.
      // The start screen greets a first visit (src/ui/start/); the specs open the cluster as a
      // returning visitor does, except those that load `/?first-visit` to meet the screen.
      await page.addInitScript(() => {
        // Some documents a test opens (a data: URL, an opaque origin) have no localStorage to reach.
        try {
          if (!location.search.includes('first-visit')) localStorage.setItem('kubeplay.start.seen', '1');
        } catch {
          /* nothing to mark there */
        }
      });
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          console.error(`CSP violation: ${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
        });
      });
      page.on('console', (m) => {
        if (m.type() === 'error') report(`console error: ${m.text()}`);
      });
      page.on('pageerror', (e) => report(`page error: ${e.message}`));
      page.on('request', (r) => {
        if (!isLocal(r.url())) problems.list.push(`request left localhost: ${r.url()}`);
      });
      await use(problems);
      // The app shows command and scenario errors in one banner and a dead simulation worker in
      // another; neither is expected at the end of a test.
      for (const id of ['errors', 'worker-failure']) {
        const banner = page.getByTestId(id);
        if (!page.isClosed() && (await banner.count()) > 0) problems.list.push(`${id} banner: ${await banner.innerText()}`);
      }
      expect(problems.list, 'console errors, page errors, CSP violations, error banners or requests that left localhost').toEqual([]);
    },
    { auto: true },
  ],
});

// ------------------------------------------------------------------ opening the app

/**
 * Opens the app and waits until the default scenario's cluster is up (three Ready workers).
 * `query`: the page URL's query (`?crash-test` lets a test make the simulation worker fail).
 */
export async function gotoApp(page: Page, opts: { workers?: number; query?: string } = {}): Promise<void> {
  await page.goto(`/${opts.query ?? ''}`);
  await expect(page).toHaveTitle('Kubeplay');
  await expect(page.getByTestId('toolbar')).toBeVisible();
  await expect(page.getByTestId('scenario-select')).toHaveValue('default');
  const workers = opts.workers ?? 3;
  for (let i = 1; i <= workers; i++) {
    await expect(page.getByTestId(`host-worker-${i}`)).toHaveAttribute('data-up', 'true');
    await expect(page.getByTestId(`node-status-worker-${i}`)).toHaveAttribute('data-status', 'Ready');
  }
  await expect(page.getByTestId('component-kube-apiserver')).toHaveAttribute('data-alive', 'true');
}

/** Picks a built-in scenario in the toolbar (it starts playing) and waits until the worker has loaded it. */
export async function pickScenario(page: Page, name: string): Promise<void> {
  await page.getByTestId('scenario-select').selectOption(name);
  await expect(page.getByTestId('scenario-select')).toHaveValue(name);
  await expect(page.getByTestId('component-kube-apiserver')).toHaveAttribute('data-alive', 'true');
}

// ------------------------------------------------------------------ the clock

/** Simulated ms on the toolbar clock. */
export async function clockMs(page: Page): Promise<number> {
  return Number(await page.getByTestId('clock').getAttribute('data-ms'));
}

/** Simulated ms of the next queued event, or undefined when nothing is queued. */
export async function nextEventMs(page: Page): Promise<number | undefined> {
  const v = await page.getByTestId('clock').getAttribute('data-next-ms');
  return v === null || v === '' ? undefined : Number(v);
}

export async function isPlaying(page: Page): Promise<boolean> {
  return (await page.getByTestId('play-pause').getAttribute('data-playing')) === 'true';
}

/** Pauses the simulation and waits until the worker says it is paused. */
export async function pause(page: Page): Promise<void> {
  const button = page.getByTestId('play-pause');
  if (await isPlaying(page)) await button.click();
  await expect(button).toHaveAttribute('data-playing', 'false');
}

export async function play(page: Page): Promise<void> {
  const button = page.getByTestId('play-pause');
  if (!(await isPlaying(page))) await button.click();
  await expect(button).toHaveAttribute('data-playing', 'true');
}

/** Chooses a speed in the toolbar (0.25, 1, 5, 25, 100) and waits for the worker to take it. */
export async function setSpeed(page: Page, speed: 0.25 | 1 | 5 | 25 | 100): Promise<void> {
  await page.getByTestId('speed-select').selectOption(String(speed));
  await expect(page.getByTestId('speed-select')).toHaveValue(String(speed));
}

/** Waits (in real time, playing) until the simulated clock has reached `ms`. */
export async function waitClock(page: Page, ms: number, timeout = 30_000): Promise<void> {
  await expect.poll(() => clockMs(page), { timeout, message: `simulated clock reaches ${ms} ms` }).toBeGreaterThanOrEqual(ms);
}

/**
 * Plays the simulation fast until `check` passes, while every poll also runs `always` (an invariant
 * that must hold all the way, like "the pod is still Pending"). Restores nothing: the caller sets
 * the speed it wants next.
 */
export async function runUntil(page: Page, check: () => Promise<boolean>, opts: { timeout?: number; always?: () => Promise<void> } = {}): Promise<void> {
  const deadline = Date.now() + (opts.timeout ?? 30_000);
  for (;;) {
    if (opts.always) await opts.always();
    if (await check()) return;
    if (Date.now() > deadline) throw new Error('runUntil: condition not met in time');
    await page.waitForTimeout(100);
  }
}

// ------------------------------------------------------------------ terminal

export async function openDockTab(page: Page, tab: 'terminal' | 'events' | 'timeline' | 'yaml'): Promise<void> {
  const button = page.getByTestId(`dock-tab-${tab}`);
  await button.click();
  await expect(button).toHaveAttribute('aria-selected', 'true');
  // The tab's body loads on demand (src/ui/app/lazy.tsx): the tab is open once it has replaced "loading…".
  await expect(page.getByTestId('dock').getByTestId('lazy-loading')).toHaveCount(0);
}

export async function terminalText(page: Page): Promise<string> {
  return (await page.getByTestId('terminal-text').textContent()) ?? '';
}

/**
 * Types a command line into the terminal and presses Enter. Unless `wait` is false (the clock is
 * paused, so no answer can come), waits until the command's output follows its echoed line and
 * returns that output; `expectOutput` waits for a specific answer.
 */
export async function typeCommand(page: Page, line: string, opts: { wait?: boolean; expectOutput?: RegExp; timeout?: number } = {}): Promise<string> {
  await openDockTab(page, 'terminal');
  const before = (await terminalText(page)).length;
  await page.getByTestId('terminal').click();
  await page.keyboard.type(line);
  await page.keyboard.press('Enter');
  const echoed = `$ ${line}\n`;
  if (opts.wait === false) {
    await expect.poll(async () => (await terminalText(page)).slice(before).includes(echoed)).toBe(true);
    return '';
  }
  let output = '';
  await expect
    .poll(
      async () => {
        const fresh = (await terminalText(page)).slice(before);
        const at = fresh.indexOf(echoed);
        if (at < 0) return false;
        output = fresh.slice(at + echoed.length);
        return opts.expectOutput ? opts.expectOutput.test(output) : output.length > 0;
      },
      { timeout: opts.timeout ?? 20_000, message: `output of \`${line}\`` },
    )
    .toBe(true);
  return output;
}

/**
 * Opens the YAML tab, waits for its Monaco editor (a lazy chunk) and replaces the whole text by
 * pasting it, as a person would. Typed or `insertText`ed lines would pick up Monaco's auto-indent
 * one line after another; a paste keeps the text as it is.
 */
export async function setYamlText(page: Page, yaml: string): Promise<void> {
  await openDockTab(page, 'yaml');
  const editor = page.getByTestId('yaml-editor');
  await expect(editor).toHaveAttribute('data-ready', 'true');
  await editor.locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await editor.locator('textarea').evaluate((el, text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, yaml);
  // Monaco renders only the lines in view: go back to the top to see the first one.
  await page.keyboard.press('ControlOrMeta+Home');
  const first = yaml.trimStart().split('\n')[0]!.trim().split(/\s+/)[0]!;
  await expect(editor.locator('.view-lines')).toContainText(first);
}

/** Replaces the YAML tab's text and presses Apply (`kubectl apply -f -`). */
export async function applyYaml(page: Page, yaml: string): Promise<void> {
  await setYamlText(page, yaml);
  await page.getByTestId('yaml-apply').click();
}

// ------------------------------------------------------------------ graph

export function pod(page: Page, ns: string, name: string): Locator {
  return page.getByTestId(`pod-${ns}-${name}`);
}

/** `kubelet/worker-1` -> the locator of `component-kubelet_worker-1`. */
export function component(page: Page, id: string): Locator {
  return page.getByTestId(`component-${id.replace(/\//g, '_')}`);
}

/** Waits until the pod's box shows this kubectl STATUS word. */
export async function waitPodStatus(page: Page, ns: string, name: string, status: string, timeout = 30_000): Promise<void> {
  await expect(pod(page, ns, name)).toHaveAttribute('data-status', status, { timeout });
}

/**
 * The host region that holds an element on screen: `worker-2`, `control-plane`, `pending` (the
 * tray of pods no node has yet), or undefined. React Flow draws children as siblings of their
 * region, so this compares boxes.
 */
export async function regionOf(page: Page, el: Locator): Promise<string | undefined> {
  const box = await el.boundingBox();
  if (!box) return undefined;
  const regions = await page.locator('[data-testid^="host-"], [data-testid="pending-tray"]').evaluateAll((els) =>
    els
      .filter((e) => e.classList.contains('kp-region'))
      .map((e) => {
        const r = e.getBoundingClientRect();
        const id = e.getAttribute('data-testid') ?? '';
        return { name: id === 'pending-tray' ? 'pending' : id.replace(/^host-/, ''), x: r.x, y: r.y, w: r.width, h: r.height };
      }),
  );
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  return regions.find((r) => cx >= r.x && cx <= r.x + r.w && cy >= r.y && cy <= r.y + r.h)?.name;
}

/**
 * Opens the actions menu of a graph element by right-clicking it (or with its "⋯" button).
 * `target`: a component id (`kube-scheduler`, `kubelet/worker-1`) or `host:<name>`.
 */
export async function openMenu(page: Page, target: string, how: 'right-click' | 'more-button' = 'right-click'): Promise<Locator> {
  const el = target.startsWith('host:') ? page.getByTestId(`host-${target.slice(5)}`) : component(page, target);
  if (how === 'right-click') {
    // A host region's header holds its name; a right-click in its middle could land on a child box.
    if (target.startsWith('host:')) await el.locator('.kp-region-header').click({ button: 'right', position: { x: 20, y: 10 } });
    else await el.click({ button: 'right' });
  } else {
    const more = target.startsWith('host:') ? el.locator('.kp-region-header [data-testid="more-button"]') : el.getByTestId('more-button');
    await more.click();
  }
  const menu = page.getByTestId('context-menu');
  await expect(menu).toBeVisible();
  return menu;
}

/** Opens the menu and clicks one of its items (`kill`, `restart`, `start`, ...). */
export async function menuAction(page: Page, target: string, item: string, how: 'right-click' | 'more-button' = 'right-click'): Promise<void> {
  const menu = await openMenu(page, target, how);
  await menu.getByTestId(`menu-${item}`).click();
  await expect(menu).toBeHidden();
}

// ------------------------------------------------------------------ message dots

export interface SeenDot {
  from: string;
  to: string;
  phase: string;
  type: string;
  summary: string;
  /** Simulated ms when first seen. */
  at: number;
}

/**
 * Starts recording, in the page, every message dot drawn from now on (once per route and summary,
 * with the simulated time it was first seen). Read with `recordedDots`.
 */
export async function startDotRecorder(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __kpDots?: Map<string, unknown>; __kpDotsRaf?: number };
    w.__kpDots = new Map();
    if (w.__kpDotsRaf) cancelAnimationFrame(w.__kpDotsRaf);
    const tick = () => {
      const at = Number(document.querySelector('[data-testid="clock"]')?.getAttribute('data-ms') ?? 0);
      for (const g of document.querySelectorAll('[data-testid="message-dot"]')) {
        const d = {
          from: g.getAttribute('data-from') ?? '',
          to: g.getAttribute('data-to') ?? '',
          phase: g.getAttribute('data-phase') ?? '',
          type: g.getAttribute('data-type') ?? '',
          summary: g.getAttribute('data-summary') ?? '',
          at,
        };
        const k = `${d.from}>${d.to}>${d.summary}`;
        if (!w.__kpDots!.has(k)) w.__kpDots!.set(k, d);
      }
      w.__kpDotsRaf = requestAnimationFrame(tick);
    };
    tick();
  });
}

export async function recordedDots(page: Page): Promise<SeenDot[]> {
  return page.evaluate(() => {
    const w = window as unknown as { __kpDots?: Map<string, SeenDot> };
    return [...(w.__kpDots?.values() ?? [])].sort((a, b) => a.at - b.at);
  });
}

// ------------------------------------------------------------------ timeline and in-flight

export interface TimelineRecord {
  id: number;
  kind: string;
  time: number;
  from: string;
  to: string;
  phase: string;
  summary: string;
}

/** The records the Request timeline tab lists now (it must be the open tab). */
export async function timelineRecords(page: Page): Promise<TimelineRecord[]> {
  return page.getByTestId('timeline-list').locator('li').evaluateAll((lis) =>
    lis.map((li) => ({
      id: Number(li.getAttribute('data-id')),
      kind: li.getAttribute('data-kind') ?? '',
      time: Number(li.getAttribute('data-time')),
      from: li.getAttribute('data-from') ?? '',
      to: li.getAttribute('data-to') ?? '',
      phase: li.getAttribute('data-phase') ?? '',
      summary: li.querySelector('span.mono:last-of-type')?.textContent ?? '',
    })),
  );
}

/** The ids of the messages on the wire (the dev overlay's count, all phases). */
export async function inFlightIds(page: Page): Promise<number[]> {
  const v = (await page.getByTestId('in-flight').getAttribute('data-ids')) ?? '';
  return v === '' ? [] : v.split(' ').map(Number);
}

// ------------------------------------------------------------------ screenshots

// KUBEPLAY_SCREENSHOT_DIR puts them elsewhere (a run beside another one, which empties test-results/ when it starts).
export const SCREENSHOT_DIR = process.env.KUBEPLAY_SCREENSHOT_DIR ?? path.join('test-results', 'screenshots');

/**
 * Saves a PNG of the whole window as test-results/screenshots/<name>.png, and of the graph alone as
 * <name>.graph.png (small text is readable there), and attaches both to the report.
 */
export async function shot(page: Page, name: string, opts: { graph?: boolean } = {}): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  // A tooltip under the pointer would differ from run to run.
  await page.mouse.move(1, 1);
  const png = await page.screenshot({ path: file });
  await test.info().attach(name, { body: png, contentType: 'image/png' });
  if (opts.graph !== false) {
    const graph = await page.getByTestId('graph').screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.graph.png`) });
    await test.info().attach(`${name} (graph)`, { body: graph, contentType: 'image/png' });
  }
  return file;
}

/** The two screen sizes a changed screen is looked at in: a common laptop and a smaller one (projectors). */
export const SCREEN_SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
] as const;

/**
 * `shot` at each of SCREEN_SIZES (`<name>-1440x900.png`, `<name>-1280x720.png`), then back to the
 * size the test ran at.
 */
export async function shotSizes(page: Page, name: string, opts: { graph?: boolean } = {}): Promise<void> {
  const before = page.viewportSize();
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize(size);
    // React Flow and xterm fit themselves to the new size on the next frames.
    await page.waitForTimeout(300);
    await shot(page, `${name}-${size.width}x${size.height}`, opts);
  }
  if (before) await page.setViewportSize(before);
}

// ------------------------------------------------------------------ accessibility

/**
 * Runs axe-core (WCAG 2.1 A and AA rules) on the page, or on the part `include` selects, and fails
 * with each violation's rule, impact and the elements it found. React Flow's graph is left out with
 * `exclude` when a test is about something else.
 */
export async function expectNoAxeViolations(page: Page, opts: { include?: string; exclude?: string[] } = {}): Promise<void> {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (opts.include) builder = builder.include(opts.include);
  for (const x of opts.exclude ?? []) builder = builder.exclude(x);
  const result = await builder.analyze();
  const found = result.violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join('\n  ')}`);
  expect(found, 'axe-core accessibility violations').toEqual([]);
}
