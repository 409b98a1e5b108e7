// Issue 17: a watch that asks for its initial events and bookmarks (the watch-list protocol,
// KEP-3157) through kubeplay serve, read by real kubectl v1.31 (`get --raw`): every object ADDED,
// then one BOOKMARK carrying only the resourceVersion and the annotation k8s.io/initial-events-end
// (metav1.InitialEventsAnnotationKey), then the changes. The option combinations the watch refuses
// come from apimachinery/pkg/apis/meta/internalversion/validation/validation.go validateWatchOptions.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseScenario } from '../sim/scenario/parse';
import { findKubectl131, runKubectl } from './kubectl-compare';
import { serve, type ServeHandle } from './serve';

const KUBECTL = findKubectl131();
if (!KUBECTL && process.env.CI === 'true') throw new Error('watch-bookmarks: no kubectl v1.31 found ($KUBECTL or kubectl.1.31 next to the Google Cloud SDK kubectl)');

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

const maybe = KUBECTL ? describe : describe.skip;
maybe('watch bookmarks through kubeplay serve, read by real kubectl v1.31', () => {
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

  it('sends every object as ADDED, then the BOOKMARK that ends the initial events, at the cache\'s resourceVersion', async () => {
    const out = await kubectl('get', '--raw', `${PODS}?watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true&timeoutSeconds=1`);
    expect(out.stderr).toBe('');
    const evs = events(out.stdout);
    const end = evs.findIndex((e) => e.type === 'BOOKMARK');
    expect(evs.slice(0, end).map((e) => `${e.type} ${e.object.metadata.name}`)).toEqual(['ADDED a', 'ADDED b']);
    const bookmark = evs[end]!;
    expect(bookmark.object).toEqual({
      kind: 'Pod',
      apiVersion: 'v1',
      metadata: { resourceVersion: bookmark.object.metadata.resourceVersion, creationTimestamp: null, annotations: { 'k8s.io/initial-events-end': 'true' } },
    });
    const added = evs.slice(0, end).map((e) => Number(e.object.metadata.resourceVersion));
    expect(Number(bookmark.object.metadata.resourceVersion)).toBeGreaterThanOrEqual(Math.max(...added));
    // Only one, and none without allowWatchBookmarks.
    expect(evs.filter((e) => e.type === 'BOOKMARK')).toHaveLength(1);
    const plain = await kubectl('get', '--raw', `${PODS}?watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&timeoutSeconds=1`);
    expect(events(plain.stdout).some((e) => e.type === 'BOOKMARK')).toBe(false);
  }, 60_000);

  it('refuses sendInitialEvents without resourceVersionMatch=NotOlderThan, and a match without sendInitialEvents, with 422 on the ListOptions', async () => {
    const noMatch = await kubectl('get', '--raw', `${PODS}?watch=true&sendInitialEvents=true`);
    expect(noMatch.exitCode).toBe(1);
    expect(noMatch.stderr).toContain('resourceVersionMatch: Forbidden: sendInitialEvents requires setting resourceVersionMatch to NotOlderThan');
    const exact = await kubectl('get', '--raw', `${PODS}?watch=true&resourceVersionMatch=Exact`);
    expect(exact.stderr).toContain('resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided');
    expect(exact.stderr).toContain('resourceVersionMatch: Unsupported value: "Exact": supported values: "NotOlderThan"');
  }, 60_000);

  it('with sendInitialEvents=false watches from the resourceVersion given: no initial objects, then the changes', async () => {
    const rv = JSON.parse((await kubectl('get', '--raw', PODS)).stdout).metadata.resourceVersion as string;
    const watching = kubectl('get', '--raw', `${PODS}?watch=true&sendInitialEvents=false&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true&resourceVersion=${rv}&timeoutSeconds=40`);
    // 40 simulated seconds are 2 s of wall time at --speed 20.
    await new Promise((r) => setTimeout(r, 300));
    expect((await kubectl('label', 'pod', 'a', 'seen=yes')).exitCode).toBe(0);
    const evs = events((await watching).stdout);
    expect(evs.map((e) => `${e.type} ${e.object.metadata.name ?? ''}`)).toContain('MODIFIED a');
    expect(evs.some((e) => e.type === 'ADDED' || e.type === 'BOOKMARK')).toBe(false);
  }, 60_000);
});
