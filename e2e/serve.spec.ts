// Issue 17, point 4: the page of `kubeplay serve` watches what real kubectl does. The test starts
// `node bin/kubeplay.mjs serve` (both ports free ones), opens the page from the URL it prints, and
// runs the real kubectl v1.31 ($KUBECTL or the Google Cloud SDK's kubectl.1.31) against it: the
// Deployment it applies shows its pods in the graph, and a paused page holds `kubectl get pods`
// until it is resumed (the page's pause is the served simulation's pause).

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findKubectl131 } from '../src/serve/kubectl-compare';
import { expect, expectNoAxeViolations, shotSizes, test } from './helpers';
import { WEB_DEPLOYMENT } from './web-deployment';

const KUBECTL = findKubectl131();
if (!KUBECTL && process.env.CI === 'true') throw new Error('serve.spec: no kubectl v1.31 found ($KUBECTL or kubectl.1.31 next to the Google Cloud SDK kubectl)');

interface Served {
  child: ChildProcess;
  kubeconfig: string;
  pageUrl: string;
  home: string;
}

/** Starts `kubeplay serve` and reads the two lines it prints: the export line and the page's URL. */
async function startServe(dir: string): Promise<Served> {
  const child = spawn(process.execPath, ['bin/kubeplay.mjs', 'serve', '--port', '0', '--page-port', '0', '--kubeconfig', path.join(dir, 'kubeconfig')], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  const lines = await new Promise<string[]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`kubeplay serve printed no page URL in time:\n${out}${err}`)), 60_000);
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const ls = out.split('\n');
      if (ls.length > 2) {
        clearTimeout(timer);
        resolve(ls);
      }
    });
    child.once('exit', (code) => reject(new Error(`kubeplay serve exited (${code}):\n${out}${err}`)));
  });
  const kubeconfig = /^export KUBECONFIG=(.+)$/.exec(lines[0]!)?.[1];
  const pageUrl = /^page: (http:\/\/\S+)/.exec(lines[1]!)?.[1];
  if (!kubeconfig || !pageUrl) throw new Error(`unexpected first lines of kubeplay serve:\n${out}`);
  return { child, kubeconfig, pageUrl, home: dir };
}

/** Real kubectl against the served run; resolves when it exits. */
function kubectl(s: Served, args: string[], stdin?: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(KUBECTL!, args, { env: { ...process.env, KUBECONFIG: s.kubeconfig, HOME: s.home, KUBECACHEDIR: path.join(s.home, 'cache') }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin ?? '');
  });
}

test.describe('the page of kubeplay serve', () => {
  test.skip(!KUBECTL, 'no kubectl v1.31 found ($KUBECTL or kubectl.1.31 next to the Google Cloud SDK kubectl)');

  let served: Served | undefined;

  test.afterEach(async ({ page }) => {
    // The page first: a page whose server went away shows the lost-connection banner.
    await page.close();
    const child = served?.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGINT');
    await exited;
  });

  test('shows what real kubectl applies, and a paused page holds real kubectl until it is resumed', async ({ page }) => {
    test.setTimeout(120_000);
    served = await startServe(mkdtempSync(path.join(tmpdir(), 'kubeplay-serve-e2e-')));
    const s = served;
    await page.goto(s.pageUrl);
    await expect(page).toHaveTitle('Kubeplay');
    await expect(page.getByTestId('component-kube-apiserver')).toHaveAttribute('data-alive', 'true');
    await expect(page.getByTestId('play-pause')).toHaveAttribute('data-playing', 'true');
    // A served run goes only forward in one shared cluster: the controls kubeplay serve refuses are
    // off, each saying why, and the toolbar names the run's origin (issue 17, point 4).
    await expect(page.getByTestId('served-marker')).toContainText('Served by kubeplay serve');
    await expect(page.getByTestId('served-marker')).toContainText('use your own kubectl');
    // The marker opens the line that points real kubectl at this run, ready to copy.
    await page.getByTestId('served-marker').click();
    await expect(page.getByTestId('served-export')).toHaveValue(`export KUBECONFIG=${s.kubeconfig}`);
    await expect(page.getByTestId('served-export')).toBeFocused();
    // The whole command shows, wrapped, not only one end of the path: nothing scrolls out of view.
    const fits = await page.getByTestId('served-export').evaluate((el) => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1);
    expect(fits).toBe(true);
    await expect(page.getByTestId('served-dialog')).toContainText('only goes forward');
    await shotSizes(page, 'serve-kubeconfig');
    await expectNoAxeViolations(page, { exclude: ['.react-flow__renderer', '.monaco-editor', '.xterm'] });
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('served-dialog')).toHaveCount(0);
    await expect(page.getByTestId('served-marker')).toBeFocused();
    await expect(page.getByTestId('scenario-select')).toHaveCount(0);
    await expect(page.getByTestId('reset')).toHaveCount(0);
    await expect(page.getByTestId('import')).toBeDisabled();
    await expect(page.getByTestId('import')).toHaveAttribute('title', /only goes forward/);
    // The toolbar keeps to one row at 1280 px with the marker in it.
    await page.setViewportSize({ width: 1280, height: 720 });
    await expect.poll(async () => (await page.getByTestId('toolbar').boundingBox())!.height, { message: 'toolbar height at 1280 px' }).toBeLessThan(60);
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(page.getByTestId('scrubber')).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByTestId('share')).toBeEnabled();

    const applied = await kubectl(s, ['apply', '-f', '-'], WEB_DEPLOYMENT);
    expect(applied, applied.stderr).toMatchObject({ code: 0, stdout: 'deployment.apps/web created\n' });
    const pods = page.locator('[data-testid^="pod-default-web-"]');
    await expect(pods).toHaveCount(2, { timeout: 30_000 });

    // Pause from the keyboard (Space, the toolbar's shortcut) with the graph focused.
    await page.getByTestId('graph').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press(' ');
    await expect(page.getByTestId('play-pause')).toHaveAttribute('data-playing', 'false');
    let finished = false;
    const held = kubectl(s, ['get', 'pods']).then((r) => {
      finished = true;
      return r;
    });
    await page.waitForTimeout(3000);
    expect(finished, 'kubectl get pods waits while the page is paused').toBe(false);
    await shotSizes(page, 'serve-paused-holding-kubectl');
    await expectNoAxeViolations(page, { exclude: ['.react-flow__renderer', '.monaco-editor', '.xterm'] });

    await page.getByTestId('play-pause').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('play-pause')).toHaveAttribute('data-playing', 'true');
    const out = await held;
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toMatch(/^NAME +READY +STATUS +RESTARTS +AGE\n(web-\S+ .*\n){2}$/);
  });
});
