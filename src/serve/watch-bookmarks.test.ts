// Issue 17: watch bookmarks through kubeplay serve, read by real kubectl v1.31 (`get --raw`). With
// allowWatchBookmarks=true the cacher sends a BOOKMARK (the kind with only a resourceVersion) every
// minute and 2 s before the watch's deadline (apiserver/pkg/storage/cacher cache_watcher.go
// nextBookmarkTime). sendInitialEvents (the watch-list protocol, KEP-3157) is refused, as v1.31 runs
// with the WatchList feature gate off; the option combinations the watch refuses come from
// apimachinery/pkg/apis/meta/internalversion/validation/validation.go validateWatchOptions.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseScenario } from '../sim/scenario/parse';
import { runKubectl } from './kubectl-compare';
import { describeWithKubectl, kubectlFor } from './kubectl-compare-setup';
import { serve, type ServeHandle } from './serve';

const KUBECTL = kubectlFor('watch-bookmarks');

const SCENARIO = `apiVersion: kubeplay.dev/v1alpha1
kind: Scenario
metadata: {name: bookmarks}
spec:
  steps: []
`;

let h: ServeHandle;
let env: Record<string, string>;
const kubectl = (...args: string[]): ReturnType<typeof runKubectl> => runKubectl(KUBECTL!, args, env);
const PODS = '/api/v1/namespaces/default/pods';

interface Event {
  type: string;
  object: { kind: string; apiVersion: string; metadata: { name?: string; resourceVersion: string; annotations?: Record<string, string>; creationTimestamp?: null } };
}
const events = (out: string): Event[] => out.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Event);

describeWithKubectl(KUBECTL, 'watch bookmarks through kubeplay serve, read by real kubectl v1.31', () => {
  beforeAll(async () => {
    const p = parseScenario(SCENARIO, 'bookmarks.yaml');
    if (!p.ok) throw new Error('invalid scenario');
    h = await serve({ scenario: p.scenario, port: 0, address: '127.0.0.1', speed: 20, epochMs: Date.now() });
    const dir = mkdtempSync(join(tmpdir(), 'kubeplay-bm-'));
    writeFileSync(join(dir, 'kubeconfig'), h.kubeconfig, { mode: 0o600 });
    env = { KUBECONFIG: join(dir, 'kubeconfig'), HOME: dir, KUBECACHEDIR: join(dir, 'cache') };
    for (const name of ['a', 'b']) expect((await kubectl('run', name, '--image=nginx:1.25')).exitCode).toBe(0);
  }, 90_000);

  afterAll(async () => {
    await h?.close();
  });

  it('refuses sendInitialEvents with 422, as v1.31 does with the WatchList feature gate off', async () => {
    const out = await kubectl('get', '--raw', `${PODS}?watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true&timeoutSeconds=1`);
    expect(out.exitCode).toBe(1);
    expect(out.stdout).toBe('');
    expect(out.stderr).toBe('The ListOptions "" is invalid: sendInitialEvents: Forbidden: sendInitialEvents is forbidden for watch unless the WatchList feature gate is enabled\n');
    const off = await kubectl('get', '--raw', `${PODS}?watch=true&sendInitialEvents=false&resourceVersionMatch=NotOlderThan&timeoutSeconds=1`);
    expect(off.stderr).toContain('sendInitialEvents: Forbidden: sendInitialEvents is forbidden for watch unless the WatchList feature gate is enabled');
  }, 60_000);

  it('refuses sendInitialEvents without resourceVersionMatch=NotOlderThan, and a match without sendInitialEvents, with 422 on the ListOptions', async () => {
    const noMatch = await kubectl('get', '--raw', `${PODS}?watch=true&sendInitialEvents=true`);
    expect(noMatch.exitCode).toBe(1);
    expect(noMatch.stderr).toBe(
      'The ListOptions "" is invalid: \n* resourceVersionMatch: Forbidden: sendInitialEvents requires setting resourceVersionMatch to NotOlderThan\n* sendInitialEvents: Forbidden: sendInitialEvents is forbidden for watch unless the WatchList feature gate is enabled\n',
    );
    const exact = await kubectl('get', '--raw', `${PODS}?watch=true&resourceVersionMatch=Exact`);
    expect(exact.stderr).toContain('resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided');
    expect(exact.stderr).toContain('resourceVersionMatch: Unsupported value: "Exact": supported values: "NotOlderThan"');
  }, 60_000);

  it('sends a BOOKMARK every simulated minute and 2 s before timeoutSeconds ends, each at a newer resourceVersion than the watch began at', async () => {
    const rv = JSON.parse((await kubectl('get', '--raw', PODS)).stdout).metadata.resourceVersion as string;
    // 130 simulated seconds are 6.5 s of wall time at --speed 20: bookmarks at 60 s, 120 s and 128 s.
    const out = await kubectl('get', '--raw', `${PODS}?watch=true&allowWatchBookmarks=true&resourceVersion=${rv}&timeoutSeconds=130`);
    expect(out.stderr).toBe('');
    const marks = events(out.stdout).filter((e) => e.type === 'BOOKMARK');
    expect(marks).toHaveLength(3);
    for (const m of marks) {
      expect(m.object).toEqual({ kind: 'Pod', apiVersion: 'v1', metadata: { resourceVersion: m.object.metadata.resourceVersion, creationTimestamp: null } });
      expect(Number(m.object.metadata.resourceVersion)).toBeGreaterThan(Number(rv));
    }
    const plain = await kubectl('get', '--raw', `${PODS}?watch=true&resourceVersion=${rv}&timeoutSeconds=5`);
    expect(events(plain.stdout).some((e) => e.type === 'BOOKMARK')).toBe(false);
  }, 60_000);
});
