// Issue 17 point 6, "How it is checked": live mode. `kubeplay serve` stands in for a real cluster;
// the real `kubectl proxy --www=dist --www-prefix=/kubeplay/` serves the built app and the API from
// one origin, as a person would run it. The page opened there reads the cluster with list and watch:
// its Nodes are drawn, a Deployment applied with real kubectl from a shell brings its pods onto the
// graph, and what only the simulation has (etcd members, messages, stepping) is marked unavailable.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findKubectl131, runKubectl } from '../src/serve/kubectl-compare';
import { expect, expectNoAxeViolations, shotSizes, test } from './helpers';
import { WEB_DEPLOYMENT } from './web-deployment';

const KUBECTL = findKubectl131();

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** Starts a process and waits until its output has a line matching `ready`. */
function start(cmd: string, args: string[], ready: RegExp, what: string): Promise<ChildProcess> {
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not start within 30 s:\n${out}`)), 30_000);
    const see = (b: Buffer) => {
      out += b.toString();
      if (ready.test(out)) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout!.on('data', see);
    child.stderr!.on('data', see);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited (${code}):\n${out}`));
    });
  });
}

test.describe('live mode through kubectl proxy', () => {
  const children: ChildProcess[] = [];
  test.afterAll(() => {
    for (const c of children) c.kill('SIGTERM');
  });

  test('reads the served cluster, shows a Deployment applied with real kubectl, and marks what only the simulation has', async ({ page }) => {
    if (!KUBECTL) {
      // CI has kubectl v1.31 on purpose (.github): there its absence is a failure, elsewhere a skip that says why.
      if (process.env.CI === 'true') throw new Error('kubectl v1.31 not found ($KUBECTL or /usr/lib/google-cloud-sdk/bin/kubectl.1.31): live mode cannot be checked');
      test.skip(true, 'kubectl v1.31 not found ($KUBECTL or /usr/lib/google-cloud-sdk/bin/kubectl.1.31)');
      return;
    }
    test.setTimeout(120_000);
    const dir = mkdtempSync(path.join(tmpdir(), 'kubeplay-live-'));
    const kubeconfig = path.join(dir, 'kubeconfig');
    const [apiPort, pagePort, proxyPort] = [await freePort(), await freePort(), await freePort()];
    children.push(
      await start('node', ['bin/kubeplay.mjs', 'serve', '--port', String(apiPort), '--page-port', String(pagePort), '--kubeconfig', kubeconfig, '--speed', '5'], /kube-apiserver: https:/, 'kubeplay serve'),
    );
    const env = { KUBECONFIG: kubeconfig };
    await expect.poll(async () => (await runKubectl(KUBECTL, ['get', '--raw', '/readyz'], env)).stdout, { timeout: 30_000 }).toBe('ok');
    children.push(
      await start(KUBECTL, ['proxy', `--port=${proxyPort}`, '--address=127.0.0.1', '--www=dist', '--www-prefix=/kubeplay/', `--kubeconfig=${kubeconfig}`], /Starting to serve on/, 'kubectl proxy'),
    );

    await page.goto(`http://127.0.0.1:${proxyPort}/kubeplay/`);
    await expect(page.getByTestId('live-marker')).toContainText(`Live: read-only view of 127.0.0.1:${proxyPort}`);
    // The served cluster's Nodes, as real kubectl lists them, each with kubectl's STATUS.
    const nodes = (await runKubectl(KUBECTL, ['get', 'nodes', '-o', 'name'], env)).stdout.trim().split('\n').map((n) => n.replace('node/', ''));
    expect(nodes.length).toBeGreaterThan(1);
    for (const n of nodes) await expect(page.getByTestId(`node-status-${n}`)).toHaveAttribute('data-status', 'Ready');
    await expect(page.getByTestId('live-state')).toContainText('v1.31');

    // Real kubectl applies a Deployment from a shell: its pods appear on the page, Running.
    const applied = await runKubectl(KUBECTL, ['apply', '-f', '-'], env, WEB_DEPLOYMENT);
    expect(applied.stdout).toContain('deployment.apps/web created');
    const pods = page.locator('[data-testid^="pod-default-web-"]');
    await expect(pods).toHaveCount(2, { timeout: 30_000 });
    await expect(pods.first()).toHaveAttribute('data-status', 'Running', { timeout: 30_000 });
    await expect(pods.nth(1)).toHaveAttribute('data-status', 'Running', { timeout: 30_000 });
    // ... and the events table shows what the cluster reported about them.
    await expect(page.getByTestId('dock')).toContainText('Scheduled');

    // What only a simulation can show is marked: stepping and the clock disabled with the reason, the
    // note naming etcd and messages, the message tabs explaining themselves.
    await expect(page.getByTestId('play-pause')).toBeDisabled();
    await expect(page.getByTestId('live-unavailable-controls')).toHaveAttribute('title', /cannot be paused, stepped/);
    await expect(page.getByTestId('live-note')).toContainText('etcd members');
    await expect(page.getByTestId('live-note')).toContainText('messages between components');
    await expect(page.locator('[data-testid^="component-etcd"]')).toHaveCount(0);
    await expect(page.getByTestId('dock-tab-timeline')).toHaveAttribute('data-unavailable', 'true');
    await page.getByTestId('dock-tab-timeline').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('dock-unavailable')).toContainText('only visible in the simulation');
    await page.getByTestId('dock-tab-events').click();

    // The control plane's box shows what the API tells: kube-apiserver's checks, and what it does not show.
    await expect(page.getByTestId('live-readyz')).toHaveAttribute('data-passed', 'true');
    await expect(page.getByTestId('live-readyz')).toContainText(/readyz: ok \(\d+\/\d+ checks\)/);
    await expect(page.getByTestId('live-livez')).toHaveAttribute('data-passed', 'true');
    await expect(page.getByTestId('live-cp-unavailable')).toContainText('etcd members');

    await expectNoAxeViolations(page);
    await shotSizes(page, 'live');

    // A pod's inspector shows its log as real kubectl prints it (GET .../log through the proxy).
    const podId = (await pods.first().getAttribute('data-testid'))!;
    const podName = podId.replace('pod-default-', '');
    await pods.first().click();
    await expect(page.getByTestId('inspector-object')).toHaveAttribute('data-id', `pods/default/${podName}`);
    const logs = await runKubectl(KUBECTL, ['logs', podName, '-c', 'nginx', '--tail', '200'], env);
    expect(logs.exitCode, logs.stderr).toBe(0);
    await expect(page.getByTestId('inspector-pod-log-section')).toContainText(`kubectl logs ${podName} -c nginx --tail 200`);
    await expect(page.getByTestId('inspector-pod-log')).toHaveText(logs.stdout.trim() === '' ? 'No log lines yet.' : logs.stdout.trim(), { timeout: 15_000 });
    // --previous of a container that never restarted: the API's own error, as kubectl prints it after "Error from server (BadRequest): ".
    await page.getByTestId('inspector-pod-log-previous').check();
    const previous = await runKubectl(KUBECTL, ['logs', podName, '-c', 'nginx', '--tail', '200', '--previous'], env);
    await expect(page.getByTestId('inspector-pod-log-error')).toHaveText(previous.stderr.replace(/^Error from server \([A-Za-z]+\): /, '').trim());
    await expectNoAxeViolations(page);
    await shotSizes(page, 'live-pod-log');
  });
});
