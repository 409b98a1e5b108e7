// Issue 11, "Russian covers the whole UI": switched to Russian, a walk through the app (every dock
// tab, the sequence diagram's lanes, phases and outcome, the YAML editor's own context menu, the help
// overlay, the context menus of a node and a component, the inspector of a pod, slow motion) collects
// every visible text and every aria-label, title, placeholder and alt (inside open shadow roots too:
// Monaco draws its menus in one), and fails on any English word that is not on a short allow-list of
// things people type or Kubernetes' own names.
// Also: the theme and the language survive a reload and follow the system until one is picked.

import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, gotoApp, openMenu, pod, shot, shotSizes, terminalText, test, typeCommand, waitPodStatus } from './helpers';

/**
 * Parts of the screen that show what Kubernetes, kubectl or the simulation said, or what the person
 * typed, verbatim (UX.md: "kubectl's own words for states"; issue 11: "not kubectl's own output").
 */
const VERBATIM = [
  // The terminal's transcript: kubectl's output and the commands typed (its banner is checked apart).
  '.xterm-rows',
  '.xterm-accessibility',
  '[data-testid="terminal-text"]',
  // Events: kubectl's columns' values (reason, message, source) as the components wrote them.
  '[data-testid="event-row"]',
  '[data-testid="inspector-events"]',
  // Objects as YAML, and the YAML the person edits (Monaco's text).
  '.yaml-view',
  '.monaco-editor .view-lines',
  // Commands people type: the context menu shows each action's real command; the help's keys.
  'code',
  'kbd',
  // Messages on the simulated network as the components send them (GET /api/v1/..., Txn create,
  // POST event Pulled: Successfully pulled image): the timeline's rows, the sequence diagram's arrows
  // (their label and accessible name; their time and notes are checked, see CHROME), the command
  // typed, and what kube-apiserver recorded at each stage (a stage mark's tooltip).
  '[data-testid="timeline-list"] .mono',
  '.seq-arrow',
  '.seq-mark',
  '.seq-selected-summary',
  // The names Kubernetes gives its components, controllers, etcd members and nodes, over the sequence
  // diagram's lanes (kube-apiserver's stages and "controller" are the app's words, and checked).
  '.seq-name',
  // A pod's name on the graph, shortened in the middle (coredns…rwkcm): a name, not words.
  '.kp-pod-name',
  // kube-scheduler's own filter reasons ("node(s) had untolerated taint").
  '.cell-fail',
  '.filter-failures',
  // The dots' tooltips name the message they carry, as its sender wrote it (Txn succeeded rev 140).
  '.kp-dots',
  // Monaco's keyboard shortcuts in its menus (Ctrl+F2, Shift+Alt+F).
  '.monaco-menu .keybinding',
  // The command being followed and its outcome as Kubernetes says it, in the sequence's request picker.
  '[data-testid="sequence-request"] option',
].join(', ');

/** The app's own words inside a verbatim part: a diagram row's time since the command and its notes (committed by a quorum, in flight). */
const CHROME = '.seq-time, .seq-note';

/**
 * English words that may stay. Kept short; each group says why. Words with a capital inside
 * (MsgApp, ContainerCreating, resourceVersion), all-caps words (HTTPS, CPU, READY) and names with
 * digits, dots, dashes or slashes (worker-1, kube-apiserver, pod/web, v1.31) are Kubernetes'
 * identifiers, acronyms and kubectl's column headers, and are not words to translate.
 */
const ALLOWED = new Set(
  [
    // The product and the programs it simulates, by their own names.
    'kubeplay', 'kubernetes', 'kubectl', 'kubelet', 'etcd', 'containerd', 'nginx', 'systemd', 'journalctl',
    'apiserver', 'registry', 'cni', 'npx', 'iptables',
    // Names in the default scenario and this test: hosts, namespace, the pod it runs.
    'laptop', 'default', 'web',
    // Kinds and fields people type (kubectl get pods, spec.nodeName, metadata.namespace).
    'pod', 'pods', 'node', 'nodes', 'service', 'services', 'namespace', 'event', 'binding', 'phase', 'lease', 'taint', 'toleration', 'endpoints', 'endpoint', 'selector',
    // "Control plane" and "Admission control": the Russian Kubernetes documentation keeps the terms
    // (kubernetes.io/ru/docs/concepts/overview/components).
    'control', 'plane', 'admission',
    // Statuses and event types as kubectl prints them, and HTTP's (201 Created).
    'running', 'pending', 'ready', 'unknown', 'succeeded', 'failed', 'terminating', 'normal', 'warning', 'true', 'false', 'created',
    // Protocol names used untranslated in Russian technical writing, as the seed does (watch, heartbeat, Raft).
    'watch', 'heartbeat', 'raft',
    // Commands people type, as the hints quote them (kubectl apply -f -, kubectl run, npx kubeplay run, .yaml).
    'apply', 'get', 'describe', 'run', 'yaml',
    // Key names as printed on keyboards, Russian ones included (Esc, Tab, Ctrl+Enter, Page Up).
    'esc', 'tab', 'enter', 'ctrl', 'alt', 'page', 'up', 'down', 'home', 'end',
    // The graph's drawing library credits itself (React Flow's attribution link, its licence's condition).
    'react', 'flow', 'attribution',
  ],
);

/**
 * On the graph, its own captions are translated whole (issue 11: "Services", "1 endpoint" and
 * "Pending" were left in English): these words of ALLOWED may stay there only inside an element that
 * shows what kubectl prints (a node's or a pod's STATUS, marked `data-status`), where they are
 * Kubernetes' values: `✓ Ready` on a node, a pod chip's `Running`.
 */
const GRAPH_CAPTION_WORDS = new Set([
  'service', 'services', 'endpoint', 'endpoints', 'pending', 'running', 'ready', 'unknown', 'succeeded', 'failed', 'terminating', 'created', 'event', 'phase', 'selector', 'binding',
]);
const GRAPH_ALLOWED = new Set([...ALLOWED].filter((w) => !GRAPH_CAPTION_WORDS.has(w)));

/** Words in `text` that are English and not allowed. */
function englishWords(text: string, allowed: ReadonlySet<string> = ALLOWED): string[] {
  const out: string[] = [];
  for (const raw of text.split(/[\s,;:!?()[\]{}«»"“”'`…—–·|<>=+*#✓✕✗★⚠▸◂▾▴]+/)) {
    const w = raw.replace(/^[.]+|[.]+$/g, '');
    if (!/^[A-Za-z]{2,}$/.test(w)) continue; // names with digits, dashes, slashes, dots; Cyrillic
    if (/^[A-Z]+$/.test(w)) continue; // acronyms and kubectl's column headers
    if (/^.+[A-Z]/.test(w)) continue; // MsgApp, ContainerCreating, resourceVersion
    if (!allowed.has(w.toLowerCase())) out.push(w);
  }
  return out;
}

interface Seen {
  text: string;
  where: string;
  /** On the graph, outside an element that shows a kubectl STATUS: the strict word list applies. */
  caption: boolean;
}

/** Every visible text and the accessible words (aria-label, title, placeholder, alt) on the page now, shadow roots included. */
async function collect(page: Page): Promise<Seen[]> {
  return page.evaluate(
    ([skipSelector, chromeSelector]) => {
      const out: { text: string; where: string; caption: boolean }[] = [];
      const caption = (el: Element): boolean => el.closest('[data-testid="graph"]') !== null && el.closest('[data-status]') === null;
      const name = (el: Element): string => {
        const id = el.getAttribute('data-testid');
        const cls = typeof el.className === 'string' && el.className ? `.${el.className.split(' ')[0]}` : '';
        return `${el.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : cls}`;
      };
      // An SVG <title> is never rendered itself; it counts when what it names is visible.
      const shown = (el: Element): boolean => {
        const target = el.tagName.toLowerCase() === 'title' && el.parentElement ? el.parentElement : el;
        return target.checkVisibility({ checkVisibilityCSS: true });
      };
      const skip = (el: Element): boolean => el.closest(skipSelector) !== null && el.closest(chromeSelector) === null;
      const attrs = ['aria-label', 'title', 'placeholder', 'alt', 'aria-description', 'aria-roledescription'];
      const walk = (root: Node): void => {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          if (n.nodeType === Node.TEXT_NODE) {
            const el = n.parentElement;
            const text = n.textContent?.trim();
            if (!el || !text || skip(el) || !shown(el)) continue;
            if (el.closest('script, style')) continue;
            out.push({ text, where: name(el), caption: caption(el) });
            continue;
          }
          const el = n as Element;
          if (el.shadowRoot) walk(el.shadowRoot);
          if (!attrs.some((a) => el.hasAttribute(a)) || skip(el) || !shown(el)) continue;
          // A tooltip that repeats the command shown in the element (the context menu's items) is that command.
          const command = el.querySelector('code')?.textContent ?? null;
          for (const attr of attrs) {
            const v = el.getAttribute(attr);
            if (attr === 'title' && v !== null && v === command) continue;
            if (v) out.push({ text: v, where: `${name(el)}@${attr}`, caption: caption(el) });
          }
        }
      };
      walk(document.body);
      return out;
    },
    [VERBATIM, CHROME] as const,
  );
}

/** Collects what is on screen now into `found` (English words with where they were). */
async function check(page: Page, step: string, found: Map<string, string>): Promise<void> {
  for (const s of await collect(page)) {
    for (const w of englishWords(s.text, s.caption ? GRAPH_ALLOWED : ALLOWED)) {
      const key = `${w} — ${s.where}`;
      if (!found.has(key)) found.set(key, `${step}: "${s.text.slice(0, 160)}"`);
    }
  }
}

test('in Russian, no English word is left in the UI chrome: toolbar, graph, menus, dock tabs, inspector, help', async ({ page }) => {
  // The sequence diagram's axe check and the editor's menu add a minute on a busy machine.
  test.setTimeout(300_000);
  // The person picked Russian earlier (kept in localStorage): the page opens in it.
  await page.addInitScript(() => localStorage.setItem('kubeplay.lang', 'ru'));
  await gotoApp(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByTestId('lang-ru')).toHaveAttribute('aria-pressed', 'true');
  const found = new Map<string, string>();

  // The terminal's own words (its banner) are Russian; kubectl's output stays kubectl's.
  await expect.poll(() => terminalText(page)).toContain('Терминал Kubeplay');
  await check(page, 'start', found);

  // A pod to follow, inspect and open a menu on. Slow motion is said while its messages cross at 1x.
  await typeCommand(page, 'kubectl run web --image=nginx:1.25', { expectOutput: /pod\/web created/ });
  await expect(page.getByTestId('slowmo')).toBeVisible();
  await expect(page.getByTestId('slowmo')).toContainText('замедление ×');
  await check(page, 'slow motion', found);
  await waitPodStatus(page, 'default', 'web', 'Running', 60_000);

  for (const tab of ['terminal', 'events', 'timeline', 'sequence', 'yaml'] as const) {
    await page.getByTestId(`dock-tab-${tab}`).click();
    await expect(page.getByTestId(`dock-tab-${tab}`)).toHaveAttribute('aria-selected', 'true');
    if (tab === 'yaml') await expect(page.locator('.monaco-editor')).toBeVisible({ timeout: 30_000 });
    if (tab === 'sequence') await expect(page.getByTestId('sequence-diagram')).toBeVisible();
    await check(page, `dock tab ${tab}`, found);
    if (tab === 'sequence') await checkSequence(page, found);
    if (tab === 'yaml') await checkEditorMenu(page, found);
  }

  await pod(page, 'default', 'web').click();
  await expect(page.getByTestId('inspector-object')).toBeVisible();
  await expect(page.getByTestId('scheduler-table')).toBeVisible();
  await check(page, 'inspector of pod/web', found);

  for (const target of ['host:worker-1', 'kubelet/worker-1', 'kube-scheduler']) {
    await openMenu(page, target);
    await check(page, `context menu of ${target}`, found);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('context-menu')).toBeHidden();
  }
  await pod(page, 'default', 'web').click({ button: 'right' });
  await expect(page.getByTestId('context-menu')).toBeVisible();
  await check(page, 'context menu of pod/web', found);
  await page.keyboard.press('Escape');

  // Slow motion turned off says so, in Russian.
  await page.getByTestId('graph').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('m');
  await expect(page.getByTestId('slowmo-on')).toBeVisible();
  await check(page, 'slow motion off', found);

  await page.keyboard.press('?');
  await expect(page.getByTestId('help-overlay')).toBeVisible();
  await check(page, 'help overlay', found);
  await expectNoAxeViolations(page, { include: '[data-testid="help-overlay"]' });
  await page.keyboard.press('Escape');

  expect([...found].map(([k, v]) => `${k}  (${v})`), 'English words left in the Russian UI').toEqual([]);
});

/**
 * The sequence diagram of the pod followed to Running: its lanes (kube-apiserver's stages in the
 * seed's words), the four phases with the seed's Russian names, and the outcome.
 */
async function checkSequence(page: Page, found: Map<string, string>): Promise<void> {
  const diagram = page.getByTestId('sequence-diagram');
  await expect(page.getByTestId('sequence-outcome')).toHaveAttribute('data-kind', 'running');
  await expect(page.getByTestId('sequence-outcome')).toContainText('pod/web Running — 4 фазы');
  await expect(diagram.locator('[data-lane="kube-apiserver:authentication"] .seq-lane-label')).toHaveText('аутентиф.');
  await expect(diagram.locator('[data-lane="kube-apiserver:storage"] .seq-lane-label')).toHaveText('сохранение');
  await expect(diagram.locator('[data-phase] .seq-band-title')).toHaveText([
    'Фаза 1: Валидация и сохранение',
    'Фаза 2: Реакция через Watch',
    'Фаза 3: Планирование',
    'Фаза 4: Исполнение',
  ]);
  // The whole diagram, the rows scrolled past included (a text is checked when it is drawn, not when it is in view).
  await check(page, 'sequence diagram', found);
  await expectNoAxeViolations(page, { include: '[data-testid="sequence-panel"]' });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.waitForTimeout(300);
  await shot(page, 'i18n-ru-sequence-1280x720');
}

/** Monaco's own context menu on the YAML editor, in Russian (its NLS bundle, loaded before the editor). */
async function checkEditorMenu(page: Page, found: Map<string, string>): Promise<void> {
  await expect(page.getByTestId('yaml-menus-note')).toHaveCount(0);
  await page.locator('.monaco-editor .view-lines').click({ button: 'right', position: { x: 60, y: 30 } });
  const menu = page.locator('.monaco-menu');
  await expect(menu).toBeVisible();
  await expect(menu.locator('.action-label', { hasText: 'Вырезать' })).toBeVisible();
  await check(page, 'YAML editor context menu', found);
  await shot(page, 'i18n-ru-editor-menu-1280x720');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('screenshots in Russian at 1440x900 and 1280x720: the toolbar, graph and inspector fit; axe passes', async ({ page }) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => localStorage.setItem('kubeplay.lang', 'ru'));
  await gotoApp(page);
  await typeCommand(page, 'kubectl run web --image=nginx:1.25', { expectOutput: /pod\/web created/ });
  await expect(page.getByTestId('slowmo')).toBeVisible();
  await shotSizes(page, 'i18n-ru-slowmo');
  await waitPodStatus(page, 'default', 'web', 'Running', 60_000);
  await pod(page, 'default', 'web').click();
  await expect(page.getByTestId('inspector-object')).toBeVisible();
  await openMenu(page, 'host:worker-2');
  await shotSizes(page, 'i18n-ru-inspector-menu');
  await page.keyboard.press('Escape');
  // The toolbar keeps every control on screen at the smaller size (Russian words are longer).
  await page.setViewportSize({ width: 1280, height: 720 });
  for (const id of ['play-pause', 'speed-select', 'reset', 'theme-toggle', 'lang-en', 'help']) {
    const box = await page.getByTestId(id).boundingBox();
    expect(box, id).not.toBeNull();
    expect(box!.x + box!.width, `${id} inside the window`).toBeLessThanOrEqual(1280);
  }
  await expectNoAxeViolations(page, { exclude: ['.react-flow__renderer', '.monaco-editor', '.xterm'] });
});

test('the theme and the language survive a reload; until picked they follow the system', async ({ browser }) => {
  // A Russian system with a light scheme: the app opens in Russian and light, though nothing was picked.
  const ctx = await browser.newContext({ colorScheme: 'light', locale: 'ru-RU' });
  const page = await ctx.newPage();
  // A context of its own misses the shared fixture's init script: the visitor has seen the start screen.
  await page.addInitScript(() => {
    try {
      localStorage.setItem('kubeplay.start.seen', '1');
    } catch {
      /* a document without localStorage */
    }
  });
  await gotoApp(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  // The system turns dark: the app follows, as nothing was picked.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  // Picked: English and the light theme. They survive a reload, and the system no longer decides.
  await page.getByTestId('lang-en').click();
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.reload();
  await gotoApp(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.getByTestId('lang-en')).toHaveAttribute('aria-pressed', 'true');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForTimeout(200);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await ctx.close();
});
