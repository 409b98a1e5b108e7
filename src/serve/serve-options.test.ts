// Issue 17, point 1 and "What nobody may do to it": `--speed X` (simulated time follows wall time
// times X), the warning for an --address that is not loopback, and bearer tokens from a kubeconfig
// (a `token:` user authenticates; a wrong token gets 401, which real kubectl v1.31 prints as
// `error: You must be logged in to the server (Unauthorized)`, kubectl's standard message for
// errors.IsUnauthorized in cmdutil.StandardErrorMessage). The token is a ServiceAccount token from
// `kubectl create token`, checked by the serviceaccount token authenticator as a real cluster does.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseScenario } from '../sim/scenario/parse';
import { runKubectl } from './kubectl-compare';
import { describeWithKubectl, kubectlFor } from './kubectl-compare-setup';
import { serve, type ServeHandle } from './serve';

const KUBECTL = kubectlFor('serve-options');

const SCENARIO = `apiVersion: kubeplay.dev/v1alpha1
kind: Scenario
metadata: {name: options}
spec:
  steps: []
`;

function scenario(): ReturnType<typeof parseScenario> & { ok: true } {
  const p = parseScenario(SCENARIO, 'options.yaml');
  if (!p.ok) throw new Error('invalid scenario');
  return p;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('kubeplay serve --speed', () => {
  it('moves simulated time at the wall clock\'s pace times --speed', async () => {
    const slow = await serve({ scenario: scenario().scenario, port: 0, address: '127.0.0.1', speed: 1 });
    const fast = await serve({ scenario: scenario().scenario, port: 0, address: '127.0.0.1', speed: 8 });
    try {
      await sleep(200);
      const s0 = slow.runner.now;
      const f0 = fast.runner.now;
      const t0 = performance.now();
      await sleep(1500);
      const wall = performance.now() - t0;
      const slowRate = (slow.runner.now - s0) / wall;
      const fastRate = (fast.runner.now - f0) / wall;
      // Never ahead of the wall clock times the speed; a loaded machine may lag behind it a little.
      expect(slowRate).toBeLessThanOrEqual(1.05);
      expect(slowRate).toBeGreaterThan(0.6);
      expect(fastRate).toBeLessThanOrEqual(8 * 1.05);
      expect(fastRate).toBeGreaterThan(8 * 0.6);
    } finally {
      await slow.close();
      await fast.close();
    }
  }, 60_000);
});

describe('kubeplay serve --address', () => {
  /** Run the real CLI until it prints its kube-apiserver line, then stop it with SIGINT. */
  async function startCli(address: string): Promise<string> {
    const dir = mkdtempSync(join(tmpdir(), 'kubeplay-addr-'));
    const child = spawn(process.execPath, ['bin/kubeplay.mjs', 'serve', '--address', address, '--port', '0', '--page-port', '0', '--kubeconfig', join(dir, 'kc')], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    for (let i = 0; i < 300 && !out.includes('kube-apiserver:'); i++) await sleep(100);
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGINT');
    await exited;
    expect(out).toContain('kube-apiserver: https://');
    return err;
  }

  it('warns, naming the risk, when it listens on an address other than loopback, and says nothing on 127.0.0.1', async () => {
    const wide = await startCli('0.0.0.0');
    expect(wide).toContain('kubeplay: warning: serving on 0.0.0.0: anyone who can reach this address and has the kubeconfig\'s credentials controls the simulation');
    const local = await startCli('127.0.0.1');
    expect(local).not.toContain('warning');
  }, 90_000);
});

describeWithKubectl(KUBECTL, 'kubeplay serve and a bearer token in the kubeconfig, with real kubectl v1.31', () => {
  let h: ServeHandle;
  let dir: string;
  beforeAll(async () => {
    h = await serve({ scenario: scenario().scenario, port: 0, address: '127.0.0.1', speed: 20, epochMs: Date.now() });
    dir = mkdtempSync(join(tmpdir(), 'kubeplay-token-'));
    writeFileSync(join(dir, 'admin'), h.kubeconfig, { mode: 0o600 });
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  /** A kubeconfig whose one user has only `token:` (no client certificate), as a ServiceAccount's kubeconfig is written. */
  function tokenKubeconfig(name: string, token: string): string {
    const file = join(dir, name);
    const doc = {
      apiVersion: 'v1',
      kind: 'Config',
      clusters: [{ name: 'kubeplay', cluster: { server: h.url, 'certificate-authority-data': Buffer.from(h.pki.ca.certPem).toString('base64') } }],
      users: [{ name: 'robot', user: { token } }],
      contexts: [{ name: 'robot@kubeplay', context: { cluster: 'kubeplay', user: 'robot' } }],
      'current-context': 'robot@kubeplay',
    };
    writeFileSync(file, stringify(doc), { mode: 0o600 });
    return file;
  }
  const run = (kubeconfig: string, ...args: string[]): ReturnType<typeof runKubectl> => runKubectl(KUBECTL!, args, { KUBECONFIG: kubeconfig, HOME: dir, KUBECACHEDIR: join(dir, 'cache') });

  it('authenticates a `token:` user, and answers a wrong token 401 (Unauthorized) without changing anything', async () => {
    const created = await run(join(dir, 'admin'), 'create', 'token', 'default');
    expect(created.exitCode).toBe(0);
    const token = created.stdout.trim();
    const good = await run(tokenKubeconfig('good', token), 'auth', 'whoami', '-o', 'jsonpath={.status.userInfo.username}');
    expect(good.stderr).toBe('');
    expect(good.stdout).toBe('system:serviceaccount:default:default');
    // RBAC applies to the token's user as to any other.
    const list = await run(tokenKubeconfig('good', token), 'get', 'pods');
    expect(list.stderr).toBe('Error from server (Forbidden): pods is forbidden: User "system:serviceaccount:default:default" cannot list resource "pods" in API group "" in the namespace "default"\n');
    for (const wrong of ['not-a-token', `${token.slice(0, -2)}xx`]) {
      const bad = await run(tokenKubeconfig('bad', wrong), 'get', 'pods');
      expect(bad.exitCode).toBe(1);
      expect(bad.stderr).toBe('error: You must be logged in to the server (Unauthorized)\n');
    }
    expect((await run(join(dir, 'admin'), 'get', 'pods', '-A', '-o', 'name')).exitCode).toBe(0);
  }, 60_000);
});
